// What a generator's fields may ask of a language's grammar: the `grammar` section of the language table
// (languages/<code>/grammar.yaml). A field shown only for some languages names a flag of it
// (`visibleWhen: { field: language, where: tenseMarked }`), never a language's code.
import { defineSection, langs, type LanguageTable } from '../languages/index.js';
import { languageTableError } from '../languages/errors.js';
import type { Lang } from './types.js';

/** Every flag a table must state; a generator may name any of them in `where`. */
export const GRAMMAR_FLAGS = {
  tenseMarked:
    'true when the language marks past and present on its verbs ' +
    "(a writer may choose a book's tense), false when it does not",
} as const;
export type GrammarFlag = keyof typeof GRAMMAR_FLAGS;

function parseGrammar(raw: unknown, table: LanguageTable): Readonly<Record<GrammarFlag, boolean>> {
  const where = (key: string) =>
    table.raw.grammar === undefined ? `languages/${table.code}/grammar.yaml: ${key}` : `grammar.${key}`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(
      table.code,
      where('*'),
      `a mapping of ${Object.keys(GRAMMAR_FLAGS).join(', ')} to true or false`,
    );
  const flags = raw as Record<string, unknown>;
  for (const [key, meaning] of Object.entries(GRAMMAR_FLAGS)) {
    if (typeof flags[key] !== 'boolean') throw languageTableError(table.code, where(key), `true or false (${meaning})`);
  }
  return Object.fromEntries(Object.keys(GRAMMAR_FLAGS).map((k) => [k, flags[k] as boolean])) as Record<
    GrammarFlag,
    boolean
  >;
}

/** A language's grammar flags, from its table. */
export const grammarOf = defineSection('grammar', parseGrammar);

export function isGrammarFlag(name: string): name is GrammarFlag {
  return Object.hasOwn(GRAMMAR_FLAGS, name);
}

/** The languages of the table whose grammar has the flag, in the table's order. */
export function languagesWhere(flag: GrammarFlag): Lang[] {
  return langs().filter((code) => grammarOf(code)[flag]);
}
