// Render a message in a language: pick the plural form for `{n}`, then fill `{placeholders}`
// (the engine's fillPlaceholders, shared with the generator pages).
import { fillPlaceholders } from '../engine.js';
import type { Lang } from '../engine.js';
import './shared.js';
import type { MessageKey } from './messages.js';
import { pickForm } from './plural.js';
import { studioEntry, textIn } from './catalogue.js';
import { formatNumber } from './studioLanguage.js';
import type { Text } from './types.js';

export { pickForm };

export type Vars = Readonly<Record<string, string | number>>;

/**
 * A studio message in `lang`; numbers in `vars` are written as `lang`'s locale writes them ("1,500", Indonesian
 * "1.500").
 * @example translate('shell.credits', 'en', { n: 1 }) // "1 credit"
 */
export function translate(key: MessageKey, lang: Lang, vars: Vars = {}): string {
  const text: Text = textIn(studioEntry(key), lang, key);
  const shown: Record<string, string> = {};
  for (const [k, v] of Object.entries(vars)) shown[k] = typeof v === 'number' ? formatNumber(v, lang) : v;
  return fillPlaceholders(pickForm(text, lang, vars.n), shown);
}
