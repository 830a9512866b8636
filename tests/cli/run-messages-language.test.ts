// What `karya serve`, `karya worker` and `karya batch` print while they run, said to a writer whose locale is Malay
// or Indonesian (LC_ALL), or for a batch of Indonesian books: their start, their progress, each book and package,
// their closing lines and their refusals, each in that language, with no English line (tests/cli/english-lines.ts).
// serve and worker run in this process until they have said they run, then get the SIGTERM a service manager sends.
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runKaryaInProcess, type InProcessRun } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { writeJobs } from '../batch/helpers.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { englishLines } from './english-lines.js';

const MALAY = { LC_ALL: 'ms_MY.UTF-8' };
const INDONESIAN = { LC_ALL: 'id_ID.UTF-8' };

/**
 * `karya <args>` in this process until it has said it runs (its stop is listened for), then stopped as SIGTERM stops
 * it.
 */
async function runThenStop(
  args: string[],
  opts: { env: Record<string, string | undefined>; cwd: string },
): Promise<InProcessRun> {
  const before = new Set(process.listeners('SIGTERM'));
  const own = () => process.listeners('SIGTERM').filter((l) => !before.has(l));
  let ended = false;
  const run = runKaryaInProcess(args, opts).finally(() => void (ended = true));
  await vi.waitFor(() => expect(own().length > 0 || ended).toBe(true), { timeout: 120_000, interval: 50 });
  // Only the command's own listener: the test runner's are not signalled.
  for (const stop of own()) (stop as (signal: NodeJS.Signals) => void)('SIGTERM');
  return run;
}

describe("karya serve in the writer's language", () => {
  it.each([
    [
      'ms',
      MALAY,
      /^Karya sedang berjalan di http:\/\/\S+$/m,
      /penyedia: luar talian \(teks demo/,
      /menghentikan pelayan: tiada kerja baharu/,
    ],
    [
      'id',
      INDONESIAN,
      /^Karya berjalan di http:\/\/\S+$/m,
      /penyedia: luring \(teks demo/,
      /menghentikan server: tidak ada pekerjaan baru/,
    ],
  ])(
    '%s: its start lines (address, database, provider, administrator, mail) and its stop',
    async (_lang, locale, running, provider, stopping) => {
      const dir = tempDir('karya-serve-words-');
      const env = {
        ...locale,
        KARYA_DB: path.join(dir, 'karya.sqlite'),
        KARYA_LOG_LEVEL: 'silent',
        KARYA_SCRYPT_LOG_N: '4',
      };
      const r = await runThenStop(['serve', '--port', '0'], { env, cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(running);
      expect(r.stderr).toMatch(provider);
      expect(r.stderr).toMatch(stopping);
      expect(r.stderr.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(5);
      expect(englishLines(r.stdout + r.stderr)).toEqual([]);
    },
    180_000,
  );

  it("a port out of range is refused in the locale's language", async () => {
    const r = await runKaryaInProcess(['serve', '--port', '70000'], {
      env: INDONESIAN,
      cwd: tempDir('karya-serve-words-'),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--port: "70000" harus berupa bilangan bulat dari 0 sampai 65535');
    expect(englishLines(r.stderr)).toEqual([]);
  });
});

const noPostgres = postgresUnavailable();

describe("karya worker in the writer's language", () => {
  it.each([
    ['ms', MALAY, /baris gilir kerja Postgres: tetapkan KARYA_DATABASE_URL/],
    ['id', INDONESIAN, /antrean tugas Postgres: atur KARYA_DATABASE_URL/],
  ])(
    '%s: no database to take steps from, and a concurrency out of range, are refused in it',
    async (_lang, locale, noDatabase) => {
      const cwd = tempDir('karya-worker-words-');
      const r = await runKaryaInProcess(['worker'], { env: locale, cwd });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(noDatabase);
      const bad = await runKaryaInProcess(['worker', '--concurrency', '0'], {
        env: { ...locale, KARYA_DATABASE_URL: 'postgres://127.0.0.1:1/none' },
        cwd,
      });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--concurrency: "0"');
      expect(englishLines(r.stderr + bad.stderr)).toEqual([]);
    },
  );

  describe.skipIf(noPostgres)('with a Postgres job queue', () => {
    let cluster: PostgresCluster | undefined;
    afterAll(() => cluster?.stop());

    it('id: it says what it runs and from where, then that it stops after its running steps', async () => {
      cluster = await startPostgres();
      const env = { ...INDONESIAN, KARYA_DATABASE_URL: await cluster.createDatabase(), KARYA_LOG_LEVEL: 'silent' };
      const r = await runThenStop(['worker', '--concurrency', '2'], { env, cwd: tempDir('karya-worker-words-') });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^karya worker \S+: menjalankan hingga 2 langkah sekaligus dari /m);
      expect(r.stderr).toMatch(/penyedia: luring/);
      expect(r.stderr).toMatch(/karya worker: berhenti setelah 0 langkah yang sedang berjalan/);
      expect(englishLines(r.stderr)).toEqual([]);
    }, 180_000);
  });
});

describe("karya batch in its books' language", () => {
  it("id: the dry run's plan, and its refusals of options, in Indonesian", async () => {
    const dir = tempDir('karya-batch-words-');
    const jobs = writeJobs(
      dir,
      'jobs.yaml',
      '- { id: hujan, generator: romance, lang: id, chapters: 2 }\n- { id: puisi, generator: poems, lang: id }\n',
    );
    const plan = await runKaryaInProcess(['batch', jobs, '--dry-run', '--rpm', '60', '--state', 'state.sqlite'], {
      env: INDONESIAN,
      cwd: dir,
    });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(/^#\s+tugas\s+generator\s+bahasa\s+selesai\s+panggilan\s+token\s+keluaran$/m);
    expect(plan.stdout).toMatch(/^buku 2 · panggilan \d+ · token dianggarkan/m);
    expect(plan.stdout).toMatch(/^batas: serentak 4 · rpm 60 · tpm tidak ada$/m);
    expect(plan.stdout).toMatch(/^batas bawah .* \(--latency\): yang terbesar dari$/m);
    const refusals = await Promise.all([
      runKaryaInProcess(['batch', jobs, '--concurrency', '0'], { env: INDONESIAN, cwd: dir }),
      runKaryaInProcess(['batch', jobs, '--per-day', '2'], { env: INDONESIAN, cwd: dir }),
      runKaryaInProcess(['batch', jobs, '--publisher', 'Pustaka'], { env: INDONESIAN, cwd: dir }),
      runKaryaInProcess(['batch', jobs, '--queue'], { env: INDONESIAN, cwd: dir }),
    ]);
    expect(refusals.map((r) => r.code)).toEqual([2, 2, 2, 2]);
    const said = refusals.map((r) => r.stderr).join('');
    expect(said).toContain('--concurrency: "0" harus berupa bilangan bulat di atas 0');
    expect(said).toContain('--per-day merencanakan rilis --publish; tambahkan --publish');
    expect(said).toContain('--publisher menamai penerbit paket --publish');
    expect(said).toContain('--queue menjalankan batch pada proses `karya worker` lewat Postgres');
    expect(englishLines(plan.stdout + said)).toEqual([]);
  }, 120_000);

  it(
    'id: a run with --publish (each step, each book, a copy held ' +
      'back, the packages and their schedule, the closing line)',
    async () => {
      const dir = tempDir('karya-batch-words-');
      // The offline provider writes the same book for the same settings: the second is a copy of the first, held back.
      const job = (id: string) =>
        `- { id: ${id}, generator: romance, lang: id, chapters: 1, settings: { ` +
        `premise: "seorang pembuat roti di Bandung jatuh cinta" } }`;
      const jobs = writeJobs(dir, 'jobs.yaml', [job('bandung'), job('salinan')].join('\n'));
      const r = await runKaryaInProcess(
        ['batch', jobs, '--publish', '--concurrency', '1', '--out', 'out', '--state', 'state.sqlite'],
        { cwd: dir, env: { ...INDONESIAN, ...WITHOUT_EPUBCHECK } },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^karya batch: 2 buku, \d+ dari \d+ langkah untuk ditulis$/m);
      expect(r.stderr).toMatch(
        /^▶ bandung \(romance, id\): \d+ langkah; \d+ panggilan direncanakan, paling banyak \d+$/m,
      );
      expect(r.stderr).toMatch(/^✓ bandung → \S+ \([\d.]+ kata, \d+ panggilan, /m);
      expect(r.stderr).toMatch(
        /terlalu mirip dengan "[^"]+" \((?:bandung|salinan)\): 100 % dari teksnya ada di buku itu/,
      );
      expect(r.stderr).toMatch(/ditahan: 100 % darinya ada di (?:bandung|salinan)/);
      expect(r.stderr).toMatch(/terbitkan pada atau setelah \d{4}-\d\d-\d\d: "[^"]+" oleh \(tanpa penulis\)/);
      expect(r.stderr).toMatch(
        new RegExp(
          /^karya: 2 paket dalam 1 hari \(paling banyak 3 judul baru sehari\), 1 ditahan karena terlalu mi/.source +
            /rip dengan buku lain: /.source,
          'm',
        ),
      );
      expect(r.stderr).toMatch(
        /^karya batch: 2 dari 2 buku ditulis · 1 terlalu mirip dengan buku lain · \d+ panggilan · /m,
      );
      expect(englishLines(r.stderr)).toEqual([]);
    },
    600_000,
  );

  it('ms: a run of a single piece says its start, its book and its closing line in Malay', async () => {
    const dir = tempDir('karya-batch-words-');
    const jobs = writeJobs(dir, 'jobs.yaml', '- { id: sajak, generator: poems, lang: ms }\n');
    const r = await runKaryaInProcess(['batch', jobs, '--out', 'out', '--state', 'state.sqlite'], {
      cwd: dir,
      env: MALAY,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^karya batch: 1 buku, 1 daripada 1 langkah untuk ditulis$/m);
    expect(r.stderr).toMatch(/^karya batch: 1 daripada 1 buku ditulis · 1 panggilan · /m);
    expect(englishLines(r.stderr)).toEqual([]);
  }, 120_000);
});
