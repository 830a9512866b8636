// A finished book for the publishing tests: started as a run starts it, its introduction, chapters and conclusion
// written (`content`, in that order) and the book locked, as a run leaves it.
import { parseSettings, startBook, type BookSpec, type BookState } from '../../engine/index.js';

export interface FinishedBook {
  spec: BookSpec;
  /** The writer's settings, checked against the generator's fields as a run checks them. */
  settings?: Readonly<Record<string, unknown>>;
  outline: string;
  /** The introduction, each chapter, the conclusion. */
  content: readonly string[];
  characterDetails?: string;
}

export function finishedBook(book: FinishedBook): BookState {
  const { spec, content } = book;
  const settings = parseSettings(spec, book.settings ?? {});
  return {
    ...startBook({ spec, settings, totalChapters: content.length - 2 }),
    outline: book.outline,
    content: [...content],
    ...(book.characterDetails === undefined ? {} : { characterDetails: book.characterDetails }),
    currentChapter: content.length,
    isLocked: true,
  };
}
