// The browser's preferred studio language: the first guess before the user chooses one (the choice is
// then kept in the browser and, once signed in, on the account: studio/src/i18n/lang.tsx).
import type { Lang } from '../engine.js';

/** `ms` when the browser's first Malay-or-English preference is Malay, else `en`. */
export function browserLang(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Lang {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ms') return 'ms';
    if (primary === 'en') return 'en';
  }
  return 'en';
}
