// The offline demo's words as sections of the language table: every language, English and Malay included, writes
// the demo's fixed words, recipes, stories, guides, kitchen notes and cover words in its folder
// (languages/<code>/offline-demo.yaml, offline-recipes.yaml, offline-story.yaml, offline-guide.yaml,
// offline-kitchen.yaml, offline-cover.yaml). Each is checked when the table is read against its shape, so a
// language missing one fails the start naming the file and the key, and the code that composes the demo is the
// same for every language.
import { defineSection, type Lang } from '../languages/index.js';
import { languageTableError } from '../languages/errors.js';
import type { Grammar } from './offline-compose.js';

/**
 * A value read from a table file, checked to have a template's shape: `raw` is that value, or the start fails naming
 * `at`.
 */
type Check<T> = (raw: unknown, at: string, file: string) => T;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function strings(raw: unknown, at: string, file: string): readonly string[] {
  if (!Array.isArray(raw) || !raw.length || raw.some((s) => typeof s !== 'string'))
    throw languageTableError(file, at, 'a list of texts');
  return raw as string[];
}

/** The slots of a grammar: each a list of phrases. */
function slotsOf(raw: unknown, at: string, file: string): Grammar['slots'] {
  if (!isRecord(raw)) throw languageTableError(file, at, 'a mapping of slot names to lists of phrases');
  for (const [name, words] of Object.entries(raw)) strings(words, `${at}.${name}`, file);
  return raw as Grammar['slots'];
}

/**
 * A check that `raw` has the shape of `template` (the English words): the same keys, texts where it has texts,
 * non-empty lists whose items have the shape of its first (a list under one of `mayBeEmpty`'s keys may be
 * empty: a word a language has no synonym for). `slots` (a grammar's) may name any slots.
 */
export function shapedLike<T>(template: T, mayBeEmpty: readonly string[] = []): Check<T> {
  const check = (tpl: unknown, raw: unknown, at: string, file: string): void => {
    if (typeof tpl === 'string') {
      if (typeof raw !== 'string') throw languageTableError(file, at, 'a text');
    } else if (typeof tpl === 'boolean') {
      if (typeof raw !== 'boolean') throw languageTableError(file, at, 'true or false');
    } else if (Array.isArray(tpl)) {
      const empty = mayBeEmpty.some((key) => at.startsWith(`${key}.`));
      if (!Array.isArray(raw) || (!raw.length && !empty))
        throw languageTableError(file, at, empty ? 'a list' : 'a non-empty list');
      raw.forEach((item, i) => check(tpl[0], item, `${at}.${i}`, file));
    } else if (isRecord(tpl)) {
      if (!isRecord(raw)) throw languageTableError(file, at, 'a mapping');
      for (const key of Object.keys(tpl)) {
        const sub = at ? `${at}.${key}` : key;
        if (key === 'slots') slotsOf(raw[key], sub, file);
        else check(tpl[key], raw[key], sub, file);
      }
    }
  };
  return (raw, at, file) => {
    check(template, raw, at, file);
    return raw as T;
  };
}

/**
 * A grammar's check: frames and slots, every [slot] a frame or phrase names given by the grammar or by
 * `given` (the slots a caller adds), so no demo sentence keeps a bracket; `null` when a caller adds slots of
 * another section (a recipe's [main] in its kitchen notes), whose names are then not checked here.
 */
export function grammarCheck(given: readonly string[] | null = []): Check<Grammar> {
  return (raw, at, file) => {
    if (!isRecord(raw)) throw languageTableError(file, at || '*', 'a grammar (frames and slots)');
    const frames = strings(raw.frames, at ? `${at}.frames` : 'frames', file);
    const slots = slotsOf(raw.slots, at ? `${at}.slots` : 'slots', file);
    if (!given) return { frames, slots };
    const known = new Set([...Object.keys(slots), ...given]);
    for (const text of [...frames, ...Object.values(slots).flat()]) {
      for (const [, name] of text.matchAll(/\[(\w+)\]/g))
        if (!known.has(name!))
          throw languageTableError(file, `${at ? `${at}.` : ''}slots.${name}`, `a slot, named in "${text}"`);
    }
    return { frames, slots };
  };
}

/**
 * A section of the demo's words: a language's file in its folder (languages/<code>/<name>.yaml), read the same
 * way for every language. A language without it fails the start; a draft fails only where its words are used.
 * `read` gives undefined for a draft without them (lists over every language).
 */
export function demoSection<T>(
  name: string,
  check: Check<T>,
): { words: (lang: Lang) => T; read: (lang: Lang) => T | undefined } {
  const file = (code: Lang) => `languages/${code}/${name}.yaml`;
  const read = defineSection<T | undefined>(name, (raw, table) => {
    if (raw !== undefined) return check(raw, '', file(table.code));
    if (table.draft) return undefined;
    throw languageTableError(file(table.code), '*', "the offline demo's words in this language");
  });
  const words = (lang: Lang): T => {
    const value = read(lang);
    if (value === undefined) throw languageTableError(file(lang), '*', "the offline demo's words in this language");
    return value;
  };
  return { words, read };
}
