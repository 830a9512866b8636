// A word's edge in every script. JavaScript's `\b` is ASCII's, even with the u flag: `\bглава\b` never matches
// "глава", `\bκεφάλαιο\b` never matches "κεφάλαιο", and `café\b` fails at the end of "café". Every pattern built from a
// language's words (engine/reading-words.ts readingPattern, engine/import/heading-words.ts wordsPattern, the book's
// and the continuity checks' words) passes its source through wordEdges, so a `\b` written in code or in a
// language's file means the edge of a word of any script.

/** A letter, a mark or a digit of any script, or `_`: what a word is made of. */
const WORD = String.raw`[\p{L}\p{M}\p{N}_]`;
/** Between a word's character and another character (or the text's edge): `\b` for every script. */
export const WORD_EDGE = String.raw`(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;
/** Not at a word's edge: `\B` for every script. */
const NOT_WORD_EDGE = String.raw`(?:(?<=${WORD})(?=${WORD})|(?<!${WORD})(?!${WORD}))`;

/**
 * The pattern source with each `\b` and `\B` read for every script (a `\\b`, an escaped backslash before a b, is
 * left as it is). The pattern is then to be compiled with the u flag (`\p{…}`).
 * @example new RegExp(wordEdges(String.raw`\bглава\b`), 'iu').test('Глава 3') // true
 */
export function wordEdges(source: string): string {
  return source.replace(/\\\\|\\b|\\B/g, (m) => (m === '\\b' ? WORD_EDGE : m === '\\B' ? NOT_WORD_EDGE : m));
}

/** The flags with u added (wordEdges' patterns need it). */
export const withUnicode = (flags: string): string => (flags.includes('u') ? flags : `${flags}u`);
