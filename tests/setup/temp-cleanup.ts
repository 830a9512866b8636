// Every test file's last after-hook: vitest runs after-hooks last registered first, and a setup file registers
// before the file's own, so servers and processes the file started are closed before their folders go.
import { afterAll } from 'vitest';
import { removeTempDirs } from '../temp.js';

afterAll(() => removeTempDirs());
