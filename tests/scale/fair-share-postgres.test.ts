// A writer's fair share holds across server instances (server/http/security.ts, docs/api.md "Fair shares"): two server
// instances on one Postgres (tests/postgres.ts), a writer with two costly requests under way on the first (manuscript
// previews whose bodies are still coming); a third on the second instance answers 429 `too_many_at_once` with
// Retry-After, while another writer is served there; once one of the two ends, the writer is served there again. Claims
// sent at once to both instances' stores take exactly the limit; a lease a killed process left expires.
import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorEnvelopeSchema } from '../../engine/contract/index.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const MANUSCRIPT = Buffer.from(
  'Chapter 1\n\nAisyah opened the bakery before dawn, and the street was still quiet.\n\n'.repeat(40),
);
let cluster: PostgresCluster | undefined;
const servers: RunningServer[] = [];

afterAll(async () => {
  for (const s of servers) await s.close();
  cluster?.stop();
});

const base = (s: RunningServer) => s.url.replace('localhost', '127.0.0.1');

async function signUp(s: RunningServer, email: string): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${base(s)}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'karya-secret1' }),
  });
  expect(res.status).toBe(201);
  return {
    cookie: res.headers.get('set-cookie')!.split(';')[0]!,
    id: String(((await res.json()) as { user: { id: string } }).user.id),
  };
}

const PREVIEW = '/api/books/import/preview?file=bab.txt';

/** A manuscript's preview whose body is still coming: its first bytes sent, the rest of the declared length never. */
function heldPreview(s: RunningServer, cookie: string): ClientRequest {
  const req = request(`${base(s)}${PREVIEW}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/octet-stream', 'content-length': String(MANUSCRIPT.length) },
  });
  req.on('error', () => undefined);
  req.write(MANUSCRIPT.subarray(0, 64));
  return req;
}

const preview = (s: RunningServer, cookie: string) =>
  fetch(`${base(s)}${PREVIEW}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(MANUSCRIPT),
  });

describe.skipIf(skip)("a writer's fair share across two server instances on one Postgres", () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    const env = {
      KARYA_DATABASE_URL: await cluster.createDatabase(),
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'silent',
    };
    servers.push(await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', runsWorker: false }, env));
    servers.push(await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent', runsWorker: false }, env));
  }, 120_000);

  it(
    'two under way on one instance: a third on the other answers 429 ' +
      'too_many_at_once, another writer is served; one ends, the writer is served again',
    async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const busy = await signUp(a, 'busy@karya.test');
      const other = await signUp(b, 'other@karya.test');
      const held = [heldPreview(a, busy.cookie), heldPreview(a, busy.cookie)];
      const shares = () => a.ctx.repos.shareLeases.heldBy({ userId: busy.id, now: Date.now() });
      await vi.waitFor(async () => expect(await shares()).toBe(2), { timeout: 10_000, interval: 20 });

      const third = await preview(b, busy.cookie);
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBe('2');
      expect(ApiErrorEnvelopeSchema.parse(await third.json()).error.code).toBe('too_many_at_once');
      expect((await preview(b, other.cookie)).status).toBe(200);

      held[0]!.destroy();
      await vi.waitFor(async () => expect(await shares()).toBe(1), { timeout: 10_000, interval: 20 });
      expect((await preview(b, busy.cookie)).status).toBe(200);
      held[1]!.destroy();
      await vi.waitFor(async () => expect(await shares()).toBe(0), { timeout: 10_000, interval: 20 });
    },
    60_000,
  );

  it(
    "ten of a writer's claims at once over both instances' stores: exactly two " +
      'taken; a lease its process never gave back stops counting once expired',
    async () => {
      const [a, b] = servers as [RunningServer, RunningServer];
      const now = Date.now();
      const claim = (s: RunningServer, i: number, at: number) =>
        s.ctx.repos.shareLeases.claim({
          userId: 'burst-writer',
          id: `burst-${at}-${i}`,
          limit: 2,
          now: at,
          until: at + 30_000,
        });
      const taken = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(i % 2 ? b : a, i, now)));
      expect(taken.filter(Boolean)).toHaveLength(2);
      expect(await claim(b, 99, now + 1_000)).toBe(false);
      // Neither was given back (their process killed): 30 s on, both have expired.
      expect(await claim(b, 100, now + 30_001)).toBe(true);
    },
  );
});
