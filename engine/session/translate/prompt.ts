// A window's request: templates/translate-system.hbs and templates/translate.hbs with the languages, the
// glossary terms the window holds, the characters it names with their gender, the paragraph before it in both
// languages (context, not to translate again) and the window's paragraphs; its answer bounded by the window's length.
import type { Lang } from '../../spec/types.js';
import type { TextRequest } from '../../provider.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { languageName, sayer } from '../../languages/index.js';
import { estimateTokens, promptTokensOf } from '../../context-window.js';
import { TRANSLATE_CATALOGUE } from '../../error-catalogue-translate.js';
import type { Glossary } from './glossary.js';
import type { WindowProblem } from './checks.js';
import type { CastMember, WindowContext } from './context.js';

export const TRANSLATE_TEMPLATE = 'translate';
export const TRANSLATE_SYSTEM_TEMPLATE = 'translate-system';

/** The answer's token budget: the source's tokens times this (a Malay translation runs longer), and some slack. */
const ANSWER_SHARE = 2;
const ANSWER_SLACK = 200;

export interface WindowRequestInput {
  renderer: PromptRenderer;
  from: Lang;
  to: Lang;
  /** The glossary terms the window's paragraphs hold (context.ts termsOf). */
  glossary: Glossary;
  /** The characters the window (or the paragraph before it) names, with their gender (context.ts castIn). */
  cast?: readonly CastMember[];
  /** The paragraph before the window, in the source's language and as translated (none for a book's first). */
  context?: WindowContext;
  /** The window's paragraphs (the part's title first when `hasTitle`). */
  paragraphs: readonly string[];
  hasTitle: boolean;
  /** Why the answer before was not kept, when this is the window asked again. */
  again?: WindowProblem;
}

const sayProblem = sayer(TRANSLATE_CATALOGUE);

/** What a problem says to the model asked again (the catalogue's words, in the edition's language). */
export function problemText(problem: WindowProblem, lang: Lang): string {
  const { code, ...params } = problem;
  return sayProblem(code, lang, params);
}

/** The request of one window: not streamed, cool, its answer's room from the source's length. */
export function windowRequest(input: WindowRequestInput): TextRequest {
  const { renderer, from, to } = input;
  const source = input.paragraphs.join('\n\n');
  // The edition's language words the prompt (its blocks in languages/<code>/prompts.yaml) and names both languages.
  const ctx = {
    lang: to,
    fromName: languageName(from, to),
    toName: languageName(to, to),
    count: input.paragraphs.length,
    hasTitle: input.hasTitle,
    glossary: input.glossary,
    source,
    again: input.again ? problemText(input.again, to) : '',
    cast: (input.cast ?? []).map((c) => ({ name: c.name, gender: c.gender })),
    context: input.context ? { source: input.context.source, translation: input.context.translation ?? '' } : null,
  };
  return {
    system: renderer.renderTemplate(TRANSLATE_SYSTEM_TEMPLATE, ctx),
    user: renderer.renderTemplate(TRANSLATE_TEMPLATE, ctx),
    maxTokens: Math.ceil(estimateTokens(source) * ANSWER_SHARE) + ANSWER_SLACK,
    temperature: 0.3,
    presencePenalty: 0,
    frequencyPenalty: 0,
  };
}

/** Whether a window's request, with its answer's room, fits the model's window (no window known: it fits). */
export function fitsWindow(
  request: Pick<TextRequest, 'system' | 'user' | 'maxTokens'>,
  window: number | undefined,
): boolean {
  return window === undefined || promptTokensOf(request) + request.maxTokens <= window;
}
