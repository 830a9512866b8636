// The outline as chapters on the server: PUT /api/progress/:bookType/outline replaces the
// unwritten chapters' titles, plans and notes (inserted, moved, deleted), keeps the written ones (a change
// to one is refused with a catalogue message naming it, in the book's language), and the book's chapter
// count, progress, plan and conclusion follow; chapter 2's request carries its edited plan and note (the
// notes on both adapters: tests/server/store.test.ts). The AI API is the fake server of tests/fake-openai.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullLength, isMalayRequest, startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, type TestServer } from './helpers.js';

const OUTLINE = (n: number) =>
  ['Title: The Lantern Shop', '', "Premise: Aisha reopens her late father's lantern shop.", '']
    .concat(
      Array.from(
        { length: n },
        (_, k) => `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1} Aisha mends lantern number ${k + 1}.\n`,
      ),
      ['Ending: Aisha lights every lantern.'],
    )
    .join('\n');
const OUTLINE_MS = (n: number) =>
  ['Tajuk: Kedai Tanglung', '', 'Premis: Aisyah membuka semula kedai tanglung arwah ayahnya.', '']
    .concat(
      Array.from(
        { length: n },
        (_, k) =>
          `Bab ${k + 1}: Tanglung ${k + 1}\nRANCANGAN-${k + 1} ` +
          `Aisyah membaiki tanglung yang ke-${k + 1} di kedai itu.\n`,
      ),
      ['Pengakhiran: Aisyah menyalakan setiap tanglung.'],
    )
    .join('\n');

describe('PUT /api/progress/:bookType/outline', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: fullLength((body) => {
        const user = userMessageOf(body);
        const isMalay = isMalayRequest(body);
        const n = Number(/Chapter 1 to Chapter (\d+)|Bab 1 hingga Bab (\d+)/.exec(user)?.slice(1).find(Boolean) ?? 5);
        if (/^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user))
          return isMalay ? OUTLINE_MS(n) : OUTLINE(n);
        if (/^(Update the story bible|Kemas kini catatan cerita)/.test(user))
          return isMalay
            ? '## Watak\n- Aisyah | pekedai | penuh harapan | kini'
            : '## Characters\n- Aisha | shopkeeper | hopeful | now';
        return isMalay
          ? 'Aisyah berjalan ke pelabuhan pada waktu subuh sambil memegang ' +
              'tanglung itu dengan erat kerana dia tidak mahu kehilangannya lagi.'
          : 'Aisha walked to the harbour at dawn, holding the lantern close.';
      }),
    });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  const gen = (cookie: string, lang = 'en') =>
    ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7, language: lang } });
  const put = (cookie: string, chapters: unknown) =>
    ts.http.put('/api/progress/romance/outline').set('cookie', cookie).send({ chapters });
  const chapterRequests = (n: number) =>
    fake
      .generationRequests()
      .map((r) => userMessageOf(r.body ?? {}))
      .filter((u) => new RegExp(`^(Write Chapter ${n} of|Tulis Bab ${n} daripada)`).test(u));
  type Card = { number: number; title: string; plan: string; note: string; is_written: boolean };

  it(
    "the writer edits chapter 2's plan and note, inserts a chapter and " +
      "deletes one: the book follows, and chapter 2's request carries both",
    async () => {
      const cookie = await signUp(ts);
      expect((await put(cookie, [{ title: 'A', plan: 'B' }])).status).toBe(404);
      const first = await gen(cookie);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const saved = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
      const cards = saved.book.chapters as Card[];
      expect(cards.map((c) => [c.number, c.title, c.is_written])).toEqual(
        Array.from({ length: 7 }, (_, k) => [k + 1, `Lantern ${k + 1}`, false]),
      );
      expect(cards[1]!.plan).toBe('PLAN-2 Aisha mends lantern number 2.');

      const note = 'NOTE-2 Tan must confess that he burned the old shop.';
      const chapters = [
        cards[0]!,
        { title: 'The Confession', plan: 'EDITED-2 Tan and Aisha meet at the night market.', note },
        { title: 'A New Chapter', plan: 'INSERTED Aisha finds a buyer.' },
        cards[2]!,
        cards[4]!,
        cards[5]!,
        cards[6]!,
      ].map(({ title, plan, ...rest }) => ({
        title,
        plan,
        ...('note' in rest && rest.note ? { note: rest.note } : {}),
      }));
      const res = await put(cookie, chapters);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.book.total_chapters).toBe(7);
      expect((res.body.book.chapters as Card[]).map((c) => [c.title, c.note])).toEqual([
        ['Lantern 1', ''],
        ['The Confession', note],
        ['A New Chapter', ''],
        ['Lantern 3', ''],
        ['Lantern 5', ''],
        ['Lantern 6', ''],
        ['Lantern 7', ''],
      ]);
      expect(res.body.book.outline.text).toContain(
        'Chapter 2: The Confession\nEDITED-2 Tan and Aisha meet at the night market.',
      );
      expect(res.body.book.outline.text).not.toContain('Lantern 4');

      // One more chapter: 8 chapters, the conclusion after the eighth; progress counts them.
      const eight = await put(cookie, [...chapters, { title: 'Homecoming', plan: 'ADDED-8 Aisha comes home.' }]);
      expect(eight.status).toBe(200);
      expect(eight.body.book.total_chapters).toBe(8);
      expect(eight.body.book.steps.at(-1)).toMatchObject({ kind: 'conclusion', position: 9 });
      const after = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
      expect(after.total_chapters).toBe(8);
      expect(after.book.chapters.map((c: Card) => c.title)).toEqual([
        'Lantern 1',
        'The Confession',
        'A New Chapter',
        'Lantern 3',
        'Lantern 5',
        'Lantern 6',
        'Lantern 7',
        'Homecoming',
      ]);

      // The introduction is written with the form still saying 7 chapters: the edited outline's 8 stand.
      const intro = await gen(cookie);
      expect(intro.status).toBe(200);
      expect(intro.body.book.total_chapters).toBe(8);
      expect(intro.body.book.progress.total).toBe(8);
      expect((await gen(cookie)).status).toBe(200);
      expect((await gen(cookie)).status).toBe(200);
      const second = chapterRequests(2).at(-1)!;
      expect(second).toMatch(/^Write Chapter 2 of 8, titled "The Confession"/);
      expect(second).toContain('EDITED-2 Tan and Aisha meet at the night market.');
      expect(second).toContain(note);
      expect(chapterRequests(1).at(-1)).not.toContain('NOTE-2');

      // Chapters 1 and 2 are written: locked. Changing, moving or deleting one is refused, naming it.
      const now = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.chapters as Card[];
      expect(now.map((c) => c.is_written)).toEqual([true, true, false, false, false, false, false, false]);
      const plain = now.map(({ title, plan, note: n }) => ({ title, plan, ...(n ? { note: n } : {}) }));
      const changed = await put(cookie, [plain[0], { ...plain[1]!, plan: 'Something else.' }, ...plain.slice(2)]);
      expect(changed.status).toBe(409);
      expect(changed.body.error).toMatchObject({
        code: 'chapter_written',
        message: 'Chapter 2 is written already: it cannot be changed, moved or deleted in the outline.',
      });
      expect((await put(cookie, plain.slice(1))).body.error.code).toBe('chapter_written');
      // The unwritten ones still change: chapter 8 deleted, the conclusion moves up.
      const fewer = await put(cookie, plain.slice(0, 7));
      expect(fewer.status).toBe(200);
      expect(fewer.body.book.total_chapters).toBe(7);
      expect(fewer.body.book.steps.at(-1)).toMatchObject({ kind: 'conclusion', position: 8 });
      expect(fewer.body.book.next).toMatchObject({ kind: 'chapter', position: 3 });
    },
  );

  it('validated and bounded; another user never sees the book; a Malay book is refused in Malay', async () => {
    const cookie = await signUp(ts);
    expect((await gen(cookie, 'ms')).status).toBe(200);
    for (const body of [
      [],
      Array.from({ length: 101 }, () => ({ title: 'T', plan: 'P' })),
      [{ title: 'x'.repeat(121), plan: '' }],
      [{ title: 'T', plan: 'P', note: 'n'.repeat(1001) }],
      [{ title: 'T' }],
      [{ title: 'T', plan: 'P', extra: 1 }],
    ]) {
      expect((await put(cookie, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await put(await signUp(ts), [{ title: 'T', plan: 'P' }])).status).toBe(404);
    const cards = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.chapters as Card[];
    expect(cards).toHaveLength(7);
    expect((await gen(cookie, 'ms')).status).toBe(200);
    expect((await gen(cookie, 'ms')).status).toBe(200);
    const refused = await put(
      cookie,
      cards.slice(1).map(({ title, plan }) => ({ title, plan })),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Bab 1 sudah ditulis: ia tidak boleh diubah, dialihkan atau dipadam dalam rangka.',
    );
  });
});
