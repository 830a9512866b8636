// `karya export --out FILE` of a Malay or an Indonesian book says the line it wrote in the book's language, as
// `karya generate` does: a writer of such a book reads no English line from it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe('karya export --out of a book in another language than English', () => {
  for (const { lang, line } of [
    { lang: 'ms', line: 'karya: telah menulis buku.epub' },
    { lang: 'id', line: 'karya: sudah menulis buku.epub' },
  ]) {
    it(`says what it wrote in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-export-${lang}-`);
      const made = await runKaryaInProcess(
        ['generate', 'romance', '--lang', lang, '--chapters', '1', '--state', 'state.sqlite'],
        { cwd },
      );
      expect(made.code, made.stderr).toBe(0);
      const r = await runKaryaInProcess(
        ['export', 'romance', '--lang', lang, '--chapters', '1', '--out', 'buku.epub', '--state', 'state.sqlite'],
        { cwd },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(path.join(cwd, 'buku.epub'))).toBe(true);
      expect(r.stderr.trim().split('\n')).toContain(line);
      expect(r.stderr).not.toMatch(/\bwrote\b/);
      expect(englishLines(r.stderr)).toEqual([]);
    }, 120_000);
  }
});
