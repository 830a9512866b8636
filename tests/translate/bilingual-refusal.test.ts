// Why a book that is no edition has no dual-language book (`karya export --bilingual`, GET /books/:id/bilingual:
// engine notEditionRefusal), with a fourth language added by the doc (tests/languages/fourth-language.ts: Indonesian's
// files, translated from English and Malay, and no language translated from it): a book in it is refused with a
// sentence naming the languages whose books have editions, in every language of the table, never with the language
// table's own error; a book in English is told to make its edition first, in a language the table makes it into.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueMessage,
  langs,
  notEditionRefusal,
  setLanguageSource,
  type LanguageSource,
} from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { fourthLanguage } from '../languages/fourth-language.js';

let table: LanguageSource[] = [];
beforeAll(() => {
  table = readLanguages(languageFolders({ KARYA_LANGUAGES: fourthLanguage() }), { KARYA_DRAFT_LANGUAGES: '1' });
  setLanguageSource(() => table);
});
afterAll(() => setLanguageSource(() => readLanguages()));

/** The languages some translation.yaml lists under `from`, read from the table's files. */
const fromOf = (src: LanguageSource): object => (src.words.translation as { from?: object } | undefined)?.from ?? {};
const sources = (): string[] => [...new Set(table.flatMap((src) => Object.keys(fromOf(src))))];

describe('a dual-language book of a book that is no edition', () => {
  it('in a language translated into none: refused naming the languages whose books have editions, in each', () => {
    expect(sources()).not.toContain('xx');
    for (const lang of langs()) {
      const why = notEditionRefusal({ id: '7', from: 'xx', inLang: lang });
      expect(why.code).toBe('export_nothing_from');
      const text = catalogueMessage(why.code, lang, why.vars);
      expect(text).toContain('7');
      expect(text).not.toMatch(/[{}]|translation\.yaml/);
    }
    const { vars } = notEditionRefusal({ id: '7', from: 'xx', inLang: 'en' });
    const english = catalogueMessage('export_nothing_from', 'en', vars);
    expect(english).toMatch(/Book 7 is not a translated edition.*Bahasa Xx.*English, Malay, or Indonesian/);
  });

  it('in a language translated into others: told to make an edition in one the table makes it into', () => {
    const why = notEditionRefusal({ id: '7', from: 'en', inLang: 'en' });
    expect(why.code).toBe('export_not_edition');
    const into = table.flatMap((src) => ('en' in fromOf(src) ? [String((src.data as { code?: unknown }).code)] : []));
    expect(into).toContain(why.vars.other);
  });
});
