// POST /api/books/import: an uploaded manuscript becomes the writer's current book of a generator
// (the book there before is kept), every part the writer's own; its story bible is built in the background
// from the parts, one model call a part, paid from the credits held for it at the import (what is not spent
// comes back); too few credits answer 402 and nothing is saved; then the book is continued with the next
// chapter like any other. The AI API is the fake server of tests/fake-openai.ts answering as the scripted
// under-writer.
import { describe, expect, it } from 'vitest';
import { bibleSettled, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { CHAPTER_TITLES, gutenbergNovel, malayManuscript } from '../import/manuscript.js';

let failBibleAt = 0;
let bibleAsks = 0;
const model = underWriter(1);
const served = serverOnFakeModel(
  model.fakeOptions({
    reply: (body) => {
      if (!isBibleRequest(userOf(body))) return undefined;
      bibleAsks++;
      return failBibleAt && bibleAsks >= failBibleAt
        ? { status: 500, body: { error: { message: 'down' } } }
        : undefined;
    },
  }),
  {},
);

const upload = (ts: TestServer, cookie: string, query: string, body: string | Buffer) =>
  ts.http
    .post(`/api/books/import?${query}`)
    .set('cookie', cookie)
    .set('content-type', 'application/octet-stream')
    .send(Buffer.from(body));

/** A user with `credits` credits in all. */
async function userWith(
  ts: TestServer,
  credits: number,
): Promise<{ cookie: string; id: string; credits: () => number }> {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  ts.store.run(ts.store.db.updateTable('users').set({ credits_available: credits }).where('id', '=', id));
  const read = () =>
    ts.store.first(ts.store.db.selectFrom('users').select('credits_available').where('id', '=', id))!.credits_available;
  return { cookie, id, credits: read };
}

describe('POST /api/books/import', () => {
  it(
    'saves the 28 chapters as the current romance, builds the ' +
      'bible for 28 credits, and chapter 29 follows on from them',
    async () => {
      const { ts, fake } = served;
      const user = await userWith(ts, 40);
      const preview = await ts.http
        .post('/api/books/import/preview?file=orchard.txt&generator=romance')
        .set('cookie', user.cookie)
        .send(Buffer.from(gutenbergNovel().text));
      expect(preview.body.cost).toEqual({ credits: 28, parts: 28 });
      // The most chapters romance's menu offers (its chapter menu ends at 20), for the studio's form.
      expect(preview.body.chaptersMost).toBe(20);
      const before = fake.generationRequests().length;
      const res = await upload(
        ts,
        user.cookie,
        'file=orchard.txt&generator=romance&chapters=30',
        gutenbergNovel().text,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        book: {
          book_type: 'romance',
          generator: 'romance',
          title: 'The Orchard Gate',
          lang: 'en',
          chapters: { imported: 28, total: 30 },
          finished: false,
        },
        cost: { credits: 28, parts: 28 },
      });
      const saved = await bibleSettled(ts, user.cookie, 'romance');
      // One bible call a chapter, each charged: 40 - 28.
      expect(
        fake
          .generationRequests()
          .slice(before)
          .filter((r) => isBibleRequest(userOf(r.body ?? {}))),
      ).toHaveLength(28);
      expect(user.credits()).toBe(12);
      expect(saved.book.parts.filter((p) => p.kind === 'chapter')).toHaveLength(28);
      expect(saved.book.parts.every((p) => p.bible_updated !== false)).toBe(true);
      // The writer's chapters are marked theirs and not measured against a model's length (no Write more offered).
      expect(saved.book.parts.every((p) => p.is_authored === true && p.is_short === undefined)).toBe(true);
      const books = (await ts.http.get('/api/books').set('cookie', user.cookie)).body.books as Array<{
        title: string;
        is_current: boolean;
      }>;
      expect(books).toHaveLength(1);

      // The outline first (the written chapters as they are, the rest planned), then chapter 29: sent the bible
      // of the imported chapters and the end of chapter 28.
      const outline = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', user.cookie)
        .send({ settings: {} });
      expect(outline.status, JSON.stringify(outline.body)).toBe(200);
      expect(outline.body.part).toMatchObject({ kind: 'outline' });
      const from = fake.generationRequests().length;
      const next = await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', user.cookie)
        .send({ settings: {} });
      expect(next.status, JSON.stringify(next.body)).toBe(200);
      const asked = fake
        .generationRequests()
        .slice(from)
        .map((r) => userOf(r.body ?? {}))
        .find((u) => !isBibleRequest(u))!;
      expect(asked).toContain('Aisha Rahman');
      const lastLine = gutenbergNovel()
        .text.split('\n')
        .filter((l) => /Margaret/.test(l))
        .at(-1)!;
      expect(asked).toContain(lastLine.split(' ').slice(-8).join(' '));
      const view = (await ts.http.get('/api/progress/romance').set('cookie', user.cookie)).body.book;
      const chapters = view.parts.filter((p: { kind: string }) => p.kind === 'chapter');
      expect(chapters.map((p: { label: string }) => p.label).slice(-2)).toEqual(['Chapter 28', 'Chapter 29']);
      expect(JSON.stringify(chapters[27])).toContain(CHAPTER_TITLES[27]);
    },
  );

  it(
    'too few credits for the bible: 402 before anything is ' +
      'saved or asked; a mixed-language file asks for the language',
    async () => {
      const { ts, fake } = served;
      const user = await userWith(ts, 10);
      const before = fake.generationRequests().length;
      const poor = await upload(ts, user.cookie, 'file=orchard.txt&generator=romance', gutenbergNovel().text);
      expect(poor.status).toBe(402);
      expect(poor.body.error.code).toBe('insufficient_credits');
      const mixed = await upload(
        ts,
        user.cookie,
        'file=mixed.txt&generator=romance',
        `${gutenbergNovel().text.slice(0, 40_000)}\n\n${malayManuscript(12, 'digits')}`,
      );
      expect(mixed.status).toBe(400);
      expect(mixed.body.error.code).toBe('import_language_unclear');
      const few = await upload(
        ts,
        user.cookie,
        'file=bab.txt&generator=romance&chapters=2',
        malayManuscript(4, 'roman'),
      );
      expect(few.status).toBe(400);
      expect(few.body.error).toMatchObject({ code: 'import_chapters_fewer' });
      // Files the import refuses: the same catalogue errors as the preview's, nothing saved.
      const png = await upload(
        ts,
        user.cookie,
        'file=cover.docx&generator=romance',
        Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      );
      expect([png.status, png.body.error.code]).toEqual([400, 'import_not_format']);
      const empty = await upload(ts, user.cookie, 'file=empty.txt&generator=romance', Buffer.alloc(0));
      expect([empty.status, empty.body.error.code]).toEqual([400, 'import_empty']);
      const huge = await upload(
        ts,
        user.cookie,
        'file=huge.txt&generator=romance',
        Buffer.alloc(21 * 1024 * 1024, 0x61),
      );
      expect([huge.status, huge.body.error.code]).toEqual([413, 'import_too_large']);
      const notBook = await upload(ts, user.cookie, 'file=bab.txt&generator=poems', malayManuscript(4, 'roman'));
      expect(notBook.status).toBe(404);
      expect(fake.generationRequests().length).toBe(before);
      expect((await ts.http.get('/api/books').set('cookie', user.cookie)).body.books).toEqual([]);
      expect(user.credits()).toBe(10);
    },
  );

  it(
    'a Malay manuscript is Malay by itself; a part whose bible ' +
      'call fails twice is not charged, nor the parts after it',
    async () => {
      const { ts } = served;
      const user = await userWith(ts, 10);
      bibleAsks = 0;
      failBibleAt = 4;
      try {
        const res = await upload(ts, user.cookie, 'file=bab.txt&generator=romance', malayManuscript(5, 'roman'));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.book).toMatchObject({ lang: 'ms', chapters: { imported: 5, total: 5 } });
        const saved = await bibleSettled(ts, user.cookie, 'romance');
        // Five credits held; Bab 1 to 3 read and paid; Bab 4 failed (asked twice) and the bible stops there: the
        // two credits held for Bab 4 and Bab 5 come back in one row.
        expect(user.credits()).toBe(7);
        expect(saved.book.parts.filter((p) => p.bible_updated === false).map((p) => p.label)).toEqual([
          'Bab 4',
          'Bab 5',
        ]);
        const ledger = (await ts.ctx.repos.credits.ledger(user.id)).map((r) => [r.type, r.amount]);
        expect(ledger.slice(1)).toEqual([
          ['charge', -5],
          ['refund', 2],
        ]);
      } finally {
        failBibleAt = 0;
      }
    },
  );
});
