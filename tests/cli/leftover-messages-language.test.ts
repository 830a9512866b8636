// Messages once left in English, said in the writer's language: `karya prompts`' notes and its refusal of a
// step, an operator's bad environment variable at `karya serve` and `karya worker` (named with the value given and
// what is allowed), `karya translate` into a language nothing is translated into (a sentence, never an empty list of
// choices), and the numbers a command prints with the language's own decimal sign (Indonesian 12,5; English 12.5).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { numberIn, secondsIn, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { writeJobs } from '../batch/helpers.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { saveRomance } from '../translate/book.js';
import { englishLines } from './english-lines.js';

const MALAY = { LC_ALL: 'ms_MY.UTF-8' };
const INDONESIAN = { LC_ALL: 'id_ID.UTF-8' };

describe("karya prompts in the writer's language", () => {
  it.each([
    [
      'ms',
      /^karya: tiada buku disimpan dengan tetapan ini; dipaparkan daripada buku berskrip .*chapter:2\)$/m,
      /bukan langkah buku 3 bab ini/,
    ],
    [
      'id',
      /^karya: tidak ada buku tersimpan dengan pengaturan ini; ditampilkan dari buku berskrip .*chapter:2\)$/m,
      /bukan langkah buku 3 bab ini/,
    ],
  ])(
    '%s: its note on where the prompt comes from, and its refusal of a step the book has not got',
    async (lang, note, refused) => {
      const cwd = tempDir('karya-prompts-words-');
      const r = await runKaryaInProcess(
        ['prompts', 'romance', '--lang', lang, '--chapters', '3', '--step', 'chapter:2'],
        { cwd },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(note);
      const bad = await runKaryaInProcess(
        ['prompts', 'romance', '--lang', lang, '--chapters', '3', '--step', 'chapter:9'],
        { cwd },
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(refused);
      expect(bad.stderr).toContain('chapter:1…chapter:3');
      expect(englishLines(r.stderr + bad.stderr)).toEqual([]);
    },
    120_000,
  );
});

describe("an operator's bad setting, in the locale's language", () => {
  it.each([
    ['ms', MALAY, 'bukan bilangan proksi', 'mestilah nombor bulat dari 1 hingga 256'],
    ['id', INDONESIAN, 'bukan jumlah proksi', 'harus berupa bilangan bulat dari 1 sampai 256'],
  ])(
    '%s: karya serve names the variable, the value and what is allowed; so does karya worker',
    async (_lang, locale, proxy, range) => {
      const cwd = tempDir('karya-serve-env-');
      const serve = await runKaryaInProcess(['serve', '--port', '0'], {
        env: { ...locale, KARYA_DB: path.join(cwd, 'k.sqlite'), KARYA_TRUST_PROXY: 'yes please' },
        cwd,
      });
      expect(serve.code).not.toBe(0);
      expect(serve.stderr).toContain('KARYA_TRUST_PROXY: "yes please"');
      expect(serve.stderr).toContain(proxy);
      expect(serve.stderr).toContain('loopback, linklocal, uniquelocal');
      const env = { ...locale, KARYA_DATABASE_URL: 'postgres://127.0.0.1:1/none', KARYA_WORKER_CONCURRENCY: '0' };
      const worker = await runKaryaInProcess(['worker'], { env, cwd });
      expect(worker.code).toBe(2);
      expect(worker.stderr).toContain(`KARYA_WORKER_CONCURRENCY: "0" ${range}`);
      expect(englishLines(serve.stderr + worker.stderr)).toEqual([]);
    },
  );
});

describe('karya translate into a language nothing is translated into', () => {
  // A fourth language added by its files, without a translation section: no book has an edition in it.
  const dir = fourthLanguage();
  rmSync(path.join(dir, 'xx/translation.yaml'));
  afterAll(() => setLanguageSource(() => readLanguages()));

  it.each([
    ['ms', /^karya: --to: Karya belum menterjemah sebarang buku ke dalam Bahasa Xx: [^\n]+\.$/m],
    ['id', /^karya: --to: Karya belum menerjemahkan buku apa pun ke dalam Bahasa Xx: [^\n]+\.$/m],
    ['en', /^karya: --to: Karya translates no book into Bahasa Xx yet: [^\n]+\.$/m],
  ] as const)(
    "%s: says so in a whole sentence in the book's language",
    async (lang, said) => {
      setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
      const cwd = tempDir('karya-translate-none-');
      const state = path.join(cwd, 'state.sqlite');
      const id = await saveRomance(state, lang);
      const r = await runKaryaInProcess(['translate', '--book', String(id), '--to', 'xx', '--state', state], {
        cwd,
        env: { KARYA_LANGUAGES: dir },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(said);
      // No list of choices left empty ("gunakan .", "use .").
      expect(r.stderr).not.toMatch(/(?:use|gunakan)\s*\./);
      if (lang !== 'en') expect(englishLines(r.stderr)).toEqual([]);
    },
    120_000,
  );
});

describe("numbers in the language's own signs", () => {
  it(
    'a decimal and a time: Indonesian writes a decimal comma ' +
      'and groups with points; English and Malay the other way',
    () => {
      expect([numberIn(12.5, 'en', 1), numberIn(12.5, 'ms', 1), numberIn(12.5, 'id', 1)]).toEqual([
        '12.5',
        '12.5',
        '12,5',
      ]);
      expect([numberIn(12345.5, 'en'), numberIn(12345.5, 'id')]).toEqual(['12,345.5', '12.345,5']);
      expect([secondsIn(12.5, 'en', 1), secondsIn(12.5, 'id', 1)]).toEqual(['12.5 s', '12,5 s']);
      expect(secondsIn(3 * 3600 + 120, 'ms')).toBe('3 jam 2 min');
    },
  );

  it("id: the batch plan's assumed latency and times read 12,5 s", async () => {
    const dir = tempDir('karya-batch-decimals-');
    const jobs = writeJobs(dir, 'jobs.yaml', '- { id: hujan, generator: romance, lang: id, chapters: 2 }\n');
    const args = ['batch', jobs, '--dry-run', '--latency', '12.5', '--concurrency', '1', '--state', 'state.sqlite'];
    const id = await runKaryaInProcess(args, { env: INDONESIAN, cwd: dir });
    expect(id.code, id.stderr).toBe(0);
    expect(id.stdout).toMatch(/^batas bawah \d+ min \d+ s dengan anggapan 12,5 s per panggilan \(--latency\)/m);
    expect(id.stdout).not.toMatch(/\d\.\d s/);
    const en = await runKaryaInProcess(
      ['batch', writeJobs(dir, 'en.yaml', '- { id: rain, generator: romance, chapters: 2 }\n'), ...args.slice(2)],
      { cwd: dir },
    );
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout).toMatch(/at an assumed 12\.5 s per call/);
  }, 120_000);
});
