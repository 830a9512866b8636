// What every export (EPUB, DOCX, PDF) prints of a book document: its sections as blocks from the one
// Markdown reader, the words of the front matter in the book's language, and the heading levels inside a
// part.
import type { BookDocument } from '../../session/book.js';
import type { OpeningRole } from '../../session/opening-parts.js';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown, parseMarkdownPlaced, spansText, type Block } from '../../markdown.js';
import { catalogue, sayer } from '../../languages/index.js';
import { bookLanguageName, publishingOf } from '../../publish/language-data.js';
import { publicDomainNotice } from './public-domain-page.js';

/** A part (or the outline) ready to print: its heading and its text as blocks. */
export interface Section {
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly Block[];
  /** The heading's language when it is not the book's (a chapter title kept as its source's). */
  readonly headingLang?: Lang;
  /** Each block's language, for a dual-language part (its pieces). */
  readonly langs?: readonly Lang[];
  /** An imported book's front matter, letter or prologue (engine/session/opening-parts.ts). */
  readonly role?: OpeningRole;
}

/**
 * The EPUB structural semantics of a part of each kind (EPUB 3 Structural Semantics Vocabulary); a letter is the
 * story's, a chapter.
 */
const EPUB_TYPES: Readonly<Record<OpeningRole, string>> = {
  preface: 'preface',
  foreword: 'foreword',
  authorsNote: 'preface',
  introduction: 'introduction',
  dedication: 'dedication',
  epigraph: 'epigraph',
  acknowledgements: 'acknowledgments',
  letter: 'chapter',
  prologue: 'prologue',
};

/** A section's EPUB type: its kind's, the outline a preface, any other part a chapter. */
export function epubTypeOf(section: Pick<Section, 'id' | 'role'>): string {
  return section.role ? EPUB_TYPES[section.role] : section.id === 'outline' ? 'preface' : 'chapter';
}

/** Front matter: before the body of the book (a letter and a prologue are the story's). */
export const isFrontMatter = (section: Pick<Section, 'role'>) =>
  section.role !== undefined && section.role !== 'letter' && section.role !== 'prologue';

/** The words the exports add around the text, in one language. */
export interface ExportWords {
  readonly contents: string;
  readonly writtenWith: string;
  readonly by: string;
  /** A public-domain text's copyright page: nobody's © to claim, and Karya only prepared it. */
  readonly publicDomain: string;
  readonly preparedWith: string;
  /** A translated edition's line: "Translated from {language} by AI with Karya". */
  readonly translatedWith: string;
  /** A dual-language book's copyright line: "Bilingual edition: {source} and {edition}". */
  readonly bilingual: string;
  /** The heading of calibre's translator column. */
  readonly translator: string;
  /** A book language's name as a translated edition's line says it in this language (the language table's). */
  readonly language: (code: Lang) => string;
}

/** The front matter's words; another language's are in languages/<code>/export.yaml. */
const WORDS = catalogue('export', [
  'contents',
  'writtenWith',
  'by',
  'publicDomain',
  'preparedWith',
  'translatedWith',
  'bilingual',
  'translator',
]);

const say = sayer(WORDS);

/** The words the exports add around the text, in `lang`. */
export function exportWords(lang: Lang): ExportWords {
  const w = (key: keyof typeof WORDS) => say(key, lang);
  return {
    contents: w('contents'),
    writtenWith: w('writtenWith'),
    by: w('by'),
    publicDomain: w('publicDomain'),
    preparedWith: w('preparedWith'),
    translatedWith: w('translatedWith'),
    bilingual: w('bilingual'),
    translator: w('translator'),
    language: (code) => bookLanguageName(code, lang),
  };
}

const normal = (text: string) =>
  text
    .replace(/[*_#:\s]+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * The outline (when the document has one) and the parts, as blocks. A part whose text opens with its own
 * heading ("## Chapter 1") loses that line: the export prints the part's heading already.
 */
export function documentSections(doc: BookDocument): Section[] {
  return [...(doc.outline ? [doc.outline] : []), ...doc.parts].map((part) => {
    // A dual-language part's pieces, each block in its language: the second language's set apart (its text in italic).
    const pieces = part.pieces?.flatMap((p) =>
      parseMarkdown(p.markdown).map((b) => ({ block: p.isSecond ? italicBlock(b) : b, lang: p.lang })),
    );
    const blocks = pieces ? pieces.map((p) => p.block) : markedBlocks(part);
    const [first] = blocks;
    const isRepeat = first?.kind === 'heading' && normal(spansText(first.spans)) === normal(part.heading);
    const from = isRepeat ? 1 : 0;
    const headingLang = part.untranslated?.heading ? { headingLang: part.untranslated.lang } : {};
    return {
      id: part.id,
      heading: part.heading,
      blocks: blocks.slice(from),
      ...(pieces ? { langs: pieces.slice(from).map((p) => p.lang) } : {}),
      ...headingLang,
      ...(part.role ? { role: part.role } : {}),
    };
  });
}

/**
 * A part's blocks, each paragraph or quote the part keeps in its source's language (a translated edition's
 * untranslated paragraphs) marked with that language's tag: found where the text has them, in order.
 */
function markedBlocks(part: BookDocument['parts'][number]): Block[] {
  const kept = part.untranslated?.paragraphs ?? [];
  if (!part.untranslated || !kept.length) return parseMarkdown(part.markdown);
  const ranges: Array<[number, number]> = [];
  let from = 0;
  for (const p of kept) {
    const at = part.markdown.indexOf(p, from);
    if (at < 0) continue;
    ranges.push([at, at + p.length]);
    from = at + p.length;
  }
  const { lang } = part.untranslated;
  return parseMarkdownPlaced(part.markdown).map(({ block, start }) => {
    const isKept = ranges.some(([a, b]) => start >= a && start < b);
    return isKept && (block.kind === 'paragraph' || block.kind === 'quote') ? { ...block, lang } : block;
  });
}

/** A block with its running text in italic (a heading, code, a rule and a table as they are). */
export function italicBlock(b: Block): Block {
  switch (b.kind) {
    case 'paragraph':
      return { ...b, spans: [{ kind: 'em', children: b.spans }] };
    case 'list':
      return { ...b, items: b.items.map((item) => item.map(italicBlock)) };
    case 'quote':
      return { ...b, blocks: b.blocks.map(italicBlock) };
    default:
      return b;
  }
}

/** The level a heading inside a part takes under the part's own (level 1): `#`/`##` → 2, deeper → 3. */
export function innerHeadingLevel(level: number): 2 | 3 {
  return level <= 2 ? 2 : 3;
}

/**
 * The copyright page's lines: "© 2025 Author" (or "© 2025") and "Written with Karya"; for a public-domain text,
 * that it is in the public domain, what the edition adds and © over those alone, and that it was prepared with Karya.
 */
export function copyrightLines(
  doc: Pick<BookDocument, 'lang' | 'author' | 'publicDomain' | 'translatedFrom' | 'edition' | 'rightsHolder'>,
  year: number,
): { notice: string; writtenWith: string } {
  const words = exportWords(doc.lang);
  // A translated edition says so where "Written with Karya" stands (KDP asks AI translation to be disclosed).
  const translated = doc.translatedFrom
    ? words.translatedWith.replace('{language}', words.language(doc.translatedFrom))
    : undefined;
  // A public-domain text: © only over what this edition adds (public-domain-page.ts), never over the text.
  if (doc.publicDomain) return { notice: publicDomainNotice(doc, year), writtenWith: translated ?? words.preparedWith };
  const writtenWith = translated ?? words.writtenWith;
  return { notice: `© ${year}${doc.author ? ` ${doc.author}` : ''}`, writtenWith };
}

/** A book language's tag in an EPUB (dc:language, xml:lang: BCP 47), as the language table gives it. */
export const epubLanguage = (lang: Lang): string => publishingOf(lang).epubTag;

/**
 * A book language's proofing language in a Word file (BCP 47 with its region: `en-GB`), as the language table gives it.
 */
export const wordLanguage = (lang: Lang): string => publishingOf(lang).wordTag;

/** Control characters and U+FFFE/FFFF, which XML 1.0 cannot hold. */
const XML_CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/.source;
/** A high surrogate with no low one after it. */
const LONE_HIGH = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.source;
/** A low surrogate with no high one before it. */
const LONE_LOW = /(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.source;
const XML_UNSAFE = new RegExp(`${XML_CONTROL}|${LONE_HIGH}|${LONE_LOW}`, 'g');

/** Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/FFFF), removed. */
export function xmlSafe(text: string): string {
  return text.replace(XML_UNSAFE, '');
}
