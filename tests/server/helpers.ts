// Test servers: an in-memory (or file) database, the offline provider unless a test passes another,
// a low scrypt cost, silent logs and generous rate limits (one suite tests the real ones).
import { afterAll, beforeAll, expect } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import request from 'supertest';
import type { ImageResult, Provider } from '../../engine/providers/index.js';
import type { Catalog } from '../../engine/index.js';
import { createOfflineProvider, providerFromEnv, type ProviderLimits } from '../../engine/providers/index.js';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { configFromEnv, type ServerConfig } from '../../server/core/config.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { createContext, createLogger, logDestination, prepareStore } from '../../server/start.js';
import { API_ROUTERS, createApp } from '../../server/app.js';
import { fullPath, type ApiRoutes } from '../../server/http/routes.js';
import type { Logger } from 'pino';
import type { AppContext } from '../../server/core/context.js';
import type { Role } from '../../server/store/ports.js';
import { Store } from '../../server/store/sqlite/store.js';

export const ADMIN_EMAIL = 'admin@karya.test';
export const PASSWORD = 'karya-secret1';

export interface TestServer {
  ctx: AppContext;
  /** The SQLite adapter's synchronous store, for tests that read or change tables directly. */
  store: Store;
  server: Server;
  url: string;
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

const GENEROUS = { limit: 100_000, windowMs: 60_000 };

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return configFromEnv(
    {},
    {
      dbFile: ':memory:',
      adminEmail: ADMIN_EMAIL,
      scryptLogN: 4,
      logLevel: 'silent',
      studioDir: '/nonexistent/studio/dist',
      rateLimits: {
        signIn: GENEROUS,
        signInPerEmail: GENEROUS,
        signUp: GENEROUS,
        resetRequest: GENEROUS,
        resetPerEmailMs: 0,
      },
      generationRate: { burst: 100_000, refillMs: 1 },
      claimRate: { burst: 100_000, refillMs: 1 },
      checkoutRate: { burst: 100_000, refillMs: 1 },
      searchRate: { burst: 100_000, refillMs: 1 },
      signInThrottle: { freeAttempts: 100_000, baseDelayMs: 1, maxDelayMs: 1 },
      ...overrides,
    },
  );
}

/** Covers the offline provider drew in this process, by request (the files of a worker share this module). */
const drawnCovers = new Map<string, Promise<ImageResult>>();

/**
 * The offline provider, with each cover drawn once per request: drawing one (SVG to a 1024×1792 PNG with the
 * system's fonts) is about half a second of CPU, and the server files publish the same books' covers again and
 * again. The drawing is a pure function of the request (tests/providers/offline-cover checks the drawings), so the
 * bytes are those it draws; each caller gets its own copy.
 */
export function offlineProvider(): Provider {
  const offline = createOfflineProvider();
  return {
    ...offline,
    async generateImage(request) {
      if (request.signal?.aborted) return offline.generateImage(request);
      const key = JSON.stringify([request.prompt, request.size, request.meta ?? null]);
      let drawn = drawnCovers.get(key);
      if (!drawn) {
        drawn = offline.generateImage({
          prompt: request.prompt,
          size: request.size,
          ...(request.meta ? { meta: request.meta } : {}),
        });
        drawnCovers.set(key, drawn);
        drawn.catch(() => drawnCovers.delete(key));
      }
      const result = await drawn;
      return { ...result, png: new Uint8Array(result.png) };
    },
  };
}

/**
 * The test servers' log destination (standard output), one for the worker: a destination writes every 100 ms for as
 * long as the process lives, even with nothing to write (sonic-boom's periodicFlush), and one a server left
 * behind each of a worker's hundreds of servers (200: 1,700 empty writes a second).
 */
let logDestinationOfWorker: ReturnType<typeof logDestination> | undefined;
const workerLogDestination = () => (logDestinationOfWorker ??= logDestination());

/**
 * The migrated schema of an empty database, as an image (better-sqlite3's serialize()), made once per worker: a server
 * in memory opens a copy of it, which has every migration run (openSqlite finds nothing to do), instead of running the
 * 40-odd migrations anew (~24 ms of CPU a server, hundreds of servers a run). The migrations themselves are tested on
 * files (tests/server/*migration*.test.ts) and by every server started on a file or Postgres.
 */
let migratedImage: Promise<Buffer> | undefined;
function migratedSchema(): Promise<Buffer> {
  return (migratedImage ??= openDatabase(':memory:').then(async (database) => {
    const image = database.sqlite.serialize();
    await database.close();
    return image;
  }));
}

export async function startTestServer(
  opts: { provider?: Provider; config?: Partial<ServerConfig>; logger?: Logger; catalog?: Catalog } = {},
): Promise<TestServer> {
  const config = testConfig(opts.config);
  const database = await openDatabase(config.dbFile === ':memory:' ? await migratedSchema() : config.dbFile);
  const ctx = createContext({
    config,
    database,
    provider: opts.provider ?? offlineProvider(),
    logger: opts.logger ?? createLogger(config.logLevel, workerLogDestination()),
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
  });
  await prepareStore(ctx);
  const server = createServer(createApp(ctx));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ctx,
    store: new Store(database.db, database.sqlite),
    server,
    url,
    http: request(server),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    },
  };
}

/** The `karya_session=…` (or `__Host-karya_session=…`) pair from a response's Set-Cookie header. */
export function sessionCookie(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  // `__Host-karya_session` when the public URL is https (server/auth/sessions.ts).
  const found = list.find((c) => c.startsWith('karya_session=') || c.startsWith('__Host-karya_session='));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(list)}`);
  return found.split(';')[0]!;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${process.pid}@karya.test`;
}

/** Sign up (free, 10 credits) and answer the session cookie. */
export async function signUp(ts: TestServer, email = uniqueEmail(), password = PASSWORD): Promise<string> {
  const res = await ts.http.post('/api/auth/sign-up/email').send({ email, password });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return sessionCookie(res);
}

/** A signed-in user with a role (the admin is the KARYA_ADMIN_EMAIL account). */
export async function userWithRole(
  ts: TestServer,
  role: Role | 'anonymous',
): Promise<{ cookie?: string; email?: string; id?: string }> {
  if (role === 'anonymous') return {};
  const email = role === 'admin' ? ADMIN_EMAIL : uniqueEmail(role);
  const existing = role === 'admin' ? await ts.ctx.repos.users.findByEmail(email) : undefined;
  let cookie: string;
  if (existing) {
    const res = await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
    cookie = sessionCookie(res);
  } else cookie = await signUp(ts, email);
  const user = (await ts.ctx.repos.users.findByEmail(email))!;
  if (role !== 'admin' && role !== 'free') await ts.ctx.repos.users.setRole({ userId: user.id, role, reason: 'test' });
  return { cookie, email, id: user.id };
}

/** Read a whole server-sent event stream into `{event, data}` pairs. */
export function parseEvents(text: string): Array<{ event: string; data: unknown }> {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as unknown };
    });
}

/** Every route of a route module as `{method, path}` (its full path), in declaration order. */
export function routesOf(routes: ApiRoutes): Array<{ method: string; path: string }> {
  return routes.routes.map((route) => ({ method: route.method.toUpperCase(), path: fullPath(route.path) }));
}

/** Every API route of the app, generated from the routers (plus the probes /api/health and /api/ready). */
export function apiRoutes(ctx: AppContext): Array<{ method: string; path: string }> {
  return [
    { method: 'GET', path: '/api/health' },
    { method: 'GET', path: '/api/ready' },
    ...API_ROUTERS.flatMap((make) => routesOf(make(ctx))),
  ];
}

/**
 * A GET of a download, its body read as bytes (supertest buffers binary answers only when asked to), as `cookie` when
 * given.
 */
export function downloadOf(server: TestServer, path: string, cookie?: string) {
  const req = server.http
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return cookie ? req.set('cookie', cookie) : req;
}

/** Status of a request without reading the body (for event streams that never end). */
export async function statusOf(url: string, init: RequestInit): Promise<number> {
  const controller = new AbortController();
  const res = await fetch(url, { ...init, signal: controller.signal });
  controller.abort();
  return res.status;
}

/**
 * A test server whose provider is a fake OpenAI API (tests/fake-openai.ts) answering as `fakeOptions`
 * say; `opts.env` adds provider variables (OPENAI_MODEL), `opts.config` server settings, `opts.catalog` other
 * generators.
 */
export async function startWithFakeModel(
  fakeOptions: FakeOpenAIOptions = {},
  opts: {
    env?: Record<string, string>;
    config?: Partial<ServerConfig>;
    catalog?: Catalog;
    /** The provider's waits, shorter (its back-off between asks): the same asks, without seconds of sleep. */
    limits?: Partial<ProviderLimits>;
  } = {},
): Promise<{ fake: FakeOpenAI; ts: TestServer }> {
  const fake = await startFakeOpenAI(fakeOptions);
  const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, ...opts.env };
  const provider = providerFromEnv(env, opts.limits ? { limits: opts.limits } : {});
  const ts = await startTestServer({
    provider,
    ...(opts.config ? { config: opts.config } : {}),
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
  });
  return { fake, ts };
}

/**
 * startWithFakeModel for the enclosing suite: started before its first test, both closed after its last.
 * Read `.ts` and `.fake` in the tests (they are there once the suite has started).
 */
export function serverOnFakeModel(
  fakeOptions: FakeOpenAIOptions = {},
  opts: Parameters<typeof startWithFakeModel>[1] = {},
): { readonly ts: TestServer; readonly fake: FakeOpenAI } {
  let started: { fake: FakeOpenAI; ts: TestServer } | undefined;
  beforeAll(async () => {
    started = await startWithFakeModel(fakeOptions, opts);
  });
  afterAll(() => Promise.all([started?.ts.close(), started?.fake.close()]));
  const running = () => {
    if (!started) throw new Error('the suite has not started its server yet (read .ts and .fake inside a test)');
    return started;
  };
  return {
    get ts() {
      return running().ts;
    },
    get fake() {
      return running().fake;
    },
  };
}

/**
 * A new user's one step failed and was refunded, leaving nothing behind: the ledger has the sign-up
 * credits, the charge and its refund; the generation is refunded with `errorCode`; the history is empty.
 */
export async function expectOneStepRefunded(
  ts: TestServer,
  user: { id: string; cookie: string },
  errorCode: string,
): Promise<void> {
  expect((await ts.ctx.repos.credits.ledger(user.id)).map((r) => [r.type, r.amount])).toEqual([
    ['signup', 10],
    ['charge', -1],
    ['refund', 1],
  ]);
  const generation = ts.store.first(ts.store.db.selectFrom('generations').selectAll().where('user_id', '=', user.id));
  expect(generation).toMatchObject({ status: 'refunded', error_code: errorCode });
  expect((await ts.http.get('/api/history').set('cookie', user.cookie)).body.items).toEqual([]);
}

/**
 * The book once its story bible is up to date after an edit (the server re-derives it in the background and
 * the book says `bible_updating` meanwhile), as GET /api/progress answers it.
 */
export async function bibleSettled(
  ts: TestServer,
  cookie: string,
  bookType: string,
): Promise<{
  content: string[];
  book: { bible_updating?: boolean; bible_notes?: string; parts: Array<Record<string, unknown>> };
}> {
  for (let i = 0; i < 500; i++) {
    const saved = (await ts.http.get(`/api/progress/${bookType}`).set('cookie', cookie)).body;
    if (!saved.book?.bible_updating) return saved;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('the story bible was still being updated after 10 s');
}
