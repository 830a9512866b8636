// What every export (EPUB, DOCX, PDF) prints of a book document: its sections as blocks from the one
// Markdown reader, the words of the front matter in the book's language, and the heading levels inside a
// part.
import type { BookDocument } from '../../session/book.js';
import type { OpeningRole } from '../../session/opening-parts.js';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown, spansText, type Block } from '../../markdown.js';
import { catalogue, sayer } from '../../languages/index.js';
import { bookLanguageName, publishingOf } from '../../publish/language-data.js';

/** A part (or the outline) ready to print: its heading and its text as blocks. */
export interface Section {
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly Block[];
  /** An imported book's front matter, letter or prologue (engine/session/opening-parts.ts). */
  readonly role?: OpeningRole;
}

/** The EPUB structural semantics of a part of each kind (EPUB 3 Structural Semantics Vocabulary); a letter is the story's, a chapter. */
const EPUB_TYPES: Readonly<Record<OpeningRole, string>> = {
  preface: 'preface', foreword: 'foreword', authorsNote: 'preface', introduction: 'introduction', dedication: 'dedication', epigraph: 'epigraph',
  acknowledgements: 'acknowledgments', letter: 'chapter', prologue: 'prologue',
};

/** A section's EPUB type: its kind's, the outline a preface, any other part a chapter. */
export function epubTypeOf(section: Pick<Section, 'id' | 'role'>): string {
  return section.role ? EPUB_TYPES[section.role] : section.id === 'outline' ? 'preface' : 'chapter';
}

/** Front matter: before the body of the book (a letter and a prologue are the story's). */
export const isFrontMatter = (section: Pick<Section, 'role'>) => section.role !== undefined && section.role !== 'letter' && section.role !== 'prologue';

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
const WORDS = catalogue('export', {
  contents: { en: 'Contents', ms: 'Kandungan' },
  writtenWith: { en: 'Written with Karya', ms: 'Ditulis dengan Karya' },
  by: { en: 'by', ms: 'oleh' },
  publicDomain: { en: 'This text is in the public domain.', ms: 'Teks ini berada dalam domain awam.' },
  preparedWith: { en: 'Prepared for publishing with Karya', ms: 'Disediakan untuk penerbitan dengan Karya' },
  translatedWith: { en: 'Translated from {language} by AI with Karya', ms: 'Diterjemah daripada {language} oleh AI dengan Karya' },
  bilingual: { en: 'Bilingual edition: {source} and {edition}', ms: 'Edisi dwibahasa: {source} dan {edition}' },
  translator: { en: 'Translator', ms: 'Penterjemah' },
});

const say = sayer(WORDS);

/** The words the exports add around the text, in `lang`. */
export function exportWords(lang: Lang): ExportWords {
  const w = (key: keyof typeof WORDS) => say(key, lang);
  return {
    contents: w('contents'), writtenWith: w('writtenWith'), by: w('by'), publicDomain: w('publicDomain'), preparedWith: w('preparedWith'),
    translatedWith: w('translatedWith'), bilingual: w('bilingual'), translator: w('translator'), language: (code) => bookLanguageName(code, lang),
  };
}

const normal = (text: string) => text.replace(/[*_#:\s]+/g, ' ').trim().toLowerCase();

/**
 * The outline (when the document has one) and the parts, as blocks. A part whose text opens with its own
 * heading ("## Chapter 1") loses that line: the export prints the part's heading already.
 */
export function documentSections(doc: BookDocument): Section[] {
  return [...(doc.outline ? [doc.outline] : []), ...doc.parts].map((part) => {
    const blocks = parseMarkdown(part.markdown);
    const [first] = blocks;
    const isRepeat = first?.kind === 'heading' && normal(spansText(first.spans)) === normal(part.heading);
    return { id: part.id, heading: part.heading, blocks: isRepeat ? blocks.slice(1) : blocks, ...(part.role ? { role: part.role } : {}) };
  });
}

/** The level a heading inside a part takes under the part's own (level 1): `#`/`##` → 2, deeper → 3. */
export function innerHeadingLevel(level: number): 2 | 3 {
  return level <= 2 ? 2 : 3;
}

/**
 * The copyright page's lines: "© 2025 Author" (or "© 2025") and "Written with Karya"; for a public-domain text
 * (a Project Gutenberg import), that it is in the public domain and was prepared with Karya: no © for someone else's words.
 */
export function copyrightLines(doc: Pick<BookDocument, 'lang' | 'author' | 'publicDomain' | 'translatedFrom'>, year: number): { notice: string; writtenWith: string } {
  const words = exportWords(doc.lang);
  if (doc.publicDomain) return { notice: words.publicDomain, writtenWith: words.preparedWith };
  // A translated edition says so where "Written with Karya" stands (KDP asks AI translation to be disclosed).
  const writtenWith = doc.translatedFrom ? words.translatedWith.replace('{language}', words.language(doc.translatedFrom)) : words.writtenWith;
  return { notice: `© ${year}${doc.author ? ` ${doc.author}` : ''}`, writtenWith };
}

/** A book language's tag in an EPUB (dc:language, xml:lang: BCP 47), as the language table gives it. */
export const epubLanguage = (lang: Lang): string => publishingOf(lang).epubTag;

/** A book language's proofing language in a Word file (BCP 47 with its region: `en-GB`), as the language table gives it. */
export const wordLanguage = (lang: Lang): string => publishingOf(lang).wordTag;

/** Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/FFFF), removed. */
export function xmlSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
}
