// A book's outline as the prompts, the reader's view and the exports read it: its outline parsed once, each
// chapter's title (the user's own, else the outline's) and the words a part is asked for. Free of the
// template engine, so the studio's bundle (engine/contract → engine/session/view) can use it.
import type { ResolvedSpec, Settings } from '../spec/types.js';
import type { BookState } from './flow.js';
import type { Step } from './step.js';
import { outlineEntry, parseOutline, type ParsedOutline } from './outline.js';

/** The last parsed outline (a book's steps parse the same outline again and again). */
let lastOutline: { text: string; labels: string; parsed: ParsedOutline } | undefined;
/** The outline of a book, parsed once per text (fixed-section guides find entries by their sections' names). */
export function parsedOutlineOf(spec: Pick<ResolvedSpec, 'flow'>, state: Pick<BookState, 'outline' | 'lang'>): ParsedOutline {
  const text = state.outline ?? '';
  const sectionLabels = spec.flow.sections?.map((s) => s.label[state.lang]);
  const labels = sectionLabels?.join('\u0000') ?? '';
  if (lastOutline?.text !== text || lastOutline.labels !== labels) lastOutline = { text, labels, parsed: parseOutline(text, sectionLabels ? { sectionLabels } : undefined) };
  return lastOutline.parsed;
}

/**
 * A chapter's title: the user's own (typed for it), else the one its outline entry gives; undefined
 * for parts other than numbered chapters (introduction, conclusion, fixed sections).
 */
export function chapterTitleOf(spec: Pick<ResolvedSpec, 'flow'>, state: Pick<BookState, 'outline' | 'lang' | 'chapterTitles'>, step: Step): string | undefined {
  if (step.kind !== 'chapter' || step.section) return undefined;
  const own = state.chapterTitles?.[step.position]?.trim();
  return own || outlineEntry(parsedOutlineOf(spec, state), step.position)?.title?.trim() || undefined;
}


/** Words asked for: chosen by a field (story length) when the spec says so, else the spec's number. */
export function wordTargetOf(spec: ResolvedSpec, settings: Settings): number {
  const by = spec.prompts.wordTargetBy;
  return (by && by.values[String(settings[by.field])]) || spec.prompts.wordTarget;
}
