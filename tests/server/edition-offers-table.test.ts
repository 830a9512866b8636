// The studio's edition offer (GET /books/:id/editions) follows the table's translation lists, as `karya translate`
// and My Books do: with a fourth language added by the doc (tests/languages/fourth-language.ts: Indonesian's files,
// so it is translated from English and Malay, and no language is translated from it), a book in it is offered no
// edition (an answer, not a failure), an Indonesian or an English book the languages whose `from` lists its own.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, serverOnFakeModel, sessionCookie, signUp, uniqueEmail, type TestServer } from './helpers.js';
import { romanceSaves } from '../translate/book.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { setLanguageSource, type Lang, type LanguageSource } from '../../engine/index.js';

// Set before the server starts (its start reads the table whole).
let table: LanguageSource[] = [];
beforeAll(() => {
  table = readLanguages(languageFolders({ KARYA_LANGUAGES: fourthLanguage() }), { KARYA_DRAFT_LANGUAGES: '1' });
  setLanguageSource(() => table);
});
/** The languages whose translation.yaml lists `lang` under `from`, read from the table's files, sorted. */
const madeFrom = (lang: string): string[] =>
  table
    .flatMap((src) => {
      const from = (src.words.translation as { from?: Record<string, unknown> } | undefined)?.from ?? {};
      return lang in from ? [String((src.data as { code?: unknown }).code)] : [];
    })
    .sort();
afterAll(() => setLanguageSource(() => readLanguages()));
const served = serverOnFakeModel();

/** A writer's romance in `lang` (Indonesian's text for the fourth language, whose words are Indonesian's). */
async function bookIn(ts: TestServer, lang: Lang, writerLang?: Lang) {
  const signedUp = (l: Lang) =>
    ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail('xx'), password: PASSWORD, lang: l });
  const cookie = writerLang ? sessionCookie(await signedUp(writerLang)) : await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  const saves = romanceSaves(lang === 'xx' ? 'id' : lang).map((save) => ({ ...save, state: { ...save.state, lang } }));
  const bookId = await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves });
  return { cookie, bookId };
}

async function offered(lang: Lang) {
  const { ts } = served;
  const w = await bookIn(ts, lang);
  const answer = await ts.http.get(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const offers = (answer.body.offers as Array<{ to: string }>).map((o) => o.to);
  return { offers, offer: answer.body.offer as { to: string } | null };
}

describe("an edition's offer follows the table's translation lists", () => {
  it('offers none for a book in a language no other is translated from', async () => {
    expect(await offered('xx')).toEqual({ offers: [], offer: null });
  });

  it('offers only the languages translated from the book’s', async () => {
    // The fourth language (Indonesian's files) is translated from English, not from Indonesian.
    expect(madeFrom('en')).toContain('xx');
    expect(madeFrom('id')).not.toContain('xx');
    expect(madeFrom('id')).toEqual(expect.arrayContaining(['en', 'ms']));
    expect((await offered('id')).offers.sort()).toEqual(madeFrom('id'));
    expect((await offered('en')).offers.sort()).toEqual(madeFrom('en'));
  });
});

// A dual-language book is an edition printed with its source: a book that is no edition is refused, and one in a
// language no other is translated from cannot be given one, which the refusal says in the writer's language, naming
// the languages whose books have editions (never the language table's own error, nor a 500).
describe('a dual-language book of a book in a language translated into none', () => {
  it.each([
    ['en', /not a translated edition.*Bahasa Xx.*English.*Malay.*Indonesian/],
    ['ms', /bukan edisi terjemahan.*Bahasa Xx.*Inggeris.*Melayu.*Indonesia/],
  ] as const)("is refused in the writer's language (%s), naming the languages it could be", async (lang, words) => {
    const { ts } = served;
    const w = await bookIn(ts, 'xx', lang);
    const answer = await ts.http.get(`/api/books/${w.bookId}/bilingual?format=epub`).set('cookie', w.cookie);
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect(answer.body.error.code).toBe('export_nothing_from');
    expect(answer.body.error.message).toMatch(words);
  });

  it('a book in a language translated into others is told to make its edition first', async () => {
    const { ts } = served;
    const w = await bookIn(ts, 'en');
    const answer = await ts.http.get(`/api/books/${w.bookId}/bilingual?format=epub`).set('cookie', w.cookie);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('export_not_edition');
    expect(madeFrom('en')).toContain(answer.body.error.message.match(/--to (\w+)/)?.[1]);
  });
});
