// Importing a manuscript: its bytes read as text (read-text.ts), its text split into parts (chapters.ts).
// The front door of engine/import: callers (the CLI, the server, the studio) use only what this file exports.
import { countWords } from '../provider.js';
import { splitManuscript, type ManuscriptSplit } from './chapters.js';
import { checkImportFile, decodeText, importFileName, IMPORT_LIMITS, ImportRefusal, type ImportFormat, type TextEncoding } from './read-text.js';
import { cleanText } from '../clean-text.js';

export { splitManuscript, type ImportedPart, type ManuscriptSplit } from './chapters.js';
export { checkImportFile, decodeText, fileKindOf, importFileName, UTF8_SHARE, type DecodedText, importRefusalMessage, tooLargeRefusal, formatOfName, IMPORT_LIMITS, ImportRefusal, type ImportFormat, type FileKind, type TextEncoding } from './read-text.js';
export { chapterNumber, listNumber, readHeading, romanValue, type ListStyle } from './headings.js';
export { decodeEntities, htmlToText } from './html-text.js';

/** A manuscript read: its format, its encoding (text files), and its parts. */
export interface ReadManuscript extends ManuscriptSplit {
  file: string;
  format: ImportFormat;
  encoding?: TextEncoding;
  /** A text file's broken byte sequences, each replaced by U+FFFD (absent when none). */
  replacedBytes?: number;
  /** The words of all its parts. */
  words: number;
}

/**
 * A text or Markdown manuscript's parts (DOCX and EPUB are read to text by the Node side first and passed
 * as `text`). Refused (ImportRefusal) when the file is empty, too large, not what its name says, or over
 * the word limit.
 */
export function readManuscript(file: string, input: { bytes: Uint8Array } | { text: string; format: ImportFormat }, opts: { split?: RegExp } = {}): ReadManuscript {
  let format: ImportFormat;
  let text: string;
  let encoding: TextEncoding | undefined;
  let replacedBytes = 0;
  if ('bytes' in input) {
    format = checkImportFile(file, input.bytes);
    ({ text, encoding, replacedBytes } = decodeText(input.bytes));
  } else {
    // DOCX and EPUB text: the same hidden characters out as decodeText takes out of a text file's, so no title or first line keeps one.
    ({ text, format } = input);
    text = cleanText(text);
  }
  const name = importFileName(file);
  if (text.trim() === '') throw new ImportRefusal('import_empty', { file: name });
  const total = countWords(text);
  if (total > IMPORT_LIMITS.words) throw new ImportRefusal('import_too_many_words', { file: name, words: String(total), limit: String(IMPORT_LIMITS.words) });
  const split = splitManuscript(text, opts);
  return { file: name, format, ...(encoding ? { encoding } : {}), ...(replacedBytes > 0 ? { replacedBytes } : {}), ...split, words: split.parts.reduce((sum, p) => sum + p.words, 0) };
}

/** What `karya import --dry-run --json` prints and POST /api/books/import/preview answers (engine/contract/import.ts). */
export function manuscriptPreview(read: ReadManuscript) {
  return {
    file: read.file,
    format: read.format,
    encoding: read.encoding ?? null,
    ...(read.replacedBytes ? { replacedBytes: read.replacedBytes } : {}),
    title: read.title ?? null,
    reading: read.reading,
    words: read.words,
    frontMatterWords: read.frontMatterWords,
    chapters: read.parts.map((p) => ({ kind: p.kind, number: p.number ?? null, title: p.title, words: p.words, firstLine: p.firstLine })),
  };
}
