// The book session: the one step loop of Karya. Start or resume a book under a key, advance it one
// step (render the prompt, call the provider with deltas and an AbortSignal, post-process, save the
// step's own part through the progress port), tell whether it is finished, assemble it. `karya
// generate`, `karya batch` (which only schedules around `advance`) and the server (which only adds
// charging, history and HTTP around it) all run books through this class.
import type { ResolvedSpec, Settings } from '../spec/types.js';
import type { Provider, TextRequest, TokenUsage } from '../provider.js';
import { countWords } from '../provider.js';
import { applyStep, nextStep, restoreBook, unmarkPart, splitCharacterDetails, startBook, withoutCharacterDetails, type BookState } from '../compile/flow.js';
import { buildContext, chapterTitleOf, wordTargetOf, FIRM_LANGUAGE_TEMPLATE, NO_REPEAT_TEMPLATE, parsedOutlineOf, renderContinuation, renderExtension, renderMemoryUpdate, renderOutlineMore, renderPrompt, renderRewrite, type PromptRenderer, type RenderedPrompt } from '../compile/prompt.js';
import { takeLeadingHeading } from '../compile/heading.js';
import { conclusionPosition } from '../spec/conclusion.js';
import { applyBibleUpdate, bookBible, linesToFold, parseBible, parseBibleUpdate, renderBible, withWriterBrief } from './bible.js';
import { writerBriefOf } from '../compile/brief.js';
import { GenerationError } from '../errors.js';
import { EditError, MAX_REWRITE_NOTE_CHARS } from './edit.js';
import { bookMarkdown } from './book.js';
import { partStep, stepLabel } from '../compile/labels.js';
import { stepKey, stepPosition, type Step } from '../compile/step.js';
import { systemClock, type Clock, type ProgressStore, type SavedBook } from './ports.js';
import { bookView } from './view.js';
import { findLanguageDrift, indonesianWords, type LanguageDrift } from './language.js';
import { lengthScore, LONG_RATIO, SHORT_RATIO } from './measure.js';
import { askText } from './answer-text.js';
import { EXTENSION_REPEATS_RATIO, repeatedShare } from './repeat.js';
import type { BookView } from './view-schema.js';
import { biblePieces, fitting, windowOf, type Trimmable } from './fit.js';

/** A step the session refuses: the book is complete, the step is not the next one, the chapter count cannot be. */
export class SessionError extends Error {
  constructor(
    readonly code: 'book_complete' | 'step_not_allowed' | 'invalid_chapters',
    readonly params: Readonly<Record<string, string | number>> = {},
  ) {
    super(code);
    this.name = 'SessionError';
  }
}

export interface StepOutcome {
  state: BookState;
  step: Step;
  text: string;
  /** False when the text was still cut at the token limit after the continuations. */
  isComplete: boolean;
  /** Continuation calls made for this step (0 when the first answer was whole). */
  continuations: number;
  /**
   * Length extensions made for this step: follow-ups that asked a part that came back under
   * SHORT_RATIO of its target for the words it still needed (at most MAX_EXTENSIONS), or an outline for
   * the chapter entries it left out. Part of the step: no extra charge.
   */
  extensions: number;
  /** A part still under SHORT_RATIO × its target after its extensions (kept, reported as short). */
  short?: true;
  /** A part over LONG_RATIO × its target (kept, reported as long). */
  long?: true;
  /** The chapter title the model's own leading heading named (the heading itself is taken off the text). */
  title?: string;
  words: number;
  seconds: number;
  usage?: TokenUsage;
  /** PNG bytes for image generators. */
  png?: Uint8Array;
  /**
   * Set when an answer of the step was not in the language asked for (a Malay book or piece answered in
   * English or Indonesian, or the reverse): it was asked again once with a firmer instruction
   * (templates/firm-language.hbs) and the answer in the right language kept. A second answer still in
   * another language fails the step (GenerationError `wrong_language`): nothing is kept.
   */
  languageDrift?: LanguageRetry;
  /** The words the prompt asked for (introduction, chapters, conclusion of a book); absent for other steps. */
  target?: number;
  /**
   * LongWriter's length score S_l of the part against `target` (0–100), counted on the part as the book
   * shows it (an introduction without its character list).
   */
  score?: number;
  /** The share (0–1) of the part's words already written earlier in the part or the book (engine/session/repeat.ts); prose parts of a book. */
  repeated?: number;
  /** Indonesian words left in a Malay prose part below the refusal level (engine/session/language.ts indonesianWords). */
  indonesianWords?: string[];
}

/** An answer found in the wrong language and asked again. */
export interface LanguageRetry extends LanguageDrift {
  /** Always true on a step that completes: an answer still in the wrong language fails the step (`wrong_language`). */
  readonly isResolved: boolean;
}

export interface StepResult extends StepOutcome {
  label: string;
}

/** The call's signal, deltas and retry notices ("Connection error. Retrying... (n/3)"), and: */
export interface AdvanceOptions extends Pick<TextRequest, 'signal' | 'onDelta' | 'onRetry'> {
  /** The user's title for the chapter this step writes. */
  chapterTitle?: string;
  /** The provider for this step only (a batch wraps the session's provider to watch its retries). */
  provider?: Provider;
}

export interface OpenSessionInput {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  store: ProgressStore;
  clock?: Clock;
  /** Where the book is saved: the CLI's settings key, a batch job's key, the server's book type. */
  key: string;
  settings: Settings;
  /** Overrides the chapter count of the settings (`--chapters`). */
  totalChapters?: number;
  /**
   * A finished book saved under the key: `restart` writes a new one (the CLI: a finished book is never
   * replayed), `keep` keeps it (the server: the user starts anew explicitly; nothing is left to advance).
   */
  onFinished: 'restart' | 'keep';
  /** Ignore anything saved under the key and start afresh (`--fresh`). */
  isFresh?: boolean;
  /** The writer's notes per chapter for a new book (`karya generate --brief` with "## Chapter notes"). */
  chapterNotes?: Readonly<Record<number, string>>;
}

/** Run one step on a state, without saving: the provider call and the post-processing (character details, state). */
export async function runStep(input: Omit<AdvanceOptions, 'provider'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  step: Step;
  clock?: Clock;
  /** Write a written part again: its current text and the writer's note go with the step's prompt (templates/rewrite.hbs). */
  rewrite?: { text: string; note?: string };
}): Promise<StepOutcome> {
  const { spec, state, step } = input;
  const clock = input.clock ?? systemClock;
  const started = clock.now();
  const seconds = () => (clock.now() - started) / 1000;
  const prompt = input.rewrite
    ? renderRewrite({ spec, renderer: input.renderer, state, step, ...(input.chapterTitle ? { chapterTitle: input.chapterTitle } : {}), currentText: input.rewrite.text, ...(input.rewrite.note ? { note: input.rewrite.note } : {}) })
    : renderPrompt({ spec, renderer: input.renderer, state, step, chapterTitle: input.chapterTitle });
  if (!prompt.user.trim()) throw new GenerationError('prompt_required');
  if (step.kind === 'image') {
    const image = await input.provider.generateImage({ prompt: prompt.user, size: spec.image?.size ?? '1024x1024', meta: prompt.meta, signal: input.signal });
    const text = prompt.user;
    return { state: applyStep(spec, state, step, text), step, text, words: 0, seconds: seconds(), png: image.png, isComplete: true, continuations: 0, extensions: 0 };
  }
  // Every request of the step fits the model's window (fit.ts): the bible, the recent text and the outline trimmed first.
  const provider = fitting(input.provider, trimmableOf(spec, state, step));
  const call = (request: RenderedPrompt, onDelta?: (delta: string) => void) =>
    askText(provider, { ...request, signal: input.signal, onDelta, ...(input.onRetry ? { onRetry: input.onRetry } : {}) });
  const title = input.chapterTitle ? { chapterTitle: input.chapterTitle } : {};
  // One answer: a part cut at the token limit is continued (at most MAX_CONTINUATIONS times) and joined
  // seamlessly; still cut after that, it is kept but marked incomplete: nothing cut is stored as complete.
  const write = async (request: RenderedPrompt, onFirstDelta?: (delta: string) => void) => {
    let result = await call(request, onFirstDelta);
    let text = result.text;
    let usage = result.usage;
    let continuations = 0;
    while (result.finishReason === 'length' && continuations < MAX_CONTINUATIONS && text.trim()) {
      continuations++;
      const soFar = text;
      let isFirstDelta = true;
      const onDelta = onFirstDelta
        ? (delta: string) => {
            onFirstDelta(isFirstDelta ? joinCut(soFar, delta).slice(soFar.length) : delta);
            isFirstDelta = false;
          }
        : undefined;
      result = await call(renderContinuation({ spec, renderer: input.renderer, state, step, soFar, ...title }), onDelta);
      text = joinCut(soFar, result.text);
      usage = addUsage(usage, result.usage);
    }
    return { text: text.trim(), isComplete: result.finishReason !== 'length', usage, continuations };
  };
  // Every answer is language-checked (the part or piece, and each follow-up below: the check covers the
  // continuations joined to it): one in another language than asked is asked again once with a firmer
  // instruction (templates/firm-language.hbs); still in another language, the step fails
  // (`wrong_language`, naming the language found) and nothing of it is kept. The answer asked again is
  // not streamed: the caller gets the kept text with the result.
  let continuations = 0;
  let usage: TokenUsage | undefined;
  let languageDrift: LanguageRetry | undefined;
  const isChecked = isLanguageChecked(spec, step);
  // The firm line of a follow-up (an extension, the outline's missing entries) asks for that follow-up
  // again from where the text stops; of a first answer, for the whole part again (templates/firm-language.hbs).
  const firmLine = (soFar: string | undefined) =>
    input.renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, { ...buildContext({ spec, state, step, ...title }), ...(soFar ? { cutEnding: lastWords(soFar, 30) } : {}) });
  const checkedWrite = async (request: RenderedPrompt, onFirstDelta: ((delta: string) => void) | undefined, soFar?: string) => {
    const first = await write(request, onFirstDelta);
    continuations += first.continuations;
    usage = addUsage(usage, first.usage);
    const drift = isChecked && first.text ? findLanguageDrift(first.text, state.lang) : undefined;
    if (!drift || input.signal?.aborted) return first;
    const again = await write({ ...request, user: `${request.user}\n\n${firmLine(soFar)}` });
    continuations += again.continuations;
    usage = addUsage(usage, again.usage);
    const still = again.text ? findLanguageDrift(again.text, state.lang) : drift;
    if (still && !input.signal?.aborted) throw new GenerationError('wrong_language', { params: { expected: still.expected, found: still.found } });
    languageDrift ??= { ...drift, isResolved: true };
    return again;
  };
  const answer = await checkedWrite(prompt, input.onDelta);
  // A model's own leading heading is taken off the part (the part has its heading); a title it named is kept.
  const ownTitle = input.chapterTitle ?? (step.kind === 'chapter' ? chapterTitleOf(spec, state, step) : undefined);
  const heading = takeLeadingHeading(answer.text, step, ownTitle);
  let text = heading.text.trim();
  if (!text) throw new GenerationError('no_content');
  let isComplete = answer.isComplete;
  let extensions = 0;
  const stream = input.onDelta;
  const extend = async (request: RenderedPrompt, separator: string) => {
    let isFirst = true;
    const more = await checkedWrite(request, stream ? (delta) => {
      stream(isFirst ? separator + delta.trimStart() : delta);
      isFirst = false;
    } : undefined, text);
    extensions++;
    return more;
  };
  // An outline that left chapters without an entry (cut at its budget, or a model that stopped early) is
  // asked for the missing ones, at most MAX_EXTENSIONS times: every chapter gets its plan.
  if (step.kind === 'outline' && spec.kind === 'book' && !spec.flow.sections) {
    const chapters = conclusionPosition(spec.flow, state.totalChapters) - 1;
    for (let i = 0; i < MAX_EXTENSIONS && !input.signal?.aborted; i++) {
      const found = new Set(parsedOutlineOf(spec, { outline: text, lang: state.lang }).entries.map((e: { number: number }) => e.number));
      const missing = Array.from({ length: chapters }, (_, k) => k + 1).filter((n) => !found.has(n));
      if (!missing.length || !found.size) break;
      const more = await extend(renderOutlineMore({ spec, renderer: input.renderer, state, soFar: text, from: missing[0]!, to: chapters }), '\n\n');
      if (!more.text) break;
      text = `${text}\n\n${more.text}`;
      isComplete = more.isComplete;
    }
  }
  const target = isMeasured(spec, step) ? prompt.meta.wordTarget : 0;
  const proseOf = (t: string) => (step.kind === 'introduction' && spec.flow.characterDetails ? withoutCharacterDetails(t) : t);
  const counted = (t: string) => countWords(proseOf(t));
  // A prose part that came back short is extended: the words it still needs, from where it stopped,
  // with its plan (templates/extend.hbs), at most MAX_EXTENSIONS times. An extension that mostly repeats
  // the book is not joined: asked once more with a note (templates/no-repeat.hbs), else the part stays short.
  let isNoted = false;
  if (target > 0) {
    for (let i = 0; i < MAX_EXTENSIONS + (isNoted ? 1 : 0) && counted(text) < SHORT_RATIO * target && !input.signal?.aborted; i++) {
      // An introduction's character list stays at its end: the prose is extended, the list put back after it.
      const split = step.kind === 'introduction' && spec.flow.characterDetails ? splitCharacterDetails(text) : undefined;
      const prose = split ? [split.before, split.after].filter(Boolean).join('\n\n') : text;
      const request = renderExtension({ spec, renderer: input.renderer, state, step, soFar: prose, ...title });
      const note = isNoted ? `\n\n${input.renderer.renderTemplate(NO_REPEAT_TEMPLATE, buildContext({ spec, state, step, ...title }))}` : '';
      const more = await extend({ ...request, user: request.user + note }, joinSeparator(prose));
      // A model that writes the list again with its extension: only the first list is kept.
      const added = takeLeadingHeading(split ? withoutCharacterDetails(more.text) : more.text, step, ownTitle).text.trim();
      if (!added) break;
      if (repeatedShare(added, [...state.content.map(proseOf), prose]) >= EXTENSION_REPEATS_RATIO) {
        if (isNoted) break;
        isNoted = true;
        continue;
      }
      text = split ? `${joinExtension(prose, added)}\n\n${split.block}` : joinExtension(text, added);
      isComplete = more.isComplete;
    }
  }
  const after = applyStep(spec, state, step, text);
  const position = stepPosition(step);
  const marked = isComplete ? after : { ...after, incompleteParts: [...(after.incompleteParts ?? []).filter((p) => p !== position), position] };
  const words = target > 0 ? counted(text) : 0;
  const measured = target > 0
    ? { target, score: lengthScore(target, words), repeated: repeatedShare(proseOf(text), state.content.map(proseOf)), ...(words < SHORT_RATIO * target ? { short: true as const } : {}), ...(words > LONG_RATIO * target ? { long: true as const } : {}) }
    : {};
  const indonesian = target > 0 && state.lang === 'ms' ? indonesianWords(proseOf(text)) : [];
  return {
    state: marked, step, text, words: countWords(text), seconds: seconds(), isComplete, continuations, extensions,
    ...(usage ? { usage } : {}), ...(languageDrift ? { languageDrift } : {}), ...measured, ...(heading.title ? { title: heading.title } : {}),
    ...(indonesian.length ? { indonesianWords: indonesian } : {}),
  };
}

/** What a step's prompts may lose to fit the model's window (fit.ts): its bible, the previous part's ending, the outline. */
function trimmableOf(spec: ResolvedSpec, state: BookState, step: Step): Trimmable {
  const { previousEnding } = buildContext({ spec, state, step });
  return { ...(state.memory ? { bible: state.memory } : {}), ...(previousEnding ? { recent: previousEnding } : {}), ...(state.outline ? { outline: state.outline } : {}) };
}

/** The last `n` words of a text (with a leading ellipsis when cut). */
function lastWords(text: string, n: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  return (words.length > n ? '…' : '') + words.slice(-n).join(' ');
}

/** Length extensions (or outline follow-ups) one step makes at most. */
export const MAX_EXTENSIONS = 2;

/** How an extension's text follows the part: a new paragraph after a finished sentence, else the same line. */
function joinSeparator(before: string): string {
  return /[.!?…"”’)\]*_]\s*$/.test(before) ? '\n\n' : ' ';
}

/** A part and its extension: a stretch the model repeated is dropped, and the two join as joinSeparator says. */
export function joinExtension(before: string, after: string): string {
  const joined = joinCut(before, after);
  if (joined !== `${before} ${after}` && joined !== before + after) return joined;
  return before.trimEnd() + joinSeparator(before) + after.trimStart();
}

/**
 * "Write more" on a written prose part (the studio's action on a part marked short): one extension
 * request for the part at `position`, from where its text ends, with its plan (templates/extend.hbs).
 * Pure of storage: the caller saves the returned text as the part's new text (as a hand edit is saved)
 * and charges it as a step. The request is rendered from the book as it stood when the part was written
 * (the parts before it), so its plan, bible and previous ending are the part's own.
 */
export async function extendPart(input: Omit<AdvanceOptions, 'provider' | 'chapterTitle'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  position: number;
}): Promise<{ text: string; added: string; words: number; target: number; isShort: boolean; usage?: TokenUsage }> {
  const { spec, state, position } = input;
  const current = state.content[position];
  if (spec.kind !== 'book' || current === undefined) throw new SessionError('step_not_allowed', { next: String(position) });
  const step = partStep(spec, position, state.totalChapters);
  // The book as it was before this part: the same context the part was written with.
  const before: BookState = { ...state, content: state.content.slice(0, position), currentChapter: position };
  const soFar = position === 0 && state.characterDetails ? withoutCharacterDetails(current) : current;
  const title = chapterTitleOf(spec, state, step);
  const request = renderExtension({ spec, renderer: input.renderer, state: before, step, soFar, ...(title ? { chapterTitle: title } : {}) });
  const separator = joinSeparator(current);
  let isFirst = true;
  const fitted = fitting(input.provider, trimmableOf(spec, before, step));
  const ask = (req: RenderedPrompt, onDelta?: (delta: string) => void) => askText(fitted, {
    ...req,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
    ...(onDelta ? { onDelta } : {}),
  });
  let result = await ask(request, input.onDelta ? (delta: string) => { input.onDelta!(isFirst ? separator + delta.trimStart() : delta); isFirst = false; } : undefined);
  let usage = result.usage;
  // Language-checked as any answer: asked again once with the firm line (not streamed), then refused.
  const drift = spec.flow.languageCheck !== false && result.text.trim() ? findLanguageDrift(result.text, state.lang) : undefined;
  if (drift && !input.signal?.aborted) {
    const firm = input.renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, { ...buildContext({ spec, state: before, step, ...(title ? { chapterTitle: title } : {}) }), cutEnding: lastWords(soFar, 30) });
    result = await ask({ ...request, user: `${request.user}\n\n${firm}` });
    usage = addUsage(usage, result.usage);
    const still = result.text.trim() ? findLanguageDrift(result.text, state.lang) : drift;
    if (still && !input.signal?.aborted) throw new GenerationError('wrong_language', { params: { expected: still.expected, found: still.found } });
  }
  const added = takeLeadingHeading(result.text, step, title).text.trim();
  if (!added) throw new GenerationError('no_content');
  const text = joinExtension(current, added);
  const target = wordTargetOf(spec, state.settings);
  const words = countWords(position === 0 && state.characterDetails ? withoutCharacterDetails(text) : text);
  return { text, added, words, target, isShort: words < SHORT_RATIO * target, ...(usage ? { usage } : {}) };
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
export async function rewritePart(input: Omit<AdvanceOptions, 'provider' | 'chapterTitle'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  position: number;
  note?: string;
  clock?: Clock;
}): Promise<Rewrite> {
  const { spec, state, position } = input;
  const previous = state.content[position];
  if (spec.kind !== 'book' || previous === undefined) throw new SessionError('step_not_allowed', { next: String(position) });
  const note = (input.note ?? '').trim();
  if (note.length > MAX_REWRITE_NOTE_CHARS) throw new EditError('note_too_long', { max: MAX_REWRITE_NOTE_CHARS });
  const step = partStep(spec, position, state.totalChapters);
  const before: BookState = { ...state, content: state.content.slice(0, position), currentChapter: position };
  const title = chapterTitleOf(spec, state, step);
  const current = position === 0 && state.characterDetails ? withoutCharacterDetails(previous) : previous;
  const outcome = await runStep({
    spec, renderer: input.renderer, provider: input.provider, state: before, step, rewrite: { text: current, ...(note ? { note } : {}) },
    ...(title ? { chapterTitle: title } : {}),
    ...(input.clock ? { clock: input.clock } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onDelta ? { onDelta: input.onDelta } : {}),
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
  });
  if (input.signal?.aborted) throw new GenerationError('aborted', { cause: input.signal.reason });
  // The rest of the book stays as it is: only this part's text (and what the introduction gives later
  // steps, its character list) changes; the bible is brought up to date by the caller.
  const content = state.content.map((t, i) => (i === position ? outcome.text : t));
  let next: BookState = { ...state, content };
  if (position === 0 && outcome.state.characterDetails !== undefined) next = { ...next, characterDetails: outcome.state.characterDetails };
  next = unmarkPart(next, position);
  if (!outcome.isComplete) next = { ...next, incompleteParts: [...(next.incompleteParts ?? []), position] };
  return { state: next, position, step, text: outcome.text, previous, outcome };
}

/**
 * The story bible after it took in the part at `position` (one small update call, language-checked like
 * every answer, asked again once firmly; an answer still in another language leaves the bible as it was).
 * Pure of storage. Used after each part (BookSession.remember) and after a rewrite.
 */
export async function updateBible(input: Pick<AdvanceOptions, 'signal'> & {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  position: number;
}): Promise<{ memory: string; calls: number; usage?: TokenUsage }> {
  const { spec, state, position } = input;
  let calls = 0;
  let usage: TokenUsage | undefined;
  const step = partStep(spec, position, state.totalChapters);
  const text = position === 0 && state.characterDetails ? withoutCharacterDetails(state.content[0]!) : state.content[position]!;
  let next = withWriterBrief(parseBible(state.memory), writerBriefOf(spec, state.settings));
  const fold = linesToFold(next);
  const foldLines = fold.map((l) => `- ${l.label ? `${l.label}: ` : ''}${l.line}`).join('\n');
  // Within the model's window (fit.ts): the bible in the prompt trimmed, a part too long read in pieces.
  const trimmable = state.memory ? { bible: state.memory } : {};
  const provider = fitting(input.provider, trimmable);
  // Older lines are folded once, with the first piece.
  const render = (piece: string, isFirm = false, isFirst = true) => renderMemoryUpdate({ spec, renderer: input.renderer, state, step, text: piece, foldLines: isFirst ? foldLines : '', isFirm });
  const pieces = biblePieces(text, await windowOf(input.provider), render, trimmable);
  for (const [index, piece] of pieces.entries()) {
    const ask = async (isFirm: boolean) => {
      const result = await askText(provider, { ...render(piece, isFirm, index === 0), ...(input.signal ? { signal: input.signal } : {}) });
      calls++;
      usage = addUsage(usage, result.usage);
      return result.text.trim();
    };
    let answer = await ask(false);
    if (answer && findLanguageDrift(answer, state.lang)) {
      answer = await ask(true);
      if (findLanguageDrift(answer, state.lang)) answer = '';
    }
    if (input.signal?.aborted) throw new GenerationError('aborted', { cause: input.signal.reason });
    const update = answer ? parseBibleUpdate(answer) : undefined;
    if (update) next = applyBibleUpdate(next, update, { label: stepLabel(step, state.lang, spec), lang: state.lang });
  }
  return { memory: renderBible(next, state.lang, { omit: ['premise', 'ending'] }), calls, ...(usage ? { usage } : {}) };
}

/** The parts whose prompt asks for a number of words (the chapter format): a book's introduction, chapters and conclusion. */
function isMeasured(spec: ResolvedSpec, step: Step): boolean {
  return spec.kind === 'book' && (step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion');
}

/**
 * Every text answer is checked for its language (book parts, outlines, single pieces, publishing pieces,
 * their continuations and extensions), except a generator's that mixes languages on purpose
 * (`flow.languageCheck: false`: a language-learning story).
 */
function isLanguageChecked(spec: ResolvedSpec, step: Step): boolean {
  return step.kind !== 'image' && spec.flow.languageCheck !== false;
}

const MAX_CONTINUATIONS = 2;

/**
 * `before` (an answer cut at the token limit) followed by its continuation `after`: a stretch the model
 * repeated is dropped, and a space goes between two words that would otherwise run together.
 */
export function joinCut(before: string, after: string): string {
  const rest = after.trimStart();
  for (let n = Math.min(300, before.length, rest.length); n >= 20; n--) {
    if (rest.startsWith(before.slice(-n))) return before + rest.slice(n);
  }
  if (/\s$/.test(before) || /^\s/.test(after) || /^[,.;:!?)\]}”’»…]/.test(after)) return before + after;
  return `${before} ${after}`;
}



function addUsage(a: TokenUsage | undefined, b: TokenUsage | undefined): TokenUsage | undefined {
  if (!a || !b) return a ?? b;
  return { promptTokens: a.promptTokens + b.promptTokens, completionTokens: a.completionTokens + b.completionTokens, totalTokens: a.totalTokens + b.totalTokens };
}

export class BookSession {
  private constructor(
    readonly spec: ResolvedSpec,
    private readonly ports: { renderer: PromptRenderer; provider: Provider; store: ProgressStore; clock: Clock },
    readonly key: string,
    private current: BookState,
    /** Parts already written when the session opened an interrupted book; null for a new book. */
    readonly resumedParts: number | null,
    private hasSavedPart: boolean,
  ) {}

  /** Open the book saved under the key, or start one with these settings (see OpenSessionInput). */
  static async open(input: OpenSessionInput): Promise<BookSession> {
    const { spec, key } = input;
    const ports = { renderer: input.renderer, provider: input.provider, store: input.store, clock: input.clock ?? systemClock };
    let fresh: BookState;
    try {
      fresh = startBook({ spec, settings: input.settings, ...(input.totalChapters !== undefined ? { totalChapters: input.totalChapters } : {}) });
    } catch (error) {
      if (error instanceof RangeError) throw new SessionError('invalid_chapters', { total: input.totalChapters ?? 0 });
      throw error;
    }
    // Only books continue: a single piece is one step, so a saved one is always finished.
    const saved: SavedBook | null = spec.kind === 'book' && !input.isFresh ? await input.store.load(key) : null;
    const held = saved && !(saved.isFinished && input.onFinished === 'restart') ? restoreBook(spec, saved.state) : null;
    if (held?.isLocked) return new BookSession(spec, ports, key, held, held.content.length + (held.outline !== undefined ? 1 : 0), true);
    // Until the introduction exists the given settings apply; an outline already written is kept, and
    // with it an outline the writer shaped as chapters: its chapter count and notes.
    if (held?.outline !== undefined) {
      const shaped = held.chapterNotes !== undefined ? { totalChapters: held.totalChapters, chapterNotes: held.chapterNotes } : {};
      return new BookSession(spec, ports, key, { ...fresh, outline: held.outline, ...shaped }, 1, true);
    }
    const notes = input.chapterNotes && Object.keys(input.chapterNotes).length ? { chapterNotes: { ...input.chapterNotes } } : {};
    return new BookSession(spec, ports, key, { ...fresh, ...notes }, null, false);
  }

  get state(): BookState {
    return this.current;
  }

  /** The step `advance` runs next, or null when the book is finished. */
  next(): Step | null {
    return nextStep(this.spec, this.current);
  }

  get isFinished(): boolean {
    return this.next() === null;
  }

  /**
   * True when the book's memory (the story so far) has not yet taken in its last written part. Callers
   * run `remember()` after each `advance()`; a book that keeps memory catches up before its next step.
   */
  get needsMemory(): boolean {
    const { spec } = this;
    const last = this.current.content.length - 1;
    if (spec.kind !== 'book' || last < 0 || this.isFinished) return false;
    return (this.current.memoryUpTo ?? -1) < last;
  }

  /**
   * Update the book's memory with the parts it has not taken in (one call per part, small and not
   * streamed) and save it. Part of the step that wrote the part: no extra credit. A failure leaves the
   * memory as it was (the written part is saved already) and is tried again before the next step.
   */
  async remember(opts: Pick<AdvanceOptions, 'signal' | 'provider'> = {}): Promise<{ calls: number; usage?: TokenUsage }> {
    let calls = 0;
    let usage: TokenUsage | undefined;
    const provider = opts.provider ?? this.ports.provider;
    while (this.needsMemory) {
      const state = this.current;
      const position = (state.memoryUpTo ?? -1) + 1;
      // The update is language-checked like any answer (updateBible); an answer still in another language
      // is not taken in (the bible stays as it was for this part).
      const updated = await updateBible({ spec: this.spec, renderer: this.ports.renderer, provider, state, position, ...(opts.signal ? { signal: opts.signal } : {}) });
      calls += updated.calls;
      usage = addUsage(usage, updated.usage);
      await this.ports.store.saveMemory(this.key, { memory: updated.memory, upTo: position });
      this.current = { ...this.current, memory: updated.memory, memoryUpTo: position };
    }
    return { calls, ...(usage ? { usage } : {}) };
  }

  /**
   * The story bible as the writer reads it: the premise and planned ending from the outline, then what
   * the session keeps (recent parts, arcs, characters, open threads, facts); '' before anything exists.
   */
  bible(): string {
    return bookBible(this.spec, this.current);
  }

  /** The label of a step in the book's language ("Chapter 3", "Bab 3"). */
  label(step: Step): string {
    return stepLabel(step, this.current.lang, this.spec);
  }

  /**
   * Write the next step and save it. `expected` refuses the call when the book is elsewhere (a stale tab,
   * a double click). The step is saved only if the signal has not aborted by the time the text is
   * complete: an aborted step leaves the book as it was.
   */
  async advance(opts: AdvanceOptions & { expected?: Step | { kind: string; position?: number } } = {}): Promise<StepResult> {
    const step = this.next();
    if (!step) throw new SessionError('book_complete');
    // A memory update that failed (or a process that died) after the last part: catch up first, so the
    // next part is written with the story so far. Its failure does not stop the step.
    if (this.needsMemory) await this.remember(opts).catch((error: unknown) => {
      if (opts.signal?.aborted) throw error;
    });
    if (opts.expected && stepKey(opts.expected as Step) !== stepKey(step)) throw new SessionError('step_not_allowed', { next: stepKey(step) });
    const { spec } = this;
    const before = this.current;
    const outcome = await runStep({
      spec, renderer: this.ports.renderer, provider: opts.provider ?? this.ports.provider, state: before, step, clock: this.ports.clock,
      ...(opts.chapterTitle ? { chapterTitle: opts.chapterTitle } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
      ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
      ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
    });
    if (opts.signal?.aborted) throw new GenerationError('aborted', { cause: opts.signal.reason });
    return this.saveOutcome(step, before, outcome, opts.chapterTitle);
  }

  /**
   * The next step written from its draft (a part stopped while it streamed keeps the text so
   * far): `keep` takes the draft as the part, `continue` asks for the rest from where it stops (as "write
   * more" does: extendPart), `rewrite` writes the part again with the draft as its current text and the
   * writer's note (rewritePart); then it is saved as `advance` saves a step. Continue and rewrite are for
   * prose parts (introduction, chapters, conclusion); a draft can be kept for any step of a book.
   */
  async finishDraft(draft: string, opts: AdvanceOptions & { how: 'keep' | 'continue' | 'rewrite'; note?: string; expected?: Step | { kind: string; position?: number } }): Promise<StepResult> {
    const step = this.next();
    if (!step) throw new SessionError('book_complete');
    if (opts.expected && stepKey(opts.expected as Step) !== stepKey(step)) throw new SessionError('step_not_allowed', { next: stepKey(step) });
    const { spec } = this;
    const before = this.current;
    const text = takeLeadingHeading(draft, step).text.trim();
    if (!text) throw new EditError('part_empty');
    const started = this.ports.clock.now();
    const position = stepPosition(step);
    const isProse = step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion';
    let outcome: StepOutcome;
    if (opts.how === 'keep') {
      // Kept as the writer stopped it: the part says so (not "short even after asking for more").
      const kept = applyStep(spec, before, step, text);
      outcome = { state: { ...kept, stoppedParts: [...(kept.stoppedParts ?? []), position] }, step, text, words: countWords(text), seconds: 0, isComplete: true, continuations: 0, extensions: 0 };
    } else {
      if (!isProse || position !== before.content.length) throw new SessionError('step_not_allowed', { next: stepKey(step) });
      // The book with the draft as the part: what "write more" and "rewrite" work on.
      const withDraft: BookState = { ...before, content: [...before.content, text] };
      const call = {
        spec, renderer: this.ports.renderer, provider: opts.provider ?? this.ports.provider, state: withDraft, position,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
        ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
      };
      if (opts.how === 'rewrite') {
        outcome = (await rewritePart({ ...call, clock: this.ports.clock, ...(opts.note ? { note: opts.note } : {}) })).outcome;
      } else {
        const more = await extendPart(call);
        const seconds = (this.ports.clock.now() - started) / 1000;
        outcome = { state: applyStep(spec, before, step, more.text), step, text: more.text, words: countWords(more.text), seconds, isComplete: true, continuations: 0, extensions: 1, ...(more.usage ? { usage: more.usage } : {}) };
      }
    }
    if (opts.signal?.aborted) throw new GenerationError('aborted', { cause: opts.signal.reason });
    return this.saveOutcome(step, before, outcome, opts.chapterTitle);
  }

  /** Save a written step (its part, the book's header) and move the session on. */
  private async saveOutcome(step: Step, before: BookState, outcome: StepOutcome, chapterTitle: string | undefined): Promise<StepResult> {
    const { spec } = this;
    const label = stepLabel(step, before.lang, spec);
    // The user's title of this chapter is kept with the book: it becomes its heading and survives resume.
    // Without one (and none in the outline), a title the model's own heading named is kept the same way.
    const title = step.kind === 'chapter' ? chapterTitle?.trim() || (!chapterTitleOf(spec, before, step) ? outcome.title : undefined) : undefined;
    if (title) outcome.state = { ...outcome.state, chapterTitles: { ...outcome.state.chapterTitles, [stepPosition(step)]: title } };
    await this.ports.store.saveStep(this.key, {
      generatorId: spec.id,
      bookType: spec.bookType,
      state: outcome.state,
      step,
      stepKey: stepKey(step),
      position: stepPosition(step),
      text: outcome.text,
      isComplete: outcome.isComplete,
      continuations: outcome.continuations,
      ...(title ? { title } : {}),
      isFirst: !this.hasSavedPart,
      isFinished: nextStep(spec, outcome.state) === null,
      keepsProgress: spec.kind === 'book' || (spec.flow.savesProgress && spec.kind !== 'image'),
      label,
      words: outcome.words,
      seconds: outcome.seconds,
      ...(outcome.usage ? { usage: outcome.usage } : {}),
      ...(outcome.png ? { png: outcome.png } : {}),
    });
    this.hasSavedPart = true;
    this.current = outcome.state;
    return { ...outcome, label };
  }

  /**
   * Write a written part again, with the writer's note or none, and save it: the text it replaces
   * is kept as a version (when the store keeps versions), the new text saved as the part, and the story
   * bible, if it had taken the part in, brought up to date with one update call. Refused while the book
   * has no such written part.
   */
  async rewrite(position: number, opts: Omit<AdvanceOptions, 'chapterTitle'> & { note?: string } = {}): Promise<StepResult & { previous: string; bibleCalls: number }> {
    const { spec } = this;
    const provider = opts.provider ?? this.ports.provider;
    const signal = opts.signal ? { signal: opts.signal } : {};
    const done = await rewritePart({
      spec, renderer: this.ports.renderer, provider, state: this.current, position, clock: this.ports.clock, ...signal,
      ...(opts.note ? { note: opts.note } : {}),
      ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
      ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
    });
    const label = stepLabel(done.step, this.current.lang, spec);
    await this.ports.store.keepVersion?.(this.key, { position, text: done.previous, ...(opts.note ? { note: opts.note } : {}) });
    await this.ports.store.saveStep(this.key, {
      generatorId: spec.id, bookType: spec.bookType, state: done.state, step: done.step, stepKey: stepKey(done.step), position, text: done.text,
      isComplete: done.outcome.isComplete, continuations: done.outcome.continuations, isFirst: false, isFinished: nextStep(spec, done.state) === null,
      keepsProgress: true, label, words: done.outcome.words, seconds: done.outcome.seconds, ...(done.outcome.usage ? { usage: done.outcome.usage } : {}),
      ...(done.state.chapterTitles?.[position] ? { title: done.state.chapterTitles[position] } : {}),
    });
    this.current = done.state;
    let bibleCalls = 0;
    if ((done.state.memoryUpTo ?? -1) >= position) {
      const updated = await updateBible({ spec, renderer: this.ports.renderer, provider, state: done.state, position, ...signal });
      bibleCalls = updated.calls;
      await this.ports.store.saveMemory(this.key, { memory: updated.memory, upTo: done.state.memoryUpTo! });
      this.current = { ...this.current, memory: updated.memory };
    }
    return { ...done.outcome, state: this.current, label, previous: done.previous, bibleCalls };
  }

  /** The book as Markdown: a title, then one heading per part. */
  assemble(opts: { withOutline?: boolean } = {}): string {
    return bookMarkdown(this.spec, this.current, opts);
  }

  /** What a reader of the book sees: parts with labels, the next step, progress. */
  view(): BookView {
    return bookView(this.spec, this.current);
  }
}

