// Passage tools on the server: POST /api/progress/:bookType/passage with a paragraph of
// chapter 1 and Expand sends one request carrying the chapter's plan, the story bible, the words around the
// paragraph and the paragraph; it charges one step and answers the new passage without changing the chapter
// (Discard is doing nothing more). POST …/passage/keep puts it in place of the paragraph and keeps the
// chapter's earlier text as a version. A failed call is refunded; a passage the part no longer holds, or an
// answer in another language, is refused; another user reaches nothing. An edit lands where the
// writer chose, never where the same words stand first: a sentence in its fifth occurrence, shortened and kept,
// changes that occurrence only; a place in a part changed since (its hash, or the words no longer at the
// offsets) answers 409 part_changed with nothing charged. The AI API is tests/fake-openai.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { userOf, isBibleRequest } from '../scripted-models.js';

const CHAPTER = [
  'Aisha opened the shutters of the lantern shop at dawn.',
  'PARA-2 The harbour was quiet, and the first boats were still tied to the pier.',
  'She lit the oldest lantern, the one her father had mended a hundred times.',
].join('\n\n');
const EXPANDED =
  'The harbour lay quiet under a pale sky. The first boats rocked at ' +
  'the pier, their ropes creaking, and a gull cried once over the water.';
/** A line a writer repeats: in paragraphs 4, 7, 12, 13 and 22 of a 23-paragraph chapter. */
const LINE = '"Not yet," she said.';
const SHORTENED = 'She shook her head.';
const REPEATING = Array.from({ length: 23 }, (_, k) => {
  const n = k + 1;
  const own = `PARA-${n} The lantern number ${n} hung by the door of the shop, its glass still cloudy from the night.`;
  return [4, 7, 12, 13, 22].includes(n)
    ? `${own} Rahim asked whether it was ready. ${LINE} She turned it to the light.`
    : own;
}).join('\n\n');

describe('passage tools on the server', () => {
  let fake: FakeOpenAI;
  let ts: TestServer;
  let mode: 'ok' | 'fail' | 'malay' | 'short' = 'ok';
  let prose = CHAPTER;
  beforeAll(async () => {
    // A step's answer as long as asked; a passage's as it is (the chapter's own "about N words" is not its length).
    const step = fullLength((body) => {
      const user = userOf(body);
      if (/^Create a detailed story outline/.test(user)) {
        return ['Title: The Lantern Shop', "Premise: Aisha reopens her father's lantern shop.", '']
          .concat(
            Array.from(
              { length: 7 },
              (_, k) => `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1}: Aisha mends lantern ${k + 1}.\n`,
            ),
            ['Ending: every lantern is lit.'],
          )
          .join('\n');
      }
      if (isBibleRequest(user))
        return '## Chapter\nBIBLE-MARK Aisha mended a lantern.\n## Characters\n- Aisha | shopkeeper | hopeful | now';
      return prose;
    });
    fake = await startFakeOpenAI({
      answer: (body, i) => {
        if (!/The passage:/.test(userOf(body))) return step(body, i);
        if (mode === 'short') return SHORTENED;
        return mode === 'malay'
          ? 'Pelabuhan itu sunyi pada waktu pagi dan bot-bot nelayan masih terikat ' +
              'di jeti, kerana para nelayan belum bangun daripada tidur mereka.'
          : `Here is the passage:\n\n${EXPANDED}`;
      },
      reply: () => (mode === 'fail' ? { status: 500, body: { error: { message: 'down' } } } : undefined),
    });
    ts = await startTestServer({
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
  });
  afterAll(async () => {
    await ts.close();
    await fake.close();
  });

  const chapter1 = { kind: 'chapter', position: 1 };
  async function bookWithChapter1(text = CHAPTER) {
    const email = uniqueEmail();
    const cookie = await signUp(ts, email);
    prose = text;
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (
            await ts.http
              .post('/api/generators/romance/generate')
              .set('cookie', cookie)
              .send({ settings: { numberOfChapters: 7 } })
          ).status,
        ).toBe(200);
    } finally {
      prose = CHAPTER;
    }
    const part = async () =>
      (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts.find(
        (p: { kind: string }) => p.kind === 'chapter',
      ) as { text: string; hash: string };
    const chapter = async () => (await part()).text;
    const credits = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
    const { text: written, hash } = await part();
    const paragraph = written.split('\n\n')[1]!;
    const start = written.indexOf(paragraph);
    const ledger = async () => ts.ctx.repos.credits.ledger((await ts.ctx.repos.users.findByEmail(email))!.id);
    return {
      cookie,
      chapter,
      credits,
      ledger,
      text: written,
      hash,
      passage: { part: chapter1, start, end: start + paragraph.length, text: paragraph, hash },
    };
  }

  it(
    'Expand on a paragraph of chapter 1: one credit, a request with the plan, ' +
      'the bible and the words around it; Keep puts it in, the old text a version',
    async () => {
      const { cookie, chapter, credits, text, passage } = await bookWithChapter1();
      const before = await credits();
      const from = fake.generationRequests().length;
      const res = await ts.http
        .post('/api/progress/romance/passage')
        .set('cookie', cookie)
        .send({ ...passage, action: 'expand' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.passage).toBe(EXPANDED);
      expect(res.body.credits_available).toBe(before - 1);
      const asks = fake
        .generationRequests()
        .slice(from)
        .map((r) => userOf(r.body ?? {}));
      expect(asks).toHaveLength(1);
      expect(asks[0]).toMatch(/^Write Chapter 1 of 7/);
      expect(asks[0]).toContain('PLAN-1');
      expect(asks[0]).toContain('BIBLE-MARK');
      expect(asks[0]).toContain('expanded');
      expect(asks[0]).toContain('Aisha opened the shutters');
      expect(asks[0]).toContain('She lit the oldest lantern');
      expect(asks[0]).toContain('PARA-2 The harbour was quiet');
      // Nothing changed yet: Discard is leaving it so.
      expect(await chapter()).toBe(text);

      const keep = await ts.http
        .post('/api/progress/romance/passage/keep')
        .set('cookie', cookie)
        .send({ ...passage, passage: res.body.passage });
      expect(keep.status, JSON.stringify(keep.body)).toBe(200);
      expect(keep.body.kept_version).toBe(1);
      expect(await chapter()).toBe(text.replace(passage.text, EXPANDED));
      const versions = (await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie)).body
        .versions;
      expect(versions[0].text).toBe(text);
      // Keep is free; the same passage kept again is refused: the chapter no longer holds it.
      expect(await credits()).toBe(before - 1);
      const again = await ts.http
        .post('/api/progress/romance/passage/keep')
        .set('cookie', cookie)
        .send({ ...passage, passage: 'x' });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('part_changed');
    },
  );

  it('streams the new passage with Accept: text/event-stream: delta events, then done with the answer', async () => {
    const { cookie, chapter, text, passage } = await bookWithChapter1();
    const res = await ts.http
      .post('/api/progress/romance/passage')
      .set('cookie', cookie)
      .set('accept', 'text/event-stream')
      .send({ ...passage, action: 'describe' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = res.text
      .split('\n\n')
      .filter((b) => b.startsWith('event:'))
      .map((b) => ({ event: /^event: (\w+)/.exec(b)![1], data: JSON.parse(/\ndata: (.*)/.exec(b)![1]!) }));
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(streamed).toContain('The harbour lay quiet');
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.passage).toBe(EXPANDED);
    expect(await chapter()).toBe(text);
  });

  it(
    'a failed call is refunded and changes nothing; an ' + 'answer in another language is refused and refunded',
    async () => {
      const { cookie, chapter, credits, text, passage } = await bookWithChapter1();
      const before = await credits();
      for (const m of ['fail', 'malay'] as const) {
        mode = m;
        try {
          const res = await ts.http
            .post('/api/progress/romance/passage')
            .set('cookie', cookie)
            .send({ ...passage, action: 'rewrite', tone: 'warmer', note: 'More of the sea.' });
          expect(res.status).toBeGreaterThanOrEqual(m === 'fail' ? 500 : 400);
          if (m === 'malay') expect(res.body.error.code).toBe('wrong_language');
        } finally {
          mode = 'ok';
        }
        expect(await credits()).toBe(before);
        expect(await chapter()).toBe(text);
      }
    },
  );

  it('refuses a passage the part does not hold, an unknown action, and another user', async () => {
    const { cookie, passage } = await bookWithChapter1();
    const wrong = await ts.http
      .post('/api/progress/romance/passage')
      .set('cookie', cookie)
      .send({ ...passage, text: 'Not in the chapter', action: 'shorten' });
    expect(wrong.status).toBe(409);
    expect(wrong.body.error.code).toBe('part_changed');
    expect(
      (
        await ts.http
          .post('/api/progress/romance/passage')
          .set('cookie', cookie)
          .send({ ...passage, hash: 'not-a-hash', action: 'shorten' })
      ).status,
    ).toBe(400);
    expect(
      (
        await ts.http
          .post('/api/progress/romance/passage')
          .set('cookie', cookie)
          .send({ ...passage, action: 'summarise' })
      ).status,
    ).toBe(400);
    expect(
      (
        await ts.http
          .post('/api/progress/romance/passage')
          .set('cookie', cookie)
          .send({ ...passage, part: { kind: 'chapter', position: 5 }, action: 'expand' })
      ).status,
    ).toBe(404);
    const other = await signUp(ts, uniqueEmail());
    expect(
      (
        await ts.http
          .post('/api/progress/romance/passage')
          .set('cookie', other)
          .send({ ...passage, action: 'expand' })
      ).status,
    ).toBe(404);
  });

  it('a sentence in its fifth occurrence, shortened and kept, changes that occurrence only, for 1 credit', async () => {
    const { cookie, chapter, credits, text, hash } = await bookWithChapter1(REPEATING);
    const paragraphs = text.split('\n\n');
    const starts: number[] = [];
    for (let at = text.indexOf(LINE); at >= 0; at = text.indexOf(LINE, at + 1)) starts.push(at);
    expect(starts).toHaveLength(5);
    // The fifth occurrence: in paragraph 22.
    const start = starts[4]!;
    expect(paragraphs[21]).toContain(LINE);
    expect(text.slice(0, start).split('\n\n')).toHaveLength(22);
    const before = await credits();
    const from = fake.generationRequests().length;
    mode = 'short';
    let res;
    try {
      res = await ts.http
        .post('/api/progress/romance/passage')
        .set('cookie', cookie)
        .send({ part: chapter1, start, end: start + LINE.length, text: LINE, hash, action: 'shorten' });
    } finally {
      mode = 'ok';
    }
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.passage).toBe(SHORTENED);
    // The words around the passage are paragraph 22's neighbours, not paragraph 4's.
    const ask = fake
      .generationRequests()
      .slice(from)
      .map((r) => userOf(r.body ?? {}))
      .find((u) => /The passage:/.test(u))!;
    expect(ask).toContain('PARA-22');
    expect(ask).toContain('PARA-23');
    expect(ask).not.toContain('PARA-5 ');
    const keep = await ts.http
      .post('/api/progress/romance/passage/keep')
      .set('cookie', cookie)
      .send({ part: chapter1, start, end: start + LINE.length, text: LINE, hash, passage: res.body.passage });
    expect(keep.status, JSON.stringify(keep.body)).toBe(200);
    const after = await chapter();
    expect(after).toBe(`${text.slice(0, start)}${SHORTENED}${text.slice(start + LINE.length)}`);
    const now = after.split('\n\n');
    expect(now[21]).toBe(paragraphs[21]!.replace(LINE, SHORTENED));
    for (const n of [4, 7, 12, 13]) expect(now[n - 1]).toBe(paragraphs[n - 1]);
    expect(await credits()).toBe(before - 1);
  });

  it(
    'a place in a part changed since answers 409 part_changed (en) ' +
      "and charges nothing; so do the part's other edits (part_stale)",
    async () => {
      const { cookie, chapter, credits, ledger, passage } = await bookWithChapter1();
      // The writer changed the chapter in another window after selecting.
      const changed = `${passage.text} A line added in another window.`;
      const other = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({ part: chapter1, text: (await chapter()).replace(passage.text, changed), hash: passage.hash });
      expect(other.status, JSON.stringify(other.body)).toBe(200);
      const text = await chapter();
      const before = {
        credits: await credits(),
        rows: (await ledger()).length,
        asks: fake.generationRequests().filter((r) => /The passage:/.test(userOf(r.body ?? {}))).length,
      };
      // The passage's words still stand at those offsets, but the part is not the one the writer selected in.
      expect(text.slice(passage.start, passage.end)).toBe(passage.text);
      const stale = await ts.http
        .post('/api/progress/romance/passage')
        .set('cookie', cookie)
        .send({ ...passage, action: 'shorten' });
      expect(stale.status).toBe(409);
      expect(stale.body.error).toEqual({
        code: 'part_changed',
        message: 'This part changed since you selected the text: select it again.',
      });
      const keep = await ts.http
        .post('/api/progress/romance/passage/keep')
        .set('cookie', cookie)
        .send({ ...passage, passage: 'x' });
      expect(keep.status).toBe(409);
      expect(keep.body.error.code).toBe('part_changed');
      // Whole-part edits made on the older text: refused as well.
      for (const [path, body] of [
        ['more', { part: chapter1 }],
        ['rewrite', { part: chapter1, note: 'More sea.' }],
        ['versions/restore', { part: chapter1, version: 1 }],
      ] as const) {
        const res = await ts.http
          .post(`/api/progress/romance/${path}`)
          .set('cookie', cookie)
          .send({ ...body, hash: passage.hash });
        expect(res.status, path).toBe(409);
        expect(res.body.error).toEqual({
          code: 'part_stale',
          message:
            'This part changed since this page showed it: reload the page to see it as it is now, then try again.',
        });
      }
      const hand = await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', cookie)
        .send({ part: chapter1, text: 'Overwritten unseen.', hash: passage.hash });
      expect(hand.status).toBe(409);
      expect(hand.body.error.code).toBe('part_stale');
      // Nothing charged, nothing asked of the model, nothing changed.
      expect(await credits()).toBe(before.credits);
      expect((await ledger()).length).toBe(before.rows);
      expect(fake.generationRequests().filter((r) => /The passage:/.test(userOf(r.body ?? {}))).length).toBe(
        before.asks,
      );
      expect(await chapter()).toBe(text);
    },
  );
});
