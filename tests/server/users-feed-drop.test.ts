// The admin's live user list on Postgres hears changes through one LISTEN connection. When that connection is cut
// (the database restarted, a network blip, pg_terminate_backend), the list does not go silent: the connection is
// opened again, the list is sent whole once more (a change made while nobody listened is in it), and later
// changes are heard one by one as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.js';
import { USERS_FEED_APPLICATION } from '../../server/store/postgres/index.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

/** The stream's text so far, and a wait until it says what a test looks for. */
function liveStream(res: Response): { until(seen: (text: string) => boolean): Promise<string> } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    async until(seen) {
      while (!seen(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended: ${text}`);
        text += decoder.decode(value, { stream: true });
      }
      return text;
    },
  };
}
/** How many times the whole list was sent. */
const lists = (text: string): number => text.split('event: users\n').length - 1;

const ADMIN = 'feed-admin@karya.test';
const PASSWORD = 'karya-secret1';

describe.skipIf(skip)("the admin's live user list when its listening connection drops (Postgres)", () => {
  let cluster: PostgresCluster | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    cluster = await startPostgres();
    const env = {
      KARYA_DATABASE_URL: await cluster.createDatabase(),
      KARYA_ADMIN_EMAIL: ADMIN,
      KARYA_ADMIN_PASSWORD: PASSWORD,
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'silent',
    };
    server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' }, env);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    cluster?.stop();
  });

  /** The feed's listening backends in this database. */
  async function feedBackends(): Promise<number[]> {
    const { rows } = await server!.store.postgres!.pool.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [USERS_FEED_APPLICATION],
    );
    return rows.map((r) => r.pid);
  }

  it('is sent whole again after the drop, with the change made meanwhile, and hears later changes', async () => {
    const base = server!.url.replace('localhost', '127.0.0.1');
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const users = server!.ctx.repos.users;
    const watched = (await users.create({ email: 'watched@karya.test', passwordHash: 'x', role: 'free' }))!;

    const controller = new AbortController();
    const res = await fetch(`${base}/api/admin/users/events`, { headers: { cookie }, signal: controller.signal });
    const stream = liveStream(res);
    await stream.until((text) => lists(text) === 1);
    const [before] = await feedBackends();
    expect(before).toBeDefined();

    // The connection is cut, and a change is made at once, while the feed may not be listening.
    await server!.store.postgres!.pool.query('SELECT pg_terminate_backend($1)', [before]);
    await users.updateProfile({ userId: watched.id, bio: 'Written while the feed was away' });
    // The list arrives whole a second time, and the change made meanwhile is shown (in it, or heard on its own).
    await stream.until((text) => lists(text) === 2 && text.includes('"bio":"Written while the feed was away"'));
    const after = await feedBackends();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);

    // Listening again: a later change comes on its own.
    await users.updateProfile({ userId: watched.id, bio: 'Written after it came back' });
    await stream.until((text) => text.includes('"bio":"Written after it came back"'));
    controller.abort();
  }, 60_000);
});
