// The shapes of a KDP package's publishing steps: one step and its answer, the step as done (run or skipped, and
// why), what a caller gives instead of a step, and everything the steps produced before the files are made.
import type { PixelSize, PublishPart, ResolvedSpec, Settings } from '../spec/types.js';
import type { AiTextLevel } from './disclosure.js';
import type { ReadinessText } from './readiness-words.js';

/** One publishing step: the generator, its validated settings and the book's text when the part asks for it. */
export interface PublishStep {
  readonly part: PublishPart;
  /** The publishing generator (a cover generator as packageCoverSpec gives it). */
  readonly spec: ResolvedSpec;
  readonly settings: Settings;
  /** The prompt's {{bookContext}}; '' unless the part has `withContext`. */
  readonly bookContext: string;
}

export interface PublishStepResult {
  readonly text: string;
  /** The image of a cover step, at the model's size. */
  readonly png?: Uint8Array;
}

/** Run one step of generator X with settings S (and charge it, on the server). */
export type RunPublishStep = (step: PublishStep) => Promise<PublishStepResult>;

export interface PackageStepDone {
  part: PublishPart;
  generatorId: string;
  cost: number;
  /**
   * Set when no step ran: the value was given (--title, --author), is the book's own (its outline's
   * title), or (`no_author`) the copyright page waits for an author name that neither --author nor the
   * author-name step gave; for the cover, `typographic` (asked for) or `own_cover` (the writer's picture), and
   * `no_images` when the model server draws no pictures (the step ran, failed as such, and cost nothing).
   */
  skipped?: 'given' | 'book' | 'no_author' | CoverSkip;
}

/**
 * Why the cover step was not the model's picture: asked for a typographic cover, the writer's own, or a server
 * without images.
 */
export type CoverSkip = 'typographic' | 'own_cover' | 'no_images';

/**
 * Who made the cover: the cover generator's image model (absent or `model`), the writer (`author`: their own
 * picture), or Karya's typographic cover (`typographic`: no picture at all, made when the files are).
 */
export type CoverOrigin = 'model' | 'author' | 'typographic';

/** Everything the publishing steps produced, before the files are made. */
export interface PackageParts {
  title: string;
  subtitle: string;
  author: string;
  /** HTML with only KDP's tags, at most 4,000 characters. */
  description: string;
  keywords: string[];
  /** The copyright page in Markdown, placed before the book. */
  copyright: string;
  /**
   * The cover as drawn (the model's size, or the writer's picture) and the size the package wants; no picture
   * for a typographic cover (lettered when the files are made). `origin`: who made it (absent: the model).
   */
  cover: { png?: Uint8Array; size: PixelSize; origin?: CoverOrigin };
  categories: string[];
  /**
   * The title the cover was drawn with (its generator's `title` setting), when it has one: readiness compares it
   * with metadata.json's.
   */
  coverTitle?: string;
  /**
   * How the title, author and keywords were found when the answers did not follow the asked layout (readiness
   * says the first two).
   */
  notes: { title?: ReadinessText; author?: ReadinessText; keywords?: ReadinessText[] };
  /** What the caller gave for metadata.json (publisher, edition, series, reading age). */
  given: Pick<GivenFacts, 'publisher' | 'edition' | 'series' | 'seriesNumber' | 'readingAge' | 'aiText'>;
  steps: PackageStepDone[];
  /** Credits of the publishing steps run (each step's spec.cost). */
  cost: number;
}

/**
 * What a caller gives instead of a step: the book's own title, subtitle or author name; and what metadata.json
 * records.
 */
export interface GivenFacts {
  title?: string;
  subtitle?: string;
  author?: string;
  /** The imprint (KDP's optional "Publisher"); empty when the author publishes under their own name. */
  publisher?: string;
  /** The edition number (default 1). */
  edition?: number;
  /** The series the book belongs to, and its number in it. */
  series?: string;
  seriesNumber?: number;
  /** Reading age as KDP asks it for children's books, e.g. "8-12". */
  readingAge?: string;
  /** The writer's correction of the AI disclosure's text level (karya publish --ai-text), beside the derived one. */
  aiText?: AiTextLevel;
  /**
   * The cover without the cover step: a typographic one, or the writer's own picture (already checked,
   * coverPictureProblem).
   */
  cover?: { kind: 'typographic' } | { kind: 'picture'; image: Uint8Array };
}
