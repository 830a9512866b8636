// A place a Malay or Indonesian writer's book cannot be written (--out, --state, a batch's --out folder) and a
// state file that is not one are told in the writer's language: the book's (the one --lang asks for), a batch's
// jobs' language, or, where no book is known, the one their locale names. One line each, no English.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LINES = {
  ms: {
    outFolder: 'karya: --out bab.md: tidak boleh menulis di situ: ini ialah folder; namakan fail di dalamnya',
    stateUnderFile:
      'karya: --state nota.txt/state.sqlite: tidak boleh menulis di situ: ' +
      'sebahagian laluan ini ialah fail, bukan folder; pilih laluan lain',
    publishOutFile:
      'karya: --out nota.txt: tidak boleh menulis di situ: ini ialah ' +
      'fail, bukan folder; namakan folder (ia dicipta jika belum ada)',
    batchOutFile:
      'karya: --out nota.txt: tidak boleh menulis di situ: ini ialah ' +
      'fail, bukan folder; namakan folder (ia dicipta jika belum ada)',
    damaged:
      'karya: fail keadaan rosak atau bukan fail keadaan karya; alihkan ia ' +
      '(kemajuan yang disimpan di dalamnya hilang) atau pilih fail --state lain',
  },
  id: {
    outFolder: 'karya: --out bab.md: tidak bisa menulis di sana: ini adalah folder; beri nama berkas di dalamnya',
    stateUnderFile:
      'karya: --state nota.txt/state.sqlite: tidak bisa menulis di sana: ' +
      'sebagian jalur ini adalah berkas, bukan folder; pilih jalur lain',
    publishOutFile:
      'karya: --out nota.txt: tidak bisa menulis di sana: ini adalah ' +
      'berkas, bukan folder; beri nama folder (dibuat jika belum ada)',
    batchOutFile:
      'karya: --out nota.txt: tidak bisa menulis di sana: ini adalah ' +
      'berkas, bukan folder; beri nama folder (dibuat jika belum ada)',
    damaged:
      'karya: berkas status rusak atau bukan berkas status karya; pindahkan ' +
      '(kemajuan yang tersimpan di dalamnya hilang) atau pilih berkas --state lain',
  },
} as const;

const LOCALE = { ms: 'ms_MY.UTF-8', id: 'id_ID.UTF-8' } as const;

describe('a place that cannot be written, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the writer's language (${lang})`, async () => {
      const cwd = tempDir(`karya-write-there-${lang}-`);
      mkdirSync(path.join(cwd, 'bab.md'));
      writeFileSync(path.join(cwd, 'nota.txt'), 'nota\n');
      writeFileSync(
        path.join(cwd, 'rosak.sqlite'),
        'bukan pangkalan data, hanya teks yang cukup panjang untuk dibaca sebagai kepala. '.repeat(20),
      );
      writeFileSync(path.join(cwd, 'jobs.yaml'), `- generator: romance\n  lang: ${lang}\n  chapters: 1\n`);
      const book = ['romance', '--lang', lang, '--chapters', '1'];
      const runs = {
        outFolder: { args: ['generate', ...book, '--out', 'bab.md', '--state', 'state.sqlite'] },
        stateUnderFile: { args: ['generate', ...book, '--state', 'nota.txt/state.sqlite'] },
        publishOutFile: { args: ['publish', ...book, '--out', 'nota.txt', '--state', 'state.sqlite'] },
        // The jobs' language, though the locale names English.
        batchOutFile: {
          args: ['batch', 'jobs.yaml', '--out', 'nota.txt', '--state', 'state.sqlite'],
          env: { LC_ALL: 'en_GB.UTF-8' },
        },
        // No book is known where the state file fails to open: the locale's language.
        damaged: { args: ['export', ...book, '--state', 'rosak.sqlite'], env: { LC_ALL: LOCALE[lang] } },
      };
      for (const [what, run] of Object.entries(runs) as [
        keyof typeof runs,
        { args: string[]; env?: Record<string, string> },
      ][]) {
        const r = await runKaryaInProcess(run.args, {
          cwd,
          env: { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'en_GB.UTF-8', ...run.env },
        });
        expect(r.code, `${what}: ${r.stderr}`).toBe(what === 'damaged' ? 1 : 2);
        // (A batch names its --out folder by its full path.)
        expect(r.stderr.replaceAll(`${cwd}${path.sep}`, '').trim().split('\n'), what).toEqual([LINES[lang][what]]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
    }, 120_000);
  }
});
