// What measuring a writer's voice needs of a language: the `voice` section of the language table
// (languages/<code>/voice.yaml). The pronouns that tell the narration's person, the abbreviations a full stop does
// not end a sentence after, the phrases models overuse (with "not X, but Y" in the language's own form), whether
// English's listed three-word phrases and its verbs' tense are read, and the languages a sample in which is
// refused for a book in this one. Read by code that is the same for every language.
import { defineSection, type Lang, type LanguageTable } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';

export interface VoiceLanguage {
  /** Each pronoun's person: 1 first, 2 second, 3 third. */
  readonly persons: ReadonlyMap<string, number>;
  /** Lowercase, without the stop. */
  readonly abbreviations: ReadonlySet<string>;
  /** Phrases models overuse; the first are the ones a prompt names to avoid. */
  readonly overused: readonly string[];
  /** Single words counted with the phrases but never named to avoid. */
  readonly overusedWords: readonly string[];
  /** "Not X, but Y" in the language, and the name it is counted under. */
  readonly notXButY: { readonly pattern: RegExp; readonly name: string };
  /** English's listed three-word phrases (voice/threes.ts) are counted. */
  readonly threes: boolean;
  /** The narration's tense is read from its verbs (English's). */
  readonly measuresTense: boolean;
  /** A sample found in one of these languages is refused for a book in this one. */
  readonly refusesSamplesIn: readonly string[];
}

function parseVoice(raw: unknown, table: LanguageTable): VoiceLanguage {
  const where = (key: string) =>
    table.raw.voice === undefined ? `languages/${table.code}/voice.yaml: ${key}` : `voice.${key}`;
  const fail = (key: string, what: string) => languageTableError(table.code, where(key), what);
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw fail(
      '*',
      'a mapping of pronouns, abbreviations, overused, notXButY, threes, measuresTense, refusesSamplesIn',
    );
  const r = raw as Record<string, unknown>;
  const list = (value: unknown, key: string, isRequired = true): string[] => {
    if (value === undefined && !isRequired) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string') || (isRequired && !value.length))
      throw fail(key, 'a list of texts');
    return value as string[];
  };
  const pronouns = (r.pronouns ?? {}) as Record<string, unknown>;
  const persons = new Map<string, number>(
    (['first', 'second', 'third'] as const).flatMap((p, i) =>
      list(pronouns[p], `pronouns.${p}`).map((w) => [w, i + 1] as const),
    ),
  );
  const flag = (key: string) => {
    if (typeof r[key] !== 'boolean') throw fail(key, 'true or false');
    return r[key] as boolean;
  };
  const nxy = (r.notXButY ?? {}) as Record<string, unknown>;
  if (typeof nxy.pattern !== 'string' || typeof nxy.name !== 'string') throw fail('notXButY', 'a pattern and its name');
  let pattern: RegExp;
  try {
    pattern = new RegExp(nxy.pattern, 'giu');
  } catch (e) {
    throw fail('notXButY.pattern', `a regular expression (${(e as Error).message})`);
  }
  return {
    persons,
    abbreviations: new Set(list(r.abbreviations, 'abbreviations')),
    overused: list(r.overused, 'overused'),
    overusedWords: list(r.overusedWords, 'overusedWords', false),
    notXButY: { pattern, name: nxy.name },
    threes: flag('threes'),
    measuresTense: flag('measuresTense'),
    refusesSamplesIn: list(r.refusesSamplesIn, 'refusesSamplesIn', false),
  };
}

/** A language's voice data, from its table. */
export const voiceLanguageOf: (code: Lang) => VoiceLanguage = defineSection('voice', parseVoice);
