// Work Karya does for the writer is not taken from the writer's own generation allowance: reading an
// imported novel into its story bible asks the model once a chapter, and a writer allowed 4 generations at once
// (one more every 2 s) still gets their next step at once after a 6-chapter import, not a 429.
import { describe, expect, it } from 'vitest';
import { bibleSettled, signUp, startWithFakeModel, uniqueEmail } from './helpers.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { longNovelText } from '../publish/long-novel.js';

describe("an import's story bible and the writer's allowance", () => {
  it('after the bible of a 6-chapter import, the writer\u2019s next step is written at once', async () => {
    const { ts, fake } = await startWithFakeModel(underWriter(1).fakeOptions(), { config: { generationRate: { burst: 4, refillMs: 2_000 } } });
    try {
      const email = uniqueEmail('allowance');
      const cookie = await signUp(ts, email);
      const user = (await ts.ctx.repos.users.findByEmail(email))!;
      await ts.ctx.repos.credits.setBalance({ userId: user.id, credits: 100, reason: 'test' });
      const imported = await ts.http.post('/api/books/import?file=novel.txt&generator=romance').set('cookie', cookie).set('content-type', 'application/octet-stream').send(Buffer.from(longNovelText({ chapters: 6 })));
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const bookType = imported.body.book.book_type as string;
      const saved = await bibleSettled(ts, cookie, bookType);
      // More bible requests than the writer's allowance holds at once: under one allowance the next step would wait.
      expect(fake.generationRequests().filter((r) => isBibleRequest(userOf(r.body as Record<string, unknown>))).length).toBeGreaterThan(4);
      const book = (saved as unknown as { book: { settings: Record<string, unknown>; next: { kind: string; position?: number } } }).book;
      const step = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: book.settings, step: { kind: book.next.kind, ...(book.next.position !== undefined ? { position: book.next.position } : {}) } });
      expect(step.status, JSON.stringify(step.body)).toBe(200);
    } finally {
      await Promise.all([ts.close(), fake.close()]);
    }
  }, 60_000);
});
