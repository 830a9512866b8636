// GET /api/books/:id/story-map[?as_of=N] (what the studio's story map shows): the owner's 5-chapter romance
// written through the API against the fake server (tests/story-map-book.ts) answers the contract's shape with
// every bible character from the part they first appear in to their last (the conclusion: a finished book's bible
// reads its ending), Mak Som dead from Chapter 3, every
// thread with its opening and due parts, each continuity finding in its part (those GET /api/progress lists on
// that part); ?as_of=2 only what Chapter 2 knew; after a hand edit of the bible the map says the new state at once.
// Another user gets 404, a query outside the contract 400. English and Malay; the English book's parts named in a
// Malay and an Indonesian studio's words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { BOOK_WORDS, storyMapBook } from '../story-map-book.js';
import { StoryMapSchema, type StoryMap } from '../../engine/contract/index.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { bibleSettled, signUp, startTestServer, uniqueEmail, userWithRole, type TestServer } from './helpers.js';

interface Part {
  label: string;
  continuity?: Array<{ kind: string; detail: string; part: string }>;
}

describe('GET /api/books/:id/story-map', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  beforeAll(async () => {
    const books = { en: storyMapBook('en'), ms: storyMapBook('ms') };
    fake = await startFakeOpenAI({
      answer: (body, i) =>
        (/Tulis|Hasilkan|Kemas kini/.test(JSON.stringify(body.messages ?? '')) ? books.ms : books.en)(body, i),
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

  it.each(['en', 'ms'] as const)(
    'a finished 5-chapter romance (%s): lanes, findings in their parts, as of Chapter 2, current after an edit',
    async (lang) => {
      const w = BOOK_WORDS[lang];
      const ch = w.chapter;
      const cookie = (await userWithRole(ts, 'pro')).cookie!;
      // A writer whose studio speaks the book's language (the map names its parts in the page's: the test after).
      expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang })).status).toBe(200);
      for (let finished = false; !finished;) {
        const r = await ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie)
          .send({ settings: { numberOfChapters: 5, language: lang } });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        finished = r.body.book.is_finished;
      }
      await bibleSettled(ts, cookie, 'romance');
      const progress = (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body as {
        id: number;
        book: { parts: Part[]; bible_notes: string; parts_hash?: string };
      };
      const id = progress.id;
      const get = (query = '') => ts.http.get(`/api/books/${id}/story-map${query}`).set('cookie', cookie);

      const res = await get();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const map = StoryMapSchema.parse(res.body);
      expect(map.lang).toBe(lang);
      expect(map.characters.map((c) => [c.name, c.first.label, c.last.label])).toEqual([
        ['Aisyah', w.intro, w.concl],
        ['Daniel', ch(1), w.concl],
        ['Mak Som', w.intro, ch(3)],
        ['Hafiz', ch(2), w.concl],
      ]);
      expect(map.characters.find((c) => c.name === 'Mak Som')!.gone).toMatchObject({ label: ch(3), state: w.dead });
      expect(map.threads.find((t) => t.thread === w.lease)).toMatchObject({
        opened: { label: ch(2) },
        due: { label: ch(3) },
        status: 'open',
        is_overdue: true,
      });
      expect(map.threads.find((t) => t.thread === w.recipe)).toMatchObject({
        opened: { label: ch(1) },
        due: { label: ch(4) },
        status: 'resolved',
        closed: { label: ch(4) },
      });
      const listed = progress.book.parts.flatMap((p) =>
        (p.continuity ?? []).map((f) => `${p.label}: ${f.kind}: ${f.detail}`),
      );
      expect(listed.length).toBeGreaterThan(0);
      expect(map.findings.map((f) => `${f.label}: ${f.kind}: ${f.detail}`)).toEqual(listed);

      const asOf2 = StoryMapSchema.parse((await get('?as_of=2')).body) as StoryMap;
      expect(asOf2.as_of.label).toBe(ch(2));
      expect(asOf2.parts.map((p) => p.label)).toEqual([w.intro, ch(1), ch(2)]);
      expect(asOf2.characters.find((c) => c.name === 'Mak Som')).toMatchObject({
        state: w.alive,
        last: { label: ch(2) },
      });
      expect(asOf2.findings).toEqual([]);
      expect(asOf2.facts.map((f) => f.fact)).not.toContain(`${w.cafe}: Kopi Aisyah`);

      // The writer edits the bible by hand: the map is read from the book as saved, so it shows the edit at once.
      const edited = progress.book.bible_notes.replace(
        /^- Hafiz \|.*$/m,
        `- Hafiz | ${w.rival} | ${lang === 'ms' ? 'berpindah ke Ipoh' : 'moved to Ipoh'} ` +
          `| ${ch(5)} | ${lang === 'ms' ? 'sejak' : 'since'} ${ch(5)}`,
      );
      expect(edited).not.toBe(progress.book.bible_notes);
      const put = await ts.http.put('/api/progress/romance/bible').set('cookie', cookie).send({ text: edited });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const after = StoryMapSchema.parse((await get()).body);
      expect(after.characters.find((c) => c.name === 'Hafiz')!.state).toBe(
        lang === 'ms' ? 'berpindah ke Ipoh' : 'moved to Ipoh',
      );
      if (lang !== 'en') return;

      // The English book in a Malay and in an Indonesian studio: the page's sentences name its parts ("setakat Bab 2"),
      // so the map names them in the page's words (Malay "Pengenalan", Indonesian "Pendahuluan", both "Bab N"), never
      // "Chapter 2" inside a Malay sentence; the book's own words (names, states, threads) stay English.
      for (const [page, intro] of [
        ['ms', 'Pengenalan'],
        ['id', 'Pendahuluan'],
      ] as const) {
        expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: page })).status).toBe(200);
        const there = StoryMapSchema.parse((await get('?as_of=2')).body) as StoryMap;
        expect(there.lang).toBe('en');
        expect(there.as_of.label).toBe('Bab 2');
        expect(there.parts.map((p) => p.label)).toEqual([intro, 'Bab 1', 'Bab 2']);
        expect(there.characters.map((c) => [c.name, c.first.label])).toEqual([
          ['Aisyah', intro],
          ['Daniel', 'Bab 1'],
          ['Mak Som', intro],
        ]);
        expect(there.characters.find((c) => c.name === 'Mak Som')!.state).toBe(w.alive);
        expect(JSON.stringify(there)).not.toMatch(/"label":"(Chapter|Introduction)/);
      }
    },
  );

  it("is the owner's only; a query outside the contract is 400; no such book is 404", async () => {
    const owner = (await userWithRole(ts, 'pro')).cookie!;
    for (let i = 0; i < 3; i++)
      expect(
        (
          await ts.http
            .post('/api/generators/romance/generate')
            .set('cookie', owner)
            .send({ settings: { numberOfChapters: 5 } })
        ).status,
      ).toBe(200);
    const id = ((await ts.http.get('/api/progress/romance').set('cookie', owner)).body as { id: number }).id;
    expect((await ts.http.get(`/api/books/${id}/story-map`).set('cookie', owner)).status).toBe(200);
    const other = await signUp(ts, uniqueEmail('other'));
    expect((await ts.http.get(`/api/books/${id}/story-map`).set('cookie', other)).status).toBe(404);
    expect((await ts.http.get(`/api/books/${id}/story-map`)).status).toBe(401);
    expect((await ts.http.get(`/api/books/${id}/story-map?as_of=-1`).set('cookie', owner)).status).toBe(400);
    expect((await ts.http.get(`/api/books/${id}/story-map?as_of=two`).set('cookie', owner)).status).toBe(400);
    expect((await ts.http.get(`/api/books/${id}/story-map?colour=red`).set('cookie', owner)).status).toBe(400);
    expect((await ts.http.get(`/api/books/999999/story-map`).set('cookie', owner)).status).toBe(404);
  });
});
