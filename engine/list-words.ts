// How a language joins a list ("en, ms, or id"; "en, ms atau id"), from its own words:
// languages/<code>/list-words.yaml.
// Intl.ListFormat is not asked: for a language it does not know it falls back to English's "and" and "or", so a
// language added by its files alone would join its lists with English words.
import { catalogue, sayer, type Lang } from './languages/index.js';

const WORDS = catalogue('list-words', ['comma', 'and2', 'andMany', 'or2', 'orMany']);
const say = sayer(WORDS);

/**
 * `items` joined as `lang` joins a list of choices (`or`) or of things together (`and`): one alone, two by `and2`
 * (`{first} and {last}`), more by `comma` between all but the last and `andMany` before it (`{items}, and {last}`).
 * @example listIn(['en', 'ms', 'id'], 'en', 'or') // 'en, ms, or id'
 */
export function listIn(items: readonly string[], lang: Lang, kind: 'and' | 'or'): string {
  if (items.length < 2) return items[0] ?? '';
  const last = items[items.length - 1]!;
  if (items.length === 2) return say(kind === 'and' ? 'and2' : 'or2', lang, { first: items[0]!, last });
  const comma = say('comma', lang);
  return say(kind === 'and' ? 'andMany' : 'orMany', lang, { items: items.slice(0, -1).join(comma), last });
}
