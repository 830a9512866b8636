// A paid part of an imported book's story bible on a model that answers 429 from some part on: the part is sent
// three times, the provider's own tries (engine/providers/retry.ts), and not read again on top of them (a part
// whose answer was refused or in another language is asked twice; a rate limit has had its tries already). It fails
// as a part the model keeps failing does: not charged, its credits and the next parts' given back.
import { describe, expect, it, vi } from 'vitest';
import { bibleSettled, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { malayManuscript } from '../import/manuscript.js';
import { isBibleUpdating } from '../../server/core/bible-catch-up.js';

/** From this bible request on (counted from 1), every one answers 429 with no wait to speak of; 0: none does. */
let limitBibleFrom = 0;
let bibleAsks = 0;
const model = underWriter(1);
const served = serverOnFakeModel(
  model.fakeOptions({
    reply: (body) => {
      if (!isBibleRequest(userOf(body))) return undefined;
      bibleAsks++;
      return limitBibleFrom && bibleAsks >= limitBibleFrom
        ? { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '0.05' } }
        : undefined;
    },
  }),
);

const upload = (ts: TestServer, cookie: string) =>
  ts.http
    .post('/api/books/import?file=bab.txt&generator=romance')
    .set('cookie', cookie)
    .set('content-type', 'application/octet-stream')
    .send(Buffer.from(malayManuscript(5, 'roman')));

describe('a bible part on a rate-limited model', () => {
  it('is requested three times in all, then fails uncharged with the parts after it', { timeout: 60_000 }, async () => {
    const { ts } = served;
    const cookie = await signUp(ts);
    const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
    ts.store.run(ts.store.db.updateTable('users').set({ credits_available: 10 }).where('id', '=', id));
    bibleAsks = 0;
    limitBibleFrom = 4;
    try {
      const res = await upload(ts, cookie);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await vi.waitFor(() => expect(isBibleUpdating(ts.ctx, id, 'romance')).toBe(false), {
        timeout: 20_000,
        interval: 20,
      });
      const saved = await bibleSettled(ts, cookie, 'romance');
      const parts = (saved.book as unknown as { parts: Array<{ label: string; bible_updated?: false }> }).parts;
      // Bab 1 to 3 read at the first ask; Bab 4 three times (the provider's first request and its two retries); Bab 5
      // never.
      expect(bibleAsks).toBe(3 + 3);
      expect(parts.filter((p) => p.bible_updated === false).map((p) => p.label)).toEqual(['Bab 4', 'Bab 5']);
      expect((await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available).toBe(7);
    } finally {
      limitBibleFrom = 0;
    }
  });
});
