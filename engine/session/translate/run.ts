// Running a translated edition, once for every caller (CLI, batch, server): part by part, each part in windows
// of whole paragraphs that fit the model's window, every answer checked (checks.ts) and asked again once, each
// window saved as it is done (a part stays incomplete until its last window), so a rerun goes on from the
// window it stopped at. The caller charges `credits` of each part outcome (the generator's cost per step, only
// for a part finished in this run) and prints the progress; a failed part is named, kept unfinished, never charged.
import type { Lang, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import type { Provider, TokenUsage } from '../../provider.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import { stepKey, type Step } from '../../compile/step.js';
import { withPartProvenance } from '../../compile/provenance.js';
import { countWords } from '../../words.js';
import { contextTooLong } from '../../context-window.js';
import { askText } from '../answers/text.js';
import { judgeAnswer } from '../answers/verdict.js';
import { windowOf } from '../fit.js';
import type { ProgressStore, StepSave } from '../ports.js';
import { checkWindow, paragraphsOf, type WindowProblem } from './checks.js';
import type { Glossary } from './glossary.js';
import { editionStart } from './edition.js';
import { fitsWindow, windowRequest } from './prompt.js';

/** The most source words one window carries, whatever the model's window (long answers drift and drop paragraphs). */
export const MAX_WINDOW_WORDS = 900;

export interface TranslateInput {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  /** Where the edition is kept (the source is only read, never saved). */
  store: ProgressStore;
  /** The edition's key (edition.ts editionKey). */
  key: string;
  source: BookState;
  /** Whether the source book is whole: its edition is finished once every part is translated. */
  isSourceFinished: boolean;
  to: Lang;
  glossary: Glossary;
  signal?: AbortSignal;
  onProgress?: (event: TranslateProgress) => void;
  /** Called as each part is done (translated, kept from a run before, or failed), for a progress line or a charge. */
  onPart?: (part: PartOutcome) => void;
  /**
   * Awaited before the first window of a part is asked in this run (a part kept from before, or with no text, is
   * never started): where a caller takes the part's charge first. What it throws stops the run there. A glossary
   * it answers holds from this part on (the writer changed it while the edition was being made).
   */
  onPartStart?: (part: { position: number; label: string }) => Promise<{ glossary?: Glossary } | void>;
}

/** A window about to be asked (`isAgain`: asked again after an answer that was not kept). */
export interface TranslateProgress {
  readonly position: number;
  readonly label: string;
  /** 1-based, of `windows` in the part (those done before a stop included). */
  readonly window: number;
  readonly windows: number;
  readonly isAgain: boolean;
  readonly problem?: WindowProblem;
}

export interface PartOutcome {
  readonly position: number;
  readonly label: string;
  /** `translated` in this run, `kept` from a run before, `failed` after a window asked twice. */
  readonly status: 'translated' | 'kept' | 'failed';
  /** Windows asked in this run (each once, or twice when asked again). */
  readonly asked: number;
  /** Credits the caller charges for the part: the generator's cost per step for a part translated in this run, else 0. */
  readonly credits: number;
  readonly problem?: WindowProblem;
}

export interface EditionOutcome {
  readonly state: BookState;
  readonly isFinished: boolean;
  readonly parts: readonly PartOutcome[];
  /** The part that could not be had (the run stops there: parts are kept in order). */
  readonly failed?: PartOutcome;
  readonly credits: number;
}

/** Credits an edition takes: the generator's cost per step for each part with text, and for those not translated yet. */
export function translationCost(spec: Pick<ResolvedSpec, 'cost'>, source: Pick<BookState, 'content'>, edition?: Pick<BookState, 'content' | 'incompleteParts'>): { perPart: number; parts: number; total: number; remaining: number } {
  const parts = source.content.filter((t) => t.trim()).length;
  const done = edition ? edition.content.filter((t, i) => source.content[i]?.trim() && !edition.incompleteParts?.includes(i)).length : 0;
  return { perPart: spec.cost, parts, total: parts * spec.cost, remaining: Math.max(0, parts - done) * spec.cost };
}

function stepOf(spec: ResolvedSpec, position: number, total: number): Step {
  return position === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, position, total);
}

/** The windows of a part's paragraphs from `from`: whole paragraphs, as many as fit (at least one, else the window is too small). */
function windowsOf(paragraphs: readonly string[], start: number, fits: (window: readonly string[], isFirst: boolean) => boolean): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let i = start;
  while (i < paragraphs.length) {
    let end = i + 1;
    if (!fits(paragraphs.slice(i, end), i === start)) return [...out, [i, -1]];
    let words = countWords(paragraphs[i]!);
    while (end < paragraphs.length && words + countWords(paragraphs[end]!) <= MAX_WINDOW_WORDS && fits(paragraphs.slice(i, end + 1), i === start)) words += countWords(paragraphs[end++]!);
    out.push([i, end]);
    i = end;
  }
  return out;
}

/** One window asked, checked, and asked again once with what was wrong: its paragraphs, or the last problem. */
async function askWindow(input: TranslateInput & { from: Lang; paragraphs: readonly string[]; hasTitle: boolean; onAsk: (isAgain: boolean, problem?: WindowProblem) => void }): Promise<{ answer?: string[]; problem?: WindowProblem; asked: number; usage?: TokenUsage }> {
  let problem: WindowProblem | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    input.onAsk(attempt > 0, problem);
    const request = windowRequest({ renderer: input.renderer, from: input.from, to: input.to, glossary: input.glossary, paragraphs: input.paragraphs, hasTitle: input.hasTitle, ...(problem ? { again: problem } : {}) });
    const result = await askText(input.provider, { ...request, ...(input.signal ? { signal: input.signal } : {}) });
    const glossaryLines = input.glossary.map((e) => `${e.term} ${e.rendering}`);
    const verdict = result.text ? judgeAnswer(result.text, request, { kind: 'prose', material: () => [...input.paragraphs, ...glossaryLines] }) : { text: '' };
    const answer = paragraphsOf(verdict.text);
    problem = 'outcome' in verdict && verdict.outcome ? { code: 'translate_not_text', outcome: verdict.outcome } : checkWindow({ source: input.paragraphs, answer, glossary: input.glossary, from: input.from, to: input.to });
    if (!problem) return { answer, asked: attempt + 1, ...(result.usage ? { usage: result.usage } : {}) };
  }
  return { problem: problem!, asked: 2 };
}

/**
 * Translate the edition under `key` from `source` into `to`, going on from what the store holds: parts done are
 * kept, a part stopped mid-way goes on from its next window. Stops at the first part that cannot be had.
 * @example const outcome = await translateEdition({ spec, renderer, provider, store, key, source, isSourceFinished: true, to: 'ms', glossary });
 */
export async function translateEdition(input: TranslateInput): Promise<EditionOutcome> {
  const { spec, store, key, source, to } = input;
  const from = source.lang;
  const saved = await store.load(key);
  let state = saved?.state ?? editionStart(spec, source, to);
  let isNew = !saved;
  let glossary = input.glossary;
  const window = await windowOf(input.provider);
  const parts: PartOutcome[] = [];
  const partDone = (part: PartOutcome) => {
    parts.push(part);
    input.onPart?.(part);
  };
  const last = source.content.length - 1;
  for (let position = 0; position <= last; position++) {
    const step = stepOf(spec, position, source.totalChapters);
    // Labels in the writer's language (the source's): what the caller prints and names.
    const label = stepLabel(step, from, spec);
    const sourceTitle = source.chapterTitles?.[position];
    const isPartial = position < state.content.length && (state.incompleteParts ?? []).includes(position);
    if (position < state.content.length && !isPartial) {
      partDone({ position, label, status: 'kept', asked: 0, credits: 0 });
      continue;
    }
    const paragraphs = paragraphsOf(source.content[position]!);
    if (paragraphs.length) {
      const started = await input.onPartStart?.({ position, label });
      if (started?.glossary) glossary = started.glossary;
    }
    let done = isPartial ? paragraphsOf(state.content[position]!) : [];
    let title = state.chapterTitles?.[position];
    const needsTitle = sourceTitle !== undefined && title === undefined;
    const fits = (ps: readonly string[], isFirst: boolean) => fitsWindow(windowRequest({ renderer: input.renderer, from, to, glossary, paragraphs: isFirst && needsTitle ? [sourceTitle!, ...ps] : ps, hasTitle: isFirst && needsTitle }), window);
    const windows = windowsOf(paragraphs, done.length, fits);
    if (windows.some(([, end]) => end < 0)) throw contextTooLong(window ?? 0);
    const before = done.length ? windowsOf(paragraphs, 0, fits).filter(([s]) => s < done.length).length : 0;
    let asked = 0;
    const save = async (isComplete: boolean, usage?: TokenUsage) => {
      const text = done.join('\n\n');
      const content = [...state.content.slice(0, position), text];
      const incomplete = (state.incompleteParts ?? []).filter((p) => p !== position);
      state = withPartProvenance({
        ...state, content, currentChapter: isComplete ? position + 1 : position,
        ...(title !== undefined ? { chapterTitles: { ...state.chapterTitles, [position]: title } } : {}),
        incompleteParts: isComplete ? incomplete : [...incomplete, position],
      }, position, { origin: 'model', translatedFrom: from });
      if (!state.incompleteParts?.length) {
        const { incompleteParts: _none, ...rest } = state;
        state = rest;
      }
      const isFinished = isComplete && position === last && input.isSourceFinished;
      const stepSave: StepSave = {
        generatorId: spec.id, bookType: spec.bookType, state, step, stepKey: stepKey(step), position, text, isComplete,
        ...(title !== undefined ? { title } : {}), continuations: 0, isFirst: isNew, isFinished, keepsProgress: true,
        label, words: countWords(text), seconds: 0, ...(usage ? { usage } : {}),
      };
      await store.saveStep(key, stepSave);
      isNew = false;
    };
    if (!paragraphs.length) {
      await save(true);
      partDone({ position, label, status: 'translated', asked: 0, credits: 0 });
      continue;
    }
    for (const [index, [start, end]] of windows.entries()) {
      const withTitle = start === 0 && needsTitle;
      const ask = withTitle ? [sourceTitle!, ...paragraphs.slice(start, end)] : paragraphs.slice(start, end);
      const n = before + index + 1;
      const got = await askWindow({ ...input, glossary, from, paragraphs: ask, hasTitle: withTitle, onAsk: (isAgain, problem) => input.onProgress?.({ position, label, window: n, windows: before + windows.length, isAgain, ...(problem ? { problem } : {}) }) });
      asked += got.asked;
      if (!got.answer) {
        const failed: PartOutcome = { position, label, status: 'failed', asked, credits: 0, problem: got.problem! };
        partDone(failed);
        return { state, isFinished: false, parts, failed, credits: parts.reduce((s, p) => s + p.credits, 0) };
      }
      const answer = withTitle ? got.answer.slice(1) : got.answer;
      if (withTitle) title = got.answer[0]!.replace(/^#+\s*/, '').trim();
      done = [...done, ...answer];
      await save(end === paragraphs.length, got.usage);
    }
    partDone({ position, label, status: 'translated', asked, credits: spec.cost });
  }
  const isFinished = input.isSourceFinished && parts.length === source.content.length;
  return { state, isFinished, parts, credits: parts.reduce((s, p) => s + p.credits, 0) };
}
