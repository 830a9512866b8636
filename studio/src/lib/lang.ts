// The reader's language for pages that belong to no book (the profile's "My books"): Bahasa Malaysia when
// the browser prefers Malay, English otherwise. A book's own pages follow the book's language instead.
import type { Lang } from '../../../engine/browser.js';

/** `ms` when the browser's first Malay-or-English preference is Malay, else `en`. */
export function browserLang(languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]): Lang {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ms') return 'ms';
    if (primary === 'en') return 'en';
  }
  return 'en';
}
