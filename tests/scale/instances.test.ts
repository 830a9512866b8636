// Scale-out on one Postgres (KARYA_DATABASE_URL): two `karya serve --no-worker` instances and two
// `karya worker` processes, spawned for real because several processes and SIGKILL are the point.
// A session made on one instance works on the other; a credit race split over both instances grants
// exactly the balance; a worker killed mid-step leaves the request to finish on the other worker,
// charged once and written once.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { eventStream, json, killAll, spawnKarya } from '../karya-process.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const ADMIN = 'boss@karya.test';
const children: ChildProcess[] = [];
let cluster: PostgresCluster | undefined;
let fake: FakeOpenAI | undefined;
let databaseUrl = '';
let isSlow = false;
/** The fake model's pause between streamed words (read before each word). */
let wordDelayMs = 25;
const LONG = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');

afterAll(async () => {
  killAll(children);
  await fake?.close();
  cluster?.stop();
});

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    KARYA_DATABASE_URL: databaseUrl,
    KARYA_ADMIN_EMAIL: ADMIN,
    KARYA_SCRYPT_LOG_N: '4',
    KARYA_LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: fake!.baseURL,
    KARYA_WORKER_CONCURRENCY: '4',
    // The per-user generation rate (a shared bucket) would answer 429 before the credits run out: the race is about
    // credits.
    KARYA_GENERATION_BURST: '1000',
    // A killed worker's lease is swept after 5 s (not 20: renewed and swept every 1.25 s), and a step with no
    // worker connected gets 503 after 1 s (not 15; read every 2 s): the same takeover and the same bounded wait,
    // sooner.
    KARYA_LEASE_TIMEOUT_MS: '5000',
    KARYA_NO_WORKER_MS: '1000',
  };
}

/** Spawn `karya <args>` and wait for the line that says it is ready. */
const karya = (args: string[], ready: RegExp) => spawnKarya(args, ready, { env: env(), timeoutMs: 90_000, children });

async function signUp(url: string, email: string) {
  const res = await json(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    body: { email, password: 'karya-secret1' },
  });
  expect(res.status).toBe(201);
  return { cookie: res.cookie!, id: String(res.body.user.id) };
}

describe.skipIf(skip)('two server instances and two workers on one Postgres', () => {
  let a = '';
  let b = '';
  let admin = '';
  const workers: Array<{ child: ChildProcess; id: string }> = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      streamDelayMs: () => wordDelayMs,
      answer: () => (isSlow ? LONG : 'A short marked poem'),
    });
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase();
    // All four at once on the new database, as a deployment starts (each migrates under kysely's lock:
    // tests/scale/startup.test.ts).
    const started = await Promise.all([
      karya(['serve', '--port', '0', '--no-worker'], /running at (http:\/\/\S+)/),
      karya(['serve', '--port', '0', '--no-worker'], /running at (http:\/\/\S+)/),
      karya(['worker', '--concurrency', '4'], /karya worker (\S+):/),
      karya(['worker', '--concurrency', '4'], /karya worker (\S+):/),
    ]);
    a = started[0].match[1]!;
    b = started[1].match[1]!;
    for (const w of started.slice(2)) workers.push({ child: w.child, id: w.match[1]! });
    admin = (await signUp(a, ADMIN)).cookie;
  }, 240_000);

  it('a session made on instance A works on instance B', async () => {
    const user = await signUp(a, 'traveller@karya.test');
    const me = await json(`${b}/api/me`, { cookie: user.cookie });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('traveller@karya.test');
    expect((await json(`${b}/api/auth/sign-out`, { method: 'POST', cookie: user.cookie })).status).toBeLessThan(300);
    expect((await json(`${a}/api/me`, { cookie: user.cookie })).status).toBe(401);
  });

  it("the admin's live user list on A shows a change made on B", async () => {
    const controller = new AbortController();
    const res = await fetch(`${a}/api/admin/users/events`, { headers: { cookie: admin }, signal: controller.signal });
    const { waitFor } = eventStream(res);
    await waitFor('event: users');
    const user = await signUp(b, 'watched@karya.test');
    await waitFor('watched@karya.test');
    expect(
      (await json(`${b}/api/admin/users/${user.id}`, { method: 'PATCH', cookie: admin, body: { credits: 321 } }))
        .status,
    ).toBe(200);
    await waitFor('"credits_available":321');
    controller.abort();
  });

  it(
    '50 generation requests alternating A and B from a ' + 'user with 20 credits: exactly 20 succeed, balance 0',
    async () => {
      const user = await signUp(a, 'racer@karya.test');
      expect(
        (await json(`${b}/api/admin/users/${user.id}`, { method: 'PATCH', cookie: admin, body: { credits: 20 } }))
          .status,
      ).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          json(`${i % 2 ? b : a}/api/generators/poems/generate`, {
            method: 'POST',
            cookie: user.cookie,
            body: { settings: {} },
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.filter((s) => s === 402)).toHaveLength(30);
      const me = await json(`${b}/api/me`, { cookie: user.cookie });
      expect(JSON.stringify(me.body)).toMatch(/"credits_available":0\b/);
      const history = await json(`${a}/api/history?limit=100`, { cookie: user.cookie });
      expect(history.body.items).toHaveLength(20);
    },
    240_000,
  );

  it(
    'two requests for the same book on A and B at once ' + 'run one after the other: outline, then introduction',
    async () => {
      const user = await signUp(a, 'novelist@karya.test');
      const body = { settings: { settingType: 'urban' } };
      const results = await Promise.all(
        [a, b].map((url) =>
          json(`${url}/api/generators/romance/generate`, { method: 'POST', cookie: user.cookie, body }),
        ),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results.map((r) => r.body.part.kind).sort()).toEqual(['introduction', 'outline']);
      const progress = await json(`${b}/api/progress/romance`, { cookie: user.cookie });
      expect(progress.status).toBe(200);
      expect(progress.body.book.parts).toHaveLength(1);
      expect(progress.body.book.outline).not.toBeNull();
    },
    120_000,
  );

  it('a worker SIGKILLed mid-step: the request completes on the other worker, charged once, written once', async () => {
    isSlow = true;
    const user = await signUp(b, 'survivor@karya.test');
    const before = (await json(`${a}/api/me`, { cookie: user.cookie })).body;
    const res = await fetch(`${a}/api/generators/dad-jokes/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie: user.cookie },
      body: JSON.stringify({ settings: {} }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let isKilled = false;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        if (!isKilled && text.includes('event: delta')) {
          // The worker holding the step's lease is the one to kill.
          const { rows } = await client.query<{ worker_id: string }>('SELECT worker_id FROM step_leases');
          expect(rows).toHaveLength(1);
          const victim = workers.find((w) => w.id === rows[0]!.worker_id)!;
          victim.child.kill('SIGKILL');
          isKilled = true;
          // The step's retry on the other worker: its pace is not the point (a slow first attempt was, to be killed
          // mid-step).
          wordDelayMs = 0;
        }
      }
      expect(isKilled).toBe(true);
      expect(text).toContain('event: done');
      const done = JSON.parse(/event: done\ndata: (.*)\n/.exec(text)![1]!) as {
        generation_id: string;
        content: string;
        credits_charged: number;
      };
      expect(done.content).toContain('word119');
      const charges = await client.query(
        'SELECT type, amount FROM credit_transactions WHERE reference = $1 ORDER BY id',
        [done.generation_id],
      );
      expect(charges.rows).toEqual([{ type: 'charge', amount: -done.credits_charged }]);
      const generations = await client.query('SELECT status FROM generations WHERE id = $1', [done.generation_id]);
      expect(generations.rows).toEqual([{ status: 'succeeded' }]);
      const history = await json(`${b}/api/history?limit=100`, { cookie: user.cookie });
      expect(history.body.items).toHaveLength(1);
      const after = (await json(`${b}/api/me`, { cookie: user.cookie })).body;
      const creditsBefore = Number(/"credits_available":(\d+)/.exec(JSON.stringify(before))![1]);
      expect(JSON.stringify(after)).toContain(`"credits_available":${creditsBefore - done.credits_charged}`);
    } finally {
      await client.end();
    }
  }, 180_000);

  it('with no worker alive, a generation gets 503 after a bounded wait, nothing charged', async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    const user = await signUp(a, 'alone@karya.test');
    const before = JSON.stringify((await json(`${a}/api/me`, { cookie: user.cookie })).body);
    const res = await json(`${a}/api/generators/poems/generate`, {
      method: 'POST',
      cookie: user.cookie,
      body: { settings: {} },
    });
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    const credits = (text: string) => /"credits_available":(\d+)/.exec(text)![1];
    expect(credits(JSON.stringify((await json(`${b}/api/me`, { cookie: user.cookie })).body))).toBe(credits(before));
  }, 60_000);
});
