// Render a message in a language: pick the plural form for `{n}`, then fill `{placeholders}`
// (the engine's fillPlaceholders, shared with the generator pages).
import { fillPlaceholders } from '../../../engine/i18n.js';
import type { Lang } from '../../../engine/browser.js';
import { MESSAGES, type MessageKey } from './messages.js';
import type { Text } from './types.js';

export type Vars = Readonly<Record<string, string | number>>;

const pluralRules = new Map<Lang, Intl.PluralRules>();

function pluralOf(lang: Lang, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/** The form of `text` for `vars.n` in `lang`. */
export function pickForm(text: Text, lang: Lang, n: unknown): string {
  if (typeof text === 'string') return text;
  const count = typeof n === 'number' ? n : Number(String(n ?? '').replace(/,/g, ''));
  return pluralOf(lang, Number.isFinite(count) ? count : 0) === 'one' && text.one !== undefined ? text.one : text.other;
}

/**
 * A studio message in `lang`; numbers in `vars` are written with digit grouping ("1,500").
 * @example translate('shell.credits', 'en', { n: 1 }) // "1 credit"
 */
export function translate(key: MessageKey, lang: Lang, vars: Vars = {}): string {
  const text: Text = MESSAGES[key][lang];
  const shown: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) shown[k] = typeof v === 'number' ? v.toLocaleString('en') : v;
  return fillPlaceholders(pickForm(text, lang, vars.n), shown);
}
