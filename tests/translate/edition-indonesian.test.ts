// `karya translate --to id` and editions out of Indonesian, as a writer runs them against the fake model taught to
// translate (tests/fake-translator.ts, with the habits real models have in Indonesian: a name written with its
// particle, "Aishanya"): an English book's Indonesian edition keeps every glossary name and holds no Malaysian
// Malay (a window answered in Malay is asked again); Malay ↔ Indonesian and Indonesian → English work the same
// way, and an Indonesian writer reads the run's lines in Indonesian.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isAskedAgain, isTranslateRequest, type TranslatorOptions } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedBook } from './book.js';
import { findLanguageDrift, langs, languageTable, type Lang } from '../../engine/index.js';
import { tempDir } from '../temp.js';

interface Edition {
  edition: {
    id: number;
    source: number;
    from: string;
    lang: string;
    credits: number;
    parts: Array<{ status: string }>;
  };
}

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setUp(lang: Lang, options: TranslatorOptions = {}) {
  const translator = fakeTranslator(options);
  fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: (body) => translator.reply(body) }));
  const cwd = tempDir('karya-translate-id-');
  const state = path.join(cwd, 'state.sqlite');
  const id = await saveRomance(state, lang);
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', state], { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL } });
  const asks = () => f.generationRequests().filter((r) => isTranslateRequest(r.body ?? {}));
  return { state, id, karya, asks };
}

/**
 * The languages an edition of a `from` book can be in, as a refusal lists them: "ms or id", "ms, id, or jv" (the
 * table's order): each whose translation section (languages/<code>/translation.yaml `from`) translates from it.
 */
function offered(from: Lang, or: string): string {
  const translatesFrom = (l: Lang) =>
    Object.keys((languageTable(l).files.translation as { from?: object } | undefined)?.from ?? {}).includes(from);
  const codes = langs().filter((l) => l !== from && translatesFrom(l));
  return codes.length < 3 ? codes.join(` ${or} `) : `${codes.slice(0, -1).join(', ')}, ${or} ${codes.at(-1)}`;
}
const occurrences = (text: string, name: string) => text.split(name).length - 1;

/**
 * The edition a run made, checked whole: every part translated, as many paragraphs as its source, in `to`, every name
 * of the source kept.
 */
async function editionOf(state: string, stdout: string, from: Lang, to: Lang, names: readonly string[]) {
  const { edition } = JSON.parse(stdout) as Edition;
  expect(edition).toMatchObject({ from, lang: to, credits: CHAPTERS });
  expect(edition.parts.map((p) => p.status)).toEqual(Array(CHAPTERS + 1).fill('translated'));
  const book = (await savedBook(state, edition.id))!;
  expect(book.state.lang).toBe(to);
  for (let n = 1; n <= CHAPTERS; n++) {
    const source = chapterParagraphs(n, from).join('\n\n');
    const text = book.state.content[n]!;
    expect(text.split(/\n\s*\n/)).toHaveLength(chapterParagraphs(n, from).length);
    for (const name of names) expect(occurrences(text, name)).toBeGreaterThanOrEqual(occurrences(source, name));
    expect(findLanguageDrift(text, to)).toBeUndefined();
    expect(book.state.provenance?.[n]).toMatchObject({ origin: 'model', translatedFrom: from });
  }
  // Its own story bible, read from its own text by the model in the edition's language, every part of it.
  expect(book.state.memory).toBeTruthy();
  expect(book.state.memoryUpTo).toBe(CHAPTERS);
  return book;
}

describe('karya translate --to id, and editions out of Indonesian', () => {
  it(
    'gives an English book an Indonesian edition with every ' +
      "glossary name kept, written with Indonesian's particles",
    async () => {
      const { state, id, karya, asks } = await setUp('en', { nameEnding: 'nya' });
      const r = await karya(['translate', '--book', String(id), '--to', 'id', '--json']);
      expect(r.code, r.stderr).toBe(0);
      // The English writer reads the run in English, the edition's language named as English names it.
      expect(r.stderr).toMatch(/book \d+ into Indonesian: 5 parts at 1 credit a part/);
      const book = await editionOf(state, r.stdout, 'en', 'id', ['Aisha', 'Daniel']);
      expect(book.state.content[1]).toMatch(/Aishanya|Danielnya/);
      // Indonesian, not Malaysian Malay: the edition's words are Indonesia's.
      expect(book.state.content.join('\n')).toMatch(/\b(?:karena|bahwa|toko|uang|bisa)\b/);
      expect(book.state.content.join('\n')).not.toMatch(/\b(?:kerana|bahawa|kedai|wang|sahaja)\b/);
      expect(asks()).toHaveLength(CHAPTERS);
    },
  );

  it(
    'asks again a window of an Indonesian edition answered ' + 'in Malaysian Malay, and the edition holds none of it',
    async () => {
      const { state, id, karya, asks } = await setUp('en', { misbehave: 'malay', at: 1 });
      const r = await karya(['translate', '--book', String(id), '--to', 'id', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/asking Chapter 2 \(window 1 of 1\) again/);
      expect(isAskedAgain(asks()[2]!.body ?? {})).toBe(true);
      const book = await editionOf(state, r.stdout, 'en', 'id', ['Aisha', 'Daniel']);
      expect(book.state.content[2]).not.toMatch(/kerana|wang|hospital/);
    },
  );

  for (const [from, to, names] of [
    ['ms', 'id', ['Aisyah', 'Daniel']],
    ['id', 'ms', ['Aisyah', 'Daniel']],
    ['id', 'en', ['Aisyah', 'Daniel']],
  ] as const) {
    it(`makes the ${to} edition of a ${from} romance, its names held`, async () => {
      const { state, id, karya } = await setUp(from);
      const r = await karya(['translate', '--book', String(id), '--to', to, '--json']);
      expect(r.code, r.stderr).toBe(0);
      await editionOf(state, r.stdout, from, to, names);
      // An Indonesian writer reads the run in Indonesian.
      if (from === 'id')
        expect(r.stderr).toMatch(/buku \d+ ke dalam bahasa (?:Inggris|Melayu): 5 bagian dengan 1 kredit per bagian/);
    });
  }

  it('refuses an edition in the language the book is already in, naming the languages it can have', async () => {
    const { karya, id } = await setUp('id');
    const r = await karya(['translate', '--book', String(id), '--to', 'id']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--to en\|ms/);
  });

  it(
    "refuses a language the table does not have in the book's " +
      'language, naming the languages its edition can be in',
    async () => {
      const { karya, id } = await setUp('id');
      const r = await karya(['translate', '--book', String(id), '--to', 'fr']);
      expect(r.code).toBe(2);
      // Every other language of the table, joined with the writer's "or" (a language added since is offered too).
      expect(r.stderr).toContain(
        `karya: --to: "fr" bukan bahasa yang ditulis Karya; gunakan ${offered('id', 'atau')}.`,
      );
      // An English book's writer reads English, and is offered Malay and Indonesian.
      const english = await setUp('en');
      const en = await english.karya(['translate', '--book', String(english.id), '--to', 'fr']);
      expect(en.code).toBe(2);
      expect(en.stderr).toContain(`karya: --to: "fr" is not a language Karya writes; use ${offered('en', 'or')}.`);
    },
  );
});
