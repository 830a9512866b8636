// vitest globalSetup of the browser project (tests/e2e): one chromium for the whole run, which each browser test file
// connects to (tests/e2e/helpers.ts launchChromium) and makes its own contexts in. A launch is about 1.4 s of CPU on
// these machines, once per file before. Without chromium there is nothing to start (the files say why they skip).
import type { TestProject } from 'vitest/node';
import { existsSync } from 'node:fs';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's chromium (playwright's ws endpoint), or '' when there is none. */
    karyaChromium: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    project.provide('karyaChromium', '');
    return async () => undefined;
  }
  const { chromium } = await import('playwright-core');
  const server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  project.provide('karyaChromium', server.wsEndpoint());
  return () => server.close();
}
