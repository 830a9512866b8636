// Chromium keeps only the last `--disable-features` switch it is given, so the browser tests' own list
// (tests/e2e/helpers.ts DISABLED_FEATURES) must repeat every feature playwright-core disables: read from the
// playwright-core installed, so an upgrade that adds one fails here instead of quietly turning it back on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DISABLED_FEATURES } from './helpers.js';

it("the browser tests' --disable-features keeps every feature playwright-core disables", () => {
  const root = path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(path.join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  expect(
    list,
    "playwright-core's disabledFeatures list (lib/coreBundle.js) was not found: read its chromiumSwitches anew",
  ).toBeDefined();
  const theirs = [...list!.replace(/\/\/.*$/gm, '').matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  expect(theirs.length).toBeGreaterThan(5);
  expect(theirs.filter((f) => !DISABLED_FEATURES.includes(f))).toEqual([]);
});
