// A book as the audio edition reads it: its title, author and language, and each part (the chapters, and a
// prologue or an epilogue the book has) as its heading and its paragraphs in plain text, in the order a reader
// meets them. Lists and quotes are read as paragraphs; code and tables are not read aloud.
import type { Block } from '../../markdown.js';
import { spansText } from '../../markdown.js';
import type { BookDocument } from '../../session/book.js';
import { documentSections } from '../export/sections.js';

export interface SpokenPart {
  readonly heading: string;
  readonly paragraphs: readonly string[];
}

export interface SpokenBook {
  readonly title: string;
  readonly author: string;
  readonly lang: BookDocument['lang'];
  readonly parts: readonly SpokenPart[];
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A block's paragraphs as plain text. */
function paragraphsOf(block: Block): string[] {
  switch (block.kind) {
    case 'paragraph':
    case 'heading':
      return [clean(spansText(block.spans))];
    case 'quote':
      return block.blocks.flatMap(paragraphsOf);
    case 'list':
      return block.items.flatMap((item) => item.flatMap(paragraphsOf));
    default:
      return [];
  }
}

/** The document's parts with text, as they are read aloud. */
export function spokenBook(doc: BookDocument): SpokenBook {
  const parts = documentSections({ ...doc, outline: undefined } as BookDocument)
    .map((s) => ({
      heading: clean(s.heading),
      paragraphs: s.blocks.flatMap(paragraphsOf).filter((p) => /[\p{L}\p{N}]/u.test(p)),
    }))
    .filter((p) => p.paragraphs.length > 0);
  return { title: doc.title, author: doc.author ?? '', lang: doc.lang, parts };
}
