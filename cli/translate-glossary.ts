// `karya translate`'s glossary: the terms the book holds fast (its story bible's characters, the names its text
// capitalises) over the writer's own file (--glossary), each with why it is held, listed before the run.
import { existsSync } from 'node:fs';
import { catalogueMessage, glossaryFileOf, glossaryWithReasons, withWritersGlossary } from '../engine/index.js';
import { MAX_TERM_CHARS } from '../engine/index.js';
import type { Glossary, GlossaryWhy, Lang, WritersTerm } from '../engine/index.js';
import { fail, info } from './util.js';
import { translateWord as say } from './translate-words.js';
import { glossaryYamlOrExit } from './glossary-file.js';

/** The writer's glossary file (YAML term: rendering, or term: {rendering, gender}), or exit 2 naming the problem. */
function writersGlossary(file: string | undefined, lang: Lang): Record<string, WritersTerm> {
  if (file === undefined) return {};
  const refuse = (problem: string): never => fail(catalogueMessage('translate_bad_glossary', lang, { file, problem }));
  if (!existsSync(file)) refuse(say('noFile', lang));
  // Within its bounds in bytes and terms, or refused before it is parsed (cli/glossary-file.ts).
  const read = glossaryYamlOrExit(file, lang);
  if (read.errors[0]) refuse(`${say('line', lang)} ${read.errors[0].line}: ${read.errors[0].message}`);
  const parsed = glossaryFileOf(read.data);
  if ('problem' in parsed) {
    const what =
      parsed.problem === 'not_map'
        ? say('notMap', lang)
        : say(parsed.why === 'gender' ? 'badGender' : parsed.why === 'too_long' ? 'tooLong' : 'badRendering', lang, {
            term: parsed.term,
            most: MAX_TERM_CHARS,
          });
    return refuse(what);
  }
  return parsed.glossary;
}

/**
 * Why a term is held fast, as the writer reads it: the story bible's character, or the book's evidence
 * ("capitalised mid-sentence 14×, never lowercase"), or their file.
 */
export function whyText(why: GlossaryWhy, lang: Lang): string {
  if (why.kind === 'character' || why.kind === 'writer') return say(`why_${why.kind}`, lang);
  const lowercase = why.lowercase ? say('lowercaseTimes', lang, { n: why.lowercase }) : say('neverLowercase', lang);
  return say(`why_${why.kind}`, lang, { capitalised: why.capitalised, lowercase });
}

/** A glossary's term with why it is held. */
export type ReasonedTerm = Glossary[number] & { why: GlossaryWhy };

/** Each term with why it is held (the writer's own file's terms say so). */
function reasoned(glossary: Glossary, own: ReadonlyMap<string, GlossaryWhy>): ReasonedTerm[] {
  return glossary.map((e) => ({ ...e, why: own.get(e.term) ?? { kind: 'writer' } }));
}

/**
 * The glossary's terms, as the writer reads them before the run: each term, its rendering, a character's gender,
 * why it is held, and how to change them.
 */
export function listGlossary(glossary: readonly ReasonedTerm[], lang: Lang): void {
  if (!glossary.length) info(`karya: ${say('glossaryNone', lang)}`);
  else {
    info(`karya: ${say('glossaryHeld', lang, { terms: glossary.length })}`);
    for (const e of glossary) {
      info(`    ${e.term} → ${e.rendering}${e.gender ? ` (${say(e.gender, lang)})` : ''} — ${whyText(e.why, lang)}`);
    }
  }
  info(`karya: ${say('glossaryHow', lang)}`);
}

/** The book's glossary over the writer's file, each term with why it is held (the file's own say so). */
export function bookGlossary(state: Parameters<typeof glossaryWithReasons>[0], file: string | undefined, lang: Lang) {
  const own = glossaryWithReasons(state);
  const writers = writersGlossary(file, lang);
  const glossary = withWritersGlossary(own, writers);
  const bookOwn = new Map(own.filter((e) => !Object.hasOwn(writers, e.term)).map((e) => [e.term, e.why]));
  return { glossary, terms: reasoned(glossary, bookOwn) };
}
