// The base every Karya error extends: a stable code and its params as data (worded per language from the
// catalogue, never parsed), the HTTP status the class answers with unless the server's table says
// otherwise (server/errors/status.ts), and whether trying again may help. An error words itself in a
// language (`messageIn`): the catalogue's message for its code, filled from its params.
import type { Lang } from './spec/types.js';

/**
 * The words of a catalogued code in a language, its placeholders filled (a counted text in its form), or undefined
 * for a code no catalogue has.
 */
type CatalogueReader = (code: string, lang: Lang, params: ErrorParams) => string | undefined;
/**
 * Set by the error catalogue when it loads (engine/error-catalogue.ts). Not imported from it: the catalogue
 * registers with the language table, whose errors extend this class, so importing it here would be a cycle
 * that breaks whichever module loads first.
 */
let readCatalogue: CatalogueReader = () => undefined;

/** The error catalogue's reader, set once by engine/error-catalogue.ts. */
export function setErrorCatalogue(read: CatalogueReader): void {
  readCatalogue = read;
}

/** A brand in the global symbol registry: two copies of this module (a bundle, a worker) share it. */
const BRAND = Symbol.for('karya.error');

/** Values an error's message is filled from (catalogue placeholders). */
export type ErrorParams = Readonly<Record<string, string | number>>;

export abstract class KaryaError extends Error {
  /** A stable code: a catalogue or server message code (`wrong_language`, `part_not_found`…). */
  abstract readonly code: string;
  /** What the code's message needs, as data. */
  readonly params?: ErrorParams;
  /** The HTTP status an API answers with for this class, unless its code is in the server's status table. */
  readonly httpStatus: number;
  /** True when the same request may succeed later (a rate limit, a busy service). */
  readonly isRetryable: boolean;

  constructor(message: string, opts: { httpStatus?: number; isRetryable?: boolean; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.httpStatus = opts.httpStatus ?? 500;
    this.isRetryable = opts.isRetryable ?? false;
  }

  /**
   * The error in words, in `lang`: the catalogue's message for its code filled from its params, or its own
   * message for a code the catalogue has not got. A class whose params need wording (a language's name) says so by
   * overriding this.
   * @example new EditError('part_not_found').messageIn('ms')
   */
  messageIn(lang: Lang): string {
    return readCatalogue(this.code, lang, this.params ?? {}) ?? this.message;
  }

  /**
   * The request fields the error is about, each with its message in `lang` (a form shows each beside its
   * field); undefined when the error is about no field of its own.
   */
  fieldsIn(_lang: Lang): Readonly<Record<string, string>> | undefined {
    return undefined;
  }

  /**
   * True for any Karya error, also one made by another copy of this module (where `instanceof` fails).
   * @example if (KaryaError.isInstance(error)) log({ code: error.code })
   */
  static isInstance(error: unknown): error is KaryaError {
    return typeof error === 'object' && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true;
  }
}

Object.defineProperty(KaryaError.prototype, BRAND, { value: true });

/**
 * What is missing: the language, the catalogue (or `languages` for the table file itself) and the key; a file that
 * is not YAML, its place (then `language` is the file). bin/language-refusal.js words it at start.
 */
export type LanguageWordsParams = {
  readonly language: string;
  readonly catalogue: string;
  readonly key: string;
  readonly line?: number;
  readonly column?: number;
};

/**
 * A language table that cannot be used (engine/languages): a key of a table file, or a catalogue's words in a
 * language, missing. Defined here, beside its base, because the catalogues it checks load while this module does.
 */
export class LanguageWordsError extends KaryaError {
  readonly code = 'language_words_missing';
  override readonly params: LanguageWordsParams;
  constructor(params: LanguageWordsParams, message?: string) {
    super(
      message ??
        `language "${params.language}" has no words for "${params.key}" of ` +
          `the ${params.catalogue} catalogue (languages/${params.language}/${params.catalogue}.yaml)`,
    );
    this.name = 'LanguageWordsError';
    this.params = params;
  }
}
