// `karya batch --lang CODE`: the language of everything the batch tells its writer, whatever their locale and
// whatever the jobs ask for (docs/batch.md): the jobs file's checks, the options' refusals, the dry run's plan, the
// progress and the closing summary, local and with --queue; a code the table lacks is refused in the locale's
// language, naming the table's codes (a language added by its files among them). The books keep their own language.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { writeJobs } from '../batch/helpers.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { englishLines } from './english-lines.js';

const ENGLISH = { LC_ALL: 'en_GB.UTF-8' };
const MALAY = { LC_ALL: 'ms_MY.UTF-8' };
const INDONESIAN = { LC_ALL: 'id_ID.UTF-8' };

/** English books, one with an unknown generator and one with a chapter count out of range. */
const MISTAKES = '- { id: a, generator: romanse, lang: en }\n- { id: b, generator: romance, lang: en, chapters: 0 }\n';

const batch = (args: string[], env: Record<string, string>, cwd: string) =>
  runKaryaInProcess(['batch', ...args], { env, cwd });

describe('karya batch --lang', () => {
  it.each([
    [
      'ms',
      ENGLISH,
      [
        /jobs\.yaml:1: kerja "a": generator: "romanse" bukan penjana \(dibenarkan: [^)]*\bromance\b/,
        'jobs.yaml:2: kerja "b": chapters: 0 mestilah nombor bulat dari 1 hingga 100',
        '2 daripada 2 kerja tidak sah; tiada apa-apa yang dijana',
      ],
    ],
    [
      'id',
      MALAY,
      [
        /jobs\.yaml:1: tugas "a": generator: "romanse" bukan generator \(yang diizinkan: [^)]*\bromance\b/,
        'jobs.yaml:2: tugas "b": chapters: 0 harus berupa bilangan bulat dari 1 sampai 100',
        '2 dari 2 tugas tidak sah; tidak ada yang dibuat',
      ],
    ],
  ] as const)(
    "%s: English jobs' mistakes, for a writer of another locale, are said in it",
    async (lang, env, said) => {
      const dir = tempDir('karya-batch-lang-');
      writeJobs(dir, 'jobs.yaml', MISTAKES);
      // Local and queued alike: the jobs are checked before anything is queued (no database: nothing is reached).
      const runs = [
        await batch(['jobs.yaml', '--dry-run', '--lang', lang], env, dir),
        await batch(['jobs.yaml', '--queue', '--lang', lang], env, dir),
      ];
      for (const r of runs) {
        expect(r.code, r.stderr).toBe(2);
        for (const line of said) {
          if (typeof line === 'string') expect(r.stderr).toContain(line);
          else expect(r.stderr).toMatch(line);
        }
        expect(englishLines(r.stderr)).toEqual([]);
      }
    },
    120_000,
  );

  it('id: a missing jobs file and an option out of range, for a Malay writer, in Indonesian', async () => {
    const dir = tempDir('karya-batch-lang-');
    writeJobs(dir, 'jobs.yaml', '- { id: a, generator: poems, lang: ms }\n');
    const missing = await batch(['tiada.yaml', '--lang', 'id'], MALAY, dir);
    const concurrency = await batch(['jobs.yaml', '--concurrency', '0', '--lang', 'id'], MALAY, dir);
    expect([missing.code, concurrency.code]).toEqual([2, 2]);
    expect(missing.stderr).toContain('tiada.yaml: berkas tugas itu tidak ada; periksa jalurnya');
    expect(concurrency.stderr).toContain('--concurrency: "0" harus berupa bilangan bulat di atas 0');
    expect(englishLines(missing.stderr + concurrency.stderr)).toEqual([]);
  }, 120_000);

  it("ms: the plan of Indonesian books, for an English writer, in Malay (the books' language kept)", async () => {
    const dir = tempDir('karya-batch-lang-');
    writeJobs(dir, 'jobs.yaml', '- { id: hujan, generator: romance, lang: id, chapters: 2 }\n');
    const args = ['jobs.yaml', '--dry-run', '--rpm', '60', '--state', 'state.sqlite', '--lang', 'ms'];
    const r = await batch(args, ENGLISH, dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^#\s+kerja\s+penjana\s+bahasa\s+siap\s+panggilan\s+token\s+keluaran$/m);
    expect(r.stdout).toMatch(/^1\s+hujan\s+romance\s+id\s+0\/\d+\s/m);
    expect(englishLines(r.stdout)).toEqual([]);
  }, 120_000);

  it('id: an English piece run for a Malay writer: its start, its book and its summary in Indonesian', async () => {
    const dir = tempDir('karya-batch-lang-');
    writeJobs(dir, 'jobs.yaml', '- { id: poem, generator: poems, lang: en }\n');
    const r = await batch(['jobs.yaml', '--out', 'out', '--state', 'state.sqlite', '--lang', 'id'], MALAY, dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^karya batch: 1 buku, 1 dari 1 langkah untuk ditulis$/m);
    expect(r.stderr).toMatch(/^▶ poem \(poems, en\): 1 langkah/m);
    expect(r.stderr).toMatch(/^karya batch: 1 dari 1 buku ditulis · 1 panggilan · /m);
    expect(englishLines(r.stderr)).toEqual([]);
  }, 120_000);

  it.each([
    ['ms', MALAY, 'karya: --lang: "fr" bukan bahasa yang ditulis oleh Karya; gunakan en, ms, atau id'],
    ['id', INDONESIAN, 'karya: --lang: "fr" bukan bahasa yang ditulis oleh Karya; gunakan en, ms, atau id'],
    ['en', ENGLISH, 'karya: --lang: "fr" is not a language Karya writes; use en, ms, or id'],
  ] as const)(
    "%s: an unknown code is refused in the locale's language, naming the table's",
    async (_, env, line) => {
      const dir = tempDir('karya-batch-lang-');
      writeJobs(dir, 'jobs.yaml', '- { id: a, generator: poems }\n');
      const r = await batch(['jobs.yaml', '--lang', 'fr', '--out', 'out', '--state', 'state.sqlite'], env, dir);
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(line);
      expect(r.stdout).toBe('');
    },
    120_000,
  );

  it.each([
    ['ms', MALAY, 'bahasa mesej-mesej kelompok'],
    ['id', INDONESIAN, 'bahasa pesan-pesan batch'],
  ] as const)(
    "%s: its help names it, with the table's codes, in the writer's language",
    async (_l, locale, said) => {
      const r = await batch(['--help'], locale, tempDir('karya-batch-lang-'));
      expect(r.code).toBe(0);
      const help = r.stdout.replace(/\n {3,}(?=\S)/g, ' ');
      expect(help).toMatch(new RegExp(`--lang <lang>\\s+${said} \\([^)]*\\): en, ms, atau id`));
    },
    120_000,
  );
});

describe('karya batch --lang with a language added by its files', () => {
  // Indonesian's words under the code xx, last in the table (docs/add-a-language.md).
  const dir = fourthLanguage({ order: 9 });
  afterAll(() => setLanguageSource(() => readLanguages()));

  it("xx: the jobs' mistakes in its words; a code the table lacks is refused naming it too", async () => {
    setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
    const cwd = tempDir('karya-batch-lang-');
    writeJobs(cwd, 'jobs.yaml', MISTAKES);
    const env = { ...ENGLISH, KARYA_LANGUAGES: dir };
    const inXx = await batch(['jobs.yaml', '--dry-run', '--lang', 'xx'], env, cwd);
    expect(inXx.code, inXx.stderr).toBe(2);
    expect(inXx.stderr).toContain('jobs.yaml:2: tugas "b": chapters: 0 harus berupa bilangan bulat dari 1 sampai 100');
    expect(inXx.stderr).toContain('2 dari 2 tugas tidak sah; tidak ada yang dibuat');
    expect(englishLines(inXx.stderr)).toEqual([]);
    const refused = await batch(['jobs.yaml', '--dry-run', '--lang', 'fr'], env, cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toBe('karya: --lang: "fr" is not a language Karya writes; use en, ms, id, or xx');
  }, 120_000);
});
