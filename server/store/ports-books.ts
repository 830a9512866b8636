// The saved books' ports: users' books with their parts, packages and hand edits (BookRepository), a part's
// earlier versions and its drafts. Part of the store's ports (ports.ts names them all).
import type { PartVersion } from './versions.js';
import type {
  BookState,
  BookVoice,
  MemorySave,
  PartProvenance,
  SavedBook,
  SourceStatus,
  StepSave,
} from '../../engine/index.js';
import type { KdpPackage } from '../../engine/contract/index.js';

/**
 * One of the user's books ("My Books"): the current book of its type (`isCurrent`, its key is the book
 * type) or one kept by "Start New" (its key is `kept:<id>`), finished or not. The id never changes.
 */
export interface UserBook extends SavedBook {
  id: number;
  key: string;
  bookType: string;
  isCurrent: boolean;
}

/** Users' saved books (written by `generations.commit`, one part per step). */
export interface BookRepository {
  /** The user's book under `key` (the book type), or null. */
  load(input: { userId: string; key: string }): Promise<(SavedBook & { bookType: string }) | null>;
  /** Keep the book's updated memory (the story so far); its header only. */
  saveMemory(input: { userId: string; key: string } & MemorySave): Promise<void>;
  /**
   * A written part (or the outline, position -1) edited by hand: its text (then complete) and the book's
   * header from `state` (character details, memory), in one transaction. False when there is no such part.
   */
  savePartEdit(input: {
    userId: string;
    key: string;
    position: number;
    text: string;
    state: BookState;
  }): Promise<boolean>;
  /**
   * A written part's chapter title (an edition's, retitled by the writer), its text untouched. False when there is no
   * such part.
   */
  saveChapterTitle(input: { userId: string; key: string; position: number; title: string }): Promise<boolean>;
  /**
   * savePartEdit, with the text it replaces (`previous`) kept as the part's newest version in the same
   * transaction (a passage Keep: never a version without its edit, nor an edit without its version). Answers
   * the version's number; null when there is no such part.
   */
  savePartEditKeeping(input: {
    userId: string;
    key: string;
    position: number;
    text: string;
    state: BookState;
    previous: { text: string; note?: string; provenance?: PartProvenance };
  }): Promise<number | null>;
  /**
   * The outline shaped as chapters: its text, and the chapter count and notes of `state`, in one transaction. False
   * when there is no outline.
   */
  saveOutlineEdit(input: { userId: string; key: string; outline: string; state: BookState }): Promise<boolean>;
  /** The writer's voice (none: undefined), kept with the book; false when there is no such book. */
  saveVoice(input: { userId: string; key: string; voice: BookVoice | undefined }): Promise<boolean>;
  /**
   * What the book's source text is (public domain, first published), the writer's word kept with the book; false when
   * there is no such book.
   */
  saveSource(input: { userId: string; key: string; source: SourceStatus }): Promise<boolean>;
  /**
   * The author the book is published under, kept with the book once the writer gave it or a package named it (no later
   * publish replaces it unasked); false when there is no such book.
   */
  saveAuthor(input: { userId: string; key: string; author: string }): Promise<boolean>;
  /**
   * The book's settings (a translated edition's title is kept among them), its header only; false when there is no such
   * book.
   */
  saveSettings(input: { userId: string; key: string; settings: BookState['settings'] }): Promise<boolean>;
  /**
   * An imported book's chapter count before its outline plans the chapters to come (engine/session withTotalChapters),
   * with its settings; false when there is no such book.
   */
  saveChapterCount(input: {
    userId: string;
    key: string;
    totalChapters: number;
    settings: BookState['settings'];
  }): Promise<boolean>;
  /**
   * The continuity findings the writer marked as intended (their keys), kept with the book; false when there is no such
   * book.
   */
  saveIntendedFindings(input: { userId: string; key: string; keys: readonly string[] }): Promise<boolean>;
  /**
   * "Start New": the book under `key`, finished or not, is kept (one of `list`, same id, no longer
   * current); nothing is deleted. False when there was none.
   */
  remove(input: { userId: string; key: string }): Promise<boolean>;
  /**
   * An imported manuscript saved as the user's current book under `key`, in one transaction: the book there
   * before is kept (as `remove` keeps it), then every part is written. Answers the new book's id.
   */
  saveImport(input: { userId: string; key: string; saves: readonly StepSave[] }): Promise<number>;
  /**
   * A book with nothing written yet (a series' next book) saved as the user's current book under `key` with its
   * settings, in one transaction: the book there before is kept (as `remove` keeps it). Answers the new book's id.
   */
  saveDraft(input: {
    userId: string;
    key: string;
    bookType: string;
    generatorId: string;
    state: BookState;
  }): Promise<number>;
  /** The user's books (current and kept, finished or not), the most recently changed first. */
  list(input: { userId: string }): Promise<UserBook[]>;
  /** One of the user's books by id, or null (another user's or missing). */
  find(input: { userId: string; id: number }): Promise<UserBook | null>;
  /**
   * Delete one of the user's books (its parts, versions, drafts and package with it); false when there is no such book.
   */
  removeById(input: { userId: string; id: number }): Promise<boolean>;
  /**
   * "Continue": the book becomes the current book of its type again; the book that was current there is
   * kept. Answers its book type, or null when the user has no such book.
   */
  continueBook(input: { userId: string; id: number }): Promise<string | null>;
  /** The id of the user's book under `key` (the book a KDP package is made from), or null. */
  findBookId(input: { userId: string; key: string }): Promise<number | null>;
  /**
   * Keep a KDP package with one of the user's books (by id, so it stays with the book when Start New keeps
   * it), replacing the book's earlier package, and its day in the release plan (keepRelease: the report's
   * publish_on); false when the user has no such book. Deleted with the book.
   */
  savePackage(input: { userId: string; bookId: number; zip: Uint8Array; report: KdpPackage }): Promise<boolean>;
  /**
   * How many of the user's books had their package made at or after `since` (an ISO time: the start of today), for the
   * daily release limit.
   */
  countPackagesSince(input: { userId: string; since: string }): Promise<number>;
  /**
   * The user's new titles per day from `from` (an ISO day, yyyy-mm-dd) on: each book counted on the day its
   * release was planned (keepRelease), the books of `exceptBookIds` left out (their packages are being made again).
   */
  releaseDaysFrom(input: {
    userId: string;
    from: string;
    exceptBookIds?: readonly number[];
  }): Promise<Record<string, number>>;
  /**
   * Keep the day one of the user's books may be published on or after (replacing its earlier one); false when there is
   * no such book.
   */
  keepRelease(input: { userId: string; bookId: number; publishOn: string }): Promise<boolean>;
  /** The report of the package of the user's book under `key`, or null. */
  findPackage(input: { userId: string; key: string }): Promise<KdpPackage | null>;
  /** The zip of that package with its report, or null. */
  packageZip(input: { userId: string; key: string }): Promise<{ zip: Uint8Array; report: KdpPackage } | null>;
}

/**
 * A part's earlier texts (part_versions), kept when a rewrite replaces it; found through the user's book under `key`.
 */
export interface VersionRepository {
  /** A part's versions, newest first. */
  list(input: { userId: string; key: string; position: number }): Promise<PartVersion[]>;
  /** Keep a text as the part's newest version; answers its number, null when the user has no book under `key`. */
  keep(input: {
    userId: string;
    key: string;
    position: number;
    text: string;
    note?: string;
    provenance?: PartProvenance;
  }): Promise<number | null>;
  find(input: { userId: string; key: string; position: number; version: number }): Promise<PartVersion | null>;
}

/** Drafts of hand edits (part_drafts): one per written part of the user's current book under `key`. */
export interface DraftRepository {
  list(input: { userId: string; key: string }): Promise<Array<{ position: number; text: string; updatedAt: string }>>;
  /** Keep the draft of one part; null when the user has no book under `key`. */
  save(input: {
    userId: string;
    key: string;
    position: number;
    text: string;
  }): Promise<{ position: number; text: string; updatedAt: string } | null>;
  remove(input: { userId: string; key: string; position: number }): Promise<boolean>;
}
