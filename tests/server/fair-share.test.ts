// Fair shares of the server's costly work (server/http/security.ts, docs/api.md "Fair shares"): a writer may have
// two costly requests under way at once (cover uploads and checks, imports, side-by-side and bilingual reads); a
// third answers 429 `too_many_at_once` with Retry-After, in the writer's language, while another writer is served
// as usual; ten sent at once leave exactly two under way. Given back when a request ends, the writer is served
// again. Every writer's work together runs two at a time, the rest in turn, and a queue that is full answers 503
// `server_busy` with Retry-After.
import { request, type ClientRequest } from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorEnvelopeSchema } from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import { FAIR_SHARE, FairShares, sharesOf } from '../../server/http/security.js';
import { ApiError } from '../../server/errors/api-error.js';
import { serverOnFakeModel, signUp } from './helpers.js';
import { romanceSaves } from '../translate/book.js';

const served = serverOnFakeModel();
type Writer = { cookie: string; id: string; bookId: number };

async function writer(): Promise<Writer> {
  const { ts } = served;
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  return {
    cookie,
    id,
    bookId: await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') }),
  };
}

let cover: Buffer;
beforeAll(async () => {
  cover = await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
});

/**
 * A cover upload whose body is still coming: its first bytes (a JPEG's) sent, the rest of the declared 1 MB never. The
 * answer, if one comes.
 */
function heldUpload(w: Writer): {
  req: ClientRequest;
  answer: Promise<{ status: number; retryAfter?: string; body: unknown }>;
} {
  const url = new URL(`${served.ts.url}/api/books/${w.bookId}/cover?file=cover.jpg`);
  let req!: ClientRequest;
  const answer = new Promise<{ status: number; retryAfter?: string; body: unknown }>((resolve) => {
    req = request(
      url,
      {
        method: 'PUT',
        headers: { cookie: w.cookie, 'content-type': 'image/jpeg', 'content-length': String(1024 * 1024) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ...(res.headers['retry-after'] ? { retryAfter: res.headers['retry-after'] } : {}),
            body: JSON.parse(text) as unknown,
          }),
        );
      },
    );
    req.on('error', () => undefined);
    req.write(cover.subarray(0, 64));
  });
  return { req, answer };
}

const errorOf = (body: unknown) => ApiErrorEnvelopeSchema.parse(body).error;
const heldBy = (w: Writer) => sharesOf(served.ts.ctx).heldBy(w.id);

describe("a writer's fair share of the server", () => {
  it(
    'two costly requests under way; a third answers 429 too_many_at_once with ' +
      'Retry-After; another writer is served meanwhile; the writer again once one ends',
    async () => {
      const { ts } = served;
      const [busy, other] = [await writer(), await writer()];
      const held = [heldUpload(busy), heldUpload(busy)];
      await vi.waitFor(() => expect(heldBy(busy)).toBe(FAIR_SHARE.perUser));

      const third = await ts.http
        .put(`/api/books/${busy.bookId}/cover`)
        .query({ file: 'cover.jpg' })
        .set('cookie', busy.cookie)
        .set('content-type', 'image/jpeg')
        .send(cover);
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(errorOf(third.body)).toEqual({
        code: 'too_many_at_once',
        message: catalogueMessage('too_many_at_once_wait', 'en', { wait: '2 seconds' }),
      });
      // A side-by-side read and an import are costly too: refused the same.
      const side = await ts.http.get(`/api/books/${busy.bookId}/side-by-side`).set('cookie', busy.cookie);
      expect([side.status, errorOf(side.body).code]).toEqual([429, 'too_many_at_once']);
      const preview = await ts.http
        .post('/api/books/import/preview')
        .query({ file: 'book.txt' })
        .set('cookie', busy.cookie)
        .set('content-type', 'text/plain')
        .send('Chapter 1\n\nIt was late.');
      expect([preview.status, errorOf(preview.body).code]).toEqual([429, 'too_many_at_once']);

      // The other writer: their profile and their own cover, as ever.
      expect((await ts.http.get('/api/me').set('cookie', other.cookie)).status).toBe(200);
      const theirs = await ts.http
        .put(`/api/books/${other.bookId}/cover`)
        .query({ file: 'cover.jpg' })
        .set('cookie', other.cookie)
        .set('content-type', 'image/jpeg')
        .send(cover);
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);

      // One upload given up: its share is back, and the writer's cover is kept.
      held[0]!.req.destroy();
      await vi.waitFor(() => expect(heldBy(busy)).toBe(1));
      const kept = await ts.http
        .put(`/api/books/${busy.bookId}/cover`)
        .query({ file: 'cover.jpg' })
        .set('cookie', busy.cookie)
        .set('content-type', 'image/jpeg')
        .send(cover);
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.cover).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
      held[1]!.req.destroy();
      await vi.waitFor(() => expect(heldBy(busy)).toBe(0));
    },
  );

  it('ten uploads sent at once: exactly two under way, eight refused with 429', async () => {
    const busy = await writer();
    const burst = Array.from({ length: 10 }, () => heldUpload(busy));
    const answered: Array<{ status: number; retryAfter?: string; body: unknown }> = [];
    for (const b of burst) void b.answer.then((a) => answered.push(a));
    await vi.waitFor(() => expect(answered.length).toBe(8));
    expect(answered.map((a) => [a.status, errorOf(a.body).code, Number(a.retryAfter) >= 1])).toEqual(
      Array(8).fill([429, 'too_many_at_once', true]),
    );
    expect(heldBy(busy)).toBe(FAIR_SHARE.perUser);
    for (const b of burst) b.req.destroy();
    await vi.waitFor(() => expect(heldBy(busy)).toBe(0));
  });

  it("in Malay and Indonesian: the 429 in the writer's language", async () => {
    const { ts } = served;
    const busy = await writer();
    const held = [heldUpload(busy), heldUpload(busy)];
    await vi.waitFor(() => expect(heldBy(busy)).toBe(2));
    for (const lang of ['ms', 'id'] as const) {
      expect((await ts.http.put('/api/me/lang').set('cookie', busy.cookie).send({ lang })).status).toBe(200);
      const res = await ts.http.get(`/api/books/${busy.bookId}/side-by-side`).set('cookie', busy.cookie);
      expect(res.status).toBe(429);
      expect(errorOf(res.body).message).toBe(
        catalogueMessage('too_many_at_once_wait', lang, { wait: catalogueMessage('wait_seconds', lang, { n: '2' }) }),
      );
    }
    for (const h of held) h.req.destroy();
    await vi.waitFor(() => expect(heldBy(busy)).toBe(0));
  });
});

describe("every writer's costly work together", () => {
  /** A piece of work that ends when told to. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it(
    'runs two at a time, the rest in the order they came; ' + 'a full queue answers 503 server_busy with Retry-After',
    async () => {
      const shares = new FairShares({ perUser: 2, running: 2, waiting: 2, retryAfterMs: 3_000 });
      const started: number[] = [];
      const gates = [gate(), gate(), gate(), gate()];
      const runs = gates.map((g, i) =>
        shares.run(async () => {
          started.push(i);
          await g.opened;
          return i;
        }),
      );
      await vi.waitFor(() => expect(started).toEqual([0, 1]));
      const refused = await shares.run(() => 'never').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({
        status: 503,
        code: 'server_busy',
        retryAfterSeconds: 3,
        message: catalogueMessage('server_busy', 'en', { seconds: '3' }),
      });
      for (const lang of ['ms', 'id'] as const)
        expect(catalogueMessage('server_busy', lang, { seconds: '3' })).toContain('3');
      gates[1]!.open();
      await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));
      gates[0]!.open();
      await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]));
      gates[2]!.open();
      gates[3]!.open();
      expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    },
  );
});
