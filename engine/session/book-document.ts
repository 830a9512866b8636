// A book as a document, the one shape every output reads (Markdown, EPUB, DOCX and PDF, audio): its title, language,
// copyright facts and parts with their headings, the formats it is exported to, and the document as Markdown.
// book.ts builds it from a book's state.
import type { Lang } from '../spec/types.js';
import type { LayoutName } from '../print.js';
import type { PublicDomainEdition } from './public-domain.js';
import type { OpeningRole } from './opening-parts.js';

export const EXPORT_FORMATS = ['md', 'epub', 'docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface DocumentPart {
  /** The step key of the part (`introduction`, `chapter:3`, `conclusion:4`, `single`). */
  readonly id: string;
  /** "Introduction", "Chapter 3" / "Bab 3", a section's name; "Chapter 3: The Storm" with the user's title. */
  readonly heading: string;
  /** The part's text as written (Markdown). */
  readonly markdown: string;
  /**
   * A translated edition's pieces kept in its source's language (no translation could be had): that language, the
   * paragraphs (as the part's text has them) and whether the chapter title is one; every export marks them so.
   */
  readonly untranslated?: { readonly lang: Lang; readonly paragraphs: readonly string[]; readonly heading?: true };
  /**
   * A dual-language part's text (engine/node/export/bilingual-pdf.ts): `markdown` in pieces, each in its language; the
   * second language's pieces (`isSecond`, the translation after its source) are set apart in print (italic).
   */
  readonly pieces?: ReadonlyArray<{ readonly markdown: string; readonly lang: Lang; readonly isSecond?: boolean }>;
  /**
   * An imported book's opening piece: the front matter's kind, a letter, or the prologue
   * (engine/session/opening-parts.ts).
   */
  readonly role?: OpeningRole;
}

export interface BookDocument {
  readonly title: string;
  readonly author?: string;
  /**
   * More text for the one copyright page (Markdown: rights, disclaimer), printed under its © line; never a part of its
   * own.
   */
  readonly copyright?: string;
  readonly lang: Lang;
  /** What kind of book it is, in its language ("Romance Story", "Buku Masakan"). */
  readonly typeLabel: string;
  readonly outline?: DocumentPart;
  readonly parts: readonly DocumentPart[];
  /** How its print pages are set (engine/print.ts printLayoutOf): a children's book as one, else as a novel. */
  readonly layout?: LayoutName;
  /** The series the book belongs to and its number in it (the EPUB's collection metadata). */
  readonly series?: { readonly name: string; readonly number: number };
  /**
   * A public-domain text (its source status says so): its copyright page claims no © over the text, and it was not
   * written with Karya.
   */
  readonly publicDomain?: boolean;
  /**
   * A public-domain book's original and what this edition adds (public-domain.ts): the copyright page claims © only
   * over the additions.
   */
  readonly edition?: PublicDomainEdition;
  /**
   * Who claims copyright in a public-domain edition's additions (the publisher, or an editor who is not the original
   * author).
   */
  readonly rightsHolder?: string;
  /**
   * What the book says of itself for an EPUB's description, where the default would not be true (a public-domain text:
   * its own first lines).
   */
  readonly description?: string;
  /**
   * A translated edition (engine/session/translate): the language it was translated from by the model; the copyright
   * page and metadata say so.
   */
  readonly translatedFrom?: Lang;
}

/** The format a file name asks for (`book.epub` → epub), or null for an unknown extension. */
export function formatOfFile(file: string): ExportFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  const format = ext === 'markdown' ? 'md' : ext;
  return (EXPORT_FORMATS as readonly string[]).includes(format ?? '') ? (format as ExportFormat) : null;
}

/** A document as Markdown: `# title`, then one `##` heading per part (a single output has none). */
export function documentMarkdown(doc: BookDocument, opts: { isSingle?: boolean } = {}): string {
  const out: string[] = [`# ${doc.title}`, ''];
  if (doc.outline) out.push(`## ${doc.outline.heading}`, '', doc.outline.markdown, '');
  for (const part of doc.parts) {
    if (!opts.isSingle) out.push(`## ${part.heading}`, '');
    out.push(part.markdown, '');
  }
  return out.join('\n').trimEnd() + '\n';
}
