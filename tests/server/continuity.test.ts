// Continuity on the server (what the studio shows): GET /api/progress/:bookType serves each part's
// continuity findings (chapter 7, where the captain who died in chapter 4 speaks, names her and chapter 4;
// the promise due in chapter 5 once, on chapter 6) and the book's threads; POST …/rewrite of chapter 4 with "Mara
// lives." re-derives the bible, so its
// reply's book lists chapters 5 and 7 (which mention her) to check against chapter 4 and chapter 7's
// finding is gone. The AI API is the fake server answered by the scripted continuity book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { bibleSettled, userWithRole, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { REFUSAL_TEXT } from '../fake-openai.js';

interface Part {
  label: string;
  kind: string;
  position?: number;
  text: string;
  bible_updated?: boolean;
  continuity?: Array<{ kind: string; part: string; detail: string }>;
  check_against?: string;
}
interface Book {
  parts: Part[];
  bible_notes?: string;
  bible_updating?: boolean;
  is_finished: boolean;
  threads?: Array<{ thread: string; is_overdue: boolean }>;
}

/** The findings of a book, as "part: kind" lines. */
const findingsOf = (book: Book) =>
  book.parts.flatMap((p) => (p.continuity ?? []).map((f) => `${p.label}: ${f.kind}`)).sort();
/** The bible's entries (its lines but headings). */
const entriesOf = (bible: string | undefined) =>
  (bible ?? '').split('\n').filter((l) => l.trim() && !l.startsWith('#'));

describe('continuity on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  let refuseUpdates = false;
  beforeAll(async () => {
    const books = { en: continuityBook(CONTINUITY_PLAN), ms: continuityBook({ ...CONTINUITY_PLAN, lang: 'ms' }) };
    // Bible updates refused while `refuseUpdates` is set (a model that balks now and then).
    fake = await startFakeOpenAI({
      answer: (body, i) => {
        const user = JSON.stringify(body.messages ?? '');
        if (refuseUpdates && /Update the story bible|Kemas kini catatan cerita/.test(user))
          return REFUSAL_TEXT[/Kemas kini catatan cerita/.test(user) ? 'ms' : 'en'];
        return (/Tulis|Hasilkan|Kemas kini/.test(user) ? books.ms : books.en)(body, i);
      },
      props: true,
      contextTokens: 32_768,
    });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  it(
    "serves chapter 7's finding and the threads; a rewrite of " +
      'chapter 4 lists the parts to check and clears the finding',
    async () => {
      const cookie = await signUp(ts, uniqueEmail());
      // Outline, introduction, chapters 1 to 7 of a 7-chapter book.
      for (let i = 0; i < 9; i++) {
        const r = await ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 7 } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      const book = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book as {
        parts: Part[];
        threads?: Array<{ thread: string; is_overdue: boolean }>;
      };
      const seven = book.parts.find((p) => p.label === 'Chapter 7')!;
      expect(seven.continuity).toContainEqual(expect.objectContaining({ kind: 'acts_after_death', part: 'Chapter 4' }));
      expect(book.threads?.find((t) => t.thread === 'the stolen map')?.is_overdue).toBe(true);
      // The promise due in chapter 5 is one finding (on chapter 6), not one on chapter 6 and another on chapter 7.
      expect(findingsOf(book as Book)).toEqual([
        'Chapter 6: fact_changed',
        'Chapter 6: thread_overdue',
        'Chapter 7: acts_after_death',
      ]);

      const res = await ts.http
        .post('/api/progress/romance/rewrite')
        .set('cookie', cookie)
        .send({ part: { kind: 'chapter', position: 4 }, note: 'Mara lives.' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const parts = res.body.book.parts as Part[];
      expect(parts.filter((p) => p.check_against).map((p) => [p.label, p.check_against])).toEqual([
        ['Chapter 5', 'Chapter 4'],
        ['Chapter 7', 'Chapter 4'],
      ]);
      expect(
        parts.find((p) => p.label === 'Chapter 7')!.continuity?.some((f) => f.kind === 'acts_after_death') ?? false,
      ).toBe(false);
    },
  );

  // The story bible survives every edit of a finished book.
  it.each(['en', 'ms'] as const)(
    'a finished book (%s): a passage Keep, a rewrite and a hand edit keep all ' +
      'the bible knew; its update reads the parts again and the findings stay',
    async (lang) => {
      const cookie = (await userWithRole(ts, 'pro')).cookie!; // credits for the book and a rewrite
      const generate = () =>
        ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 7, language: lang } });
      for (let book: Book | undefined; !book?.is_finished;) {
        const r = await generate();
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        book = r.body.book;
      }
      const done = (await bibleSettled(ts, cookie, 'romance')) as unknown as { book: Book };
      const before = done.book;
      const bible = entriesOf(before.bible_notes);
      expect(bible.length).toBeGreaterThan(5);
      const findings = findingsOf(before);
      expect(findings).toContain(`${lang === 'en' ? 'Chapter' : 'Bab'} 7: acts_after_death`);
      const chapter = (n: number) => before.parts.find((p) => p.kind === 'chapter' && p.position === n)!;

      // A passage of chapter 1 kept: the bible stays in force while chapter 1 on is read again, then holds all it knew.
      const one = chapter(1).text;
      const passage = one.slice(0, one.indexOf('.') + 1);
      let seen = fake.generationRequests().length;
      const keep = await ts.http
        .post('/api/progress/romance/passage/keep')
        .set('cookie', cookie)
        .send({
          part: { kind: 'chapter', position: 1 },
          start: 0,
          end: passage.length,
          text: passage,
          passage: lang === 'en' ? 'The harbour was quiet that morning.' : 'Pelabuhan sunyi pagi itu.',
        });
      expect(keep.status, JSON.stringify(keep.body)).toBe(200);
      expect(keep.body.book.bible_updating).toBe(true);
      expect(entriesOf(keep.body.book.bible_notes)).toEqual(bible);
      let after = (await bibleSettled(ts, cookie, 'romance')).book as unknown as Book;
      expect(after.parts.filter((p) => p.bible_updated === false)).toEqual([]);
      // Chapters 1 to 7 and the conclusion (the book's ending) read again, one update each.
      expect(fake.generationRequests().slice(seen).length).toBe(8);
      expect(entriesOf(after.bible_notes)).toEqual(
        expect.arrayContaining(bible.filter((l) => !/^- (?:Chapter|Bab) 1:/.test(l))),
      );
      expect(findingsOf(after)).toEqual(findings);

      // A rewrite of chapter 2: the bible follows its new text and keeps the rest.
      const rewrite = await ts.http
        .post('/api/progress/romance/rewrite')
        .set('cookie', cookie)
        .send({ part: { kind: 'chapter', position: 2 } });
      expect(rewrite.status, JSON.stringify(rewrite.body)).toBe(200);
      after = (await bibleSettled(ts, cookie, 'romance')).book as unknown as Book;
      expect(after.parts.filter((p) => p.bible_updated === false)).toEqual([]);
      expect(entriesOf(after.bible_notes).length).toBeGreaterThanOrEqual(bible.length - 2);
      expect(findingsOf(after)).toEqual(findings);

      // A hand edit whose update the model refuses: the bible stays as it was, the parts say so, and
      // "Update the story bible" then makes the model requests and reports what it read.
      refuseUpdates = true;
      const three = chapter(3).text;
      const edit = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({
          part: { kind: 'chapter', position: 3 },
          text:
            `${three}\n` +
            `\n${lang === 'en' ? 'Aisha wrote the date in her log.' : 'Aisyah mencatat tarikh dalam lognya.'}`,
        });
      expect(edit.status).toBe(200);
      after = (await bibleSettled(ts, cookie, 'romance')).book as unknown as Book;
      refuseUpdates = false;
      expect(after.parts.filter((p) => p.bible_updated === false).map((p) => p.position)).toEqual([3, 4, 5, 6, 7]);
      expect(entriesOf(after.bible_notes).length).toBeGreaterThanOrEqual(bible.length - 2);
      expect(findingsOf(after)).toEqual(findings);
      seen = fake.generationRequests().length;
      const update = await ts.http.post('/api/progress/romance/bible/update').set('cookie', cookie);
      expect(update.status, JSON.stringify(update.body)).toBe(200);
      // Chapters 3 to 7 and, after them, the conclusion (the last part, not marked while its update follows its save).
      expect(fake.generationRequests().length - seen).toBe(6);
      expect(update.body.parts_read).toBe(6);
      expect(update.body.changes).toEqual({ added: expect.any(Array), removed: expect.any(Array) });
      expect((update.body.book as Book).parts.filter((p) => p.bible_updated === false)).toEqual([]);
      expect(findingsOf(update.body.book)).toEqual(findings);
    },
  );

  it(
    'a finding marked as intended is no longer listed, ' + 'kept with the book, and can be listed again (issue 48)',
    async () => {
      const cookie = (await userWithRole(ts, 'pro')).cookie!;
      for (let i = 0; i < 9; i++)
        expect(
          (
            await ts.http
              .post('/api/generators/romance/generate')
              .set('cookie', cookie)
              .send({ settings: { numberOfChapters: 7 } })
          ).status,
        ).toBe(200);
      const book = (await bibleSettled(ts, cookie, 'romance')).book as unknown as Book;
      const found = book.parts
        .find((p) => p.label === 'Chapter 7')!
        .continuity!.find((f) => f.kind === 'acts_after_death') as unknown as { key: string };
      expect(found.key).toMatch(/^7:acts_after_death:[0-9a-z]+$/);
      const before = findingsOf(book).length;
      const mark = await ts.http
        .put('/api/progress/romance/continuity/intended')
        .set('cookie', cookie)
        .send({ key: found.key, intended: true });
      expect(mark.status, JSON.stringify(mark.body)).toBe(200);
      expect(findingsOf(mark.body.book)).not.toContain('Chapter 7: acts_after_death');
      expect([findingsOf(mark.body.book).length, mark.body.book.intended_findings]).toEqual([before - 1, 1]);
      // Kept: the book read again says the same.
      const again = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book as Book & {
        intended_findings?: number;
      };
      expect([findingsOf(again).length, again.intended_findings]).toEqual([before - 1, 1]);
      const unmark = await ts.http
        .put('/api/progress/romance/continuity/intended')
        .set('cookie', cookie)
        .send({ key: found.key, intended: false });
      expect(findingsOf(unmark.body.book)).toContain('Chapter 7: acts_after_death');
      expect(unmark.body.book.intended_findings).toBeUndefined();
      // A key of another shape is refused, naming the field.
      const bad = await ts.http
        .put('/api/progress/romance/continuity/intended')
        .set('cookie', cookie)
        .send({ key: '<script>', intended: true });
      expect(bad.status).toBe(400);
    },
  );
});
