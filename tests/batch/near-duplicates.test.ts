// A batch with the same job twice, as a publisher would run it by mistake: the book written second is marked too
// close to the other (share ≥ 90 %) in the summary, in --json's job_done (closeTo) and in its readiness list when it
// is published; a third book with another premise is not marked. The model is the fake server taught to write
// per premise: the same prompt gets the same prose, another premise other prose.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  askedWordsOf,
  asksCharacterDetails,
  characterDetailsBlock,
  isBibleRequest,
  isOutlineRequest,
  startFakeOpenAI,
  userMessageOf,
  writeProse,
  type FakeOpenAI,
} from '../fake-openai.js';
import { events, removeTempDirs, tempDir, writeJobs } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const fakes: FakeOpenAI[] = [];
let cluster: PostgresCluster | undefined;
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  cluster?.stop();
  removeTempDirs();
});

/** 600 sentences of a premise's own words (seeded), none repeating another's 8-word runs by design. */
function sentencesOf(seed: number, nouns: readonly string[]): string[] {
  let x = seed;
  const next = () => (x = (Math.imul(x ^ (x >>> 15), 2246822507) + 12345) >>> 0) / 2 ** 32;
  const verbs = [
    'carried',
    'found',
    'hid',
    'mended',
    'counted',
    'painted',
    'opened',
    'lost',
    'sold',
    'kept',
    'named',
    'followed',
  ];
  const places = [
    'by the door',
    'under the stairs',
    'in the rain',
    'at noon',
    'before supper',
    'near the river',
    'after school',
    'on the roof',
  ];
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return Array.from(
    { length: 600 },
    () =>
      `${pick(['Aisha', 'Daniel', 'Mei', 'Farid'])} ${pick(verbs)} the ${pick(nouns)} and ` +
      `the ${pick(nouns)} ${pick(places)}, then ${pick(verbs)} a ${pick(nouns)} ${pick(places)}.`,
  );
}

// The lighthouse first: the fake's own outline (which every book's prompts carry) speaks of a bookshop.
const PROSE: Record<string, string[]> = {
  lighthouse: sentencesOf(97, [
    'lantern',
    'reef',
    'gull',
    'rope',
    'tide',
    'boat',
    'storm',
    'compass',
    'anchor',
    'shell',
  ]),
  bookshop: sentencesOf(11, ['book', 'shelf', 'ledger', 'lamp', 'ribbon', 'receipt', 'window', 'key', 'map', 'letter']),
};

/** The part a prose request asks for (introduction 0, chapter N, conclusion 99): where its prose starts. */
function partOf(message: string): number {
  const chapter = /Write Chapter (\d+)/.exec(message)?.[1];
  return chapter ? Number(chapter) : /conclusion/i.test(message.split('\n')[0] ?? '') ? 99 : 0;
}

/** A model that writes each premise's story in its own sentences, each part from its own place. */
function premiseModel(body: Record<string, unknown>) {
  if (isOutlineRequest(body) || isBibleRequest(body)) return undefined;
  const message = userMessageOf(body);
  const premise = Object.keys(PROSE).find((p) => message.includes(p));
  if (!premise) return undefined;
  const text = writeProse(askedWordsOf(body), PROSE[premise]!, (partOf(message) * 150) % 600);
  return { text: asksCharacterDetails(body) ? `${text}\n\n${characterDetailsBlock('en')}\n` : text };
}

const JOBS = `
- id: first
  generator: romance
  chapters: 2
  settings: { premise: "Aisha must save her father's bookshop." }
- id: again
  generator: romance
  chapters: 2
  settings: { premise: "Aisha must save her father's bookshop." }
- id: other
  generator: romance
  chapters: 2
  settings: { premise: "Mei keeps the lighthouse lit through the storm season." }
`;

describe('karya batch: near-duplicates', () => {
  it(
    'marks the second of two identical jobs too close to the first, ' +
      'not the book with another premise; its readiness list says so',
    async () => {
      const f = await startFakeOpenAI({ reply: premiseModel });
      fakes.push(f);
      const dir = tempDir();
      const env = { OPENAI_API_KEY: 'sk-test-dup', OPENAI_BASE_URL: f.baseURL };
      // One call at a time: "first" starts first and is nearly always written before "again", but the two run side by
      // side (a call holds its place only while it is out). Whichever is written second is the copy (the book written
      // first is the original), so the test reads which it was.
      const r = await runKaryaInProcess(
        ['batch', writeJobs(dir, 'jobs.yaml', JOBS), '--out', 'books', '--json', '--concurrency', '1'],
        { cwd: dir, env },
      );
      expect(r.code, r.stderr).toBe(0);
      const done = Object.fromEntries(
        events(r.stdout)
          .filter((e) => e.type === 'job_done')
          .map((e) => [e.job as string, e]),
      );
      // The same job twice writes the same book.
      expect(readFileSync(path.join(dir, 'books', 'again.md'), 'utf8')).toBe(
        readFileSync(path.join(dir, 'books', 'first.md'), 'utf8'),
      );
      const title = readFileSync(path.join(dir, 'books', 'first.md'), 'utf8')
        .split('\n')[0]!
        .replace(/^# /, '');
      const marked = ['first', 'again'].filter((job) => (done[job]!.closeTo as unknown[]).length);
      expect(marked).toHaveLength(1);
      const copy = marked[0]!;
      const original = copy === 'first' ? 'again' : 'first';
      expect(done[original]).toMatchObject({ closeTo: [] });
      expect(done.other).toMatchObject({ closeTo: [] });
      expect(done[copy]!.closeTo).toEqual([
        { book: original, title, share: expect.any(Number), passages: expect.any(Array) },
      ]);
      const [mark] = done[copy]!.closeTo as Array<{ share: number; passages: string[] }>;
      expect(mark!.share).toBeGreaterThanOrEqual(0.9);
      expect(mark!.passages).toHaveLength(2);
      expect(events(r.stdout).at(-1)).toMatchObject({ type: 'summary', succeeded: 3, tooClose: 1 });
      // The summary names the book, the other title and the share.
      expect(r.stderr).toContain('1 too close to another book');
      expect(r.stderr).toMatch(
        new RegExp(
          `⚠ ${copy}: too close to "${title}" \\(${original}\\): (9\\d|100) % of its text is in that book; both have "`,
        ),
      );
      expect(r.stderr).not.toMatch(new RegExp(`⚠ (${original}|other):`));

      // Published, the second book's readiness list fails the rule, naming the first book's title and the share.
      const books = JSON.parse((await runKaryaInProcess(['books', '--json'], { cwd: dir, env })).stdout) as {
        books: Array<{ id: number; key: string }>;
      };
      const publishFake = await startFakeOpenAI();
      fakes.push(publishFake);
      const ids = books.books.map((b) => b.id);
      const readinessOf = async (id: number) => {
        const out = `pkg-${id}`;
        const p = await runKaryaInProcess(
          ['publish', 'romance', '--book', String(id), '--out', out, '--author', 'Nur Aina'],
          { cwd: dir, env: { ...env, OPENAI_BASE_URL: publishFake.baseURL, PATH: path.join(dir, 'no-epubcheck') } },
        );
        const readiness = JSON.parse(readFileSync(path.join(dir, out, 'readiness.json'), 'utf8')) as {
          channels: Record<string, { checks: Array<{ id: string; status: string; detail?: string }> }>;
        };
        return { stderr: p.stderr, check: readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'not-too-close')! };
      };
      const checks: Array<{ id: number } & Awaited<ReturnType<typeof readinessOf>>> = [];
      for (const id of ids) checks.push({ id, ...(await readinessOf(id)) });
      const failed = checks.filter((c) => c.check.status === 'fail');
      expect(failed).toHaveLength(1);
      expect(failed[0]!.check.detail).toMatch(
        new RegExp(`^too close to "${title}": (9\\d|100) % of its 8-word runs are in that book; both have "`),
      );
      expect(failed[0]!.stderr).toContain(
        `✗ not too close to your other books (less than 15 % of its text in any one of them): too close to "${title}"`,
      );
      expect(checks.filter((c) => c.check.status === 'pass').map((c) => c.check.detail)).toEqual([
        expect.stringMatching(/^compared with 2 other books: none holds 15 % or more of it$/),
        expect.stringMatching(
          /^compared with \d other books?: none holds 15 % or more of it$|^no other finished books/,
        ),
      ]);
    },
    240_000,
  );

  it.skipIf(postgresUnavailable())(
    'karya batch --queue marks the same book in its job_done, from the catalogue in Postgres',
    async () => {
      cluster = await startPostgres();
      const f = await startFakeOpenAI({ reply: premiseModel });
      fakes.push(f);
      const dir = tempDir();
      const env = {
        OPENAI_API_KEY: 'sk-test-dup',
        OPENAI_BASE_URL: f.baseURL,
        KARYA_DATABASE_URL: await cluster.createDatabase(),
        KARYA_LOG_LEVEL: 'warn',
      };
      const file = writeJobs(dir, 'jobs.yaml', JOBS);
      // Written by a local batch saving in Postgres; the queued batch reads every book back and reports it done,
      // marking
      // the book the local batch marked (the one written second: the catalogue keeps when each book was kept).
      const local = await runKaryaInProcess(['batch', file, '--out', 'books', '--concurrency', '1', '--json'], {
        cwd: dir,
        env,
      });
      expect(local.code, local.stderr).toBe(0);
      const marks = (stdout: string) =>
        Object.fromEntries(
          events(stdout)
            .filter((e) => e.type === 'job_done')
            .map((e) => [
              e.job as string,
              (e.closeTo as Array<{ book: string; share: number }>).map((m) => ({ book: m.book, share: m.share })),
            ]),
        );
      const before = marks(local.stdout);
      const copy = before.first!.length ? 'first' : 'again';
      const original = copy === 'first' ? 'again' : 'first';
      expect(before[original]).toEqual([]);
      expect(before[copy]).toEqual([{ book: original, share: expect.any(Number) }]);
      const r = await runKaryaInProcess(['batch', file, '--queue', '--out', 'again', '--json'], { cwd: dir, env });
      expect(r.code, r.stderr).toBe(0);
      const done = marks(r.stdout);
      expect(done[original]).toEqual([]);
      expect(done.other).toEqual([]);
      expect(done[copy]).toEqual([{ book: original, share: expect.any(Number) }]);
      expect(done[copy]![0]!.share).toBeGreaterThanOrEqual(0.9);
      expect(r.stderr).toContain(`⚠ ${copy}: too close to`);
    },
    180_000,
  );

  it('refuses --close-threshold out of 0.01 to 1 before anything runs, naming the flag and the range', async () => {
    const dir = tempDir();
    const r = await runKaryaInProcess(['batch', writeJobs(dir, 'jobs.yaml', JOBS), '--close-threshold', '1.5'], {
      cwd: dir,
      env: { OPENAI_API_KEY: '' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--close-threshold: "1.5" is not a share from 0.01 to 1 (1 % to 100 %); write it as 0.15 or 15%.',
    );
  }, 60_000);
});
