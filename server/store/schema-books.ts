// Table types for kysely of the saved books (the CLI's state file holds these alone: migrations/state.ts),
// series and editions: part of the server's schema (schema.ts names them all). Keep in step with migrations/.
import type { Lang } from '../../engine/index.js';
import type { Generated } from 'kysely';

/** Saved books: a header row per book and one row per written part (migrations/books.ts). */
export interface BooksTable {
  id: Generated<number>;
  owner: string;
  book_key: string;
  book_type: string;
  generator_id: string;
  lang: string;
  total_chapters: number;
  current_chapter: number;
  /** JSON object of settings. */
  settings: string;
  character_details: string | null;
  /** The story so far (bounded) and the position of the last part it took in. */
  memory: Generated<string | null>;
  memory_up_to: Generated<number | null>;
  /** The writer's notes per chapter, JSON (position → note); null until the outline is shaped as chapters. */
  chapter_notes: Generated<string | null>;
  /** What the optional model audit of continuity found, JSON (position → findings); null when it found nothing. */
  audit_findings: Generated<string | null>;
  /** The continuity findings the writer marked as intended, JSON (their keys); null for none (migration 0023). */
  intended_findings: Generated<string | null>;
  /** The author an imported manuscript names (migration 0037). */
  author: Generated<string | null>;
  /**
   * Positions of the parts the writer wrote, JSON (migration 0024): only read, from a book saved before `provenance`.
   */
  authored_parts: Generated<string | null>;
  /**
   * How each part's text came to be, JSON (position → engine/compile/provenance.ts PartProvenance); null: every part
   * the model's (migration 0027).
   */
  provenance: Generated<string | null>;
  /** The writer's voice, JSON (engine/session/voice/fingerprint.ts BookVoice); null for none (migration 0026). */
  voice: Generated<string | null>;
  /**
   * What the book's source text is, JSON (engine/compile/provenance.ts SourceStatus); null when none was read
   * (migration 0036).
   */
  source: Generated<string | null>;
  is_finished: number;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface BookPartsTable {
  book_id: number;
  position: number;
  step: string;
  text: string;
  /** 0 when the part is still cut at the token limit after its continuations. */
  is_complete: Generated<number>;
  /** The user's own title of the part (a chapter), or null. */
  title: string | null;
  created_at: Generated<string>;
}

/** A series of one owner's books (migrations/series.ts). */
export interface SeriesTable {
  id: Generated<number>;
  owner: string;
  name: string;
  lang: string;
  created_at: Generated<string>;
}

/**
 * A book's place in a series: by its id, or by the key it will be saved under until it exists; `basis`: the series'
 * bible it was last written against.
 */
export interface SeriesBooksTable {
  series_id: number;
  number: number;
  owner: string;
  book_id: number | null;
  book_key: string | null;
  basis: string | null;
}

/**
 * A finished book's near-duplicate fingerprint (migrations/fingerprints.ts; JSON of engine/publish/near-duplicate.ts
 * TextFingerprint).
 */
export interface BookFingerprintsTable {
  owner: string;
  book_key: string;
  title: string;
  fingerprint: string;
  /** When the book's fingerprint was first kept: a book is compared only with books kept before it. */
  kept_at: Generated<string>;
}

/** A book's day in its owner's release plan (migrations/releases.ts): an ISO day, yyyy-mm-dd. */
export interface BookReleasesTable {
  book_id: number;
  publish_on: string;
}

/**
 * An answer of a step or a bible update not saved yet (migrations/kept-answers.ts): `answer` is the provider's
 * TextResult as JSON.
 */
export interface KeptAnswersTable {
  id: Generated<number>;
  owner: string;
  book_key: string;
  /**
   * The step (engine/session/kept-answers.ts: `step:` and its key) or the bible update (`memory:` and its part's
   * position).
   */
  scope: string;
  /** The request it answers (kept-answers.ts requestIdentity). */
  request: string;
  answer: string;
  kept_at: Generated<string>;
}

export interface BooksDatabase {
  books: BooksTable;
  kept_answers: KeptAnswersTable;
  book_releases: BookReleasesTable;
  book_fingerprints: BookFingerprintsTable;
  book_parts: BookPartsTable;
  series: SeriesTable;
  series_books: SeriesBooksTable;
}

/** A source book's edition in the other language (migrations/0031_book_editions.ts). */
export interface BookEditionsTable {
  source_id: number;
  lang: Lang;
  owner: string;
  edition_id: number | null;
  /** JSON: the writer's glossary, [{term, rendering}] (null: the one read from the story bible). */
  glossary: string | null;
  /** JSON: position → the source part's paragraph hashes when it was translated. */
  source_hashes: Generated<string>;
  /**
   * Milliseconds since the epoch: the lease of the run making the edition, or null (renewed by its holder's heartbeat).
   */
  running_until: number | null;
  /**
   * The lease's holder (a process's id, then its run's) and the generation of the part it charged and has not
   * delivered.
   */
  lease_holder: string | null;
  lease_charge: string | null;
  created_at: Generated<string>;
}
