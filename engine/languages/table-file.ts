// One language's table file (languages/<code>.yaml), parsed and checked: the base every language has (its code,
// order, names, script, tokens per word, other codes), a key that is missing or malformed refused naming the file
// and the key. table.ts reads every file through here; sections owned elsewhere are read by `defineSection`. Pure.
import { languageTableError } from './errors.js';
import type { Lang } from '../spec/types.js';

/**
 * One language's table file, parsed: the base every language has; sections owned elsewhere are read by `defineSection`.
 */
export interface LanguageTable {
  readonly code: Lang;
  /** Its place in lists (the studio's switch, `--lang`'s values). */
  readonly order: number;
  /** Its own name in its own words (`Bahasa Malaysia`). */
  readonly autonym: string;
  /**
   * Every language's name as this language writes it in running text; a language it does not name is called by its
   * autonym.
   */
  readonly languageNames: Readonly<Record<Lang, string>>;
  /**
   * The script it is written in, Unicode's name in lower case (`latin`, `cyrillic`, `greek`, `arabic`): an answer
   * mostly in another script than Latin is told by it (engine/session/reading/language-script.ts).
   */
  readonly script: string;
  /**
   * Tokens a word of its prose takes in the models' tokenizers (o200k, measured on its samples, rounded up): what a
   * step's max_tokens is estimated from when it asks for words (engine/compile/budget.ts).
   */
  readonly tokensPerWord: number;
  /**
   * The codes other tools give it (ISO 639-2/3: franc's `eng`, `zsm`; a file's metadata `msa`), and the codes of
   * the languages a reader of text cannot tell it from (franc takes Malay for Minangkabau or Javanese): a manuscript
   * that a tool names by one of them is in a language Karya writes.
   */
  readonly otherCodes: readonly string[];
  /**
   * A language still being worded: its missing words are not checked when the table is read (a text it lacks
   * fails where it is used, naming the key). Offered nowhere a writer chooses a language until it is not a draft.
   */
  readonly draft: boolean;
  /** The whole parsed file, for the sections other modules own. */
  readonly raw: Readonly<Record<string, unknown>>;
  /** The files of its folder (languages/<code>/<name>.yaml), parsed: catalogue words, and sections written apart. */
  readonly files: Readonly<Record<string, unknown>>;
  /** Its words are not read yet (`LanguageSource.later`): its sections and catalogue words are not there. */
  readonly later?: boolean;
}

/**
 * What a reader of the files hands the table: a table file's text and its catalogue words (catalogue name → key →
 * text).
 */
export interface LanguageSource {
  /** Where it was read from, for errors (`languages/id.yaml`). */
  readonly file: string;
  /** The table file, parsed (YAML on Node, the bundle's JSON in the browser). */
  readonly data: unknown;
  /** Catalogue words, one entry per file of languages/<code>/ (`errors` → `{ wrong_language: '…' }`). */
  readonly words: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /**
   * Its words are not here yet (the studio fetches a language's words when a writer first reads it): the language
   * is listed and named, its sections and catalogue words are read when a source with them is set.
   */
  readonly later?: boolean;
}

function str(v: unknown, file: string, key: string): string {
  if (typeof v !== 'string' || !v.trim()) throw languageTableError(file, key, 'a text');
  return v;
}

function rateOf(v: unknown, file: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v) || v <= 0)
    throw languageTableError(file, 'tokensPerWord', 'a number of tokens per word above 0 (1.45 for English)');
  return v;
}

function codesOf(v: unknown, file: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || !v.every((c) => typeof c === 'string' && /^[a-z]{2,3}$/.test(c)))
    throw languageTableError(file, 'otherCodes', 'a list of two- or three-letter codes');
  return v as string[];
}

/** A Unicode script's name in lower case (`cyrillic`, `old_italic`), as `\p{Script=…}` reads it. */
function scriptOf(v: unknown, file: string): string {
  const name = str(v, file, 'script');
  const unicode = name.replace(/(^|_)([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
  try {
    if (!/^[a-z]+(?:_[a-z]+)*$/.test(name)) throw new Error(name);
    new RegExp(`\\p{Script=${unicode}}`, 'u');
  } catch {
    const expected = "a Unicode script's name in lower case (latin, cyrillic, greek, arabic…)";
    throw languageTableError(file, 'script', expected);
  }
  return name;
}

export function parseTable(src: LanguageSource): LanguageTable {
  const raw = src.data;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(src.file, '*', 'a mapping of keys');
  const r = raw as Record<string, unknown>;
  const code = str(r.code, src.file, 'code');
  if (!/^[a-z]{2,3}$/.test(code))
    throw languageTableError(src.file, 'code', 'two or three lowercase letters (ISO 639)');
  if (typeof r.order !== 'number') throw languageTableError(src.file, 'order', 'a number');
  const names = r.languageNames;
  if (!names || typeof names !== 'object')
    throw languageTableError(src.file, 'languageNames', 'a mapping of language codes to names');
  for (const [k, v] of Object.entries(names)) str(v, src.file, `languageNames.${k}`);
  return {
    code,
    order: r.order,
    autonym: str(r.autonym, src.file, 'autonym'),
    languageNames: names as Record<string, string>,
    script: scriptOf(r.script, src.file),
    tokensPerWord: rateOf(r.tokensPerWord, src.file),
    draft: r.draft === true,
    otherCodes: codesOf(r.otherCodes, src.file),
    raw: r,
    files: src.words,
    later: src.later === true,
  };
}
