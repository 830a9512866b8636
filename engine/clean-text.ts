// Text with no hidden characters: every text a writer sends (parts, passages, notes, cards, the brief, the
// bible, names, titles, imported manuscripts and their file names) and every answer a model sends is kept
// without NUL and the other control characters (newline and tab stay), bidirectional controls (marks,
// embeddings, overrides, isolates), and zero-width characters; a zero-width joiner or non-joiner stays where
// a script needs it (inside a word, an emoji sequence). One function, used by the contract's schemas, the
// settings' text fields, the import (engine/import) and the answer path (engine/session/answers/text.ts). Pure.

/** C0 controls but tab and newline, DEL and the C1 controls (a carriage return becomes a newline first). */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
/**
 * Unicode's bidirectional controls: the Arabic letter mark and the left-to-right and right-to-left marks
 * (U+061C, U+200E, U+200F), embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069). They reorder
 * or hide in what a reader sees; English and Malay text needs none of them.
 */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** Zero-width space, word joiner, invisible operators, the byte-order mark, the Mongolian vowel separator. */
const ZERO_WIDTH = /[\u200B\u2060-\u2064\uFEFF\u180E]/g;
/** Zero-width non-joiner and joiner: kept only between two visible characters. */
const JOINER = /[\u200C\u200D]/g;
const isVisible = (ch: string | undefined) => ch !== undefined && !/[\s\u200C\u200D]/.test(ch);

/**
 * The text without hidden characters (see above); text that has none comes back as it was.
 * @example cleanText('Rain\u0000 fell\u202e here\u202c.\u200b') // 'Rain fell here.'
 * @example cleanText('می\u200Cخواهم') // kept: a non-joiner inside a word
 */
export function cleanText(text: string): string {
  if (!/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u180E]/.test(text))
    return text;
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(BIDI, '')
    .replace(ZERO_WIDTH, '')
    .replace(JOINER, (joiner, at: number, whole: string) =>
      isVisible(whole[at - 1]) && isVisible(whole[at + 1]) ? joiner : '',
    );
}

/**
 * A piece of a streamed answer as the writer sees it arrive: controls, bidirectional controls and zero-width
 * characters out, as cleanText takes them out of the whole answer once it is in. A carriage return and a joiner
 * are left to that (a piece may end between "\r" and "\n", or beside the joiner's next character).
 * @example cleanPiece('the \u202Eshutters\u202C') // 'the shutters'
 */
export function cleanPiece(piece: string): string {
  return piece.replace(CONTROL, '').replace(BIDI, '').replace(ZERO_WIDTH, '');
}
