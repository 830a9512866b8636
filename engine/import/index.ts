// Importing a manuscript: its bytes read as text (read-text.ts), its text split into parts (chapters.ts).
// The front door of engine/import: callers (the CLI, the server, the studio) use only what this file exports.
import { markdownMeta } from './markdown-meta.js';
import { cleanText } from '../clean-text.js';
import { countWords } from '../provider.js';
import { splitManuscript, type ManuscriptSplit } from './chapters.js';
import { splitByContents, type ContentsSection } from './contents.js';
import { unwrapLines } from './plain-text.js';
import { writersText } from './indented.js';
import { FRONT_KIND_NAMES, LEFT_OUT_NAMES } from './front-matter.js';
import { tidy } from './title-page.js';
import { wordIn, type Lang } from '../languages/index.js';
import { readSourceStatus, type SourceStatus } from './source-status.js';
import { checkImportFile, importFileName, IMPORT_LIMITS, ImportRefusal, type ImportFormat } from './read-text.js';
import { decodeText, type TextEncoding } from './text-encoding.js';

export { splitManuscript, type ImportedPart, type ManuscriptSplit } from './chapters.js';
export { decodeText, UTF8_SHARE, type DecodedText, type TextEncoding } from './text-encoding.js';
export {
  checkImportFile,
  fileKindOf,
  importFileName,
  importRefusalMessage,
  tooLargeRefusal,
  formatOfName,
  IMPORT_LIMITS,
  ImportRefusal,
  type ImportFormat,
  type FileKind,
} from './read-text.js';
export { chapterNumber, listNumber, readHeading, romanValue, type ListStyle } from './headings.js';
export { DocumentTooDeep, htmlToText } from './html-text.js';
export { splitByContents, type ContentsSection } from './contents.js';
export { hardWrapWidth, proseOfPlainText, unwrapLines } from './plain-text.js';
export {
  FRONT_KIND_NAMES,
  LEFT_OUT_NAMES,
  openingKindOf,
  type FrontKind,
  type FrontSection,
  type LeftOutKind,
} from './front-matter.js';
export { writersText } from './indented.js';
export { readSourceStatus, withoutRightsClaims, type SourceStatus, type SourceEvidence } from './source-status.js';
export { readTitlePage, type TitlePage } from './title-page.js';

/** A manuscript read: its format, its encoding (text files), and its parts. */
export interface ReadManuscript extends ManuscriptSplit {
  file: string;
  format: ImportFormat;
  encoding?: TextEncoding;
  /** A text file's broken byte sequences, each replaced by U+FFFD (absent when none). */
  replacedBytes?: number;
  /** The words of all its parts. */
  words: number;
  /** The author and the language the file's own metadata name (an EPUB's package document), as written there. */
  author?: string;
  language?: string;
  /** A language Karya does not write that the text reads as (ISO 639: `deu`), found by the Node reader. */
  unwrittenLanguage?: string;
  /** What the text says of its source (source-status.ts): public domain, first published, original author. */
  source: SourceStatus;
}

/**
 * A manuscript read to text by the Node side (DOCX, EPUB), with the sections its contents list gives and its metadata.
 */
export interface ManuscriptText {
  text: string;
  format: ImportFormat;
  sections?: readonly ContentsSection[];
  frontMatterWords?: number;
  /**
   * `creator`: who made the file (a DOCX's dc:creator), the author only where neither the metadata's author nor the
   * title page names one.
   */
  meta?: { title?: string; author?: string; language?: string; creator?: string };
}

/**
 * A text or Markdown manuscript's parts (DOCX and EPUB are read to text by the Node side first and passed
 * as `text`). Refused (ImportRefusal) when the file is empty, too large, not what its name says, or over
 * the word limit.
 */
export function readManuscript(
  file: string,
  input: { bytes: Uint8Array } | ManuscriptText,
  opts: { split?: RegExp } = {},
): ReadManuscript {
  let format: ImportFormat;
  let text: string;
  let encoding: TextEncoding | undefined;
  let meta: ManuscriptText['meta'] = {};
  let replacedBytes = 0;
  // Read before the split strips an archive's header and licence (chapters.ts), which say where the text comes from.
  let source: SourceStatus;
  if ('bytes' in input) {
    format = checkImportFile(file, input.bytes);
    ({ text, encoding, replacedBytes } = decodeText(input.bytes));
    source = readSourceStatus(text);
    // A Markdown file's pandoc metadata (a YAML block, a `%` title block) names its title and author, as a DOCX's
    // properties do.
    if (format === 'markdown') ({ text, meta } = markdownMeta(text));
    // A hard-wrapped text's paragraphs each on one line, as the writer meant them (plain-text.ts).
    text = unwrapLines(text);
  } else {
    // DOCX and EPUB text: the same hidden characters out as decodeText takes out of a text file's, so no title or first
    // line keeps one.
    ({ text, format } = input);
    text = cleanText(text);
    source = readSourceStatus(text);
    meta = input.meta ?? {};
  }
  const name = importFileName(file);
  if (text.trim() === '') throw new ImportRefusal('import_empty', { file: name });
  const total = countWords(text);
  if (total > IMPORT_LIMITS.words)
    throw new ImportRefusal('import_too_many_words', {
      file: name,
      words: String(total),
      limit: String(IMPORT_LIMITS.words),
    });
  // The file's own contents list decides its chapters, unless the writer gave a pattern of their own.
  const sections =
    'sections' in input && input.sections?.length && !opts.split
      ? input.sections.map((sec) => ({ title: cleanText(sec.title).trim(), text: cleanText(sec.text) }))
      : undefined;
  const read = sections
    ? splitByContents(sections, ('frontMatterWords' in input ? input.frontMatterWords : 0) ?? 0)
    : splitManuscript(text, opts);
  // Indented verse and letters stay the writer's text, never Markdown's code (indented.ts); a Markdown file's indents
  // are its own syntax.
  const split =
    format === 'markdown'
      ? read
      : {
          ...read,
          parts: read.parts.map((p) => ({ ...p, text: writersText(p.text) })),
          ...(read.frontMatter
            ? { frontMatter: read.frontMatter.map((f) => ({ ...f, text: writersText(f.text) })) }
            : {}),
        };
  // The file's own metadata names the title and author first; a title there keeps no `;` that led on to a subtitle.
  const title = ownTitle(meta.title ? tidy(cleanText(meta.title).replace(/\s+/g, ' ')) : undefined, split.title);
  const named = meta.author ?? split.author ?? meta.creator;
  const author = named ? cleanText(named).replace(/\s+/g, ' ').trim() : undefined;
  return {
    file: name,
    format,
    ...(encoding ? { encoding } : {}),
    ...(replacedBytes > 0 ? { replacedBytes } : {}),
    ...split,
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    ...(meta.language ? { language: meta.language.trim().slice(0, 35) } : {}),
    words: split.parts.reduce((sum, p) => sum + p.words, 0),
    source,
  };
}

/**
 * The title a file's metadata gives, unless it is the book's own title page's with a converter's or a site's name
 * after it ("Frankenstein | Project Gutenberg" over "Frankenstein"): then the title page's.
 */
function ownTitle(fromMeta: string | undefined, fromText: string | undefined): string | undefined {
  if (!fromMeta || !fromText) return fromMeta ?? fromText;
  const norm = (t: string) =>
    t
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const rest = fromMeta.slice(fromText.length);
  return norm(fromMeta).startsWith(norm(fromText)) && fromMeta.length > fromText.length && /^\s*[|–—:]/.test(rest)
    ? fromText
    : fromMeta;
}

/**
 * What `karya import --dry-run --json` prints and POST /api/books/import/preview answers (engine/contract/import.ts).
 */
export function manuscriptPreview(read: ReadManuscript) {
  return {
    file: read.file,
    format: read.format,
    encoding: read.encoding ?? null,
    ...(read.replacedBytes ? { replacedBytes: read.replacedBytes } : {}),
    title: read.title ?? null,
    ...(read.subtitle ? { subtitle: read.subtitle } : {}),
    author: read.author ?? null,
    language: read.language ?? null,
    reading: read.reading,
    words: read.words,
    source: read.source,
    frontMatterWords: read.frontMatterWords,
    // The front matter the book keeps, and what was left out, named (a preface is kept, never counted as left out).
    ...(read.frontMatter?.length
      ? {
          frontMatter: read.frontMatter.map((f) => ({
            kind: f.kind,
            title: f.title,
            words: f.words,
            firstLine: firstLineOf(f.text),
          })),
        }
      : {}),
    ...(read.leftOut?.length ? { leftOut: read.leftOut } : {}),
    chapters: read.parts.map((p) => ({
      kind: p.kind,
      number: p.number ?? null,
      title: p.title,
      words: p.words,
      firstLine: p.firstLine,
    })),
  };
}

/** The first line of a text with words, up to 120 characters, as a preview shows it. */
function firstLineOf(text: string): string {
  const line =
    text
      .split('\n')
      .find((l) => /\p{L}/u.test(l))
      ?.replace(/^>\s*/, '')
      .trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/**
 * The front matter kept and what was left out, in words for the writer ("preface (PREFACE, 362 words)"; "title page,
 * contents").
 */
export function frontMatterNames(read: Pick<ManuscriptSplit, 'frontMatter' | 'leftOut'>, lang: Lang) {
  return {
    kept: (read.frontMatter ?? []).map((f) => wordIn(FRONT_KIND_NAMES[f.kind], lang, 'import-front-kinds')),
    leftOut: (read.leftOut ?? []).map((k) => wordIn(LEFT_OUT_NAMES[k], lang, 'import-left-out')),
  };
}
