// An edition's title: its source's own title translated when the edition is made, asked once of the model as a
// window of one paragraph (templates/translate.hbs, the glossary terms it holds), its answer judged as any other
// (assistant talk taken off) and checked as a title, not a sentence: one line, no full stop its source lacks, of a
// length bounded by its source's, never the book's kind ("Romantik": the generator's type label or name, in any
// language), never its source unchanged unless the source is only names, in the edition's language, holding each
// glossary term the title holds. A title not kept falls back to the source's own, kept as it is and marked
// untranslated (`isTranslated: false`), never to the genre: the writer retitles the edition (karya translate
// --title, PUT /api/books/:id/edition-title).
import type { Lang } from '../../spec/types.js';
import type { Provider } from '../../provider.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { GenerationError } from '../../errors.js';
import { askText, judgeAnswer } from '../answers/index.js';
import { findLanguageDrift } from '../reading/index.js';
import { cleanText } from '../../clean-text.js';
import { termsIn, hasTerm, type Glossary } from './glossary.js';
import { windowRequest } from './prompt.js';
import { translationOf } from './languages.js';

/** The longest title an edition keeps (the working title field's own limit). */
export const MAX_EDITION_TITLE = 120;

/**
 * A title's translation runs at most this many times its source's characters, plus TITLE_ROOM (Malay's "The" is
 * nothing, its "of" a word).
 */
const TITLE_GROWTH = 2;
const TITLE_ROOM = 16;

/** Why a model's title was not kept (a catalogue code: cli/translate-words.ts `title_<why>`). */
export type TitleProblem =
  'failed' | 'talk' | 'lines' | 'sentence' | 'long' | 'genre' | 'unchanged' | 'language' | 'glossary';

/**
 * An edition's title and how it came to be: the model's translation, the writer's own, or its source's kept
 * (untranslated, with why).
 */
export interface EditionTitle {
  readonly text: string;
  /** The source book's title. */
  readonly source: string;
  /** The model's translation or the writer's own; false: the source's kept, in the source's language. */
  readonly isTranslated: boolean;
  readonly by: 'model' | 'writer' | 'source';
  /** Why the model's answer was not kept (by: source, when one was asked). */
  readonly problem?: TitleProblem;
}

/**
 * A title as the writer or the model gives it: one line, no Markdown emphasis or heading marks, no quotes around it.
 */
export function cleanTitle(text: string): string {
  return cleanText(text)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^#+\s*/, '')
    .replace(/^(\*\*|__|\*|_)(.+)\1$/, '$2')
    .replace(/^["“'‘«](.+)["”'’»]$/, '$1')
    .trim();
}

/** A title as compared: no case, emphasis, quotes or stops. */
const plainTitle = (t: string) =>
  cleanTitle(t)
    .replace(/[*_"“”‘’'.:!?,;]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Whether a title is only names (its glossary terms, as `lang` writes them): the same in every language ("Marilla",
 * "Aisha & Daniel").
 */
export function isNameTitle(title: string, glossary: Glossary, lang: Lang): boolean {
  let rest = title;
  for (const e of [...glossary].sort((a, b) => b.term.length - a.term.length))
    if (hasTerm(rest, e.term, lang)) rest = rest.split(e.term).join(' ');
  return !/\p{L}{2,}/u.test(rest);
}

/** Whether an edition's title is its source's left as it was (and so untranslated, unless the title is only names). */
export function isTitleUntranslated(title: string, source: string, glossary: Glossary, from: Lang, to: Lang): boolean {
  // Languages that read alike (Malay and Indonesian) may well title a book the same.
  if (translationOf(to).readsAlso.includes(from)) return false;
  return plainTitle(title) === plainTitle(source) && !isNameTitle(source, glossary, from);
}

/**
 * The first problem of a model's answer as a title for `source` in `to` (undefined: kept). `kinds` are the names of
 * the book's kind in every language (the generator's type label and name): never a title.
 * @example titleProblem({ answer: 'Romantik', source: 'Anne of Avonlea', kinds: ['Romance', 'Romantik'], glossary,
 * from: 'en', to: 'ms' }) // 'genre'
 */
export function titleProblem(input: {
  answer: string;
  source: string;
  kinds: readonly string[];
  glossary: Glossary;
  from: Lang;
  to: Lang;
}): TitleProblem | undefined {
  const { answer, source, glossary, from, to } = input;
  if (/\n\s*\S/.test(answer.trim())) return 'lines';
  const title = cleanTitle(answer);
  if (!title) return 'failed';
  // A sentence, not a title: a full stop the source title has not ("Lampu pelabuhan bersinar pada waktu malam.").
  if (/[.。]$/.test(title) && !/\.\.\.$/.test(title) && !/[.。]$/.test(cleanTitle(source))) return 'sentence';
  if (title.length > Math.min(MAX_EDITION_TITLE, cleanTitle(source).length * TITLE_GROWTH + TITLE_ROOM)) return 'long';
  if (
    input.kinds.some((k) => plainTitle(k) === plainTitle(title)) &&
    !input.kinds.some((k) => plainTitle(k) === plainTitle(source))
  )
    return 'genre';
  if (isTitleUntranslated(title, source, glossary, from, to)) return 'unchanged';
  const terms = termsIn(glossary, [source], from);
  let plain = title;
  for (const e of terms) plain = plain.split(e.rendering).join(' ');
  if (findLanguageDrift(plain, to)) return 'language';
  if (terms.some((e) => !hasTerm(title, e.rendering, to))) return 'glossary';
  return undefined;
}

/**
 * The edition's title in `to`, translated from the source's `title` once; the source's own, marked untranslated,
 * when the model is offline, fails, or answers no title (`problem` says why). A stop (`signal`) is thrown as the
 * provider throws it.
 * @example await translatedTitle({ renderer, provider, title: 'Harbour Lights', from: 'en', to: 'ms', glossary, kinds
 * }) // { text: 'Lampu Pelabuhan', isTranslated: true, by: 'model', … }
 */
export async function translatedTitle(input: {
  renderer: PromptRenderer;
  provider: Provider;
  title: string;
  from: Lang;
  to: Lang;
  glossary: Glossary;
  kinds: readonly string[];
  signal?: AbortSignal;
}): Promise<EditionTitle> {
  const { renderer, provider, title, from, to, signal } = input;
  const kept = (problem?: TitleProblem): EditionTitle => ({
    text: title,
    source: title,
    isTranslated: !isTitleUntranslated(title, title, input.glossary, from, to),
    by: 'source',
    ...(problem ? { problem } : {}),
  });
  if (provider.isOffline || !title.trim()) return kept();
  const glossary = termsIn(input.glossary, [title], from);
  const request = windowRequest({ renderer, from, to, glossary, paragraphs: [title], hasTitle: false });
  let text: string;
  try {
    const result = await askText(provider, {
      ...request,
      maxTokens: Math.min(request.maxTokens, 200),
      ...(signal ? { signal } : {}),
    });
    const verdict = judgeAnswer(result.text, request, {
      kind: 'prose',
      material: () => [title, ...glossary.map((e) => `${e.term} ${e.rendering}`)],
    });
    if ('outcome' in verdict && verdict.outcome) return kept('talk');
    text = verdict.text;
  } catch (error) {
    if (signal?.aborted || !(error instanceof GenerationError)) throw error;
    return kept('failed');
  }
  const problem = titleProblem({ answer: text, source: title, kinds: input.kinds, glossary: input.glossary, from, to });
  return problem ? kept(problem) : { text: cleanTitle(text), source: title, isTranslated: true, by: 'model' };
}
