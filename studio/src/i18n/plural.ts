// Plural forms: the form of a text for a count, by the language's rules (Intl.PluralRules: English has
// "one" and "other"; Malay has one form). Shared by the studio's tables and the generator page's words.
import type { Lang } from '../engine.js';
import type { Text } from './types.js';

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralOf(lang: Lang, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/** The form of `text` for the count `n` (a number, or digits with grouping commas) in `lang`. */
export function pickForm(text: Text, lang: Lang, n: unknown): string {
  if (typeof text === 'string') return text;
  const count = typeof n === 'number' ? n : Number(String(n ?? '').replace(/,/g, ''));
  return pluralOf(lang, Number.isFinite(count) ? count : 0) === 'one' && text.one !== undefined ? text.one : text.other;
}
