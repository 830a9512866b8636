// /api/series, the same journey on SQLite and on Postgres: a writer finishes a 2-chapter romance,
// makes it book 1 of a series, starts the next book (the brief comes back filled from the series: who is where
// at the end of book 1), writes it with those settings; book 2's first chapter request carries book 1's end
// states, the series lists both books in order, book 2's EPUB carries the series and its number. Then the
// refusals: a name taken, empty or too long, another language, a book already in a series, a next book while
// the last is unfinished, deleting a series with books. The AI API is the fake server (tests/series-book.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { startWithFakeModel, type TestServer } from './helpers.js';
import { seriesModel } from '../series-book.js';
import { readZip, zipText } from '../export/tools.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const PASSWORD = 'karya-secret1';

interface Store {
  base: string;
  fake: FakeOpenAI;
  /** Give a user this many credits. */
  grant(userId: string, credits: number): Promise<void>;
}

async function call(
  store: Store,
  method: string,
  path: string,
  cookie: string,
  body?: object,
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${store.base}${path}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', 'accept-language': 'en' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    body: type.includes('json') ? await res.json() : new Uint8Array(await res.arrayBuffer()),
  };
}

async function signUp(store: Store, email: string): Promise<string> {
  const res = await fetch(`${store.base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(201);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const { user } = (await res.json()) as { user: { id: string } };
  await store.grant(String(user.id), 100);
  return cookie;
}

/** Write the current romance to its end with these settings; the prompts sent meanwhile. */
async function writeBook(store: Store, cookie: string, settings: object): Promise<string[]> {
  const from = store.fake.generationRequests().length;
  for (let i = 0; i < 12; i++) {
    const step = await call(store, 'POST', '/api/generators/romance/generate', cookie, { settings });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    if (step.body.next === null) break;
  }
  // The last part's bible update runs after the answer: wait for it.
  for (let i = 0; i < 100; i++) {
    const progress = await call(store, 'GET', '/api/progress/romance', cookie);
    if (!progress.body.book?.bible_updating) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return store.fake
    .generationRequests()
    .slice(from)
    .map((q) => userMessageOf(q.body ?? {}));
}

async function journey(store: Store): Promise<void> {
  const cookie = await signUp(store, `series-${Math.random().toString(36).slice(2)}@karya.test`);
  // Two chapters: what the series carries (a thread opened in chapter 1, the states at the conclusion) needs no more,
  // and each chapter more is a step and its bible update, on both stores and for both books.
  await writeBook(store, cookie, { numberOfChapters: '2' });
  const [first] = (await call(store, 'GET', '/api/books', cookie)).body.books as Array<{
    id: number;
    is_finished: boolean;
  }>;
  expect(first!.is_finished).toBe(true);

  const made = await call(store, 'POST', '/api/series', cookie, {
    name: '  Penang Bakery ',
    lang: 'en',
    book_id: first!.id,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.series).toMatchObject({
    name: 'Penang Bakery',
    lang: 'en',
    books: [{ number: 1, id: first!.id, is_finished: true }],
  });
  expect(made.body.series.open).toContainEqual({ thread: 'the lost recipe', opened: 'Book 1, Chapter 1' });
  const id = made.body.series.id as number;

  const next = await call(store, 'POST', `/api/series/${id}/next`, cookie, {});
  expect(next.status, JSON.stringify(next.body)).toBe(200);
  expect(next.body).toMatchObject({ number: 2, generator_id: 'romance', book_type: 'romance' });
  expect(next.body.settings.characters).toContain('Mak Som: her aunt; dead, passed away in her sleep');
  expect(next.body.settings.premise).toContain('Book 2 of the series "Penang Bakery"');
  expect(next.body.settings.premise).toContain('the lost recipe');
  expect(next.body.settings.numberOfChapters).toBe(2);

  const prompts = await writeBook(store, cookie, next.body.settings);
  const chapter1 = prompts.find((p) => p.startsWith('Write Chapter 1 of 2'))!;
  expect(chapter1).toMatch(/Mak Som \| her aunt \| dead, passed away in her sleep \| Book 1, Conclusion/);
  expect(chapter1).toMatch(/the lost recipe \| Book 1, Chapter 1 \| open/);

  const shown = await call(store, 'GET', `/api/series/${id}`, cookie);
  expect(
    shown.body.series.books.map((b: { number: number; is_finished: boolean }) => [b.number, b.is_finished]),
  ).toEqual([
    [1, true],
    [2, true],
  ]);
  expect(shown.body.series.books[1].bible).toContain('Hafiz');
  const books = (await call(store, 'GET', '/api/books', cookie)).body.books as Array<{
    id: number;
    is_current: boolean;
  }>;
  expect(books).toHaveLength(2);
  const second = books.find((b) => b.is_current)!;
  const epub = await call(store, 'GET', `/api/books/${second.id}/export?format=epub`, cookie);
  expect(epub.status).toBe(200);
  const opf = zipText(readZip(Buffer.from(epub.body as Uint8Array)), 'OEBPS/content.opf');
  expect(opf).toContain('<meta property="belongs-to-collection" id="series">Penang Bakery</meta>');
  expect(opf).toContain('<meta refines="#series" property="group-position">2</meta>');

  // The refusals, each naming what is allowed; nothing is saved by them.
  const taken = await call(store, 'POST', '/api/series', cookie, { name: 'Penang Bakery', lang: 'en' });
  expect(taken.status).toBe(409);
  expect(taken.body.error.code).toBe('series_name_taken');
  expect((await call(store, 'POST', '/api/series', cookie, { name: '   ', lang: 'en' })).status).toBe(400);
  expect((await call(store, 'POST', '/api/series', cookie, { name: 'x'.repeat(101), lang: 'en' })).status).toBe(400);
  const moved = await call(store, 'POST', '/api/series', cookie, { name: 'Another', lang: 'en', book_id: first!.id });
  expect(moved.status).toBe(409);
  expect(moved.body.error.code).toBe('book_in_series');
  const language = await call(store, 'POST', '/api/series', cookie, { name: 'Kedai', lang: 'ms', book_id: second.id });
  expect(language.status).toBe(400);
  expect(language.body.error).toMatchObject({ code: 'series_language' });
  expect(language.body.error.message).toContain('Malay');
  const full = await call(store, 'DELETE', `/api/series/${id}`, cookie);
  expect(full.status).toBe(409);
  expect(full.body.error.code).toBe('series_not_empty');
  const list = await call(store, 'GET', '/api/series', cookie);
  expect(list.body.series).toEqual([{ id, name: 'Penang Bakery', lang: 'en', books: 2 }]);
  // Another writer sees none of it.
  const other = await signUp(store, `other-${Math.random().toString(36).slice(2)}@karya.test`);
  expect((await call(store, 'GET', `/api/series/${id}`, other)).status).toBe(404);
}

describe('/api/series on SQLite', () => {
  let started: { fake: FakeOpenAI; ts: TestServer } | undefined;
  beforeAll(async () => {
    started = await startWithFakeModel({ answer: seriesModel().answer, contextTokens: 32_768 });
  });
  afterAll(() => Promise.all([started?.ts.close(), started?.fake.close()]));

  it(
    'a finished book becomes book 1, the next book starts ' +
      'from the series and is written with it, refusals say why',
    async () => {
      const { ts, fake } = started!;
      await journey({
        base: ts.url.replace('localhost', '127.0.0.1'),
        fake,
        grant: async (userId, credits) =>
          void ts.store.run(
            ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', userId),
          ),
      });
    },
  );
});

describe.skipIf(skip)('/api/series on Postgres', () => {
  let cluster: PostgresCluster | undefined;
  let fake: FakeOpenAI | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: seriesModel().answer, contextTokens: 32_768 });
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const env = {
      KARYA_DATABASE_URL: url,
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'silent',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
    };
    Object.assign(process.env, { OPENAI_API_KEY: env.OPENAI_API_KEY, OPENAI_BASE_URL: env.OPENAI_BASE_URL });
    server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' }, env);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
    cluster?.stop();
  });

  it('the same journey through the API on Postgres', async () => {
    const pool = server!.store.postgres!.pool;
    await journey({
      base: server!.url.replace('localhost', '127.0.0.1'),
      fake: fake!,
      grant: async (userId, credits) =>
        void (await pool.query('UPDATE users SET credits_available = $1 WHERE id = $2', [credits, userId])),
    });
  }, 120_000);
});
