// Edits of a written part of a book that ask the model: "write more" (extendPart: one extension from where
// the part ends) and "rewrite" / "write again" (rewritePart: the part's own request with its current text
// and the writer's note). Both are rendered from the book as it stood when the part was written and are
// pure of storage: the caller saves, keeps versions and charges. A stopped draft finished (book-session/draft.ts)
// is one of them.
import { withAuditFindings } from './continuity/index.js';
import type { ResolvedSpec } from '../spec/types.js';
import { type Provider, type TokenUsage, countWords } from '../provider.js';
import { applyStep, unmarkPart, withoutCharacterDetails, type BookState } from '../compile/flow.js';
import {
  buildContext,
  chapterTitleOf,
  wordTargetOf,
  FIRM_LANGUAGE_TEMPLATE,
  renderExtension,
  type PromptRenderer,
  type RenderedPrompt,
} from '../compile/prompt.js';
import { takeLeadingHeading } from '../compile/heading.js';
import { GenerationError } from '../errors.js';
import { EditError, MAX_REWRITE_NOTE_CHARS, introParts, introWithProse, joinIntro } from './edits/index.js';
import { partStep } from '../compile/labels.js';
import { stepKey, stepPosition, type Step } from '../compile/step.js';
import type { Clock } from './ports.js';
import { SHORT_RATIO } from './reading/index.js';
import { askText, type AnswerNotes } from './answers/index.js';
import { expectationOf } from './expectation.js';
import { fitting } from './fit.js';
import { lastWords, SessionError, type AdvanceOptions, type StepOutcome } from './step-types.js';
import { joinExtension, joinSeparator, startsOver, firmLanguage, type Tally } from './follow-ups/index.js';
import { runStep, trimmableOf } from './run-step.js';
import { stateForStep } from './bible/index.js';
import { withPartProvenance } from '../compile/provenance.js';

/**
 * "Write more" on a written prose part (the studio's action on a part marked short): one extension
 * request for the part at `position`, from where its text ends, with its plan (templates/extend.hbs).
 * Pure of storage: the caller saves the returned text as the part's new text (as a hand edit is saved)
 * and charges it as a step. The request is rendered from the book as it stood when the part was written
 * (the parts before it), so its plan, bible and previous ending are the part's own.
 */
export async function extendPart(
  input: Omit<AdvanceOptions, 'provider' | 'chapterTitle'> & {
    spec: ResolvedSpec;
    renderer: PromptRenderer;
    provider: Provider;
    state: BookState;
    position: number;
  },
): Promise<{
  text: string;
  added: string;
  words: number;
  target: number;
  isShort: boolean;
  restarted?: true;
  usage?: TokenUsage;
  answerNotes?: AnswerNotes;
}> {
  const { spec, state, position } = input;
  const current = state.content[position];
  if (spec.kind !== 'book' || current === undefined)
    throw new SessionError('step_not_allowed', { next: String(position) });
  const step = partStep(spec, position, state.totalChapters);
  // The book as it was before this part: the same context the part was written with.
  const before = stateForStep(spec, partsBefore(state, position), position, { cast: true });
  // An introduction grows from the end of its prose: its character list and chapter plan stay after it (part-text.ts).
  const intro = position === 0 ? introParts(spec, state, current) : undefined;
  const soFar = intro ? intro.prose : current;
  const title = chapterTitleOf(spec, state, step);
  const request = renderExtension({
    spec,
    renderer: input.renderer,
    state: before,
    step,
    soFar,
    ...(title ? { chapterTitle: title } : {}),
  });
  const separator = joinSeparator(soFar);
  let isFirst = true;
  const onDelta = input.onDelta
    ? (delta: string) => {
        input.onDelta!(isFirst ? separator + delta.trimStart() : delta);
        isFirst = false;
      }
    : undefined;
  const { result, tally } = await askExtension(input, { before, step, title, current, soFar }, request, onDelta);
  const usage = tally.usage;
  const added = takeLeadingHeading(result.text, step, title).text.trim();
  if (!added) throw new GenerationError('no_content');
  const grown = joinExtension(soFar, added);
  const text = intro ? joinIntro({ ...intro, prose: grown }) : grown;
  const target = wordTargetOf(spec, state.settings);
  const words = countWords(grown);
  // Asked to continue, the model wrote the part again from its start, and that text replaced the writer's: named, so
  // the caller keeps the text it replaced (as a version) and says so.
  const restarted = startsOver(soFar, added) && grown !== soFar;
  // A start-over shorter than the part is dropped (joinCut keeps the longer opening): nothing was added.
  return {
    text,
    added: grown === soFar ? '' : added,
    words,
    target,
    isShort: words < SHORT_RATIO * target,
    ...(restarted ? { restarted: true as const } : {}),
    ...(usage ? { usage } : {}),
    ...(tally.notes ? { answerNotes: tally.notes } : {}),
  };
}

/** extendPart's request asked: the answer judged, its language checked (its streamed deltas to `onDelta`). */
async function askExtension(
  input: Omit<AdvanceOptions, 'provider' | 'chapterTitle' | 'onDelta'> & {
    spec: ResolvedSpec;
    renderer: PromptRenderer;
    provider: Provider;
    state: BookState;
  },
  part: { before: BookState; step: Step; title: string | undefined; current: string; soFar: string },
  request: RenderedPrompt,
  onDelta: ((delta: string) => void) | undefined,
): Promise<{ result: { text: string }; tally: Tally }> {
  const { spec, state } = input;
  const { before, step, title, current, soFar } = part;
  const fitted = fitting(input.provider, trimmableOf(spec, before, step));
  // Judged like every answer (answers/verdict.ts): it may repeat the part it extends, never the request. What it
  // adds is a start (judged by its kind however short): a recipe's few lines are asked again, never joined to the part.
  const expect = {
    ...expectationOf({
      spec,
      renderer: input.renderer,
      state: before,
      step,
      kind: 'prose',
      extra: () => [current, ...(title ? [title] : [])],
    }),
    isStart: true,
  };
  const ask = (req: RenderedPrompt, onDelta?: (delta: string) => void) =>
    askText(
      fitted,
      {
        ...req,
        ...(input.signal ? { signal: input.signal } : {}),
        ...(input.onRetry ? { onRetry: input.onRetry } : {}),
        ...(onDelta ? { onDelta } : {}),
      },
      expect,
    );
  // Language-checked as any answer (follow-ups/firm-language.ts): asked again once with the firm line (not streamed),
  // then refused.
  const tally: Tally = { continuations: 0 };
  const write = firmLanguage({
    write: async (req, onDelta) => {
      const result = await ask(req, onDelta);
      return {
        text: result.text,
        isComplete: true,
        continuations: 0,
        ...(result.usage ? { usage: result.usage } : {}),
        ...(result.notes ? { notes: result.notes } : {}),
      };
    },
    lang: state.lang,
    isChecked: spec.flow.languageCheck !== false,
    firmLine: () =>
      input.renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, {
        ...buildContext({ spec, state: before, step, ...(title ? { chapterTitle: title } : {}) }),
        cutEnding: lastWords(soFar, 30),
      }),
    ...(input.signal ? { signal: input.signal } : {}),
    tally,
  });
  return { result: await write(request, onDelta), tally };
}

/** A written part written again: the book with the new text, the text it replaced, and the step's outcome. */
export interface Rewrite {
  readonly state: BookState;
  readonly position: number;
  readonly step: Step;
  readonly text: string;
  readonly previous: string;
  readonly outcome: StepOutcome;
}

/**
 * "Rewrite" and "write again" on a written part of a book: the part's own request, rendered from
 * the book as it stood when the part was written (its plan, the brief, the bible, the previous ending), with
 * its current text and the writer's note (none: written again), answered and checked like any step (cut
 * answers continued, short ones extended, the language checked). Pure of storage: the caller keeps the
 * previous text as a version, saves the new one and brings the bible up to date (BookSession.rewrite does).
 */
export async function rewritePart(
  input: Omit<AdvanceOptions, 'provider' | 'chapterTitle'> & {
    spec: ResolvedSpec;
    renderer: PromptRenderer;
    provider: Provider;
    state: BookState;
    position: number;
    note?: string;
    clock?: Clock;
  },
): Promise<Rewrite> {
  const { spec, state, position } = input;
  const previous = state.content[position];
  if (spec.kind !== 'book' || previous === undefined)
    throw new SessionError('step_not_allowed', { next: String(position) });
  const note = (input.note ?? '').trim();
  if (note.length > MAX_REWRITE_NOTE_CHARS) throw new EditError('note_too_long', { max: MAX_REWRITE_NOTE_CHARS });
  const step = partStep(spec, position, state.totalChapters);
  const before = partsBefore(state, position);
  const title = chapterTitleOf(spec, state, step);
  const current = position === 0 && state.characterDetails ? withoutCharacterDetails(previous) : previous;
  const outcome = await runStep({
    spec,
    renderer: input.renderer,
    provider: input.provider,
    state: before,
    step,
    rewrite: { text: current, ...(note ? { note } : {}) },
    ...(title ? { chapterTitle: title } : {}),
    ...(input.clock ? { clock: input.clock } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onDelta ? { onDelta: input.onDelta } : {}),
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
  });
  if (input.signal?.aborted) throw new GenerationError('aborted', { cause: input.signal.reason });
  // The rest of the book stays as it is: only this part's text (and what the introduction gives later
  // steps, its character list) changes; the bible is brought up to date by the caller.
  // A rewritten introduction without a character list or chapter plan of its own keeps the ones it had (part-text.ts).
  const text = position === 0 ? introWithProse(spec, state, outcome.text) : outcome.text;
  const content = state.content.map((t, i) => (i === position ? text : t));
  let next: BookState = { ...state, content };
  if (position === 0 && outcome.state.characterDetails !== undefined)
    next = { ...next, characterDetails: outcome.state.characterDetails };
  next = unmarkPart(next, position);
  if (!outcome.isComplete) next = { ...next, incompleteParts: [...(next.incompleteParts ?? []), position] };
  // What the model audit found in the old text no longer applies to the new one.
  next = withAuditFindings(next, position, []);
  // The model wrote this text again: whatever it was (the writer's, edited by hand), it is the model's rewrite now
  // (publishing's AI disclosure), its passages' records gone with the text they were in.
  next = withPartProvenance(next, position, { origin: 'model-rewrite' });
  return { state: next, position, step, text, previous, outcome };
}

/**
 * The book as it stood when the part at `position` was next: the parts before it, the rest of its header as
 * it is now. Without the parts' provenance, which only says who wrote the parts saved (an imported book
 * still to be outlined would otherwise be asked for its outline before this part: engine/compile/flow.ts).
 */
function partsBefore(state: BookState, position: number): BookState {
  const { provenance: _provenance, ...rest } = state;
  return { ...rest, content: state.content.slice(0, position), currentChapter: position };
}
