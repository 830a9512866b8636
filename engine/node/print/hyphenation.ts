// Where a word may break at a line's end: the `hyphen` package's TeX patterns the language's table names (en-us
// for English, id for Indonesian; there are no Malay patterns, so Malay is not hyphenated), and the hyphens and
// dashes already in it. typeset.ts measures the pieces and picks the break that fits.
import { createRequire } from 'node:module';
import type { Lang } from '../../spec/types.js';
import { publishingOf } from '../../publish/language-data.js';

export type Hyphenate = (text: string, options?: { hyphenChar?: string; minWordLength?: number }) => string;
const require = createRequire(import.meta.url);
const loaded = new Map<string, Hyphenate>();

/**
 * The hyphenation of a language, or null: the `hyphen` patterns its table names (publishing.hyphenation: en-us
 * for English); Malay has no published patterns (the package's `id` Indonesian ones would break Malay words
 * wrongly), so its table names none.
 */
export function hyphenatorOf(lang: Lang): Hyphenate | null {
  const patterns = publishingOf(lang).hyphenation;
  if (!patterns) return null;
  let hyphenate = loaded.get(patterns);
  if (!hyphenate)
    loaded.set(patterns, (hyphenate = (require(`hyphen/${patterns}`) as { hyphenateSync: Hyphenate }).hyphenateSync));
  return hyphenate;
}

/** The places a word may break, as offsets into it (after the letter before), from the patterns. */
function breakPoints(word: string, hyphenate: Hyphenate): number[] {
  const marked = hyphenate(word, { hyphenChar: '\u00ad', minWordLength: 6 });
  const points: number[] = [];
  let at = 0;
  for (const ch of marked) {
    if (ch === '\u00ad') points.push(at);
    else at += ch.length;
  }
  return points;
}

/** The longest word hyphenation looks at; longer runs are cut at the line's end. */
const MAX_HYPHENATED = 48;

/**
 * The places a word (a text without spaces) may break, last first: after a hyphen or dash already in it (no hyphen
 * added), and at its hyphenation points (a hyphen added); none in a word of capitals (an acronym), one under five
 * letters or one longer than any word (a link, a run without spaces: it is cut, not searched for breaks).
 */
export function wordBreaks(text: string, hyphenate: Hyphenate | null): Array<{ at: number; hyphen: boolean }> {
  if (text.length < 5 || text.length > MAX_HYPHENATED) return [];
  const match = /^([^\p{L}]*)([\p{L}][\p{L}'’-]*[\p{L}])([^\p{L}]*)$/u.exec(text);
  const candidates: Array<{ at: number; hyphen: boolean }> = [];
  // After a hyphen or a dash already in the text, no hyphen is added.
  for (let i = 1; i < text.length - 2; i++) if (/[-–—/]/.test(text[i]!)) candidates.push({ at: i + 1, hyphen: false });
  if (match && hyphenate) {
    const [, lead, core] = match as unknown as [string, string, string, string];
    // Words in capitals (acronyms) are left whole.
    if (core !== core.toUpperCase()) {
      const parts = core.split(/([-–—’'])/);
      let offset = lead.length;
      for (const part of parts) {
        if (/^\p{L}{6,}$/u.test(part))
          for (const p of breakPoints(part, hyphenate)) candidates.push({ at: offset + p, hyphen: true });
        offset += part.length;
      }
    }
  }
  return candidates.sort((a, b) => b.at - a.at);
}
