// Two `karya serve` instances on one Postgres, one killed (SIGKILL) while it makes an edition: its lease is no longer
// renewed (its process stopped beating), so the writer's resume on the other instance waits at most a few seconds
// (one 409 with Retry-After), the part the killed run had charged and not delivered is refunded (by the other
// instance's sweep, or by the resume taking the lease over), and the resume charges only the parts still to
// translate: charged = delivered. The sweep's refund alone is tests/server/editions-store.test.ts's. Real processes,
// since SIGKILL and two instances are the point.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStream, json, killAll, spawnKarya } from '../karya-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { CHAPTERS, romanceSaves } from '../translate/book.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { openPostgres, type OpenedPostgres } from '../../server/store/postgres/connect.js';
import { postgresRepositories } from '../../server/store/postgres/index.js';
import { hashPassword } from '../../server/auth/password.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const EMAIL = 'translator@karya.test';
const PASSWORD = 'karya-secret1';
const CREDITS = 20;
const children: ChildProcess[] = [];
let cluster: PostgresCluster | undefined;
let fake: FakeOpenAI | undefined;
let database: OpenedPostgres | undefined;
let isHanging = false;

afterAll(async () => {
  killAll(children);
  await fake?.close();
  await database?.close();
  cluster?.stop();
});

/** The writer's charges and refunds as the database keeps them. */
async function ledger(userId: string) {
  const rows = await database!.db
    .selectFrom('credit_transactions')
    .select(['type', 'amount'])
    .where('user_id', '=', userId)
    .execute();
  return {
    charged: rows.filter((r) => r.type === 'charge').length,
    refunded: rows.filter((r) => r.type === 'refund').length,
  };
}

describe.skipIf(skip)('an edition on two instances, one killed mid-edition (Postgres)', () => {
  let a: Awaited<ReturnType<typeof spawnKarya>>;
  let b = '';
  let databaseUrl = '';

  beforeAll(async () => {
    const translator = fakeTranslator();
    fake = await startFakeOpenAI({
      reply: (body) => (isTranslateRequest(body) && isHanging ? { hang: true } : translator.reply(body)),
    });
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase();
    // A lease clock of 4 s: a run beats every second and holds its lease 3 s ahead; the sweep runs every second.
    const env = {
      ...process.env,
      KARYA_DATABASE_URL: databaseUrl,
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'warn',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseURL,
      KARYA_LEASE_TIMEOUT_MS: '4000',
    };
    const serve = () =>
      spawnKarya(['serve', '--port', '0', '--no-worker'], /running at (http:\/\/\S+)/, {
        env,
        timeoutMs: 90_000,
        children,
      });
    const started = await Promise.all([serve(), serve()]);
    a = started[0];
    b = started[1].match[1]!;
    database = await openPostgres(databaseUrl);
  }, 240_000);

  it(
    'lets the writer resume on the other instance at once, ' + 'the killed part refunded and only what is left charged',
    async () => {
      const repos = postgresRepositories(database!);
      let userId = '';
      let bookId = 0;
      try {
        const user = (await repos.users.create({
          email: EMAIL,
          passwordHash: await hashPassword(PASSWORD, 4),
          role: 'free',
        }))!;
        userId = user.id;
        await database!.db.updateTable('users').set({ credits_available: CREDITS }).where('id', '=', user.id).execute();
        bookId = await repos.books.saveImport({ userId, key: 'romance', saves: romanceSaves('en') });
      } finally {
        await repos.close();
      }
      const url = a.match[1]!;
      const signedIn = await json(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        body: { email: EMAIL, password: PASSWORD },
      });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.cookie!;

      // Instance A makes the edition: the first part is delivered, the second charged, and A is killed in it.
      const started = await fetch(`${url}/api/books/${bookId}/editions`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: url },
        body: JSON.stringify({ to: 'ms' }),
      });
      expect(started.status).toBe(200);
      await eventStream(started).waitFor('event: part');
      isHanging = true;
      await fake!.waitForChatRequests(fake!.chatRequests().length + 1);
      a.child.kill('SIGKILL');
      await new Promise((resolve) =>
        a.child.exitCode !== null || a.child.signalCode !== null ? resolve(undefined) : a.child.once('exit', resolve),
      );
      expect(await ledger(userId)).toEqual({ charged: 2, refunded: 0 });
      isHanging = false;

      // The writer resumes on B at once: answered, or refused once with a short Retry-After (A's lease lapses within
      // three of its 1 s beats), and answered when that has passed.
      const resume = async () => {
        const res = await fetch(`${b}/api/books/${bookId}/editions`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: b },
          body: JSON.stringify({ to: 'ms' }),
        });
        return {
          status: res.status,
          retryAfter: Number(res.headers.get('retry-after')),
          body: (await res.json()) as Record<string, any>,
        };
      };
      let resumed = await resume();
      if (resumed.status === 409) {
        expect(resumed.body.error.code).toBe('edition_running');
        const wait = resumed.retryAfter;
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(3);
        await new Promise((r) => setTimeout(r, wait * 1000));
        resumed = await resume();
      }
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
      expect(resumed.body.edition).toMatchObject({ lang: 'ms', parts_done: CHAPTERS });
      expect(resumed.body.credits_charged).toBe(CHAPTERS - 1);
      expect(resumed.body.credits_available).toBe(CREDITS - CHAPTERS);
      // Charged = delivered: every part paid once, the killed one given back.
      const after = await ledger(userId);
      expect(after.charged - after.refunded).toBe(CHAPTERS);
    },
    180_000,
  );
});
