// Code is formatted by prettier at 120 characters a line (.prettierrc.json; `npx tsx scripts/format.ts` formats),
// its long strings cut and its long comments wrapped after it (scripts/format-strings.ts, format-comments.ts).
// The files a formatting would push near a size limit wait in .prettierignore until they are split: that list
// names only such files, so it shrinks as they are split and a new file joins it only if it is near a limit.
// A text found formatted before is not formatted again (format-cache.ts: a hash under node_modules/.cache, which
// a fresh clone has not got). TypeScript is read with prettier's babel-ts parser (.prettierrc.json): the same
// output as its typescript parser on every file here, in three quarters of the time.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatted, formattedScope, ignoredFiles, unformatted } from '../../scripts/format.js';
import { MAX_LINE_CHARS } from '../../scripts/long-lines.js';
import { formatKey, formattedBefore, rememberFormatted } from './format-cache.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('formatted code', () => {
  it(`prettier's line is the line-length rule's ${MAX_LINE_CHARS} characters`, async () => {
    const config = await prettier.resolveConfig(path.join(ROOT, 'engine/index.ts'));
    expect(config?.printWidth).toBe(MAX_LINE_CHARS);
  });

  it('every file is as the formatter writes it, but those waiting to be split', async () => {
    const before = formattedBefore(ROOT);
    const waiting = new Set(ignoredFiles(ROOT));
    const keyed = await Promise.all(
      formattedScope(ROOT)
        .filter((file) => !waiting.has(file))
        .map(async (file) => ({ file, key: await formatKey(ROOT, file) })),
    );
    const toCheck = keyed.filter(({ key }) => !before.has(key));
    const differ = await unformatted(
      ROOT,
      toCheck.map(({ file }) => file),
    );
    // Remembered only when the text checked is the text hashed (no edit in between).
    const same = await Promise.all(toCheck.map(async ({ file, key }) => (await formatKey(ROOT, file)) === key));
    const found = toCheck.filter(({ file }, i) => same[i] && !differ.includes(file));
    rememberFormatted(
      ROOT,
      found.map(({ key }) => key),
    );
    expect(differ, 'format these: npx tsx scripts/format.ts').toEqual([]);
  }, 300_000);

  it('a file waits in .prettierignore only while formatting it would push it near a size limit', async () => {
    const waiting = ignoredFiles(ROOT);
    const stale: string[] = [];
    for (const file of waiting) {
      if (!existsSync(path.join(ROOT, file))) {
        stale.push(`${file}: no such file`);
        continue;
      }
      const before = readFileSync(path.join(ROOT, file), 'utf8');
      if (!(await formatted(ROOT, file, before)).waits) stale.push(`${file}: fits formatted`);
    }
    expect(stale, 'run npx tsx scripts/format.ts, which formats these and takes them off the list').toEqual([]);
  }, 300_000);
});
