// Words, counted and cut one way for the whole product: the progress lines, the preview, prompts' "the story
// so far ended…", a passage's surroundings and the checks on headings and titles. A word is a run of
// non-space characters.

/** The words of a text (runs of non-space characters). */
export function wordList(text: string): string[] {
  return text.match(/\S+/g) ?? [];
}

/** Count words the way the progress lines and the preview do. */
export function countWords(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}

/**
 * At most the first `n` words of a text, joined by single spaces, with `mark` after them when the text was cut.
 * @example firstWords('one two three', 2) // 'one two …'
 */
export function firstWords(text: string, n: number, mark = ' …'): string {
  const words = wordList(text);
  return words.slice(0, n).join(' ') + (words.length > n ? mark : '');
}

/**
 * At most the last `n` words of a text, joined by single spaces, with `mark` before them when the text was cut.
 * @example lastWords('one two three', 2) // '…two three'
 */
export function lastWords(text: string, n: number, mark = '…'): string {
  const words = wordList(text);
  return (words.length > n ? mark : '') + words.slice(-n).join(' ');
}

/**
 * The words of a text as vocabulary, lowercased: runs of letters and digits with inner apostrophes and hyphens
 * ("don't", Malay "kanak-kanak" whole), punctuation and dashes left out. What a voice is measured on.
 */
export function letterWords(text: string): string[] {
  return text.toLowerCase().match(LETTER_WORD) ?? [];
}

const LETTER_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * The words of a text as the near-duplicate check compares them (engine/publish/near-duplicate.ts): lower
 * case, letters and digits only, so punctuation, quotes and dashes never hide a copied passage.
 * @example plainWords('"Don\'t," she said.') // ['dont', 'she', 'said']
 */
export function plainWords(text: string): string[] {
  return letterWords(text).map((w) => w.replace(/[^\p{L}\p{N}]/gu, ''));
}
