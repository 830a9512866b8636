// The language table in the browser: the bundle carries languages/ as JSON (studio/scripts/language-table.ts),
// set as the table's source before anything reads it (main.tsx imports this module first).
import tables from 'virtual:karya-languages';
import { setLanguageSource } from './engine.js';

setLanguageSource(() => tables);
