// One step of a book, without saving: render the step's prompt, ask the model (every request fitted to
// its window), keep only the text asked for, then apply the follow-up policies in follow-ups/ (continue
// when cut, firm language, outline more, extend when short) and measure the part.
import type { ResolvedSpec } from '../spec/types.js';
import { type Provider, countWords } from '../provider.js';
import { applyStep, type BookState } from '../compile/flow.js';
import type { PromptState } from '../compile/prompt-context-shape.js';
import {
  buildContext,
  chapterTitleOf,
  FIRM_LANGUAGE_TEMPLATE,
  previousEndingOf,
  renderContinuation,
  renderPrompt,
  renderRewrite,
  type PromptRenderer,
  type RenderedPrompt,
} from '../compile/prompt.js';
import { takeLeadingHeading } from '../compile/heading.js';
import { GenerationError } from '../errors.js';
import { forgetTexts } from '../text-cache.js';
import { stepPosition, type Step } from '../compile/step.js';
import { systemClock, type Clock } from './ports.js';
import { neighbourFinds, lengthScore, LONG_RATIO, SHORT_RATIO, repeatedShare } from './reading/index.js';
import { addNotes, askText } from './answers/index.js';
import { expectationOf } from './expectation.js';
import { mendedOutline, outlineFromJson, unplannedChapters } from './outline/index.js';
import { conclusionPosition } from '../spec/conclusion.js';
import { partOverusedOf, partVoiceOf } from './voice/index.js';
import { fitting, type Trimmable } from './fit.js';
import { stateForStep } from './bible/index.js';
import { lastWords, type AdvanceOptions, type StepOutcome } from './step-types.js';
import {
  type FollowUpContext,
  endWhole,
  firmLanguage,
  type Tally,
  outlineMore,
  extendShort,
  proseOf,
  keepBiblePeople,
  partWriter,
} from './follow-ups/index.js';

/** What one step is run with: the book, its step, the model and the renderer of its prompts. */
type RunStepInput = Omit<AdvanceOptions, 'provider'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  step: Step;
  clock?: Clock;
  /**
   * Write a written part again: its current text and the writer's note go with the step's prompt
   * (templates/rewrite.hbs).
   */
  rewrite?: { text: string; note?: string };
};

/** Run one step on a state, without saving: the provider call and the post-processing (character details, state). */
export async function runStep(input: RunStepInput): Promise<StepOutcome> {
  const { spec, step } = input;
  // Every request of the step is rendered with the bible as of the part before it (with the people a part written
  // again brings in); the step's result goes on the book itself.
  const book = input.state;
  const state = stateForStep(spec, book, stepPosition(step), { cast: true });
  const clock = input.clock ?? systemClock;
  const started = clock.now();
  const seconds = () => (clock.now() - started) / 1000;
  const title = input.chapterTitle ? { chapterTitle: input.chapterTitle } : {};
  const prompt = stepPrompt(input, state);
  if (!prompt.user.trim()) throw new GenerationError('prompt_required');
  if (step.kind === 'image') return { ...(await imageStep(input, prompt)), seconds: seconds() };
  const tally: Tally = { continuations: 0 };
  // A part that asks for a length is continued only while it has fewer words, each time for the words left.
  const target = isMeasured(spec, step) ? prompt.meta.wordTarget : 0;
  const checkedWrite = partWrite(input, state, tally, target);
  const answer = await checkedWrite(prompt, input.onDelta);
  // A model's own leading heading is taken off the part (the part has its heading); a title it named is kept.
  const ownTitle = input.chapterTitle ?? (step.kind === 'chapter' ? chapterTitleOf(spec, state, step) : undefined);
  // An outline is read in its own shape: JSON into its lines, entries numbered out of turn renumbered
  // (outline/shape.ts).
  const isOutline = step.kind === 'outline' && spec.kind === 'book';
  const shaped = isOutline
    ? mendedOutline(spec, outlineFromJson(answer.text, state.lang) ?? answer.text, state.lang)
    : answer.text;
  const heading = takeLeadingHeading(shaped, step, ownTitle);
  if (!heading.text.trim()) throw new GenerationError('no_content');
  let extensions = 0;
  const stream = input.onDelta;
  const ctx: FollowUpContext = {
    spec,
    renderer: input.renderer,
    state,
    step,
    title,
    ...(input.signal ? { signal: input.signal } : {}),
    extend: async (request, separator, soFar) => {
      let isFirst = true;
      const more = await checkedWrite(
        request,
        stream
          ? (delta) => {
              stream(isFirst ? separator + delta.trimStart() : delta);
              isFirst = false;
            }
          : undefined,
        soFar,
      );
      extensions++;
      return more;
    },
  };
  const first = { text: heading.text.trim(), isComplete: answer.isComplete };
  const draft = await followUps({ ctx, input, draft: first, prompt, ownTitle, isOutline, tally, target, checkedWrite });
  // An answer kept as the model's limit stopped it ends on a whole sentence, at the part's target
  // (follow-ups/whole-end.ts).
  const { text, isComplete, isCutWhole } = tally.isCut ? endWhole(ctx, draft, target) : { ...draft, isCutWhole: false };
  // Chapters the outline still gives no plan, even after asking for them: named, never written from nothing
  // silently.
  const last = conclusionPosition(spec.flow, state.totalChapters) - 1;
  const unplanned = isOutline ? unplannedChapters(spec, text, last) : [];
  const after = applyStep(spec, book, step, text);
  const position = stepPosition(step);
  const incompleteParts = [...(after.incompleteParts ?? []).filter((p) => p !== position), position];
  const measures = target > 0 ? partMeasures({ ctx, text, target, book, state }) : {};
  return {
    state: isComplete ? after : { ...after, incompleteParts },
    step,
    text,
    words: countWords(text),
    seconds: seconds(),
    isComplete,
    continuations: tally.continuations,
    extensions,
    ...(tally.isTimedOut ? { isTimedOut: true as const } : {}),
    ...(isCutWhole ? { isCutWhole: true as const } : {}),
    ...(tally.notes ? { answerNotes: tally.notes } : {}),
    ...(tally.usage ? { usage: tally.usage } : {}),
    ...(tally.languageDrift ? { languageDrift: tally.languageDrift } : {}),
    ...measures,
    ...(heading.title ? { title: heading.title } : {}),
    ...(unplanned.length ? { unplanned } : {}),
  };
}

/** An image step: the picture its prompt asks for; the prompt is the part's text. */
async function imageStep(input: RunStepInput, prompt: RenderedPrompt): Promise<Omit<StepOutcome, 'seconds'>> {
  const { spec, step } = input;
  const size = spec.image?.size ?? '1024x1024';
  const asked = {
    prompt: prompt.user,
    size,
    meta: prompt.meta,
    signal: input.signal,
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
  };
  const image = await input.provider.generateImage(asked);
  const text = prompt.user;
  const after = applyStep(spec, input.state, step, text);
  const counts = { words: 0, continuations: 0, extensions: 0 };
  return { state: after, step, text, ...counts, png: image.png, isComplete: true };
}

/** The step's prompt: the part written again with its text and the writer's note, or the step's own. */
function stepPrompt(input: RunStepInput, state: PromptState): RenderedPrompt {
  const { spec, renderer, step, chapterTitle, rewrite } = input;
  if (!rewrite) return renderPrompt({ spec, renderer, state, step, chapterTitle });
  const title = chapterTitle ? { chapterTitle } : {};
  const note = rewrite.note ? { note: rewrite.note } : {};
  return renderRewrite({ spec, renderer, state, step, ...title, currentText: rewrite.text, ...note });
}

/**
 * How the step writes: every request fitted to the model's window, every answer judged, continued while short of
 * `target` words when it is cut, and checked to be in the book's language (follow-ups/).
 */
function partWrite(input: RunStepInput, state: PromptState, tally: Tally, target: number) {
  const { spec, step, renderer } = input;
  const title = input.chapterTitle ? { chapterTitle: input.chapterTitle } : {};
  // Every request of the step fits the model's window (fit.ts): the bible, the recent text and the outline trimmed
  // first.
  const provider = fitting(input.provider, trimmableOf(spec, state, step));
  // Every answer is judged (answers/verdict.ts): it may repeat the book, the text rewritten and what this step
  // already wrote, never the request.
  const written: string[] = [];
  const rewritten = input.rewrite ? [input.rewrite.text, input.rewrite.note ?? ''] : [];
  const expect = expectationOf({
    spec,
    renderer,
    state,
    step,
    kind: step.kind === 'outline' ? 'outline' : 'prose',
    extra: () => [...rewritten, ...(input.chapterTitle ? [input.chapterTitle] : []), ...written],
  });
  // A start (the step's first answer, an extension, an answer asked again) is judged by its kind however short,
  // before anything continues or extends it: a recipe's few lines are asked again, never grown into the part.
  const startExpect = { ...expect, isStart: true };
  type OnDelta = (delta: string) => void;
  const ask = async (request: RenderedPrompt, onDelta?: OnDelta, how?: { isContinuation?: boolean }) => {
    const retry = input.onRetry ? { onRetry: input.onRetry } : {};
    const asked = { ...request, signal: input.signal, onDelta, ...retry };
    const result = await askText(provider, asked, how?.isContinuation ? expect : startExpect);
    written.push(result.text);
    return result;
  };
  const continuation = (soFar: string, wordsNeeded: number | undefined) =>
    renderContinuation({ spec, renderer, state, step, soFar, ...title, ...(wordsNeeded ? { wordsNeeded } : {}) });
  const firmLine = (soFar: string | undefined) =>
    renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, {
      ...buildContext({ spec, state, step, ...title }),
      ...(soFar ? { cutEnding: lastWords(soFar, 30) } : {}),
    });
  const words = (text: string) => countWords(proseOf({ spec, step }, text));
  return firmLanguage({
    write: partWriter({ ask, target, words, continuation }),
    lang: state.lang,
    isChecked: spec.flow.languageCheck !== false,
    firmLine,
    ...(input.signal ? { signal: input.signal } : {}),
    tally,
  });
}

/**
 * What follows the first answer: an outline asked for the chapters it left out, a chapter about none of the book's
 * people asked again with their names, a short part extended.
 */
async function followUps(run: {
  ctx: FollowUpContext;
  input: RunStepInput;
  draft: { text: string; isComplete: boolean };
  prompt: RenderedPrompt;
  ownTitle: string | undefined;
  isOutline: boolean;
  tally: Tally;
  target: number;
  checkedWrite: ReturnType<typeof partWrite>;
}) {
  const { ctx, input, prompt, ownTitle, tally, checkedWrite } = run;
  let draft = await outlineMore(ctx, run.draft);
  if (run.isOutline) draft = { ...draft, text: mendedOutline(ctx.spec, draft.text, ctx.state.lang) };
  // A story's chapter about none of the book's people is asked again once with their names
  // (follow-ups/bible-people.ts); not a rewrite the writer gave a note for (the note may be to rename them).
  const write = (request: RenderedPrompt) => checkedWrite(request, undefined);
  const people = input.rewrite?.note
    ? { draft, isAskedAgain: false }
    : await keepBiblePeople(ctx, { draft, prompt, ownTitle, write });
  draft = people.draft;
  if (people.isAskedAgain) tally.notes = addNotes(tally.notes, { askedAgain: ['ignores_bible'] });
  // A part the time-out left unfinished was continued from where it stopped already: it is not asked for more
  // (a server too slow to finish it would only be asked again).
  if (draft.isComplete || !tally.isTimedOut) draft = await extendShort(run.target, ownTitle)(ctx, draft);
  return draft;
}

/**
 * What a measured part is marked with, never changed by: its length against the words asked for, what it
 * repeats of the book, a neighbour language's words (Indonesian's in a Malay part), and against the writer's voice
 * and the overused phrases (voice/measure.ts).
 */
function partMeasures(input: {
  ctx: FollowUpContext;
  text: string;
  target: number;
  book: BookState;
  state: PromptState;
}): Partial<StepOutcome> {
  const { ctx, target, book, state } = input;
  const prose = proseOf(ctx, input.text);
  const words = countWords(prose);
  // A neighbour's words below the refusal level (Indonesian's in a Malay part, Malay's in an Indonesian one).
  const neighbour = neighbourFinds(prose, state.lang);
  const voice = partVoiceOf(book.voice, prose, state.lang);
  const overused = partOverusedOf(book.voice, prose, state.lang);
  const measures = {
    target,
    score: lengthScore(target, words),
    repeated: repeatedShare(
      prose,
      state.content.map((t) => proseOf(ctx, t)),
    ),
    ...(words < SHORT_RATIO * target ? { short: true as const } : {}),
    ...(words > LONG_RATIO * target ? { long: true as const } : {}),
    ...(neighbour.words.length ? { neighbourWords: neighbour.words, neighbourLanguages: neighbour.languages } : {}),
    ...(voice ? { voice } : {}),
    ...(overused ? { overused } : {}),
  };
  // An introduction's prose less its character list is read only here: the caches let it go (it outlived its book).
  if (prose !== input.text) forgetTexts([prose]);
  return measures;
}

/**
 * What a step's prompts may lose to fit the model's window (fit.ts): its bible, the previous part's ending, the
 * outline.
 */
export function trimmableOf(spec: ResolvedSpec, state: PromptState, _step: Step): Trimmable {
  const previousEnding = previousEndingOf(spec, state);
  return {
    ...(state.memory ? { bible: state.memory } : {}),
    ...(previousEnding ? { recent: previousEnding } : {}),
    ...(state.outline ? { outline: state.outline } : {}),
    ...(state.voiceGuidance ? { voice: state.voiceGuidance } : {}),
  };
}

/**
 * The parts whose prompt asks for a number of words (the chapter format): a book's introduction, chapters and
 * conclusion.
 */
function isMeasured(spec: ResolvedSpec, step: Step): boolean {
  const kind = step.kind;
  return spec.kind === 'book' && (kind === 'introduction' || kind === 'chapter' || kind === 'conclusion');
}
