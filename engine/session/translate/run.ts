// Running a translated edition, once for every caller (CLI, batch, server): part by part, each part in windows
// of whole paragraphs that fit the model's window, every answer checked (checks.ts) and taken down the ladder
// (ladder.ts: asked again with its problem, then cut in halves down to one paragraph); a paragraph that still
// cannot be had is kept as its source and marked untranslated (the part's provenance), and the run goes on to
// the book's end. Each window is saved as it is done (a part stays incomplete until its last window), so a rerun
// goes on from where it stopped, and first asks each marked paragraph again on its own. The caller charges
// `credits` of each part outcome: the generator's cost per step for a part whole without marks in this run, else 0.
import type { ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import { type Step } from '../../compile/step.js';
import { partProvenance } from '../../compile/provenance.js';
import { contextTooLong } from '../../context-window.js';
import { windowOf } from '../fit.js';
import { paragraphsOf } from './checks.js';
import { editionStart, withEditionTitle } from './edition.js';
import { isTitleUntranslated, translatedTitle, type EditionTitle } from './title.js';
import type { Glossary } from './glossary.js';
import { bookTitleOf } from '../book.js';
import { PartRun } from './part-run.js';
import { windowsOf } from './window.js';
import type { EditionOutcome, PartOutcome, TranslateInput } from './types.js';

export { MAX_WINDOW_WORDS } from './window.js';
export type { EditionOutcome, PartOutcome, TranslateInput, TranslateProgress } from './types.js';

/**
 * Credits an edition takes: the generator's cost per step for each part with text, and for those not translated yet
 * (marked ones included).
 */
export function translationCost(
  spec: Pick<ResolvedSpec, 'cost'>,
  source: Pick<BookState, 'content'>,
  edition?: Pick<BookState, 'content' | 'incompleteParts' | 'provenance'>,
): { perPart: number; parts: number; total: number; remaining: number } {
  const parts = source.content.filter((t) => t.trim()).length;
  const done = edition
    ? edition.content.filter(
        (t, i) => source.content[i]?.trim() && !edition.incompleteParts?.includes(i) && !isMarked(edition, i),
      ).length
    : 0;
  return { perPart: spec.cost, parts, total: parts * spec.cost, remaining: Math.max(0, parts - done) * spec.cost };
}

/** Whether a part of an edition holds anything kept as its source: a paragraph or its chapter title. */
export function isMarked(state: Pick<BookState, 'provenance'>, position: number): boolean {
  const record = partProvenance(state, position);
  return !!record.untranslated?.length || record.titleUntranslated === true;
}

/** The parts (positions) whose chapter title is kept as its source's, marked untranslated. */
export function untranslatedTitles(state: Pick<BookState, 'content' | 'provenance'>): number[] {
  return state.content.flatMap((_, i) => (partProvenance(state, i).titleUntranslated ? [i] : []));
}

/** The paragraphs (0-based) of each part kept as their source, by position (none: every paragraph translated). */
export function untranslatedParagraphs(
  state: Pick<BookState, 'content' | 'provenance'>,
): Record<number, readonly number[]> {
  const out: Record<number, readonly number[]> = {};
  state.content.forEach((_, i) => {
    const marks = partProvenance(state, i).untranslated;
    if (marks?.length) out[i] = marks;
  });
  return out;
}

/**
 * The calls an edition still plans (a run's budget: engine/budget.ts): a window of whole paragraphs (at most
 * MAX_WINDOW_WORDS) for each part not yet translated, a call for each paragraph marked untranslated, and one for a
 * new edition's title; a model's window smaller than MAX_WINDOW_WORDS makes more, which the budget's bound allows for.
 */
export function editionPlan(
  source: Pick<BookState, 'content'>,
  edition?: Pick<BookState, 'content' | 'incompleteParts' | 'provenance'>,
): number {
  let planned = edition ? 0 : 1;
  source.content.forEach((text, position) => {
    const paragraphs = paragraphsOf(text);
    if (!paragraphs.length) return;
    const isDone = edition && position < edition.content.length && !edition.incompleteParts?.includes(position);
    const marks =
      edition && position < edition.content.length
        ? (partProvenance(edition, position).untranslated?.length ?? 0) +
          (partProvenance(edition, position).titleUntranslated ? 1 : 0)
        : 0;
    planned += isDone ? marks : windowsOf(paragraphs, 0, () => true).length;
  });
  return planned;
}

/**
 * A new edition, titled: its source's own title asked of the model once, in the edition's language (kept as the
 * source's when it cannot be had); a source with no title of its own (named by its kind) gives none to translate.
 */
async function titledStart(input: TranslateInput): Promise<{ state: BookState; title?: EditionTitle }> {
  const { spec, source, to } = input;
  const start = editionStart(spec, source, to);
  const own = bookTitleOf(spec, source);
  if (input.title?.trim())
    return {
      state: withEditionTitle(spec, start, input.title.trim()),
      title: { text: input.title.trim(), source: own, isTranslated: true, by: 'writer' },
    };
  if (kindsOf(spec).includes(own)) return { state: start };
  const title = await translatedTitle({
    renderer: input.renderer,
    provider: input.provider,
    title: own,
    from: source.lang,
    to,
    glossary: input.glossary,
    kinds: kindsOf(spec),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  // Kept where the edition's title is read, whatever the source kept it in (an outline's title is no setting).
  return { state: withEditionTitle(spec, start, title.text), title };
}

/** The names of a book's kind in every language (its type label and its generator's name): never a title. */
const kindsOf = (spec: ResolvedSpec): string[] =>
  [...Object.values(spec.typeLabel), ...Object.values(spec.title)].filter((k): k is string => typeof k === 'string');

/**
 * An edition's title as it stands (a rerun's): the source's left as it was is untranslated, unless it is only names.
 */
export function editionTitleOf(
  spec: ResolvedSpec,
  source: BookState,
  edition: BookState,
  glossary: Glossary,
): EditionTitle | undefined {
  const own = bookTitleOf(spec, source);
  if (kindsOf(spec).includes(own)) return undefined;
  const text = bookTitleOf(spec, edition);
  const isTranslated = !isTitleUntranslated(text, own, glossary, source.lang, edition.lang);
  return { text, source: own, isTranslated, by: isTranslated ? 'model' : 'source' };
}

function stepOf(spec: ResolvedSpec, position: number, total: number): Step {
  return position === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, position, total);
}

/**
 * Translate the edition under `key` from `source` into `to`, going on from what the store holds: parts done are
 * kept, their marked paragraphs asked again one by one, a part stopped mid-way goes on from its next window.
 * Goes on to the book's end whatever a part leaves; a provider's failure (GenerationError) stops it, thrown.
 * @example const outcome = await translateEdition({ spec, renderer, provider, store, key, source, isSourceFinished:
 * true, to: 'ms', glossary });
 */
export async function translateEdition(input: TranslateInput): Promise<EditionOutcome> {
  const { spec, store, key, source, to } = input;
  const from = source.lang;
  const saved = await store.load(key);
  const started = saved ? undefined : await titledStart(input);
  const run = { state: saved?.state ?? started!.state, isNew: !saved, glossary: input.glossary };
  const title = started ? started.title : editionTitleOf(spec, source, run.state, input.glossary);
  if (title) input.onTitle?.(title);
  const window = await windowOf(input.provider);
  const parts: PartOutcome[] = [];
  const partDone = (part: PartOutcome) => {
    parts.push(part);
    input.onPart?.(part);
  };
  for (let position = 0; position < source.content.length; position++) {
    const step = stepOf(spec, position, source.totalChapters);
    // Labels in the writer's language (the source's): what the caller prints and names.
    const label = stepLabel(step, from, spec);
    const state = run.state;
    const isPartial = position < state.content.length && (state.incompleteParts ?? []).includes(position);
    if (position < state.content.length && !isPartial && !isMarked(state, position)) {
      partDone({ position, label, status: 'kept', asked: 0, credits: 0 });
      continue;
    }
    const paragraphs = paragraphsOf(source.content[position]!);
    if (paragraphs.length) {
      const started = await input.onPartStart?.({ position, label });
      if (started?.glossary) run.glossary = started.glossary;
    }
    const part = new PartRun({ ...input, glossary: run.glossary }, run, { position, label, step, paragraphs, window });
    if (!part.plan()) throw contextTooLong(window ?? 0);
    partDone(await part.translate());
  }
  const left = parts.filter((p) => p.status === 'untranslated');
  const isFinished =
    input.isSourceFinished &&
    parts.length === source.content.length &&
    !left.length &&
    !run.state.content.some((_, i) => isMarked(run.state, i));
  return {
    state: run.state,
    isFinished,
    parts,
    left,
    credits: parts.reduce((s, p) => s + p.credits, 0),
    ...(title ? { title } : {}),
  };
}
