// The outline as chapters on the server (issue 25, item 2): PUT /api/progress/:bookType/outline replaces the
// unwritten chapters' titles, plans and notes (inserted, moved, deleted), keeps the written ones (a change
// to one is refused with a catalogue message naming it, in the book's language), and the book's chapter
// count, progress, plan and conclusion follow; chapter 2's request carries its edited plan and note. The
// notes are kept with the book on both adapters (SQLite, and Postgres on a throw-away cluster when its
// binaries are here). The AI API is the fake server of tests/fake-openai.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import type { Repositories } from '../../server/store/ports.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { openPostgres } from '../../server/store/postgres/connect.js';
import { postgresRepositories } from '../../server/store/postgres/index.js';
import { postgresUnavailable, startPostgres } from '../postgres.js';
import { fullLength, isMalayRequest, startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import type { BookState, StepSave } from '../../engine/index.js';
import { signUp, startTestServer, type TestServer } from './helpers.js';

const pgSkip = postgresUnavailable();

const adapters: Array<{ name: string; skip: string | null; open(): Promise<{ repos: Repositories; close(): Promise<void> }> }> = [
  {
    name: 'sqlite',
    skip: null,
    open: async () => {
      const database = await openDatabase(':memory:');
      return { repos: sqliteRepositories(new Store(database.db, database.sqlite)), close: () => database.close() };
    },
  },
  {
    name: 'postgres',
    skip: pgSkip,
    open: async () => {
      const cluster = await startPostgres();
      const opened = await openPostgres(await cluster.createDatabase());
      const repos = postgresRepositories(opened);
      return {
        repos,
        close: async () => {
          await repos.close();
          await opened.close();
          cluster.stop();
        },
      };
    },
  },
];

describe.each(adapters)('chapter notes on $name', (adapter) => {
  let repos: Repositories;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (adapter.skip) return;
    ({ repos, close } = await adapter.open());
  }, 120_000);
  afterAll(() => close?.());
  const it_ = adapter.skip ? it.skip : it;

  const base: BookState = { generatorId: 'romance', settings: {}, lang: 'en', totalChapters: 3, outline: 'Chapter 1: A\nPlan a.', content: [], currentChapter: 0, isLocked: false };
  const stepSave = (state: BookState, step: StepSave['step'], position: number, text: string, isFirst: boolean): StepSave => ({
    generatorId: 'romance', bookType: 'romance', step, stepKey: step.kind === 'outline' ? 'outline' : step.kind === 'introduction' ? 'introduction' : `${step.kind}:${position}`, position, text,
    state, isComplete: true, continuations: 0, isFirst, isFinished: false, keepsProgress: true, label: 'x', words: 2, seconds: 0.1,
  });
  const commit = async (userId: string, save: StepSave) => {
    const charge = (await repos.generations.start({ userId, generatorId: 'romance', step: save.stepKey, cost: 1, reason: 'romance' }))!;
    await repos.generations.commit({
      userId, charge, book: { key: 'romance', save },
      history: { title: 'Romance', contentType: 'romance', content: save.text, generatorId: 'romance' }, usage: { promptType: 'romance', metadata: {}, isPart: true },
    });
  };

  it_('an outline edit keeps its text, chapter count and notes; the next step keeps them; a book never edited has none', async () => {
    const user = (await repos.users.create({ email: `notes-${adapter.name}@karya.test`, passwordHash: 'h', role: 'free' }))!;
    await commit(user.id, stepSave(base, { kind: 'outline' }, -1, base.outline!, true));
    expect((await repos.books.load({ userId: user.id, key: 'romance' }))!.state.chapterNotes).toBeUndefined();
    const edited: BookState = { ...base, outline: 'Chapter 1: A\nPlan a.\n\nChapter 2: B\nPlan b.\n\nChapter 3: C\n\nChapter 4: D', totalChapters: 4, chapterNotes: { 2: 'Aisha must cry.', 4: 'Tan leaves.' } };
    expect(await repos.books.saveOutlineEdit({ userId: user.id, key: 'romance', outline: edited.outline!, state: edited })).toBe(true);
    expect(await repos.books.saveOutlineEdit({ userId: 'nobody', key: 'romance', outline: 'x', state: edited })).toBe(false);
    let loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!.state;
    expect({ outline: loaded.outline, total: loaded.totalChapters, notes: loaded.chapterNotes }).toEqual({ outline: edited.outline, total: 4, notes: { 2: 'Aisha must cry.', 4: 'Tan leaves.' } });
    // The introduction's save writes the header from the session's state: the notes go with it.
    const intro: BookState = { ...loaded, content: ['Once.'], currentChapter: 1, isLocked: true };
    await commit(user.id, stepSave(intro, { kind: 'introduction', position: 0 }, 0, 'Once.', false));
    loaded = (await repos.books.load({ userId: user.id, key: 'romance' }))!.state;
    expect({ total: loaded.totalChapters, notes: loaded.chapterNotes, content: loaded.content }).toEqual({ total: 4, notes: { 2: 'Aisha must cry.', 4: 'Tan leaves.' }, content: ['Once.'] });
  });
});

const OUTLINE = (n: number) => ['Title: The Lantern Shop', '', 'Premise: Aisha reopens her late father\'s lantern shop.', '']
  .concat(Array.from({ length: n }, (_, k) => `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1} Aisha mends lantern number ${k + 1}.\n`), ['Ending: Aisha lights every lantern.'])
  .join('\n');
const OUTLINE_MS = (n: number) => ['Tajuk: Kedai Tanglung', '', 'Premis: Aisyah membuka semula kedai tanglung arwah ayahnya.', '']
  .concat(Array.from({ length: n }, (_, k) => `Bab ${k + 1}: Tanglung ${k + 1}\nRANCANGAN-${k + 1} Aisyah membaiki tanglung yang ke-${k + 1} di kedai itu.\n`), ['Pengakhiran: Aisyah menyalakan setiap tanglung.'])
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
        if (/^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user)) return isMalay ? OUTLINE_MS(n) : OUTLINE(n);
        if (/^(Update the story bible|Kemas kini catatan cerita)/.test(user)) return isMalay ? '## Watak\n- Aisyah | pekedai | penuh harapan | kini' : '## Characters\n- Aisha | shopkeeper | hopeful | now';
        return isMalay ? 'Aisyah berjalan ke pelabuhan pada waktu subuh sambil memegang tanglung itu dengan erat kerana dia tidak mahu kehilangannya lagi.' : 'Aisha walked to the harbour at dawn, holding the lantern close.';
      }),
    });
    ts = await startTestServer({ provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }) });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  const gen = (cookie: string, lang = 'en') => ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: { numberOfChapters: 7, language: lang } });
  const put = (cookie: string, chapters: unknown) => ts.http.put('/api/progress/romance/outline').set('cookie', cookie).send({ chapters });
  const chapterRequests = (n: number) => fake.generationRequests().map((r) => userMessageOf(r.body ?? {})).filter((u) => new RegExp(`^(Write Chapter ${n} of|Tulis Bab ${n} daripada)`).test(u));
  type Card = { number: number; title: string; plan: string; note: string; is_written: boolean };

  it("the writer edits chapter 2's plan and note, inserts a chapter and deletes one: the book follows, and chapter 2's request carries both", async () => {
    const cookie = await signUp(ts);
    expect((await put(cookie, [{ title: 'A', plan: 'B' }])).status).toBe(404);
    const first = await gen(cookie);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const saved = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
    const cards = saved.book.chapters as Card[];
    expect(cards.map((c) => [c.number, c.title, c.is_written])).toEqual(Array.from({ length: 7 }, (_, k) => [k + 1, `Lantern ${k + 1}`, false]));
    expect(cards[1]!.plan).toBe('PLAN-2 Aisha mends lantern number 2.');

    const note = 'NOTE-2 Tan must confess that he burned the old shop.';
    const chapters = [
      cards[0]!,
      { title: 'The Confession', plan: 'EDITED-2 Tan and Aisha meet at the night market.', note },
      { title: 'A New Chapter', plan: 'INSERTED Aisha finds a buyer.' },
      cards[2]!, cards[4]!, cards[5]!, cards[6]!,
    ].map(({ title, plan, ...rest }) => ({ title, plan, ...('note' in rest && rest.note ? { note: rest.note } : {}) }));
    const res = await put(cookie, chapters);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.book.total_chapters).toBe(7);
    expect((res.body.book.chapters as Card[]).map((c) => [c.title, c.note])).toEqual([['Lantern 1', ''], ['The Confession', note], ['A New Chapter', ''], ['Lantern 3', ''], ['Lantern 5', ''], ['Lantern 6', ''], ['Lantern 7', '']]);
    expect(res.body.book.outline.text).toContain('Chapter 2: The Confession\nEDITED-2 Tan and Aisha meet at the night market.');
    expect(res.body.book.outline.text).not.toContain('Lantern 4');

    // One more chapter: 8 chapters, the conclusion after the eighth; progress counts them.
    const eight = await put(cookie, [...chapters, { title: 'Homecoming', plan: 'ADDED-8 Aisha comes home.' }]);
    expect(eight.status).toBe(200);
    expect(eight.body.book.total_chapters).toBe(8);
    expect(eight.body.book.plan.at(-1)).toMatchObject({ kind: 'conclusion', position: 9 });
    const after = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
    expect(after.total_chapters).toBe(8);
    expect(after.book.chapters.map((c: Card) => c.title)).toEqual(['Lantern 1', 'The Confession', 'A New Chapter', 'Lantern 3', 'Lantern 5', 'Lantern 6', 'Lantern 7', 'Homecoming']);

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
    expect(changed.body.error).toMatchObject({ code: 'chapter_written', message: 'Chapter 2 is written already: it cannot be changed, moved or deleted in the outline.' });
    expect((await put(cookie, plain.slice(1))).body.error.code).toBe('chapter_written');
    // The unwritten ones still change: chapter 8 deleted, the conclusion moves up.
    const fewer = await put(cookie, plain.slice(0, 7));
    expect(fewer.status).toBe(200);
    expect(fewer.body.book.total_chapters).toBe(7);
    expect(fewer.body.book.plan.at(-1)).toMatchObject({ kind: 'conclusion', position: 8 });
    expect(fewer.body.book.next).toMatchObject({ kind: 'chapter', position: 3 });
  });

  it('validated and bounded; another user never sees the book; a Malay book is refused in Malay', async () => {
    const cookie = await signUp(ts);
    expect((await gen(cookie, 'ms')).status).toBe(200);
    for (const body of [[], Array.from({ length: 101 }, () => ({ title: 'T', plan: 'P' })), [{ title: 'x'.repeat(121), plan: '' }], [{ title: 'T', plan: 'P', note: 'n'.repeat(1001) }], [{ title: 'T' }], [{ title: 'T', plan: 'P', extra: 1 }]]) {
      expect((await put(cookie, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await put(await signUp(ts), [{ title: 'T', plan: 'P' }])).status).toBe(404);
    const cards = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.chapters as Card[];
    expect(cards).toHaveLength(7);
    expect((await gen(cookie, 'ms')).status).toBe(200);
    expect((await gen(cookie, 'ms')).status).toBe(200);
    const refused = await put(cookie, cards.slice(1).map(({ title, plan }) => ({ title, plan })));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Bab 1 sudah ditulis: ia tidak boleh diubah, dialihkan atau dipadam dalam rangka.');
  });
});
