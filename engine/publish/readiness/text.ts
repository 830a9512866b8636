// A readiness text as data (a catalogue code and its values) and the `say` each rule makes from its own words:
// a rule can say its own codes and the shared pieces (shared-words.ts), never another rule's, so a rule's
// words are all in its file. Kept free of the registry (index.ts) so that rules and the libraries they use
// (rules.ts, channels.ts, disclosure.ts) can import it without an import cycle.
import type { Bilingual, Lang } from '../../spec/types.js';
import { SHARED_WORDS } from './shared-words.js';

/** A value of a text: as it is (a number, a name, a file), another text, or a list of texts (said as "a, b"). */
export type ReadinessValue = string | number | ReadinessText | readonly ReadinessText[];

/** One readiness text as data: its catalogue code and the values of its placeholders. */
export interface ReadinessText {
  readonly code: string;
  readonly params?: Readonly<Record<string, ReadinessValue>>;
}

/** A text as it comes back from JSON (a kept package, the API): a code, perhaps unknown here, and its values. */
export interface StoredText {
  readonly code: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** A check's words as data (catalogue codes and values), for saying them in another language (the studio's). */
export interface ReadinessCheckText {
  label: ReadinessText;
  detail?: ReadinessText[];
  fix?: ReadinessText[];
}

/** A rule's words: each code with its text in every language. */
export type RuleWordTable = Readonly<Record<string, Bilingual>>;

export type SharedCode = keyof typeof SHARED_WORDS;

/**
 * A `say` for a rule: its own codes and the shared ones.
 * @example const say = sayer(WORDS); say('cover.found', { file: 'cover.jpg' })
 */
export function sayer<W extends RuleWordTable>(_words: W) {
  return (code: (keyof W & string) | SharedCode, params?: Record<string, ReadinessValue>): ReadinessText =>
    params ? { code, params } : { code };
}

/** A text of the shared pieces: `sayShared('bytes', { n: 12 })`. */
export const sayShared = sayer({});

/**
 * The name of a book language as the checks say it ("Malay", "bahasa Melayu"): a `lang.<code>` text, which
 * readinessText says in the reader's language from the language table (language-data.ts bookLanguageName).
 */
export const languageName = (lang: Lang): ReadinessText => ({ code: `lang.${lang}` });

/** The book language a `lang.<code>` text names, or undefined for any other text. */
export const namedLanguage = (code: string): Lang | undefined => /^lang\.([a-z]{2,3})$/.exec(code)?.[1];
