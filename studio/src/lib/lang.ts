// The browser's preferred studio language: the first guess before the user chooses one (the choice is
// then kept in the browser and, once signed in, on the account: studio/src/i18n/lang.tsx).
import { isLang, langs, type Lang } from '../engine.js';

/** The first of the browser's preferences that is a language of the table, else the table's first language. */
export function browserLang(
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
): Lang {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLang(primary)) return primary;
  }
  return langs()[0]!;
}
