// Work Karya does for the writer is not taken from the writer's own generation allowance: reading an
// imported novel into its story bible asks the model once a chapter, and a writer allowed 4 generations at once
// (one more every 2 s) still gets their next step at once after a 6-chapter import, not a 429; and "make the
// edition" right after a 28-chapter import starts under the allowance the server ships with.
import { describe, expect, it } from 'vitest';
import { bibleSettled, parseEvents, signUp, startWithFakeModel, uniqueEmail } from './helpers.js';
import { fakeTranslator } from '../fake-translator.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { longNovelText } from '../publish/long-novel.js';

describe("an import's story bible and the writer's allowance", () => {
  it('after the bible of a 6-chapter import, the writer\u2019s next step is written at once', async () => {
    const { ts, fake } = await startWithFakeModel(underWriter(1).fakeOptions(), {
      config: { generationRate: { burst: 4, refillMs: 2_000 } },
    });
    try {
      const email = uniqueEmail('allowance');
      const cookie = await signUp(ts, email);
      const user = (await ts.ctx.repos.users.findByEmail(email))!;
      await ts.ctx.repos.credits.setBalance({ userId: user.id, credits: 100, reason: 'test' });
      const imported = await ts.http
        .post('/api/books/import?file=novel.txt&generator=romance')
        .set('cookie', cookie)
        .set('content-type', 'application/octet-stream')
        .send(Buffer.from(longNovelText({ chapters: 6 })));
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const bookType = imported.body.book.book_type as string;
      const saved = await bibleSettled(ts, cookie, bookType);
      // More bible requests than the writer's allowance holds at once: under one allowance the next step would wait.
      expect(
        fake.generationRequests().filter((r) => isBibleRequest(userOf(r.body as Record<string, unknown>))).length,
      ).toBeGreaterThan(4);
      const book = (
        saved as unknown as { book: { settings: Record<string, unknown>; next: { kind: string; position?: number } } }
      ).book;
      const step = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({
          settings: book.settings,
          step: { kind: book.next.kind, ...(book.next.position !== undefined ? { position: book.next.position } : {}) },
        });
      expect(step.status, JSON.stringify(step.body)).toBe(200);
    } finally {
      await Promise.all([ts.close(), fake.close()]);
    }
  }, 60_000);
});

describe('"Make the edition" right after a 28-chapter import', () => {
  it('starts under the shipped allowance (20 at once, 10 a minute): its stream opens, then Chapter 1', async () => {
    const translator = fakeTranslator();
    const options = underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) });
    const shipped = { generationRate: { burst: 20, refillMs: 6_000 } };
    const { ts, fake } = await startWithFakeModel(options, { config: shipped });
    const client = new AbortController();
    try {
      const email = uniqueEmail('edition-allowance');
      const cookie = await signUp(ts, email);
      const user = (await ts.ctx.repos.users.findByEmail(email))!;
      await ts.ctx.repos.credits.setBalance({ userId: user.id, credits: 500, reason: 'test' });
      const novel = Buffer.from(longNovelText({ chapters: 28 }));
      const imported = await ts.http
        .post('/api/books/import?file=novel.txt&generator=romance')
        .set('cookie', cookie)
        .set('content-type', 'application/octet-stream')
        .send(novel);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      // The bible has read more chapters than the writer's 20 at once (a background run: waited for as it goes).
      const isBible = (r: { body?: Record<string, unknown> }) => isBibleRequest(userOf(r.body ?? {}));
      const bibleReads = () => fake.generationRequests().filter(isBible).length;
      await fake.waitForChatRequests(1);
      const next = () => fake.waitForChatRequests(fake.chatRequests().length + 1);
      for (let i = 0; i < 600 && bibleReads() <= 20; i++) await next();
      expect(bibleReads()).toBeGreaterThan(20);
      const res = await fetch(`${ts.url}/api/books/${imported.body.book.id}/editions`, {
        method: 'POST',
        signal: client.signal,
        body: JSON.stringify({ to: 'ms' }),
        headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      let raw = '';
      const said = () => (parseEvents(raw) as Array<{ event: string }>).map((e) => e.event);
      const isEnough = () => said().includes('progress') || said().includes('error');
      while (!isEnough()) {
        const { value, done } = await reader.read();
        if (done) break;
        raw += new TextDecoder().decode(value);
      }
      const events = parseEvents(raw) as Array<{ event: string; data: Record<string, unknown> }>;
      expect(events[0]).toEqual({ event: 'waiting', data: { reason: 'model' } });
      const first = events.find((e) => e.event === 'progress');
      expect(first?.data).toMatchObject({ label: 'Chapter 1', parts_total: 28 });
    } finally {
      client.abort();
      await Promise.all([ts.close(), fake.close()]);
    }
  }, 120_000);
});
