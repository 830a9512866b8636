// A publish waiting for its build's turn holds no cover picture (four publishes at once with a 40-megapixel
// cover each held its bytes while they waited): the writer's picture is read from the store only when the build's
// turn comes, and the package is made from it as ever. A picture removed while the publish waited leaves the package
// a lettered cover, as a book without a picture has.
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublishResponseSchema } from '../../engine/contract/index.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { publishGate } from '../../server/core/publish-gate.js';
import type { CoverRepository } from '../../server/store/queries/covers.js';
import { downloadOf, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

// epubcheck is a JVM run of several seconds that nothing here reads: tests/publish/ check its verdict.
const PATH_BEFORE = process.env.PATH;
let ts: TestServer;
/** How many times a cover picture's bytes were read from the store. */
let reads = 0;
beforeAll(async () => {
  process.env.PATH = WITHOUT_EPUBCHECK.PATH;
  ts = await startTestServer();
  const coversOf = ts.ctx.repos.covers;
  ts.ctx.repos = {
    ...ts.ctx.repos,
    covers: (owner: string): CoverRepository => {
      const covers = coversOf(owner);
      return { ...covers, find: (bookId) => ((reads += 1), covers.find(bookId)) };
    },
  };
});
afterAll(async () => {
  await ts?.close();
  process.env.PATH = PATH_BEFORE;
});

/** A signed-up writer with a finished one-chapter picture book (offline model; the cover is the point), and its id. */
async function writerWithBook(): Promise<{ cookie: string; bookId: number }> {
  const email = uniqueEmail('cover-turn');
  const cookie = await signUp(ts, email);
  const userId = (await ts.ctx.repos.users.findByEmail(email))!.id;
  await ts.ctx.repos.credits.setBalance({ userId, credits: 100, reason: 'test' });
  for (;;) {
    const settings = { numberOfChapters: 1, ageGroup: '3-5' };
    const res = await ts.http.post('/api/generators/children/generate').set('cookie', cookie).send({ settings });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if ((res.body as { next: unknown }).next === null) break;
  }
  return { cookie, bookId: (await ts.ctx.repos.books.findBookId({ userId, key: 'children' }))! };
}

/** The build's turn taken by another publish until `free` is called. */
function turnTaken(): { free: () => void; done: Promise<void> } {
  let free!: () => void;
  const done = publishGate().run(() => new Promise<void>((resolve) => (free = resolve)));
  return { free: () => free(), done };
}

const GREEN = { r: 30, g: 140, b: 60 };

/** The mean colour of a picture, channel by channel (0-255). */
async function meanColour(image: Uint8Array): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe("a publish waiting for its build's turn", () => {
  let writer: Awaited<ReturnType<typeof writerWithBook>>;
  beforeAll(async () => {
    writer = await writerWithBook();
    const create = { width: 1600, height: 2560, channels: 3 as const, background: GREEN };
    const green = await sharp({ create }).jpeg().toBuffer();
    const put = await ts.http
      .put(`/api/books/${writer.bookId}/cover`)
      .query({ file: 'green.jpg' })
      .set('cookie', writer.cookie)
      .set('content-type', 'image/jpeg')
      .send(green);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }, 120_000);

  const publish = () =>
    ts.http
      .post('/api/books/children/publish')
      .set('cookie', writer.cookie)
      .send({ author: 'Siti Aminah' })
      .then((res) => res);
  const coverOfPackage = async () => {
    const zip = await downloadOf(ts, '/api/books/children/publish/package', writer.cookie);
    return unzipSync(new Uint8Array(zip.body as Buffer))['cover.jpg']!;
  };
  const isGreen = (colour: number[]) => colour.every((v, i) => Math.abs(v - [GREEN.r, GREEN.g, GREEN.b][i]!) <= 3);

  it("has not read the writer's picture; once its turn comes, the package's cover is that picture", async () => {
    const turn = turnTaken();
    reads = 0;
    const answer = publish();
    await vi.waitFor(() => expect(publishGate().load.waiting).toBe(1), { timeout: 60_000, interval: 20 });
    expect(reads).toBe(0);
    turn.free();
    await turn.done;
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { steps } = PublishResponseSchema.parse(res.body).package;
    expect(steps.find((s) => s.part === 'cover')).toMatchObject({ cost: 0, skipped: 'own_cover' });
    expect(reads).toBe(1);
    const colour = await meanColour(await coverOfPackage());
    expect(isGreen(colour), String(colour)).toBe(true);
  }, 180_000);

  it('whose picture is removed meanwhile gets a lettered cover, not an error', async () => {
    const turn = turnTaken();
    const answer = publish();
    await vi.waitFor(() => expect(publishGate().load.waiting).toBe(1), { timeout: 60_000, interval: 20 });
    const removed = await ts.http.delete(`/api/books/${writer.bookId}/cover`).set('cookie', writer.cookie);
    expect(removed.status).toBe(200);
    turn.free();
    await turn.done;
    const res = await answer;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const colour = await meanColour(await coverOfPackage());
    expect(isGreen(colour), String(colour)).toBe(false);
  }, 180_000);
});
