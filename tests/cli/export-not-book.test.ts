// karya export given a generator that writes no saved book (a cover image; a single piece that is never saved):
// refused before anything is read, exit 2, naming the generator and what to run instead, in the writer's language
// (--lang's, else the locale's). English stays as it was.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const ENGLISH_LOCALE = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'en_GB.UTF-8' };

const LINES = {
  en: {
    image: 'book-cover makes a cover image, which is saved only as its image file; karya export writes books',
    single:
      'poems writes a single piece, which is not saved to export later; write it in the ' +
      'format you want with: karya generate poems --out FILE.epub (or .docx, .pdf, .md)',
  },
  ms: {
    image:
      'book-cover menghasilkan imej kulit buku, yang disimpan hanya sebagai fail imejnya; karya export menulis buku',
    single:
      'poems menulis satu karya tunggal, yang tidak disimpan untuk dieksport kemudian; tulis dalam ' +
      'format yang anda mahu dengan: karya generate poems --out FAIL.epub (atau .docx, .pdf, .md)',
  },
  id: {
    image: 'book-cover membuat gambar sampul, yang hanya disimpan sebagai file gambarnya; karya export menulis buku',
    single:
      'poems menulis satu karya tunggal, yang tidak disimpan untuk diekspor nanti; tulis dalam format ' +
      'yang Anda inginkan dengan: karya generate poems --out BERKAS.epub (atau .docx, .pdf, .md)',
  },
} as const;

describe('karya export of a generator that saves no book', () => {
  for (const lang of ['en', 'ms', 'id'] as const) {
    it(`is refused in the writer's language (${lang}), by --lang and by the locale`, async () => {
      const cwd = tempDir(`karya-export-not-book-${lang}-`);
      const byLocale = { ...ENGLISH_LOCALE, LC_ALL: { en: 'en_GB.UTF-8', ms: 'ms_MY.UTF-8', id: 'id_ID.UTF-8' }[lang] };
      const runs: Array<['image' | 'single', string[], Record<string, string | undefined>]> = [
        ['image', ['export', 'book-cover', '--lang', lang, '--state', 'state.sqlite'], ENGLISH_LOCALE],
        ['single', ['export', 'poems', '--lang', lang, '--state', 'state.sqlite'], ENGLISH_LOCALE],
        ['image', ['export', 'book-cover', '--state', 'state.sqlite'], byLocale],
        ['single', ['export', 'poems', '--format', 'epub', '--out', 'x.epub', '--state', 'state.sqlite'], byLocale],
      ];
      for (const [what, args, env] of runs) {
        const r = await runKaryaInProcess(args, { cwd, env });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([`karya: ${LINES[lang][what]}`]);
        if (lang !== 'en') expect(englishLines(r.stderr), args.join(' ')).toEqual([]);
      }
    }, 60_000);
  }
});
