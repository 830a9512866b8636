// What a window is sent beside its own paragraphs: the paragraph before it in both languages (so a pronoun or a
// tense across the boundary has something to agree with; never translated again), the characters it names with
// their gender (Malay "dia" is he or she: an English edition must choose; the glossary's `gender`, from the story
// bible or the writer), and only the glossary terms its paragraphs hold (glossary.ts termsIn).
import type { Lang } from '../../spec/types.js';
import { termsIn, type Gender, type Glossary } from './glossary.js';

/** A character a window names, and how the other language refers to them. */
export interface CastMember {
  readonly name: string;
  readonly gender: Exclude<Gender, 'unknown'>;
}

/** The paragraph before a window: its source, and its translation when it was had (not when kept untranslated). */
export interface WindowContext {
  readonly source: string;
  readonly translation?: string;
}

/**
 * The characters with a known gender that a window's paragraphs or the paragraph before them name, each once:
 * a first name left out where the full name says the same.
 * @example castIn(glossary, ['Dia membuka pintu.'], { source: 'Aisyah menutup buku.' }, 'ms') // [{ name: 'Aisyah',
 * gender: 'female' }]
 */
export function castIn(
  glossary: Glossary,
  paragraphs: readonly string[],
  context: WindowContext | undefined,
  lang: Lang,
): CastMember[] {
  const named = termsIn(glossary, [context?.source ?? '', ...paragraphs], lang).flatMap((e) =>
    e.gender === 'female' || e.gender === 'male' ? [{ name: e.term, gender: e.gender }] : [],
  );
  return named.filter((c) => !named.some((o) => o !== c && o.name.startsWith(`${c.name} `) && o.gender === c.gender));
}
