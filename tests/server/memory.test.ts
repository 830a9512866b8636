// The server keeps a book's memory (the story so far) after each part at no charge: a usage record with
// no credits, the saved book holding the memory for the next step.
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer } from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());

describe('story memory on the server', () => {
  it(
    'after the introduction the book keeps its memory; ' + 'the update is recorded in usage and costs nothing',
    async () => {
      const cookie = await signUp(ts);
      const settings = { numberOfChapters: 7 };
      for (const step of [{ kind: 'outline' }, { kind: 'introduction' }]) {
        const res = await ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings, step });
        expect(res.status).toBe(200);
        expect(res.body.credits_charged).toBe(1);
      }
      const me = await ts.http.get('/api/me').set('cookie', cookie);
      expect(me.body.credits_available).toBe(8);
      const userId = me.body.id as string;
      // The update runs right after the answer, within the book's lock: wait for its record.
      let memoryRows: Array<{ credits_used: number; metadata: string }> = [];
      for (let i = 0; i < 100 && memoryRows.length === 0; i++) {
        memoryRows = ts.store
          .all(
            ts.store.db.selectFrom('usage_records').select(['credits_used', 'metadata']).where('user_id', '=', userId),
          )
          .filter((r) => JSON.parse(r.metadata).step === 'memory');
        if (!memoryRows.length) await new Promise((r) => setTimeout(r, 20));
      }
      expect(memoryRows).toHaveLength(1);
      expect(memoryRows[0]).toMatchObject({ credits_used: 0 });
      expect(JSON.parse(memoryRows[0]!.metadata)).toMatchObject({ generator: 'romance', step: 'memory', calls: 1 });
      const book = ts.store.first(
        ts.store.db
          .selectFrom('books')
          .select(['memory', 'memory_up_to'])
          .where('owner', '=', userId)
          .where('book_key', '=', 'romance'),
      );
      expect(book?.memory).toBeTruthy();
      expect(book?.memory_up_to).toBe(0);
      // The next chapter is still one credit.
      const chapter = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', cookie)
        .send({ settings, step: { kind: 'chapter', position: 1 } });
      expect(chapter.body).toMatchObject({ credits_charged: 1, credits_available: 7 });
    },
  );
});
