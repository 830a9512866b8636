// The glossary a translated edition holds fast: the book's names (the story bible's characters, the places,
// objects and invented terms its facts name) and how each is written in the other language, by default
// unchanged. Sent with every window; every term of a source paragraph must stand in its translation.
import type { Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { parseBible } from '../bible/bible.js';
import { ENGLISH, MALAYIC } from '../language-words.js';

/** One term and its set rendering in the edition's language. */
export interface GlossaryEntry {
  readonly term: string;
  readonly rendering: string;
}

export type Glossary = readonly GlossaryEntry[];

/** The most terms a glossary keeps (each window carries them all). */
export const MAX_GLOSSARY_TERMS = 200;

/** A capitalised run of words ("Aisha Rahman", "Kedai Buku Lama"): a name when it is no function word. */
const NAME_RUN = /\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu;
const isFunctionWord = (w: string) => ENGLISH.has(w.toLowerCase()) || MALAYIC.has(w.toLowerCase());

/** The names in a line: capitalised runs not at a sentence's start unless they recur, without function words at their edges. */
function namesIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(NAME_RUN)) {
    const words = m[0].split(/\s+/).map((w) => w.replace(/['’]s$/u, ''));
    while (words.length && isFunctionWord(words[0]!)) words.shift();
    while (words.length && isFunctionWord(words.at(-1)!)) words.pop();
    if (words.length && words.join('').length >= 3) out.push(words.join(' '));
  }
  return out;
}

/** Whether `term` stands in `text` as whole words. */
export function hasTerm(text: string, term: string): boolean {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(text);
}

/**
 * The glossary of a book from its story bible: each character's name (and its first word, the name the prose
 * mostly uses), and the names its facts hold that the book's text uses (places, objects, invented terms), each
 * unchanged; a name the bible lacks but the text uses as one (capitalised, never lower-case, at least twice) too.
 * @example glossaryOf(book).find((e) => e.term === 'Aisha') // { term: 'Aisha', rendering: 'Aisha' }
 */
export function glossaryOf(state: Pick<BookState, 'memory' | 'content'>): GlossaryEntry[] {
  const bible = parseBible(state.memory);
  const text = state.content.join('\n\n');
  const terms = new Set<string>();
  for (const c of bible.characters) {
    const name = c.name.replace(/\s*\(.*\)\s*$/, '').trim();
    if (!name) continue;
    terms.add(name);
    const first = name.split(/\s+/)[0]!;
    if (first !== name && first.length >= 3 && !isFunctionWord(first)) terms.add(first);
  }
  for (const fact of bible.facts) for (const name of namesIn(fact)) if (hasTerm(text, name)) terms.add(name);
  // Capitalised mid-sentence (not after a sentence's end or a quote's start): a name, not a sentence's first word.
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/(?<=[\p{L},;:]\s+)\p{Lu}\p{Ll}{2,}/gu)) if (!isFunctionWord(m[0])) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  for (const [w, n] of counts) if (n >= 2 && !hasTerm(text, w.toLowerCase()) && !hasTerm(text, w.toUpperCase())) terms.add(w);
  return [...terms].filter((t) => hasTerm(text, t)).slice(0, MAX_GLOSSARY_TERMS).map((term) => ({ term, rendering: term }));
}

/** The writer's glossary (term → rendering) over the book's own: the writer's rendering wins; a term the book lacks is added. */
export function withWritersGlossary(own: Glossary, writers: Readonly<Record<string, string>>): GlossaryEntry[] {
  const out = new Map(own.map((e) => [e.term, e.rendering]));
  for (const [term, rendering] of Object.entries(writers)) if (term.trim() && rendering.trim()) out.set(term.trim(), rendering.trim());
  return [...out].slice(0, MAX_GLOSSARY_TERMS).map(([term, rendering]) => ({ term, rendering }));
}

/** What a writer's glossary file holds, read (YAML already parsed): a map of strings, or the problem with it. */
export function glossaryFileOf(data: unknown): { glossary: Record<string, string> } | { problem: string } {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { problem: 'not_map' };
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
    if (typeof v !== 'string' && typeof v !== 'number') return { problem: k };
    out[k] = String(v);
  }
  return { glossary: out };
}

/** The glossary's entries a window's text holds (each window is sent those, and checked for them). */
export function entriesIn(glossary: Glossary, text: string): GlossaryEntry[] {
  return glossary.filter((e) => hasTerm(text, e.term));
}

/** The language the edition of a book in `from` is written in (English and Malay only). */
export const otherLanguage = (from: Lang): Lang => (from === 'en' ? 'ms' : 'en');
