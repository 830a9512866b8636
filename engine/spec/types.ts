// The resolved spec: what every compiler reads. Produced only by resolveSpec(), frozen, never mutated.
import type { FAMILIES, KINDS } from './format.js';
import type { FIELD_TYPES, FIELD_ROLES } from './format-fields.js';
import type { PUBLISH_PARTS, PUBLISH_CONTEXT_PARTS } from './format-publish.js';
import type { LayoutName } from '../print.js';

/**
 * A language's code, as its table file gives it (`en`, `ms`, `id`): which exist is the language table's to say
 * (languages/*.yaml, engine/languages), not a type's.
 */
export type Lang = string;
/** A text in every language of the table (English and Malay beside the code; the others from the table's folders). */
export type Bilingual = Readonly<Record<Lang, string>>;
export type Scalar = string | number | boolean;
export type FieldType = (typeof FIELD_TYPES)[number];
export type FieldRole = (typeof FIELD_ROLES)[number];
export type Family = (typeof FAMILIES)[number];
export type Kind = (typeof KINDS)[number];
export type PublishPart = (typeof PUBLISH_PARTS)[number];
export type PublishContextPart = (typeof PUBLISH_CONTEXT_PARTS)[number];

export interface Condition {
  readonly field: string;
  readonly is: Scalar | readonly Scalar[];
}

export interface ResolvedOption {
  readonly value: string | number;
  readonly label: Bilingual;
  readonly description?: Bilingual;
}

export type FieldValue = string | number | boolean | readonly string[] | undefined;

/** A field as the settings schema, the flow and the form read it (the studio gets it from the form model). */
export interface FieldShape {
  readonly name: string;
  readonly type: FieldType;
  readonly role?: FieldRole;
  readonly label: Bilingual;
  readonly help?: Bilingual;
  readonly placeholder?: Bilingual;
  readonly options?: readonly ResolvedOption[];
  readonly default: FieldValue;
  readonly required: boolean;
  readonly visibleWhen?: Condition;
  readonly requiredWhen?: Condition;
  readonly min?: number;
  readonly max?: number;
  readonly maxLength?: number;
}

export interface ResolvedField extends FieldShape {
  readonly inPrompt: boolean;
  /**
   * Given by the preset, not named by the generator (the book brief): left empty, it is not part of a book's identity.
   */
  readonly fromPreset?: boolean;
}

export interface ResolvedSection {
  readonly id: string;
  readonly label: Bilingual;
  readonly description?: Bilingual;
}

import type { ConclusionPlacement } from './conclusion.js';
export type { ConclusionPlacement };
export type ProgressDenominator = 'total' | 'total+2' | number;

export interface ResolvedFlow {
  readonly outline: 'story' | 'guide' | 'none';
  readonly sections?: readonly ResolvedSection[];
  readonly conclusion: ConclusionPlacement;
  readonly progressDenominator: ProgressDenominator;
  readonly savesProgress: boolean;
  readonly characterDetails: boolean;
  readonly retry: boolean;
  /**
   * False for a piece that mixes languages on purpose (a language-learning story): its answers are not
   * checked for the output language (engine/session/language.ts). Absent (the studio's slice) or true: checked.
   */
  readonly languageCheck?: boolean;
  /**
   * 'audit': each chapter is also checked against the story bible by one model call; absent or 'checks': the bible's
   * own checks only.
   */
  readonly continuity?: 'checks' | 'audit';
}

export interface ResolvedPrompts {
  /** The brief of a book or piece in each output language ('' where the generator has none in that language). */
  readonly brief: Readonly<Record<Lang, string>>;
  readonly system: string;
  readonly outline: string;
  readonly introduction: string;
  readonly chapter: string;
  readonly conclusion: string;
  readonly single: string;
  readonly image: string;
  /** Words per chapter or output when no field chooses it. */
  readonly wordTarget: number;
  /** A select field whose value chooses the word target. */
  readonly wordTargetBy?: { readonly field: string; readonly values: Readonly<Record<string, number>> };
  readonly outputName: Bilingual;
  /** What the offline demo writes for the chapters (engine/providers/offline-demo.ts); by family when absent. */
  readonly demo?: 'story' | 'guide' | 'recipe';
  /** The layout of every part of a book, after "Write about N words." ('' for none). */
  readonly format?: Bilingual;
  /** The layout of numbered chapters, instead of `format`. */
  readonly chapterFormat?: Bilingual;
  /**
   * The layout of a fixed section by its id, instead of `chapterFormat` and `format` (kept out of the flow the studio
   * gets).
   */
  readonly sectionFormats?: Readonly<Record<string, Bilingual>>;
  /** What an answer for every part of a book must look like (_shared.yaml answerShapes); absent for single pieces. */
  readonly shape?: AnswerShape;
  /** The shape of numbered chapters, instead of `shape`. */
  readonly chapterShape?: AnswerShape;
  /** The shape of a fixed section by its id, instead of `chapterShape` and `shape`. */
  readonly sectionShapes?: Readonly<Record<string, AnswerShape>>;
}

/** What an answer for a part must look like to be kept (engine/session/answers/shape.ts reads it). */
export interface AnswerShape {
  /** Its name in _shared.yaml answerShapes (prose, guide, lists, recipes…). */
  readonly name: string;
  /** The most of an answer's words in list items, numbered lines and table rows. */
  readonly listShare: number;
  /** Recipes (ingredient and measure lines) belong in the part. */
  readonly recipes: boolean;
  /** Lines of chapter titles belong in the part. */
  readonly outlines: boolean;
  /** The most of an answer's distinct 8-word runs already in the book before it. */
  readonly copyShare: number;
  /** The fewest words an answer has before its lines are judged. */
  readonly minWords: number;
  /** A paragraph over this many words is split at sentence ends… */
  readonly wallWords: number;
  /** …into paragraphs of at least this many words. */
  readonly paragraphWords: number;
}

/**
 * max_tokens that follows the request: units × tokens per unit × headroom + overhead, never below
 * `ResolvedModel.tokens`.
 */
export interface ResolvedBudget {
  /** The rate's name in _shared.yaml budgets.rates, e.g. "joke", "word". */
  readonly per: string;
  readonly tokensPer: Readonly<Record<Lang, number>>;
  /** A field whose value is the number of units (numberOfJokes); absent with `count` or for words. */
  readonly itemsField?: string;
  /** A fixed number of units (10 keywords). */
  readonly count?: number;
  readonly headroom: number;
  readonly overhead: number;
}

export interface ResolvedModel {
  /** max_tokens, or with a budget the floor it never goes below (the token preset). */
  readonly tokens: number;
  readonly tokenPreset?: string;
  readonly budget?: ResolvedBudget;
  readonly temperature: number;
  readonly presencePenalty: number;
  readonly frequencyPenalty: number;
}

/** One part of a KDP package: the publishing generator that writes it and its settings (values may hold {{…}}). */
export interface ResolvedPublishPart {
  readonly generator: string;
  readonly settings: Readonly<Record<string, Scalar | readonly string[]>>;
  readonly withContext: boolean;
}

/** How `karya publish` packages a book (books only): _shared.yaml's default, the family's, then the file's own. */
export interface ResolvedPublish {
  readonly context: { readonly parts: readonly PublishContextPart[]; readonly maxWords: number };
  readonly categories: readonly string[];
  /** How the paperback's pages are set (engine/print.ts PRINT_LAYOUTS); `book` unless the generator says. */
  readonly layout: LayoutName;
  readonly parts: Readonly<Record<PublishPart, ResolvedPublishPart>>;
}

/** A size in pixels, e.g. KDP's ideal cover 1600 × 2560. */
export interface PixelSize {
  readonly width: number;
  readonly height: number;
}

export interface ResolvedSpec {
  /** Path of the YAML file as given to the loader (for messages). */
  readonly file: string;
  readonly id: string;
  readonly route: string;
  readonly family: Family;
  readonly kind: Kind;
  readonly bookType: string;
  readonly contentType: string;
  readonly title: Bilingual;
  readonly tagline: Bilingual;
  readonly typeLabel: Bilingual;
  readonly buttonLabel?: Bilingual;
  /** Output language when the generator has no language field. */
  readonly fixedLanguage: Lang;
  readonly fields: readonly ResolvedField[];
  readonly flow: ResolvedFlow;
  readonly prompts: ResolvedPrompts;
  readonly model: ResolvedModel;
  readonly cost: number;
  readonly image?: {
    readonly size: '1024x1024' | '1024x1792' | '1792x1024';
    /** The size of the cover in a KDP package; the image is scaled to fill it and cropped evenly. */
    readonly publishSize?: PixelSize;
  };
  /** Present on books: how `karya publish` turns the book into a KDP package. */
  readonly publish?: ResolvedPublish;
  /**
   * The texts each language of the table lacks, by path (engine/spec/resolve-languages.ts): absent when the
   * generator is whole in every language. It is refused in those languages (its language field leaves them out).
   */
  readonly languageGaps?: Readonly<Record<Lang, readonly string[]>>;
}

/** User settings after validation: field name → value. */
export type Settings = Readonly<Record<string, FieldValue>>;

/**
 * The slice of a spec that the settings schema, the book flow, part labels and the reader's view read:
 * a ResolvedSpec is one, and the studio builds one from the served form model (bookSpecFromForm).
 */
export interface BookSpec {
  readonly id: string;
  readonly kind: Kind;
  readonly fixedLanguage: Lang;
  readonly buttonLabel?: Bilingual;
  readonly fields: readonly FieldShape[];
  readonly flow: ResolvedFlow;
  readonly prompts: { readonly outputName: Bilingual };
  /** Credits charged for each step (the server charges every step of a book at this cost). */
  readonly cost: number;
}
