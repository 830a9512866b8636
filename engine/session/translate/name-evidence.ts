// Which capitalised words of a book are names, by the book's own evidence: a name is written capitalised
// mid-sentence (never counted at a sentence's or a paragraph's start, nor in an ALL-CAPS heading or shout, which say
// nothing either way) and (nearly) never in lower case, where a common word capitalised for weight ("Duty", "the
// Senate") is also written in lower case. A name the book also sets in capitals ("ANNE" in a heading) is still a
// name. The language's data decides the rest (term-words.ts): dictionary words (months, days, peoples, languages,
// institutions, titles) are never names, nor a people's word made of a place's (Irishwoman, Celtic) unless the book
// writes it as a person's (with a possessive, after a title). Pure.
import type { Lang } from '../../spec/types.js';
import { isDemonym, titles } from './term-words.js';
import { escapeRegExp as escape } from '../../markup.js';

/**
 * What the book says of a name: mid-sentence capitalised and lower-case counts, and whether it is written as a
 * person's.
 */
export interface NameEvidence {
  readonly capitalised: number;
  readonly lowercase: number;
}

/**
 * Why a term is in the glossary: the story bible's character, a name of its facts or of the text by the evidence, or
 * the writer's.
 */
export type GlossaryWhy =
  { readonly kind: 'character' } | ({ readonly kind: 'fact' | 'text' } & NameEvidence) | { readonly kind: 'writer' };

/**
 * A name is capitalised at least this many times for each time the book writes it in lower case ("Rose" the heroine,
 * "rose" the flower).
 */
export const CAPITALISED_PER_LOWERCASE = 8;

/** A book's text read once for the evidence of its names. */
export class BookEvidence {
  private readonly lower = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly langs: readonly Lang[],
  ) {
    for (const m of text.matchAll(/(?<![\p{L}'’])\p{Ll}[\p{L}'’-]*/gu)) {
      const w = m[0].replace(/['’]s$/u, '');
      this.lower.set(w, (this.lower.get(w) ?? 0) + 1);
    }
  }

  /**
   * Whether the place before `index` makes the word there a sentence's middle: a word, a comma or a title before it on
   * the line (or the line before), no blank line, no heading.
   */
  isMidSentence(index: number): boolean {
    const before = this.text.slice(Math.max(0, index - 60), index);
    const m = /([\p{L}\p{N}'’]+)([.,;:]?)([ \t]*\n?[ \t]*)$/u.exec(before);
    if (!m || !m[3]) return false;
    const [, word, stop, gap] = m as unknown as [string, string, string, string];
    if (this.langs.some((l) => titles(l).has(word.toLowerCase()))) return true;
    if (stop === '.') return false;
    // A heading's last word on the line before ("CHAPTER XVI", "XX") ends no sentence the next line goes on.
    return !(gap.includes('\n') && word === word.toUpperCase());
  }

  /** Times `word` (or every word of a run: the fewest of them) is written in lower case. */
  lowercaseOf(name: string): number {
    return Math.min(...name.split(/\s+/).map((w) => this.lower.get(w.toLowerCase()) ?? 0));
  }

  /** Times `name` stands capitalised mid-sentence. */
  capitalisedOf(name: string): number {
    let n = 0;
    for (const m of this.text.matchAll(
      new RegExp(`(?<![\\p{L}\\p{N}])${escape(name).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, 'gu'),
    ))
      if (this.isMidSentence(m.index)) n++;
    return n;
  }

  /** Whether the book writes `name` as a person's: with a possessive, or after a title. */
  isPersonal(name: string): boolean {
    const title = [...new Set(this.langs.flatMap((l) => [...titles(l)]))].map(escape).join('|');
    return new RegExp(
      `(?<![\\p{L}])${escape(name)}['’]s(?![\\p{L}])|(?<![\\p{L}])(?:${title})\\.?\\s+${escape(name)}(?![\\p{L}])`,
      'iu',
    ).test(this.text);
  }

  /** The evidence for `name` (capitalised counted, or given when the caller counted it). */
  of(name: string, capitalised = this.capitalisedOf(name)): NameEvidence {
    return { capitalised, lowercase: this.lowercaseOf(name) };
  }

  /**
   * Whether the evidence makes `name` a name: capitalised mid-sentence at least `least` times, and at least
   * CAPITALISED_PER_LOWERCASE times for each lower-case one; a people's word (one word) only when written as a
   * person's.
   */
  isName(name: string, evidence: NameEvidence, least: number): boolean {
    if (evidence.capitalised < least || evidence.capitalised < CAPITALISED_PER_LOWERCASE * evidence.lowercase)
      return false;
    return /\s/.test(name) || !this.langs.some((l) => isDemonym(name, l)) || this.isPersonal(name);
  }
}
