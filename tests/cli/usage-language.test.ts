// What a Malay or Indonesian writer reads when the command line itself is wrong: a required option left out (karya
// rewrite --part, publish --out, map --book), --book that is not an id, --lang asked of a generator that writes one
// language only, karya map with no state file or an --as-of that is not a part. In the language --lang asks for, the
// saved book's once it is read, else the one their locale names: one line, no English.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LINES = {
  ms: {
    partMissing: "pilihan wajib '--part' tidak diberikan (lihat: karya rewrite --help)",
    outMissing: "pilihan wajib '--out' tidak diberikan (lihat: karya publish --help)",
    bookMissing: "pilihan wajib '--book' tidak diberikan (lihat: karya map --help)",
    bookNotId: '--book: "tiga" bukan id buku (nombor bulat; karya books menyenaraikannya)',
    mapBookNotId: '--book: "tiga" bukan id buku (nombor bulat; karya books menyenaraikannya)',
    fixedLang: '--lang: book-cover hanya menulis dalam en',
    mapNoState:
      'tiada fail keadaan di tiada.sqlite, jadi tiada buku yang disimpan ' +
      'untuk dipetakan; karya books menyenaraikan buku yang disimpan',
    asOfNotPart: '--as-of: "akhir" bukan bahagian (nombor bulat: 0 pengenalan, N bab N)',
  },
  id: {
    partMissing: "opsi wajib '--part' belum diberikan (lihat: karya rewrite --help)",
    outMissing: "opsi wajib '--out' belum diberikan (lihat: karya publish --help)",
    bookMissing: "opsi wajib '--book' belum diberikan (lihat: karya map --help)",
    bookNotId: '--book: "tiga" bukan id buku (bilangan bulat; karya books menampilkan daftarnya)',
    mapBookNotId: '--book: "tiga" bukan id buku (bilangan bulat; karya books menampilkan daftarnya)',
    fixedLang: '--lang: book-cover hanya menulis dalam en',
    mapNoState:
      'tidak ada berkas status di tiada.sqlite, jadi tidak ada buku tersimpan ' +
      'untuk dipetakan; karya books menampilkan daftar buku tersimpan',
    asOfNotPart: '--as-of: "akhir" bukan bagian (bilangan bulat: 0 pendahuluan, N bab N)',
  },
} as const;

describe('a command line given wrongly, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`is told in the writer's language (${lang})`, async () => {
      const cwd = tempDir(`karya-usage-language-${lang}-`);
      const st = ['--state', 'state.sqlite'];
      // A saved book of 1 chapter (the offline provider writes it): book 1.
      const made = await runKaryaInProcess(['generate', 'romance', '--lang', lang, '--chapters', '1', ...st], { cwd });
      expect(made.code, made.stderr).toBe(0);
      // No --lang and no book read: the writer's locale.
      const locale = { LC_ALL: lang === 'ms' ? 'ms_MY.UTF-8' : 'id_ID.UTF-8' };
      const runs: Record<keyof (typeof LINES)[typeof lang], { args: string[]; env?: Record<string, string> }> = {
        partMissing: { args: ['rewrite', 'romance', '--lang', lang, ...st] },
        outMissing: { args: ['publish', 'romance', '--lang', lang, ...st] },
        bookMissing: { args: ['map', ...st], env: locale },
        bookNotId: { args: ['export', '--book', 'tiga', '--lang', lang, ...st] },
        mapBookNotId: { args: ['map', '--book', 'tiga', ...st], env: locale },
        fixedLang: {
          args: ['generate', 'book-cover', '--lang', lang, '--set', 'title=Pantai', '--out', 'kulit.png', ...st],
        },
        mapNoState: { args: ['map', '--book', '1', '--state', 'tiada.sqlite'], env: locale },
        // The book is read: its own language, whatever the locale.
        asOfNotPart: { args: ['map', '--book', '1', '--as-of', 'akhir', ...st], env: { LC_ALL: 'en_US.UTF-8' } },
      };
      for (const [what, run] of Object.entries(runs) as [keyof typeof runs, (typeof runs)[keyof typeof runs]][]) {
        const r = await runKaryaInProcess(run.args, { cwd, ...(run.env ? { env: run.env } : {}) });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), what).toEqual([`karya: ${LINES[lang][what]}`]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
    }, 120_000);
  }

  it('stays English for an English writer', async () => {
    const cwd = tempDir('karya-usage-language-en-');
    const env = { LC_ALL: 'en_US.UTF-8' };
    const lines = await Promise.all([
      runKaryaInProcess(['rewrite', 'romance'], { cwd, env }),
      runKaryaInProcess(['map', '--book', 'three'], { cwd, env }),
      runKaryaInProcess(['publish', 'romance', '--lang', 'en'], { cwd, env }),
      runKaryaInProcess(['map', '--book', '1', '--state', 'none.sqlite'], { cwd, env }),
    ]);
    expect(lines.map((r) => [r.code, r.stderr.trim()])).toEqual([
      [2, "karya: required option '--part' not specified (see: karya rewrite --help)"],
      [2, 'karya: --book: "three" is not a book id (a whole number; karya books lists them)'],
      [2, "karya: required option '--out' not specified (see: karya publish --help)"],
      [2, 'karya: no state file at none.sqlite, so no saved book to map; karya books lists the saved books'],
    ]);
  }, 60_000);
});
