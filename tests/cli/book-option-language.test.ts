// What generate, export and rewrite say of --book, --note, a missing generator id and a cover's --out or --json
// to the writer of a Malay or Indonesian book: a saved book's own language when it is there to read, else the
// language the settings (--lang) ask for, else, where no book is known, the one the writer's locale names.
// One line each, no English.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { loadCatalog } from '../../engine/node/load.js';
import { imageOutOrExit } from '../../cli/export-format.js';
import { CliExit } from '../../cli/util.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LINES = {
  ms: {
    ownSettings:
      '--book 1: buku yang disimpan mengekalkan tetapannya sendiri; jangan gunakan --set, --brief, --lang dan --fresh',
    noSuchBook: '--book 99: tiada buku sedemikian dalam state.sqlite (karya books menyenaraikannya)',
    noStateBook: '--book 1: tiada buku sedemikian dalam tiada.sqlite (karya books menyenaraikannya)',
    exportIdOrBook:
      'berikan id penjana (buku terakhirnya yang disimpan, atau buku dengan tetapan ' +
      'yang diberi) atau --book ID (karya books menyenaraikan buku yang disimpan)',
    rewriteIdOrBook:
      'berikan id penjana (buku terakhirnya yang disimpan, atau buku dengan tetapan ' +
      'yang diberi) atau --book ID (karya books menyenaraikan buku yang disimpan)',
    noteLong: '--note: paling banyak 1000 aksara (yang ini ada 1001)',
    coverExtension: '--out kulit.gif: book-cover menghasilkan imej; namakan fail .png, .jpg atau .jpeg',
    coverJson:
      '--json: book-cover menulis imejnya ke stdout tanpa --out; berikan --out FILE.png atau FILE.jpg bersama --json',
    coverTerminal:
      'book-cover menghasilkan imej; berikan --out FILE.png atau --out FILE.jpg (atau salurkan stdout ke fail)',
  },
  id: {
    ownSettings:
      '--book 1: buku yang tersimpan tetap memakai pengaturannya ' +
      'sendiri; jangan pakai --set, --brief, --lang, dan --fresh',
    noSuchBook: '--book 99: tidak ada buku itu di state.sqlite (karya books menampilkan daftarnya)',
    noStateBook: '--book 1: tidak ada buku itu di tiada.sqlite (karya books menampilkan daftarnya)',
    exportIdOrBook:
      'berikan id generator (buku tersimpan terakhirnya, atau buku dengan pengaturan ' +
      'yang diberikan) atau --book ID (karya books menampilkan daftar buku tersimpan)',
    rewriteIdOrBook:
      'berikan id generator (buku tersimpan terakhirnya, atau buku dengan pengaturan ' +
      'yang diberikan) atau --book ID (karya books menampilkan daftar buku tersimpan)',
    noteLong: '--note: paling banyak 1000 karakter (yang ini 1001)',
    coverExtension: '--out kulit.gif: book-cover menghasilkan gambar; beri nama berkas .png, .jpg, atau .jpeg',
    coverJson:
      '--json: book-cover menulis gambarnya ke stdout tanpa --out; berikan --out FILE.png atau FILE.jpg bersama --json',
    coverTerminal:
      'book-cover menghasilkan gambar; berikan --out FILE.png atau --out FILE.jpg (atau salurkan stdout ke berkas)',
  },
} as const;

const LOCALE = { ms: 'ms_MY.UTF-8', id: 'id_ID.UTF-8' } as const;
const ENGLISH_LOCALE = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: 'en_GB.UTF-8' };

type Run = { args: string[]; locale?: boolean };

describe('--book, --note, a missing generator id and a cover, in another language than English', () => {
  for (const lang of ['ms', 'id'] as const) {
    it(`are told in the writer's language (${lang})`, async () => {
      const cwd = tempDir(`karya-book-option-language-${lang}-`);
      const st = ['--state', 'state.sqlite'];
      // A saved book of 1 chapter (the offline provider writes it): book 1.
      const made = await runKaryaInProcess(['generate', 'romance', '--lang', lang, '--chapters', '1', ...st], {
        cwd,
        env: ENGLISH_LOCALE,
      });
      expect(made.code, made.stderr).toBe(0);
      const runs: Record<keyof (typeof LINES)[typeof lang], Run> = {
        // The saved book's own language, read from the state file, though the locale names English.
        ownSettings: { args: ['generate', 'romance', '--book', '1', '--set', 'heatLevel=sweet', ...st] },
        // No such book to read: the locale's language.
        noSuchBook: { args: ['generate', 'romance', '--book', '99', ...st], locale: true },
        noStateBook: { args: ['generate', 'romance', '--book', '1', '--state', 'tiada.sqlite'], locale: true },
        exportIdOrBook: { args: ['export', ...st], locale: true },
        rewriteIdOrBook: { args: ['rewrite', '--lang', lang, '--part', 'chapter:1', ...st] },
        noteLong: {
          args: [
            'rewrite',
            'romance',
            '--lang',
            lang,
            '--chapters',
            '1',
            '--part',
            'chapter:1',
            '--note',
            'n'.repeat(1001),
            ...st,
          ],
        },
        // A cover has no words in its writer's language: the locale's.
        coverExtension: {
          args: ['generate', 'book-cover', '--set', 'title=Orbit', '--out', 'kulit.gif'],
          locale: true,
        },
        coverJson: { args: ['generate', 'book-cover', '--set', 'title=Orbit', '--json'], locale: true },
        coverTerminal: { args: [] },
      };
      for (const [what, run] of Object.entries(runs) as [keyof typeof runs, Run][]) {
        if (what === 'coverTerminal') continue;
        const r = await runKaryaInProcess(run.args, {
          cwd,
          env: run.locale ? { ...ENGLISH_LOCALE, LC_ALL: LOCALE[lang] } : ENGLISH_LOCALE,
        });
        expect(r.code, `${what}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n'), what).toEqual([`karya: ${LINES[lang][what]}`]);
        expect(englishLines(r.stderr), what).toEqual([]);
      }
      expect(coverOnTerminal(lang)).toEqual([`karya: ${LINES[lang].coverTerminal}`]);
    }, 120_000);
  }
});

/** What a cover without --out says on a terminal (stdout is no terminal in a test run). */
function coverOnTerminal(lang: 'ms' | 'id'): string[] {
  const spec = loadCatalog({ useDiskCache: false }).get('book-cover')!;
  const write = process.stderr.write;
  let said = '';
  process.stderr.write = ((chunk: string) => {
    said += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    imageOutOrExit(spec, undefined, { isStdoutTty: true, lang });
  } catch (error) {
    if (!(error instanceof CliExit)) throw error;
  } finally {
    process.stderr.write = write;
  }
  return said.trim().split('\n');
}
