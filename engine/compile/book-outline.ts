// A book's outline as the prompts, the reader's view and the exports read it: its outline parsed once, each
// chapter's title (the user's own, else the outline's) and the words a part is asked for. Free of the
// template engine, so the studio's bundle (engine/contract → engine/session/view) can use it.
import type { ResolvedSpec, Settings } from '../spec/types.js';
import type { BookState } from './flow.js';
import type { Step } from './step.js';
import { outlineEntry, parseOutline, type ParsedOutline } from './outline.js';
import { byText, TEXTS_KEPT } from '../text-cache.js';

/**
 * Outlines parsed, by their section labels (joined; '' for none) and then their text, for the last books seen:
 * a book's steps parse the same outline again and again, and a batch moves all its books forward together
 * (the book with more steps left is called first), so fewer kept than the batch's books were parsed again at
 * nearly every call (256 kept, 400 books). The text is the key as the book holds it, never a copy built per
 * call: a string looked up again is not read again.
 */
const parsedOutlines = new Map<string, (outline: string) => ParsedOutline>();

/** The outline of a book, parsed once per text (fixed-section guides find entries by their sections' names). */
export function parsedOutlineOf(
  spec: Pick<ResolvedSpec, 'flow'>,
  state: Pick<BookState, 'outline' | 'lang'>,
): ParsedOutline {
  const labels = spec.flow.sections?.map((s) => s.label[state.lang]).join('\u0000') ?? '';
  let parse = parsedOutlines.get(labels);
  if (!parse)
    parsedOutlines.set(
      labels,
      (parse = byText(TEXTS_KEPT, (text) =>
        parseOutline(text, labels ? { sectionLabels: labels.split('\u0000') } : undefined),
      )),
    );
  return parse(state.outline ?? '');
}

/**
 * A chapter's title: the user's own (typed for it), else the one its outline entry gives; undefined
 * for parts other than numbered chapters (introduction, conclusion, fixed sections).
 */
export function chapterTitleOf(
  spec: Pick<ResolvedSpec, 'flow'>,
  state: Pick<BookState, 'outline' | 'lang' | 'chapterTitles'>,
  step: Step,
): string | undefined {
  if (step.kind !== 'chapter' || step.section) return undefined;
  const own = state.chapterTitles?.[step.position]?.trim();
  return own || outlineEntry(parsedOutlineOf(spec, state), step.position)?.title?.trim() || undefined;
}

/** Words asked for: chosen by a field (story length) when the spec says so, else the spec's number. */
export function wordTargetOf(spec: ResolvedSpec, settings: Settings): number {
  const by = spec.prompts.wordTargetBy;
  return (by && by.values[String(settings[by.field])]) || spec.prompts.wordTarget;
}
