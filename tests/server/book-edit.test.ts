// On the server: what a book costs before it starts (the engine's bookCost, which the studio
// shows) against what the server charges for the whole book, and a written part edited by hand
// (PUT /api/progress/:bookType/part): own book only, validated and size-limited, refused while a step is
// written, and what later steps (previous ending, story memory) and the exports build on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookSpecFromForm, defaultSettings, previewBook, type FormModel } from '../../studio/src/engine.js';
import { MAX_PART_CHARS } from '../../engine/index.js';
import {
  bibleSettled,
  signUp,
  startTestServer,
  serverOnFakeModel,
  uniqueEmail,
  userWithRole,
  type TestServer,
} from './helpers.js';

describe('the cost shown before the first step is what the server charges for the whole book', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(() => ts.close());

  it('a default romance: 15 credits shown, 15 charged over its 15 steps', async () => {
    // What the studio shows: the book the served form's defaults would start, through the engine.
    const form = (await ts.http.get('/api/generators/romance')).body as FormModel;
    const spec = bookSpecFromForm(form);
    const shown = previewBook(spec, defaultSettings(spec)).cost;
    expect(shown).toEqual({ step: 1, total: 15, remaining: 15 });

    const { cookie, id } = await userWithRole(ts, 'pro');
    const before = (await ts.ctx.repos.credits.balanceOf(id!))!;
    let steps = 0;
    for (let next: unknown = 'start'; next !== null; steps++) {
      const res = await ts.http.post('/api/generators/romance/generate').set('cookie', cookie!).send({ settings: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      next = res.body.book.next;
      // The book's own remaining cost goes down by one step each time.
      expect(res.body.book.cost.remaining).toBe(shown.total - (steps + 1) * shown.step);
    }
    expect(steps).toBe(15);
    const ledger = await ts.ctx.repos.credits.ledger(id!);
    const charged = -ledger.filter((r) => r.type === 'charge').reduce((sum, r) => sum + r.amount, 0);
    expect(ledger.filter((r) => r.type === 'refund')).toEqual([]);
    expect(charged).toBe(shown.total);
    expect(before - (await ts.ctx.repos.credits.balanceOf(id!))!).toBe(shown.total);
  });
});

describe('editing a written part by hand', () => {
  const model = serverOnFakeModel();

  const gen = (cookie: string, body: object = { settings: { numberOfChapters: 7 } }) =>
    model.ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send(body);
  const edit = (cookie: string, part: object, text: string, bookType = 'romance') =>
    model.ts.http.put(`/api/progress/${bookType}/part`).set('cookie', cookie).send({ part, text });
  const promptOf = (r: { body?: Record<string, unknown> }) =>
    JSON.stringify((r.body as { messages?: unknown })?.messages ?? '');
  const isMemoryCall = (r: { body?: Record<string, unknown> }) =>
    promptOf(r).includes('Update the story bible of a book');
  /**
   * Wait for the memory update after the last step (it runs after the step's answer) to be answered (of the requests
   * from `from` on).
   */
  async function settle(from = 0) {
    const isDone = () => {
      const all = model.fake.generationRequests().slice(from);
      return all.length > 0 && isMemoryCall(all.at(-1)!) && all.every((r) => r.answeredAt !== undefined);
    };
    for (let i = 0; i < 500 && !isDone(); i++) await new Promise((r) => setTimeout(r, 20));
  }

  it(
    'saves the edit; the story bible keeps what it knew and reads ' +
      'the edited text at once; the next chapter and the export have it',
    async () => {
      const cookie = await signUp(model.ts, uniqueEmail('editor'));
      for (let i = 0; i < 3; i++) expect((await gen(cookie)).status).toBe(200); // outline, introduction, chapter 1
      await settle();
      const bible = (await model.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.bible_notes;
      expect(bible).toBeTruthy();
      const seen = model.fake.generationRequests().length;
      const res = await edit(
        cookie,
        { kind: 'chapter', position: 1 },
        '  Aisha left Penang at dawn, carrying the KERONCONG-LETTER.  ',
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // The bible had taken in chapter 1: it stays in force (never emptied) and is being updated with the new text.
      expect(res.body.memory_reset).toBe(true);
      expect(res.body.book).toMatchObject({ bible_updating: true, bible_notes: bible });
      expect(res.body.book.parts[1]).toMatchObject({
        kind: 'chapter',
        position: 1,
        text: 'Aisha left Penang at dawn, carrying the KERONCONG-LETTER.',
      });
      const saved = await bibleSettled(model.ts, cookie, 'romance');
      expect(saved.content[1]).toBe('Aisha left Penang at dawn, carrying the KERONCONG-LETTER.');
      expect(saved.book.parts.every((p) => p.bible_updated === undefined)).toBe(true);
      // One update call, for the edited chapter, right after the edit (no step asked for it).
      const updates = model.fake.generationRequests().slice(seen);
      expect(updates.length).toBe(1);
      expect(isMemoryCall(updates[0]!) && promptOf(updates[0]!)).toContain('KERONCONG-LETTER');

      const before2 = model.fake.generationRequests().length;
      expect((await gen(cookie)).status).toBe(200); // chapter 2
      const later = model.fake.generationRequests().slice(before2);
      // Nothing left to catch up: chapter 2 is the first request, written after the edited text.
      expect(isMemoryCall(later[0]!)).toBe(false);
      expect(promptOf(later[0]!)).toContain('KERONCONG-LETTER');

      const md = await model.ts.http.get('/api/books/romance/export?format=md').set('cookie', cookie).buffer(true);
      expect(String(md.text ?? md.body)).toContain('KERONCONG-LETTER');
    },
  );

  it('the introduction edited: its character details are read again from the new text', async () => {
    const cookie = await signUp(model.ts, uniqueEmail('editor'));
    for (let i = 0; i < 2; i++) expect((await gen(cookie)).status).toBe(200);
    await settle();
    const res = await edit(
      cookie,
      { kind: 'introduction', position: 0 },
      'A new opening.\n\nCharacter Details:\n- Mei Ling: a violinist from Ipoh\n\nThe story begins.',
    );
    expect(res.status).toBe(200);
    const seen = model.fake.generationRequests().length;
    expect((await gen(cookie)).status).toBe(200);
    const chapter1 = model.fake
      .generationRequests()
      .slice(seen)
      .find((r) => !isMemoryCall(r))!;
    expect(promptOf(chapter1)).toContain('Mei Ling: a violinist from Ipoh');
  });

  it("refuses what it should, with the reason in the book's language", async () => {
    const cookie = await signUp(model.ts, uniqueEmail('editor'));
    expect((await edit(cookie, { kind: 'introduction', position: 0 }, 'x')).status).toBe(404); // nothing saved
    expect((await gen(cookie, { settings: { numberOfChapters: 7, language: 'ms' } })).status).toBe(200);
    expect((await gen(cookie, { settings: { numberOfChapters: 7, language: 'ms' } })).status).toBe(200);
    const empty = await edit(cookie, { kind: 'introduction', position: 0 }, '   \n ');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toEqual({
      code: 'part_empty',
      message: 'Teks sesuatu bahagian tidak boleh kosong.',
      fields: { text: 'Teks sesuatu bahagian tidak boleh kosong.' },
    });
    const long = await edit(cookie, { kind: 'introduction', position: 0 }, 'a'.repeat(MAX_PART_CHARS + 1));
    expect(long.status).toBe(400);
    expect(long.body.error.code).toBe('part_too_long');
    expect(long.body.error.message).toContain(String(MAX_PART_CHARS));
    const unwritten = await edit(cookie, { kind: 'chapter', position: 3 }, 'Bab tiga.');
    expect(unwritten.status).toBe(404);
    expect(unwritten.body.error).toEqual({
      code: 'part_not_found',
      message: 'Bahagian ini belum ditulis, jadi ia tidak boleh disunting.',
    });
    // Another user's book is never theirs to edit: they have none of this type.
    const other = await signUp(model.ts, uniqueEmail('other'));
    expect((await edit(other, { kind: 'introduction', position: 0 }, 'Hijacked')).status).toBe(404);
    expect((await model.ts.http.get('/api/progress/romance').set('cookie', cookie)).body.content[0]).not.toBe(
      'Hijacked',
    );
    expect(
      (await model.ts.http.put('/api/progress/romance/part').send({ part: { kind: 'outline' }, text: 'x' })).status,
    ).toBe(401);
    const extra = await model.ts.http
      .put('/api/progress/romance/part')
      .set('cookie', cookie)
      .send({ part: { kind: 'outline' }, text: 'x', sneaky: 1 });
    expect(extra.status).toBe(400);
  });

  /** A step of the writer's romance that hangs at the model, once the model has it: abort it to end it. */
  async function startHangingStep(cookie: string): Promise<{ controller: AbortController; running: Promise<unknown> }> {
    model.fake.script({ hang: true });
    const controller = new AbortController();
    const seen = model.fake.generationRequests().length;
    const running = fetch(`${model.ts.url}/api/generators/romance/generate`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ settings: { numberOfChapters: 7 } }),
      signal: controller.signal,
    }).catch(() => undefined);
    for (let i = 0; i < 500 && model.fake.generationRequests().length <= seen; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(model.fake.generationRequests().length).toBeGreaterThan(seen);
    return { controller, running };
  }

  it('is refused while a step of the book is being written', async () => {
    const cookie = await signUp(model.ts, uniqueEmail('editor'));
    for (let i = 0; i < 2; i++) expect((await gen(cookie)).status).toBe(200);
    await settle();
    const { controller, running } = await startHangingStep(cookie);
    const res = await edit(cookie, { kind: 'introduction', position: 0 }, 'Edited while writing');
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'step_running',
      message: 'A step of this book is being written. Try again when the step is done.',
    });
    controller.abort();
    await running;
  });

  it(
    'Start New is refused while a step of the book is being written; ' +
      'the book stays current, and once the step ends Start New keeps it',
    async () => {
      const cookie = await signUp(model.ts, uniqueEmail('starter'));
      const from = model.fake.generationRequests().length;
      for (let i = 0; i < 2; i++) expect((await gen(cookie)).status).toBe(200);
      await settle(from);
      const { controller, running } = await startHangingStep(cookie);
      const refused = await model.ts.http.delete('/api/progress/romance').set('cookie', cookie);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'step_running',
        message: 'A step of this book is being written. Try again when the step is done.',
      });
      const current = (await model.ts.http.get('/api/progress/romance').set('cookie', cookie)).body;
      expect(current.content).toHaveLength(1);
      controller.abort();
      await running;
      // The stopped step settles (refunded: nothing reached the writer); then Start New is taken.
      let res = refused;
      for (let i = 0; i < 250 && res.status === 409; i++) {
        await new Promise((r) => setTimeout(r, 20));
        res = await model.ts.http.delete('/api/progress/romance').set('cookie', cookie);
      }
      expect(res.status).toBe(200);
      expect((await model.ts.http.get('/api/progress/romance').set('cookie', cookie)).body).toEqual({ book: null });
      const books = (await model.ts.http.get('/api/books').set('cookie', cookie)).body.books as Array<{
        id: number;
        is_current: boolean;
      }>;
      expect(books.map((b) => [b.id, b.is_current])).toEqual([[current.id, false]]);
    },
  );
});

describe("the introduction's character list stays out of its text", () => {
  // A model that writes every ask in full, its introductions ending with "Character Details:" / "Butiran Watak:".
  const model = serverOnFakeModel({ writeRatio: 1 });
  const gen = (cookie: string, language: 'en' | 'ms') =>
    model.ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7, language } });
  const view = async (cookie: string) =>
    (await model.ts.http.get('/api/progress/romance').set('cookie', cookie)).body as {
      content: string[];
      book: { character_details?: string; parts: Array<{ kind: string; text: string; hash: string }> };
    };
  const LIST = {
    en:
      "- Aisha Rahman: bookshop owner, 29, calm but stubborn, wants to save her father's " +
      'shop\n- Daniel Lee: chef, 31, warm and secretive, back in town to open a restaurant',
    ms:
      '- Aisyah Rahman: pemilik kedai buku, 29 tahun, tenang tetapi degil, mahu menyelamatkan kedai ' +
      'ayahnya\n- Daniel Lee: tukang masak, 31 tahun, ramah dan berahsia, pulang untuk membuka restoran',
  } as const;
  const CLOSING = {
    en: 'The lanterns burned all night above the harbour.',
    ms: 'Tanglung-tanglung itu menyala sepanjang malam di atas pelabuhan.',
  } as const;

  it.each(['en', 'ms'] as const)(
    'a sentence typed at the end of the introduction is its ' +
      'last sentence; the character details stay as they were (%s)',
    async (lang) => {
      const cookie = await signUp(model.ts, uniqueEmail('intro'));
      for (let i = 0; i < 2; i++) expect((await gen(cookie, lang)).status).toBe(200);
      const before = await view(cookie);
      const intro = before.book.parts[0]!;
      // The introduction's text (what its editor holds) is its prose only; the list is the book's, on its own.
      expect(intro.text).not.toMatch(/Character Details|Butiran Watak|Daniel Lee/);
      expect(before.book.character_details).toBe(LIST[lang]);
      const res = await model.ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({
          part: { kind: 'introduction', position: 0 },
          text: `${intro.text}\n\n${CLOSING[lang]}`,
          hash: intro.hash,
        });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const after = await view(cookie);
      expect(after.book.parts[0]!.text).toBe(`${intro.text}\n\n${CLOSING[lang]}`);
      expect(after.book.character_details).toBe(LIST[lang]);
      const md = await model.ts.http.get('/api/books/romance/export?format=md').set('cookie', cookie).buffer(true);
      expect(
        String(md.text ?? md.body)
          .trim()
          .endsWith(CLOSING[lang]),
      ).toBe(true);
      // The next chapter is told the same characters, and the introduction ending with the new sentence.
      const seen = model.fake.generationRequests().length;
      expect((await gen(cookie, lang)).status).toBe(200);
      const chapter = JSON.stringify(
        model.fake
          .generationRequests()
          .slice(seen)
          .find((r) => /Chapter 1|Bab 1/.test(JSON.stringify(r.body)))!.body,
      );
      for (const line of LIST[lang].split('\n')) expect(chapter).toContain(JSON.stringify(line).slice(1, -1));
      expect(chapter).toContain(CLOSING[lang]);
    },
  );

  it(
    'the character details are edited on their own (PUT ' + '…/characters): the introduction stays exactly as it was',
    async () => {
      const cookie = await signUp(model.ts, uniqueEmail('cast'));
      for (let i = 0; i < 2; i++) expect((await gen(cookie, 'ms')).status).toBe(200);
      const before = await view(cookie);
      const res = await model.ts.http
        .put('/api/progress/romance/characters')
        .set('cookie', cookie)
        .send({ text: 'Jonah Pike: harbour master, 55, shrewd\n\n- Mei Ling: violinist from Ipoh' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.book.character_details).toBe(
        '- Jonah Pike: harbour master, 55, shrewd\n- Mei Ling: violinist from Ipoh',
      );
      const after = await view(cookie);
      expect(after.book.parts[0]).toMatchObject({ text: before.book.parts[0]!.text, hash: before.book.parts[0]!.hash });
      expect(after.book.character_details).toBe(
        '- Jonah Pike: harbour master, 55, shrewd\n- Mei Ling: violinist from Ipoh',
      );
      const seen = model.fake.generationRequests().length;
      expect((await gen(cookie, 'ms')).status).toBe(200);
      const chapter = JSON.stringify(
        model.fake
          .generationRequests()
          .slice(seen)
          .map((r) => r.body),
      );
      expect(chapter).toContain('Jonah Pike: harbour master, 55, shrewd');
      expect(chapter).not.toContain('Aisyah Rahman: pemilik kedai buku');
      const long = await model.ts.http
        .put('/api/progress/romance/characters')
        .set('cookie', cookie)
        .send({ text: 'x'.repeat(8001) });
      expect(long.status).toBe(400);
      expect(long.body.error).toMatchObject({
        code: 'characters_too_long',
        message: 'Butiran watak boleh memuatkan paling banyak 8000 aksara.',
      });
      const other = await signUp(model.ts, uniqueEmail('other'));
      expect(
        (await model.ts.http.put('/api/progress/romance/characters').set('cookie', other).send({ text: 'Hijacked' }))
          .status,
      ).toBe(404);
    },
  );

  it("a stale place answers 409 in the book's language (ms), nothing charged", async () => {
    const cookie = await signUp(model.ts, uniqueEmail('stale'));
    for (let i = 0; i < 3; i++) expect((await gen(cookie, 'ms')).status).toBe(200);
    const chapter = (await view(cookie)).book.parts[1]!;
    const edited = await model.ts.http
      .put('/api/progress/romance/part')
      .set('cookie', cookie)
      .send({
        part: { kind: 'chapter', position: 1 },
        text: `${chapter.text}\n\nSatu ayat baharu.`,
        hash: chapter.hash,
      });
    expect(edited.status).toBe(200);
    const credits = async () =>
      (await model.ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
    const balance = await credits();
    const sentence = chapter.text.slice(0, chapter.text.indexOf('.') + 1);
    const stale = await model.ts.http
      .post('/api/progress/romance/passage')
      .set('cookie', cookie)
      .send({
        part: { kind: 'chapter', position: 1 },
        start: 0,
        end: sentence.length,
        text: sentence,
        hash: chapter.hash,
        action: 'shorten',
      });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toEqual({
      code: 'part_changed',
      message: 'Bahagian ini telah berubah sejak anda memilih teks itu: pilih semula.',
    });
    const hand = await model.ts.http
      .put('/api/progress/romance/part')
      .set('cookie', cookie)
      .send({ part: { kind: 'chapter', position: 1 }, text: 'Ditimpa.', hash: chapter.hash });
    expect(hand.status).toBe(409);
    expect(hand.body.error.code).toBe('part_stale');
    expect(await credits()).toBe(balance);
  });
});
