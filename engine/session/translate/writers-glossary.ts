// The writer's own glossary over the book's: a term's rendering or gender as the writer sets it, a term dropped
// ("Term: ~"), and a glossary file (YAML, already parsed) read into those terms, or the reason it cannot be.
import { cleanText } from '../../clean-text.js';
import { genderWord, type Gender } from './term-words.js';
import {
  governedByWholeNames,
  MAX_GLOSSARY_TERMS,
  MAX_TERM_CHARS,
  type Glossary,
  type GlossaryEntry,
} from './glossary.js';

/**
 * A writer's term: its rendering (absent: the book's own), the character's gender; `drop`: not a term (the writer's
 * "Term: ~").
 */
export interface WritersTerm {
  readonly rendering?: string;
  readonly gender?: Gender;
  readonly drop?: true;
}

/**
 * A term or rendering as the writer gave it, without control, bidirectional or invisible characters
 * (engine/clean-text.ts) and outer spaces.
 */
export const cleanTerm = (text: string): string => cleanText(text).trim();

/**
 * The writer's glossary (term → rendering, or { rendering, gender }) over the book's own: the writer's wins; a term the
 * book lacks is added, one dropped goes.
 */
export function withWritersGlossary(
  own: Glossary,
  writers: Readonly<Record<string, string | WritersTerm>>,
): GlossaryEntry[] {
  const out = new Map(own.map((e) => [e.term, e]));
  for (const [key, value] of Object.entries(writers)) {
    const term = cleanTerm(key);
    const w: WritersTerm = typeof value === 'string' ? { rendering: value } : value;
    if (!term || (typeof value === 'string' && !cleanTerm(value))) continue;
    if (w.drop) {
      out.delete(term);
      continue;
    }
    const gender = w.gender ?? out.get(term)?.gender;
    out.set(term, {
      term,
      rendering: (w.rendering !== undefined ? cleanTerm(w.rendering) : '') || out.get(term)?.rendering || term,
      ...(gender ? { gender } : {}),
    });
  }
  return governedByWholeNames([...out.values()]).slice(0, MAX_GLOSSARY_TERMS);
}

/**
 * Why a writer's glossary file cannot be read: not a map, or a term whose value is no rendering, no gender, or too
 * long.
 */
export type GlossaryFileProblem =
  | { readonly problem: 'not_map' }
  | { readonly problem: 'term'; readonly term: string; readonly why: 'rendering' | 'gender' | 'too_long' };

/**
 * What a writer's glossary file holds, read (YAML already parsed): a map of term → rendering, or term →
 * { rendering, gender } (gender: female, male or unknown, or she, he, perempuan, lelaki, dia); a term set to
 * nothing ("Term: ~") is dropped. Else the problem.
 * @example glossaryFileOf({ Aisha: { rendering: 'Aisyah', gender: 'she' } }) // { glossary: { Aisha: { rendering:
 * 'Aisyah', gender: 'female' } } }
 */
export function glossaryFileOf(data: unknown): { glossary: Record<string, WritersTerm> } | GlossaryFileProblem {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { problem: 'not_map' };
  const out: Record<string, WritersTerm> = {};
  for (const [term, v] of Object.entries(data as Record<string, unknown>)) {
    const bad = (why: 'rendering' | 'gender' | 'too_long') => ({ problem: 'term' as const, term, why });
    if (v === null) {
      out[term] = { drop: true };
      continue;
    }
    const value = typeof v === 'string' || typeof v === 'number' ? { rendering: v } : v;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return bad('rendering');
    const { rendering, gender, ...rest } = value as Record<string, unknown>;
    if (
      Object.keys(rest).length ||
      (rendering !== undefined && typeof rendering !== 'string' && typeof rendering !== 'number') ||
      (rendering === undefined && gender === undefined)
    )
      return bad('rendering');
    const sex = gender === undefined ? undefined : genderWord(String(gender).trim().toLowerCase());
    if (gender !== undefined && !sex) return bad('gender');
    if (term.length > MAX_TERM_CHARS || String(rendering ?? '').length > MAX_TERM_CHARS) return bad('too_long');
    out[term] = {
      ...(rendering !== undefined ? { rendering: String(rendering) } : {}),
      ...(sex ? { gender: sex } : {}),
    };
  }
  return { glossary: out };
}
