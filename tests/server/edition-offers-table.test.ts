// The studio's edition offer (GET /books/:id/editions) follows the table's translation lists, as `karya translate`
// and My Books do: with a fourth language added by the doc (tests/languages/fourth-language.ts: Indonesian's files,
// so it is translated from English and Malay, and no language is translated from it), a book in it is offered no
// edition (an answer, not a failure), an Indonesian or an English book the languages whose `from` lists its own.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { serverOnFakeModel, signUp, type TestServer } from './helpers.js';
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
const madeFrom = (lang: string): string[] => table.flatMap((src) => {
  const from = (src.words.translation as { from?: Record<string, unknown> } | undefined)?.from ?? {};
  return lang in from ? [String((src.data as { code?: unknown }).code)] : [];
}).sort();
afterAll(() => setLanguageSource(() => readLanguages()));
const served = serverOnFakeModel();

/** A writer's romance in `lang` (Indonesian's text for the fourth language, whose words are Indonesian's). */
async function bookIn(ts: TestServer, lang: Lang) {
  const cookie = await signUp(ts);
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
