// `karya export` and `karya rewrite` of a Malay or Indonesian book in a folder with no state file yet (nothing
// was ever written there) say so, and how to write the book, in the language the settings ask for: its writer
// reads no English line, and no state file is made to say it.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LINES = {
  ms: {
    export:
      'karya: tiada fail keadaan di state.sqlite, jadi tiada buku yang disimpan untuk ' +
      'dieksport; tulis buku itu dahulu dengan: karya generate romance --lang ms --chapters 2',
    rewrite:
      'karya: tiada fail keadaan di state.sqlite, jadi tiada buku yang disimpan untuk ditulis ' +
      'semula; tulis buku itu dahulu dengan: karya generate romance --lang ms --chapters 2',
  },
  id: {
    export:
      'karya: tidak ada berkas status di state.sqlite, jadi tidak ada buku tersimpan untuk ' +
      'diekspor; tulis buku itu dulu dengan: karya generate romance --lang id --chapters 2',
    rewrite:
      'karya: tidak ada berkas status di state.sqlite, jadi tidak ada buku tersimpan untuk ' +
      'ditulis ulang; tulis buku itu dulu dengan: karya generate romance --lang id --chapters 2',
  },
} as const;

describe('export and rewrite with no state file, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`say so in the book's language (${lang})`, async () => {
      const cwd = tempDir(`karya-no-state-${lang}-`);
      const book = ['romance', '--lang', lang, '--chapters', '2', '--state', 'state.sqlite'];
      const runs = { export: ['export', ...book], rewrite: ['rewrite', ...book, '--part', 'chapter:1'] };
      for (const [what, args] of Object.entries(runs) as [keyof typeof runs, string[]][]) {
        const r = await runKaryaInProcess(args, { cwd });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), what).toEqual([LINES[lang][what]]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
      expect(existsSync(path.join(cwd, 'state.sqlite'))).toBe(false);
    }, 60_000);
  }
});
