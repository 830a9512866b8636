// The book's language on the charged calls after a step (one language re-ask shared by steps,
// write-more, rewrite and passages, and passages honour `languageCheck`). A passage reworked (POST …/passage),
// "write more" (POST …/more) and a rewrite (POST …/rewrite) answered in another language than the book's are
// asked again once with the firm language line; still so, the call fails with wrong_language (502, the
// catalogue's message in the book's language naming the language that came back), nothing saved and nothing
// charged; right the second time, the second answer is kept and charged once. A generator with
// `flow.languageCheck: false` keeps a wrong-language answer and asks nothing again. The step itself is covered
// by tests/server/language.test.ts. The AI API is the fake server of tests/fake-openai.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../engine/node/load.js';
import { firstWords } from '../../engine/words.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { readSample } from '../language-sample.js';
import { bibleSettled, serverOnFakeModel, signUp, uniqueEmail, type TestServer } from './helpers.js';
import { isMalayRequest, type FakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';

/** The firm language line, as the re-ask carries it (templates/firm-language.hbs). */
const FIRM = {
  ms: 'Jawapan anda yang sebelumnya tidak ditulis dalam Bahasa Malaysia',
  en: 'Your previous answer was not written in English',
} as const;
const fiction = (label: 'id' | 'ms') =>
  readSample(label)
    .filter((s) => s.kind === 'fiction')
    .map((s) => s.text)
    .join('\n\n');
/** The start of the wrong_language message in the book's language (engine/error-catalogue.ts). */
const REFUSED = {
  ms: new RegExp(
    /^Jawapan diterima dalam bahasa Indonesia, bukan Bahasa Malaysia, walaupun selepas diminta sekal/.source +
      /i lagi\. Tiada apa-apa yang disimpan/.source,
  ),
  en: /^The answer came back in Bahasa Malaysia, not English, even when asked again\. Nothing was saved/,
} as const;

/**
 * How the model answers the call under test: in the book's language (off), in another one every time
 * (always), or in another one until asked again with the firm line (once). A Malay book's drift is into
 * Indonesian, an English book's into Malay (a hundred words of the language check's own sample); the outline,
 * the parts before and the story bible are written in the book's language.
 */
let drift: 'off' | 'always' | 'once' = 'off';
const WRONG = { ms: firstWords(fiction('id'), 100, ''), en: firstWords(fiction('ms'), 100, '') } as const;
const isFirm = (user: string) => user.includes(FIRM.ms) || user.includes(FIRM.en);
/** A continuation of a cut answer (templates/continue.hbs): part of the answer it continues, not another ask. */
const isContinuation = (user: string) =>
  /Your previous answer was cut off|Jawapan anda yang sebelumnya terpotong/.test(user);
const book = underWriter(1);
const model = (body: Record<string, unknown>, index: number) => {
  const user = userOf(body);
  const isDrifting = drift === 'always' || (drift === 'once' && !isFirm(user));
  if (isDrifting && !isBibleRequest(user) && !isContinuation(user)) return WRONG[isMalayRequest(body) ? 'ms' : 'en'];
  // A passage as long as a passage (its request carries the part's own words, a chapter's).
  return /^(?:The passage|Petikan):$/m.test(user) ? firstWords(book(body, index), 120, '') : book(body, index);
};

/** A generators folder whose romance has the language check off (as language-story has it). */
function uncheckedCatalog() {
  const dir = tempDir('karya-unchecked-');
  writeFileSync(
    path.join(dir, 'romance.yaml'),
    `${readFileSync(path.join('generators', 'romance.yaml'), 'utf8')}\nflow: { languageCheck: false }\n`,
  );
  writeFileSync(path.join(dir, '_shared.yaml'), readFileSync(path.join('generators', '_shared.yaml'), 'utf8'));
  const catalog = loadCatalog({ generatorsDir: dir });
  expect(catalog.get('romance')!.flow.languageCheck).toBe(false);
  return catalog;
}

type Lang = 'en' | 'ms';
type Call = 'passage' | 'more' | 'rewrite';

/** A writer with a romance in `lang` written to chapter 1 (the bible settled), and what the tests read of it. */
async function writtenBook(ts: TestServer, lang: Lang) {
  const cookie = await signUp(ts, uniqueEmail());
  for (let i = 0; i < 3; i++) {
    const res = await ts.http
      .post('/api/generators/romance/generate')
      .set('cookie', cookie)
      .send({ settings: { numberOfChapters: 7 }, lang });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await bibleSettled(ts, cookie, 'romance');
  const chapter = async () =>
    (
      (await ts.http.get('/api/progress/romance').set('cookie', cookie)).body.book.parts as Array<{
        kind: string;
        text: string;
      }>
    ).find((p) => p.kind === 'chapter')!.text;
  const credits = async () => (await ts.http.get('/api/me').set('cookie', cookie)).body.credits_available as number;
  const versions = async () =>
    (await ts.http.get('/api/progress/romance/versions?position=1').set('cookie', cookie)).body.versions as unknown[];
  return { cookie, chapter, credits, versions, text: await chapter() };
}

/** One charged call on chapter 1: a paragraph of it rewritten, more of it, or all of it rewritten with a note. */
function callOn(ts: TestServer, book: { cookie: string; text: string }, call: Call) {
  const part = { kind: 'chapter', position: 1 };
  if (call === 'more') return ts.http.post('/api/progress/romance/more').set('cookie', book.cookie).send({ part });
  if (call === 'rewrite')
    return ts.http
      .post('/api/progress/romance/rewrite')
      .set('cookie', book.cookie)
      .send({ part, note: 'More of the sea.' });
  const paragraph = book.text.split('\n\n')[1]!;
  const start = book.text.indexOf(paragraph);
  return ts.http
    .post('/api/progress/romance/passage')
    .set('cookie', book.cookie)
    .send({ part, start, end: start + paragraph.length, text: paragraph, action: 'rewrite' });
}

/**
 * What a call asked the model: each ask's user message (the story bible's updates and the continuations of cut answers
 * left out).
 */
async function asked(fake: FakeOpenAI, run: () => Promise<{ status: number; body: Record<string, unknown> }>) {
  const from = fake.generationRequests().length;
  const res = await run();
  return {
    res,
    asks: fake
      .generationRequests()
      .slice(from)
      .map((r) => userOf(r.body ?? {}))
      .filter((u) => !isBibleRequest(u) && !isContinuation(u)),
  };
}

/** The text a call's answer put in front of the writer: the passage, or the chapter as saved. */
const answered = (call: Call, body: Record<string, unknown>) =>
  call === 'passage'
    ? (body.passage as string)
    : (body.book as { parts: Array<{ kind: string; text: string }> }).parts.find((p) => p.kind === 'chapter')!.text;

describe('a wrong-language answer to a passage, write more or rewrite is asked again once, then refused', () => {
  const server = serverOnFakeModel({ ...book.fakeOptions(), answer: model }, {});

  for (const call of ['passage', 'more', 'rewrite'] as const) {
    for (const lang of ['ms', 'en'] as const) {
      it(
        `${call}, a ${lang === 'ms' ? 'Malay book answered in Indonesian' : 'English book answered in Malay'} ` +
          `twice: 502 wrong_language in ${lang}, nothing saved, nothing charged`,
        async () => {
          const { ts, fake } = server;
          const book = await writtenBook(ts, lang);
          const before = await book.credits();
          drift = 'always';
          const { res, asks } = await asked(fake, () => callOn(ts, book, call)).finally(() => (drift = 'off'));
          expect(res.status, JSON.stringify(res.body)).toBe(502);
          expect((res.body.error as { code: string }).code).toBe('wrong_language');
          expect((res.body.error as { message: string }).message).toMatch(REFUSED[lang]);
          expect(asks).toHaveLength(2);
          expect(isFirm(asks[0]!)).toBe(false);
          expect(asks[1]).toContain(FIRM[lang]);
          expect(await book.credits()).toBe(before);
          expect(await book.chapter()).toBe(book.text);
          expect(await book.versions()).toEqual([]);
        },
      );
    }

    it(
      `${call}, a Malay book answered in Indonesian once: the ` +
        `Malay answer asked for again is kept and charged once`,
      async () => {
        const { ts, fake } = server;
        const book = await writtenBook(ts, 'ms');
        const before = await book.credits();
        drift = 'once';
        const { res, asks } = await asked(fake, () => callOn(ts, book, call)).finally(() => (drift = 'off'));
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.credits_available).toBe(before - 1);
        expect(await book.credits()).toBe(before - 1);
        expect(asks.slice(0, 2).map(isFirm)).toEqual([false, true]);
        expect(asks[1]).toContain(FIRM.ms);
        const text = answered(call, res.body);
        expect(text).not.toContain(WRONG.ms.slice(0, 40));
        // A rewrite keeps the text it replaced as a version; a passage and write more change nothing until kept / save
        // it.
        if (call === 'rewrite') expect(await book.versions()).toHaveLength(1);
        else if (call === 'passage') expect(await book.chapter()).toBe(book.text);
        else expect(await book.chapter()).toBe(text);
      },
    );
  }

  it('the firm line of a passage asks for the passage again, not the whole part', async () => {
    const { ts, fake } = server;
    const book = await writtenBook(ts, 'en');
    drift = 'once';
    const { res, asks } = await asked(fake, () => callOn(ts, book, 'passage')).finally(() => (drift = 'off'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const firm = asks[1]!.slice(asks[1]!.indexOf(FIRM.en));
    expect(firm).toMatch(/passage/);
    expect(firm).not.toMatch(/whole part/);
  });
});

describe('a generator with the language check off keeps a wrong-language answer', () => {
  const server = serverOnFakeModel({ ...book.fakeOptions(), answer: model }, { catalog: uncheckedCatalog() });

  for (const call of ['passage', 'more', 'rewrite'] as const) {
    it(`${call}: a Malay book answered in Indonesian is kept, asked once, charged once`, async () => {
      const { ts, fake } = server;
      const book = await writtenBook(ts, 'ms');
      const before = await book.credits();
      drift = 'always';
      const { res, asks } = await asked(fake, () => callOn(ts, book, call)).finally(() => (drift = 'off'));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.credits_available).toBe(before - 1);
      expect(asks.filter(isFirm)).toEqual([]);
      // A rewrite's short answer is extended for length (not asked again for its language): passage and write more ask
      // once.
      if (call !== 'rewrite') expect(asks).toHaveLength(1);
      expect(answered(call, res.body)).toContain(WRONG.ms.slice(0, 40));
    });
  }
});
