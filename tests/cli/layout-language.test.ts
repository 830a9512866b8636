// karya export's --layout given wrongly (a layout it does not have; a layout without --bilingual), told before any
// book is read: in the language the settings ask for (a generator id with --lang), else the one the writer's locale
// names (a book by its id), naming the option, the value and the layouts there are. English stays as it was.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

const LOCALE = { en: 'en_GB.UTF-8', ms: 'ms_MY.UTF-8', id: 'id_ID.UTF-8' } as const;
const ENGLISH_LOCALE = { LC_ALL: undefined, LC_MESSAGES: undefined, LANG: LOCALE.en };

const LINES = {
  en: {
    unknown: '--layout: "diagonal" is not one of alternating, columns',
    alone: '--layout columns: the layout is of a dual-language PDF; add --bilingual (and --format pdf)',
  },
  ms: {
    unknown: '--layout: "diagonal" bukan salah satu daripada alternating, columns',
    alone: '--layout columns: susun atur ini untuk PDF dwibahasa; tambahkan --bilingual (dan --format pdf)',
  },
  id: {
    unknown: '--layout: "diagonal" bukan salah satu dari alternating, columns',
    alone: '--layout columns: tata letak ini untuk PDF dwibahasa; tambahkan --bilingual (dan --format pdf)',
  },
} as const;

describe('karya export --layout given wrongly', () => {
  for (const lang of ['en', 'ms', 'id'] as const) {
    it(
      `is told in the writer's language (${lang}), by the ` + `locale with --book and by --lang with a generator id`,
      async () => {
        const cwd = tempDir(`karya-layout-language-${lang}-`);
        const st = ['--state', 'state.sqlite'];
        const byLocale = { ...ENGLISH_LOCALE, LC_ALL: LOCALE[lang] };
        const runs: Array<[keyof (typeof LINES)[typeof lang], string[], Record<string, string | undefined>]> = [
          [
            'unknown',
            [
              'export',
              '--book',
              '1',
              '--bilingual',
              '--layout',
              'diagonal',
              '--format',
              'pdf',
              '--out',
              'x.pdf',
              ...st,
            ],
            byLocale,
          ],
          [
            'alone',
            ['export', '--book', '1', '--layout', 'columns', '--format', 'pdf', '--out', 'x.pdf', ...st],
            byLocale,
          ],
          [
            'unknown',
            [
              'export',
              'romance',
              '--lang',
              lang,
              '--bilingual',
              '--layout',
              'diagonal',
              '--format',
              'pdf',
              '--out',
              'x.pdf',
              ...st,
            ],
            ENGLISH_LOCALE,
          ],
          [
            'alone',
            ['export', 'romance', '--lang', lang, '--layout', 'columns', '--format', 'pdf', '--out', 'x.pdf', ...st],
            ENGLISH_LOCALE,
          ],
        ];
        for (const [what, args, env] of runs) {
          const r = await runKaryaInProcess(args, { cwd, env });
          expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
          expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([`karya: ${LINES[lang][what]}`]);
          if (lang !== 'en') expect(englishLines(r.stderr), args.join(' ')).toEqual([]);
        }
      },
      60_000,
    );
  }
});
