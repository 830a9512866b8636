// One part of an edition in one run (run.ts translateEdition): its paragraphs left untranslated by a run before
// asked again one by one, then its windows from where it stopped, each down the ladder (ladder.ts), each window
// sent the paragraph before it in both languages, the characters it names and only its glossary terms
// (context.ts, each window cut and asked in window.ts), every answer checked (checks.ts) and saved as it is had; a
// paragraph that cannot be had even
// alone is kept as its source and marked in the part's provenance (`untranslated`).
import type { Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import type { TokenUsage } from '../../provider.js';
import { stepKey, type Step } from '../../compile/step.js';
import { partProvenance, withPartProvenance } from '../../compile/provenance.js';
import { countWords } from '../../words.js';
import { chapterTitleOf } from '../../compile/book-outline.js';
import type { StepSave } from '../ports.js';
import { paragraphsOf, type WindowProblem } from './checks.js';
import type { Glossary } from './glossary.js';
import type { WindowContext } from './context.js';
import { climbDown, type Ladder, type LadderAnswer } from '../ladder.js';
import { fitsWindow } from './prompt.js';
import type { PartOutcome, TranslateInput } from './types.js';
import { askWindow, builtRequest, windowsOf, type WindowAsking } from './window.js';

/** What the run carries from part to part: the edition as saved so far, and the glossary that holds now. */
export interface EditionRunState {
  state: BookState;
  isNew: boolean;
  glossary: Glossary;
}

export interface PartPlace {
  readonly position: number;
  readonly label: string;
  readonly step: Step;
  /** The source part's paragraphs. */
  readonly paragraphs: readonly string[];
  /** The model's window in tokens (undefined: unknown, anything fits). */
  readonly window: number | undefined;
}

/** Where a ladder's items sit in the part: the window's first paragraph, whether its first item is the part's title. */
interface WindowPlace {
  readonly start: number;
  readonly withTitle: boolean;
  readonly n: number;
  readonly of: number;
  /** Items in the whole window: an ask of fewer is a half, named by its paragraphs in the progress. */
  readonly size: number;
}

/**
 * What a paragraph not yet translated is planned as when it is the context of a window: its length times this (Malay
 * runs 1.1-1.3 times the English).
 */
const PLANNED_GROWTH = 1.3;

export class PartRun {
  private readonly from: Lang;
  private readonly done: string[];
  private readonly marks: Set<number>;
  private readonly marksBefore: readonly number[];
  private readonly sourceTitle: string | undefined;
  private readonly needsTitle: boolean;
  private title: string | undefined;
  /** The chapter title kept as its source's (no answer for it could be kept): marked, asked again by a rerun. */
  private isTitleLeft: boolean;
  private windows: Array<[number, number]> = [];
  private before = 0;
  private asked = 0;
  private problem: WindowProblem | undefined;
  private usage: TokenUsage | undefined;

  constructor(
    private readonly input: TranslateInput,
    private readonly edition: EditionRunState,
    private readonly part: PartPlace,
  ) {
    const { state } = edition;
    const { position } = part;
    this.from = input.source.lang;
    const exists = position < state.content.length;
    this.done = exists ? paragraphsOf(state.content[position]!) : [];
    this.marksBefore = exists
      ? (partProvenance(state, position).untranslated ?? []).filter(
          (i) => i < this.done.length && i < part.paragraphs.length,
        )
      : [];
    this.marks = new Set(this.marksBefore);
    this.title = state.chapterTitles?.[position];
    // The source chapter's title as its book shows it: the writer's own, else its outline's (a studio book's usual
    // one).
    this.sourceTitle = chapterTitleOf(input.spec, input.source, part.step);
    this.isTitleLeft = exists && partProvenance(state, position).titleUntranslated === true;
    this.needsTitle = this.sourceTitle !== undefined && (this.title === undefined || this.isTitleLeft);
  }

  /** Cut the part's rest in windows that fit the model; false when one paragraph alone does not. */
  plan(): boolean {
    const { paragraphs, window } = this.part;
    const fits = (start: number, end: number) => {
      const withTitle = start === 0 && this.needsTitle;
      const items = withTitle ? [this.sourceTitle!, ...paragraphs.slice(start, end)] : paragraphs.slice(start, end);
      // A paragraph before not yet had is counted as its source grown as a translation may grow it.
      const context = this.contextBefore(start, true);
      if (fitsWindow(builtRequest(this.asking, items, withTitle, context, undefined).request, window)) return true;
      // A paragraph that fits alone is asked alone, its context giving way.
      return (
        end - start === 1 &&
        fitsWindow(builtRequest(this.asking, items, withTitle, undefined, undefined).request, window)
      );
    };
    this.windows = windowsOf(paragraphs, this.done.length, fits);
    if (this.windows.some(([, end]) => end < 0)) return false;
    this.before = this.done.length ? windowsOf(paragraphs, 0, fits).filter(([s]) => s < this.done.length).length : 0;
    return true;
  }

  /** Ask what is left of the part: its marked paragraphs, then its windows. */
  async translate(): Promise<PartOutcome> {
    const { position, label, paragraphs } = this.part;
    if (!paragraphs.length) {
      await this.save();
      return { position, label, status: 'translated', asked: 0, credits: 0 };
    }
    // A title left by a run before, its part's first window done: asked again alone.
    if (this.needsTitle && this.windows[0]?.[0] !== 0)
      await climbDown([this.sourceTitle!], this.ladder({ start: 0, withTitle: true, n: 1, of: 1, size: 1 }));
    for (const [k, i] of this.marksBefore.entries())
      await climbDown(
        [paragraphs[i]!],
        this.ladder({ start: i, withTitle: false, n: k + 1, of: this.marksBefore.length, size: 0 }),
      );
    for (const [index, [start, end]] of this.windows.entries()) {
      const withTitle = start === 0 && this.needsTitle;
      const items = withTitle ? [this.sourceTitle!, ...paragraphs.slice(start, end)] : paragraphs.slice(start, end);
      await climbDown(
        items,
        this.ladder({
          start,
          withTitle,
          n: this.before + index + 1,
          of: this.before + this.windows.length,
          size: items.length,
        }),
      );
    }
    const untranslated = [...this.marks].sort((a, b) => a - b);
    const title = this.isTitleLeft ? { titleUntranslated: true as const } : {};
    if (untranslated.length || this.isTitleLeft)
      return {
        position,
        label,
        status: 'untranslated',
        asked: this.asked,
        credits: 0,
        untranslated,
        ...title,
        ...(this.problem ? { problem: this.problem } : {}),
      };
    return { position, label, status: 'translated', asked: this.asked, credits: this.input.spec.cost };
  }

  /**
   * The paragraph before the part's paragraph `index`, in both languages (the part before's last one for its first).
   */
  private contextBefore(index: number, isPlanning = false): WindowContext | undefined {
    if (index > 0) {
      const before = this.part.paragraphs[index - 1]!;
      const translation = this.marks.has(index - 1)
        ? undefined
        : (this.done[index - 1] ??
          (isPlanning ? `${before} ${before.slice(0, Math.ceil(before.length * (PLANNED_GROWTH - 1)))}` : undefined));
      return { source: this.part.paragraphs[index - 1]!, ...(translation ? { translation } : {}) };
    }
    const { position } = this.part;
    const before = paragraphsOf(this.input.source.content[position - 1] ?? '');
    if (!before.length) return undefined;
    const edition = paragraphsOf(this.edition.state.content[position - 1] ?? '');
    const isMarked = partProvenance(this.edition.state, position - 1).untranslated?.includes(before.length - 1);
    const translation = edition.length === before.length && !isMarked ? edition.at(-1) : undefined;
    return { source: before.at(-1)!, ...(translation ? { translation } : {}) };
  }

  /** What the part's windows are asked with: the glossary as it holds now. */
  private get asking(): WindowAsking {
    return { input: this.input, glossary: this.edition.glossary, from: this.from, window: this.part.window };
  }

  /** One ask of a window (or a half of one): its paragraphs, or the problem of its answer. */
  private async ask(
    items: readonly string[],
    hasTitle: boolean,
    context: WindowContext | undefined,
    again: WindowProblem | undefined,
  ): Promise<LadderAnswer<string, WindowProblem>> {
    this.asked++;
    const had = await askWindow(this.asking, items, hasTitle, context, again);
    if (!('answer' in had)) return had;
    this.usage = had.usage;
    return { answer: had.answer };
  }

  private ladder(place: WindowPlace): Ladder<string, string, WindowProblem> {
    const { position, label } = this.part;
    const indexOf = (item: number) => place.start + item - (place.withTitle ? 1 : 0);
    return {
      ask: async (items, from, again) => {
        const hasTitle = place.withTitle && from === 0;
        const first = hasTitle ? place.start : indexOf(from);
        const last = indexOf(from + items.length - 1);
        // A half that is the title alone is named as the window (it has no paragraph number).
        const isPiece = items.length !== place.size && !(hasTitle && items.length === 1);
        this.input.onProgress?.({
          position,
          label,
          window: place.n,
          windows: place.of,
          isAgain: again !== undefined,
          ...(again ? { problem: again } : {}),
          ...(isPiece ? { paragraphs: [first + 1, last + 1] as const } : {}),
        });
        return this.ask(items, hasTitle, this.contextBefore(first), again);
      },
      onHad: async (from, answers) => {
        answers.forEach((answer, k) => {
          const i = indexOf(from + k);
          if (i < 0) {
            this.title = answer.replace(/^#+\s*/, '').trim();
            this.isTitleLeft = false;
          } else {
            this.done[i] = answer;
            this.marks.delete(i);
          }
        });
        await this.save();
      },
      onLeft: async (item, problem) => {
        const i = indexOf(item);
        // The problem as the part numbers its paragraphs (the model was asked for this one alone).
        this.problem =
          'paragraph' in problem && problem.paragraph > 0 && i >= 0 ? { ...problem, paragraph: i + 1 } : problem;
        // A title that cannot be had keeps the source's (a title is often a name); a paragraph keeps its source,
        // marked.
        if (i < 0) {
          this.title = this.sourceTitle;
          this.isTitleLeft = true;
        } else {
          this.done[i] = this.part.paragraphs[i]!;
          this.marks.add(i);
        }
        await this.save();
      },
    };
  }

  /** Save the part as it stands: whole once every paragraph is had or kept, its marks in its provenance. */
  private async save(): Promise<void> {
    const { spec, store, key, source, isSourceFinished } = this.input;
    const { position, label, step, paragraphs } = this.part;
    const text = this.done.join('\n\n');
    const isComplete = this.done.length >= paragraphs.length;
    const before = this.edition.state;
    const content = [...before.content];
    content[position] = text;
    const incomplete = (before.incompleteParts ?? []).filter((p) => p !== position);
    const untranslated = [...this.marks].sort((a, b) => a - b);
    const next: BookState = {
      ...before,
      content,
      currentChapter: Math.max(before.currentChapter, isComplete ? position + 1 : position),
      ...(this.title !== undefined ? { chapterTitles: { ...before.chapterTitles, [position]: this.title } } : {}),
      incompleteParts: isComplete ? incomplete : [...incomplete, position],
    };
    let state = withPartProvenance(next, position, {
      origin: 'model',
      translatedFrom: this.from,
      untranslated,
      ...(this.isTitleLeft ? { titleUntranslated: true as const } : {}),
    });
    if (!state.incompleteParts?.length) {
      const { incompleteParts: _none, ...rest } = state;
      state = rest;
    }
    this.edition.state = state;
    const isMarked = state.content.some(
      (_, i) => partProvenance(state, i).untranslated?.length || partProvenance(state, i).titleUntranslated,
    );
    const isFinished =
      isComplete && isSourceFinished && content.length === source.content.length && !state.incompleteParts && !isMarked;
    const usage = this.usage;
    this.usage = undefined;
    const save: StepSave = {
      generatorId: spec.id,
      bookType: spec.bookType,
      state,
      step,
      stepKey: stepKey(step),
      position,
      text,
      isComplete,
      ...(this.title !== undefined ? { title: this.title } : {}),
      continuations: 0,
      isFirst: this.edition.isNew,
      isFinished,
      keepsProgress: true,
      label,
      words: countWords(text),
      seconds: 0,
      ...(usage ? { usage } : {}),
    };
    await store.saveStep(key, save);
    this.edition.isNew = false;
  }
}
