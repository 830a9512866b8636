// Every text a writer reads has its own words in every language of the table: the message catalogues (the CLI's,
// the server's, the engine's, the studio's pages) and the rule registries (readiness, answer checks) hold a text for
// every key English has, and no text of a language (sections included: the demo's words, the studio's) is English's
// copied, unless it is one that is the same in every language by nature (a placeholder-only frame, a name, a code),
// each listed below with its reason. English left in an Indonesian message is caught here, key by key.
import { describe, expect, it } from 'vitest';
import { langs } from '../../engine/index.js';
import { readLanguages } from '../../engine/node/languages.js';

/** Texts the same in every language by nature, `file:key`: why each may equal English's. */
const SAME_BY_NATURE: Readonly<Record<string, string>> = {
  'studio-admin:admin.rolePro': 'the plan\'s product name, "Pro"',
  'studio-dashboard:dashboard.planPro': 'the plan\'s product name, "Pro"',
  'studio-admin:admin.roleAdmin': '"Admin", the loanword Malay and Indonesian interfaces use',
  'studio-dashboard:dashboard.planAdmin': '"Admin", the loanword Malay and Indonesian interfaces use',
  'studio-shell:shell.admin': '"Admin", the loanword Malay and Indonesian interfaces use',
  'studio-admin:admin.email': '"Email", the loanword Indonesian interfaces use (Malay writes E-mel)',
  'studio-admin:admin.colEmail': '"Email", the loanword Indonesian interfaces use (Malay writes E-mel)',
  'studio-auth:auth.email': '"Email", the loanword Indonesian interfaces use (Malay writes E-mel)',
  'studio-profile:profile.email': '"Email", the loanword Indonesian interfaces use (Malay writes E-mel)',
  'studio-profile:profile.bio': '"Bio", the same word in Malay and Indonesian',
  'studio-shell:shell.menu': '"Menu", the same word in Malay and Indonesian',
  'studio-payments:upgrade.popular': '"Popular", spelled alike in Malay',
  'words:lengthNote': '"target" is Indonesian too; S_l is the length score\'s symbol',
  'publishing:stores.google_play.accepted': "a store's answer as a code (yes, no, review), not a text a writer reads",
  'number-words:seconds': 'the SI symbol of the second ("12,5 s"), written alike in Malay and Indonesian',
  'number-words:minutes': 'the symbol of the minute ("3 min"), written alike in Malay and Indonesian',
  'number-words:minutesSeconds': 'the symbols of the minute and the second, written alike in Malay and Indonesian',
  'number-words:milliseconds': 'the SI symbol of the millisecond ("250 ms"), written alike in Malay and Indonesian',
};

/** A text with no word of a language: placeholders, numbers, signs, codes in capitals (ISBN) and units (px) only. */
const hasNoWords = (text: string) =>
  text
    .replace(/\{[^}]*\}/g, ' ')
    .split(/[^\p{L}_]+/u)
    .filter(Boolean)
    .every((word) => /^(?:[A-Z]{2,}|px)$/.test(word));

const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
/**
 * A text that counts: its forms by the language's plural rules (English's one and other; a language with one form
 * writes a text), and `by`, the placeholder counted when it is not {n} (docs/add-a-language.md).
 */
const isCounted = (value: object) =>
  Object.hasOwn(value, 'other') && Object.keys(value).every((form) => PLURAL_FORMS.has(form) || form === 'by');

/**
 * A file's texts by key path (`admin.rolePro`, `shared words.quoted`); a text that counts as its `other` form; lists
 * are a language's own word lists, not keyed texts, and are left out.
 */
function textsOf(value: unknown, at = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(at, value);
  else if (value && typeof value === 'object' && !Array.isArray(value) && isCounted(value))
    textsOf((value as { other: unknown }).other, at, out);
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) textsOf(inner, at ? `${at}.${key}` : key, out);
  }
  return out;
}

/**
 * A message file: every value a text (a catalogue: key → text, or { one, other } for a count) or a rule's texts (a
 * registry).
 */
const isMessages = (value: unknown) =>
  !!value &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (v) =>
      typeof v === 'string' ||
      (!!v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((t) => typeof t === 'string')),
  );

const table = readLanguages();
const wordsOf = (code: string) =>
  table.find((src) => (src.data as { code?: string }).code === code)!.words as Record<string, unknown>;
const english = wordsOf('en');
const others = langs().filter((code) => code !== 'en');

describe('every text is worded in every language of the table', () => {
  it('the walk covers the catalogues and registries', () => {
    const files = Object.keys(english).filter((name) => isMessages(english[name]));
    for (const name of [
      'errors',
      'words',
      'cli-options',
      'server-messages',
      'studio-page',
      'studio-books',
      'readiness',
      'answer-checks',
    ])
      expect(files).toContain(name);
    expect(others.length).toBeGreaterThan(0);
  });

  it.each(others)('%s: a text for every key of every catalogue and registry English has', (code) => {
    const words = wordsOf(code);
    const missing = Object.entries(english)
      .filter(([, value]) => isMessages(value))
      .flatMap(([name, value]) => {
        const own = textsOf(words[name]);
        return [...textsOf(value).keys()]
          .filter((key) => !own.get(key)?.trim())
          .map((key) => `languages/${code}/${name}.yaml: ${key}`);
      });
    expect(missing).toEqual([]);
  });

  it.each(others)("%s: no text is English's copied, but those the same by nature", (code) => {
    const words = wordsOf(code);
    const copied = Object.entries(english).flatMap(([name, value]) => {
      const own = textsOf(words[name]);
      return [...textsOf(value)]
        .filter(([key, text]) => own.get(key) === text && !hasNoWords(text) && !SAME_BY_NATURE[`${name}:${key}`])
        .map(([key, text]) => `languages/${code}/${name}.yaml: ${key}: ${JSON.stringify(text)}`);
    });
    expect(copied).toEqual([]);
  });

  it('each text listed as the same by nature is one English still has', () => {
    const stale = Object.keys(SAME_BY_NATURE).filter((entry) => {
      const [name, key] = entry.split(/:(.*)/s) as [string, string];
      return !textsOf(english[name]).has(key);
    });
    expect(stale).toEqual([]);
  });
});
