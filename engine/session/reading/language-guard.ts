// A language's `guard` section of the table (languages/<code>/guard.yaml) read and checked: its family and
// function words, and per language of the family its markers (weighted words and phrases, endings with their
// exceptions, patterns, everyday words), the neutral phrases and the clitics. language-words.ts compiles the
// sections of the whole table into the guard.
import { defineSection, type Lang, type LanguageTable } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';

/** A set of the words of a list written as text. */
export const wordSet = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/**
 * A pattern read from the text as written (a dateline, an amount, a number format), with what it cannot match without.
 */
export interface GuardPattern {
  readonly re: RegExp;
  readonly weight: number;
  readonly literals: readonly string[];
  readonly digit: boolean;
}

/**
 * An ending that tells a word's language where the word is not listed (-iti, -itas), but for the words it lists as
 * exceptions.
 */
export interface Ending {
  readonly ending: string;
  readonly weight: number;
  readonly except: readonly string[];
}

/** One language's markers: what tells it from the others of its family. */
interface MemberMarkers {
  readonly words: ReadonlyMap<string, number>;
  readonly endings: readonly Ending[];
  readonly patterns: readonly GuardPattern[];
  readonly everyday: readonly string[];
}

/** A language's `guard` section, parsed. */
export interface GuardSection {
  readonly family: string;
  readonly functionWords: ReadonlySet<string>;
  readonly markers: ReadonlyMap<Lang, MemberMarkers>;
  readonly neutral: readonly string[];
  readonly clitics: readonly string[];
  /** The section as written, to check that the languages of one family agree. */
  readonly written: string;
}

const isMapping = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function weighted(raw: unknown, table: LanguageTable, key: string, into: Map<string, number>, phrase: boolean): void {
  if (raw === undefined) return;
  if (!isMapping(raw)) throw languageTableError(table.code, key, 'a mapping of weights to words');
  for (const [w, words] of Object.entries(raw)) {
    const weight = Number(w);
    if (!Number.isFinite(weight) || weight <= 0 || typeof words !== 'string')
      throw languageTableError(table.code, `${key}.${w}`, 'words under a positive weight');
    for (const word of wordSet(words)) into.set(phrase ? word.replace(/_/g, ' ') : word, weight);
  }
}

function patternsOf(raw: unknown, table: LanguageTable, key: string): GuardPattern[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw languageTableError(table.code, key, 'a list of patterns');
  return raw.map((p: unknown, i) => {
    const where = `${key}.${i}`;
    if (!isMapping(p) || typeof p.pattern !== 'string' || typeof p.weight !== 'number' || p.weight <= 0)
      throw languageTableError(table.code, where, 'a pattern with a positive weight');
    const literals = p.needs === undefined ? [] : p.needs;
    if (!Array.isArray(literals) || !literals.every((l) => typeof l === 'string'))
      throw languageTableError(table.code, `${where}.needs`, 'a list of texts');
    let re: RegExp;
    try {
      re = new RegExp(p.pattern, 'g');
    } catch {
      throw languageTableError(table.code, `${where}.pattern`, 'a regular expression');
    }
    return { re, weight: p.weight, literals: literals as string[], digit: p.digit === true };
  });
}

function endingsOf(raw: unknown, table: LanguageTable, key: string): Ending[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw languageTableError(table.code, key, 'a list of endings');
  return raw.map((e: unknown, i) => {
    if (!isMapping(e) || typeof e.ending !== 'string' || typeof e.weight !== 'number' || e.weight <= 0)
      throw languageTableError(table.code, `${key}.${i}`, 'an ending with a positive weight');
    const except = e.except ?? [];
    if (!Array.isArray(except) || !except.every((x) => typeof x === 'string'))
      throw languageTableError(table.code, `${key}.${i}.except`, 'a list of words');
    return { ending: e.ending, weight: e.weight, except: except as string[] };
  });
}

function parseMember(raw: unknown, table: LanguageTable, key: string): MemberMarkers {
  if (!isMapping(raw))
    throw languageTableError(table.code, key, 'a mapping of words, phrases, patterns and everyday words');
  const words = new Map<string, number>();
  weighted(raw.words, table, `${key}.words`, words, false);
  weighted(raw.phrases, table, `${key}.phrases`, words, true);
  if (raw.everyday !== undefined && typeof raw.everyday !== 'string')
    throw languageTableError(table.code, `${key}.everyday`, 'words');
  return {
    words,
    endings: endingsOf(raw.endings, table, `${key}.endings`),
    patterns: patternsOf(raw.patterns, table, `${key}.patterns`),
    everyday: [...wordSet(typeof raw.everyday === 'string' ? raw.everyday : '')],
  };
}

function parseGuard(raw: unknown, table: LanguageTable): GuardSection {
  if (!isMapping(raw))
    throw languageTableError(table.code, 'guard', 'the language guard (family, functionWords, markers)');
  if (typeof raw.family !== 'string' || !raw.family.trim())
    throw languageTableError(table.code, 'guard.family', 'a family name');
  if (typeof raw.functionWords !== 'string' || !raw.functionWords.trim())
    throw languageTableError(table.code, 'guard.functionWords', "the family's function words");
  const markers = new Map<Lang, MemberMarkers>();
  if (raw.markers !== undefined && !isMapping(raw.markers))
    throw languageTableError(table.code, 'guard.markers', 'a mapping of language codes to markers');
  for (const [code, m] of Object.entries(raw.markers ?? {}))
    markers.set(code, parseMember(m, table, `guard.markers.${code}`));
  if (markers.size === 1) throw languageTableError(table.code, 'guard.markers', 'the markers of two languages or more');
  if (markers.size && !markers.has(table.code))
    throw languageTableError(table.code, `guard.markers.${table.code}`, "this language's own markers");
  const neutral = raw.neutral === undefined ? [] : raw.neutral;
  if (!Array.isArray(neutral) || !neutral.every((n) => typeof n === 'string'))
    throw languageTableError(table.code, 'guard.neutral', 'a list of phrases');
  if (raw.clitics !== undefined && typeof raw.clitics !== 'string')
    throw languageTableError(table.code, 'guard.clitics', 'words');
  const { family, functionWords } = raw;
  const clitics = typeof raw.clitics === 'string' ? raw.clitics : '';
  return {
    family,
    functionWords: wordSet(functionWords),
    markers,
    neutral: neutral as string[],
    clitics: [...wordSet(clitics)],
    written: JSON.stringify({ functionWords, markers: raw.markers ?? {}, neutral, clitics }),
  };
}

export const guardOf = defineSection('guard', parseGuard);
