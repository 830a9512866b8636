// Is a manuscript in a language Karya writes (a language of the table)? A manuscript in German, French or any
// other language would otherwise be taken for one of them (its sentences have none of any family's function
// words, and those go to the family that has a few). A text whose words are almost none of the table's
// languages' commonest is named by franc (a maintained trigram language identifier),
// or by the language its own metadata declares when franc cannot tell. Node side only (franc stays out of
// the browser's bundle).
import { francAll } from 'franc-min';
import { FUNCTION_WORDS } from '../../session/reading/index.js';
import { langs, languageTable } from '../../languages/index.js';

/**
 * Below this share of the table's function words (the language check's own lists), a text is in none of its languages:
 * their prose has two in five.
 */
const MOST_FOREIGN_SHARE = 0.06;
/** Every code of a language the table has, its own and those other tools give it (franc's, a file's metadata). */
const written = (): ReadonlySet<string> =>
  new Set(langs().flatMap((code) => [code, ...languageTable(code).otherCodes]));
/** How much of a long manuscript is read for this (its start, past any front matter the parts left out). */
const SAMPLE_CHARS = 40_000;

/**
 * The language of a text Karya does not write, as an ISO 639 code (`deu`, `fra`, or the metadata's own `de`),
 * or undefined when it is a language of the table, or too little to tell.
 * @example unwrittenLanguageOf(germanGuide) // 'deu'
 */
export function unwrittenLanguageOf(text: string, declared?: string): string | undefined {
  const sample = text.slice(0, SAMPLE_CHARS);
  let words = 0;
  let common = 0;
  for (const [word] of sample.toLowerCase().matchAll(/\p{L}[\p{L}\p{M}]*/gu)) {
    words += 1;
    if (FUNCTION_WORDS.has(word)) common += 1;
  }
  if (words < 60 || common / words >= MOST_FOREIGN_SHARE) return undefined;
  const [best] = francAll(sample, { minLength: 60 });
  const codes = written();
  if (best && best[0] !== 'und') return codes.has(best[0]) ? undefined : best[0];
  const primary = declared?.trim().toLowerCase().split(/[-_]/)[0];
  return primary && /^[a-z]{2,3}$/.test(primary) && !codes.has(primary) ? primary : undefined;
}
