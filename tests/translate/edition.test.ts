// `karya translate --book ID --to ms|en` as a writer runs it, against the fake model taught to translate
// (tests/fake-translator.ts): a 5-chapter romance becomes an edition in the other language with the same parts
// and paragraph counts, its names held, its source unchanged; each way the model goes wrong is asked again and
// kept out of the edition; paragraphs that cannot be had are kept as their source, marked and named, and the run
// goes on to the book's end, unless the model fails every ask (the run's budget stops it); a stop and a rerun pay
// each window once.

import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { REFUSAL_TEXT, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import {
  fakeTranslator,
  isAskedAgain,
  isTranslateRequest,
  type Misbehaviour,
  type TranslatorOptions,
} from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedBook, savedEdition } from './book.js';
import { findLanguageDrift, type Lang } from '../../engine/index.js';
import { tempDir } from '../temp.js';

interface Edition {
  edition: {
    id: number;
    source: number;
    lang: string;
    finished: boolean;
    credits: number;
    parts: Array<{ position: number; status: string; credits: number; paragraphs: number }>;
  };
}

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(lang: Lang, options: TranslatorOptions & { fail?: (index: number) => boolean } = {}) {
  const translator = fakeTranslator(options);
  let n = 0;
  // The other requests (the edition's story bible) answered as a writer that follows the request does.
  fake = await startFakeOpenAI(
    underWriter(1).fakeOptions({
      reply: (body) => {
        if (isTranslateRequest(body) && options.fail?.(n++))
          return { status: 500, body: { error: { message: 'down' } } };
        return translator.reply(body);
      },
    }),
  );
  const cwd = tempDir('karya-translate-');
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveRomance(state, lang);
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state], { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL } });
  const asks = () => f.generationRequests().filter((r) => isTranslateRequest(r.body ?? {}));
  return { state, id, karya, asks };
}

const occurrences = (text: string, name: string) => text.split(name).length - 1;

describe('karya translate: an edition in the other language', () => {
  for (const [from, to, name] of [
    ['en', 'ms', 'Aisha'],
    ['ms', 'en', 'Aisyah'],
  ] as const) {
    it(
      `makes the ${to} edition of a 5-chapter ${from} romance: same ` +
        `parts, same paragraph counts, names held, source byte-identical`,
      async () => {
        const { state, id, karya, asks } = await setUp(from);
        const before = JSON.stringify(await savedBook(state, id));
        const r = await karya(['translate', '--book', String(id), '--to', to, '--json']);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toMatch(to === 'ms' ? /5 parts at 1 credit a part|5 bahagian/ : /5 bahagian pada 1 kredit/);
        const { edition } = JSON.parse(r.stdout) as Edition;
        // The source's conclusion is still to write, so the edition is whole as far as the source goes.
        expect(edition).toMatchObject({ source: id, lang: to, finished: false, credits: CHAPTERS });
        expect(edition.parts.map((p) => p.status)).toEqual(Array(CHAPTERS + 1).fill('translated'));
        const book = (await savedBook(state, edition.id))!;
        expect(book.state.lang).toBe(to);
        expect(book.state.content).toHaveLength(CHAPTERS + 1);
        for (let n = 1; n <= CHAPTERS; n++) {
          const source = chapterParagraphs(n, from);
          const text = book.state.content[n]!;
          expect(text.split(/\n\s*\n/)).toHaveLength(source.length);
          expect(occurrences(text, name)).toBeGreaterThanOrEqual(occurrences(source.join('\n\n'), name));
          expect(findLanguageDrift(text, to)).toBeUndefined();
          expect(book.state.chapterTitles?.[n]).toBeTruthy();
          expect(book.state.provenance?.[n]).toMatchObject({ origin: 'model', translatedFrom: from });
        }
        // Its own story bible, read from its own text.
        expect(book.state.memory).toBeTruthy();
        expect(book.state.memoryUpTo).toBe(CHAPTERS);
        // One window a chapter (each fits), none asked again.
        expect(asks()).toHaveLength(CHAPTERS);
        expect(JSON.stringify(await savedBook(state, id))).toBe(before);
      },
    );
  }

  for (const misbehave of ['drop', 'indonesian', 'untranslated', 'glossary'] as Misbehaviour[]) {
    it(`asks a window again whose first answer was "${misbehave}", and the edition holds none of it`, async () => {
      const { state, id, karya, asks } = await setUp('en', { misbehave, at: 1 });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/asking Chapter 2|meminta semula Bab 2/);
      expect(asks()).toHaveLength(CHAPTERS + 1);
      expect(isAskedAgain(asks()[2]!.body ?? {})).toBe(true);
      const { edition } = JSON.parse(r.stdout) as Edition;
      const book = (await savedBook(state, edition.id))!;
      const chapter = book.state.content[2]!;
      expect(chapter.split(/\n\s*\n/)).toHaveLength(chapterParagraphs(2, 'en').length);
      expect(chapter).not.toMatch(/karena|uang/);
      expect(chapter).not.toContain('Aisyah');
      expect(findLanguageDrift(chapter, 'ms')).toBeUndefined();
      for (const p of chapterParagraphs(2, 'en')) expect(chapter).not.toContain(p);
    });
  }

  it('asks again a window whose answer declined, and keeps the answer that translates', async () => {
    const { state, id, karya, asks } = await setUp('en');
    fake!.script({ text: REFUSAL_TEXT.en });
    const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/asking Chapter 1 \(window 1 of 1\) again: it was not a translation \(refused/);
    const book = (await savedEdition(state))!;
    expect(book.state.content[1]).not.toContain("I'm sorry");
    expect(asks()).toHaveLength(CHAPTERS + 1);
  });

  it(
    'stops a model that drops a paragraph from every answer after 4 failed asks ' +
      'in a row: the chapters before kept, the one it stopped in not charged, exit 1',
    async () => {
      // From the third request on, every answer drops a paragraph: a one-paragraph window's answer is empty.
      const { state, id, karya, asks } = await setUp('en', { misbehave: 'drop', at: 2, always: true });
      const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          /The model failed 4 times in a row \((empty answers|answers that were not the text asked for)\),/.source +
            / so the run stopped after \d+ model calls/.source,
        ),
      );
      expect(r.stderr).toMatch(/nothing undelivered is charged/);
      // A few windows, not the whole book down the ladder: at most 24 calls (the bound for a 5-chapter book).
      expect(asks().length, r.stderr).toBeLessThanOrEqual(24);
      expect(r.stderr).not.toMatch(/translating Chapter 5/);
      const saved = (await savedEdition(state))!;
      expect(saved.isFinished).toBe(false);
      // Chapters 1 and 2 kept whole; Chapter 3 not whole (never charged: not saved, or saved incomplete or with marks);
      // Chapter 5 not reached.
      for (const n of [1, 2])
        expect(saved.state.content[n]!.split(/\n\s*\n/)).toHaveLength(chapterParagraphs(n, 'en').length);
      const isChapter3Whole =
        saved.state.content.length > 3 &&
        !saved.state.incompleteParts?.includes(3) &&
        !saved.state.provenance?.[3]?.untranslated?.length;
      expect(isChapter3Whole).toBe(false);
      expect(saved.state.content[5] ?? '').toBe('');
    },
  );

  it('goes on after a stop from the window it stopped at: each window paid once', async () => {
    // The fourth translation request fails (the provider down): chapters 1 to 3 are saved, the run stops.
    const { state, id, karya, asks } = await setUp('en', { fail: (n) => n === 3 });
    const first = await karya(['translate', '--book', String(id), '--to', 'ms']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/run the same command again/);
    const partial = (await savedEdition(state))!;
    expect(partial.state.content.filter(Boolean)).toHaveLength(3);
    const again = await karya(['translate', '--book', String(id), '--to', 'ms', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/2 still to pay/);
    const { edition } = JSON.parse(again.stdout) as Edition;
    expect(edition.parts.filter((p) => p.status === 'kept').map((p) => p.position)).toEqual([0, 1, 2, 3]);
    expect(edition.credits).toBe(2);
    // Five windows, each answered once, and the one that failed.
    expect(asks()).toHaveLength(CHAPTERS + 1);
    const sources = asks().map((q) => JSON.stringify(q.body));
    expect(new Set(sources).size).toBe(CHAPTERS);
  });

  it(
    'refuses a book already in the language, an unknown ' + 'language and a missing book, in words a writer reads',
    async () => {
      const { id, karya, state } = await setUp('en');
      expect(await karya(['translate', '--book', String(id), '--to', 'en'])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('is already in English'),
      });
      expect(await karya(['translate', '--book', String(id), '--to', 'fr'])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('"fr" is not a language Karya writes'),
      });
      expect(await karya(['translate', '--book', '99', '--to', 'ms'])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('There is no book 99'),
      });
      // Without a model (the offline provider writes demo text) nothing is asked.
      const offline = await runKaryaInProcess(['translate', '--book', String(id), '--to', 'ms', '--state', state], {
        env: {},
      });
      expect(offline).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('a translation needs a model: set OPENAI_API_KEY'),
      });
    },
  );
});
