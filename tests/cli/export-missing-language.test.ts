// `karya export` asked for a Malay or Indonesian book that was never saved (other settings than the saved one's)
// says so, and how to write it, in the language the settings ask for: its writer reads no English line.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

describe('karya export of a book never saved, in another language than English', () => {
  for (const { lang, line } of [
    {
      lang: 'ms',
      line:
        'karya: tiada buku romance yang disimpan dengan tetapan ini dalam state.sqlite; ' +
        'tulis buku itu dahulu dengan: karya generate romance --lang ms --chapters 2',
    },
    {
      lang: 'id',
      line:
        'karya: tidak ada buku romance tersimpan dengan pengaturan ini di state.sqlite; ' +
        'tulis buku itu dulu dengan: karya generate romance --lang id --chapters 2',
    },
  ]) {
    it(`says it in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-export-missing-${lang}-`);
      const made = await runKaryaInProcess(
        ['generate', 'romance', '--lang', lang, '--chapters', '1', '--state', 'state.sqlite'],
        { cwd },
      );
      expect(made.code, made.stderr).toBe(0);
      const r = await runKaryaInProcess(
        ['export', 'romance', '--lang', lang, '--chapters', '2', '--out', 'buku.epub', '--state', 'state.sqlite'],
        { cwd },
      );
      expect(r.code).toBe(2);
      expect(existsSync(path.join(cwd, 'buku.epub'))).toBe(false);
      expect(r.stderr.trim().split('\n')).toEqual([line]);
      expect(englishLines(r.stderr)).toEqual([]);
    }, 120_000);
  }
});
