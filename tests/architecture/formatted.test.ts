// Code is formatted by prettier at 120 characters a line (.prettierrc.json; `npx tsx scripts/format.ts` formats),
// its long strings cut and its long comments wrapped after it (scripts/format-strings.ts, format-comments.ts).
// The files a formatting would push near a size limit wait in .prettierignore until they are split: that list
// names only such files, so it shrinks as they are split and a new file joins it only if it is near a limit.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { formatted, formattedScope, ignoredFiles, unformatted } from '../../scripts/format.js';
import { MAX_LINE_CHARS } from '../../scripts/long-lines.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('formatted code', () => {
  it(`prettier's line is the line-length rule's ${MAX_LINE_CHARS} characters`, async () => {
    const config = await prettier.resolveConfig(path.join(ROOT, 'engine/index.ts'));
    expect(config?.printWidth).toBe(MAX_LINE_CHARS);
  });

  it('every file is as the formatter writes it, but those waiting to be split', async () => {
    const differ = await unformatted(ROOT, formattedScope(ROOT));
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
