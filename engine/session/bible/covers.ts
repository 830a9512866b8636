// Which parts a book's story bible covers, as the writer reads it: "Introduction, Chapters 1–7" /
// "Pengenalan, Bab 1–7". A part is covered when the bible holds a line for it or an arc that names it
// (bible/as-of.ts bibleParts); the book view carries both the positions and this label.
import type { BookSpec, Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partLabel, partStep } from '../../compile/labels.js';
import { bibleParts } from './as-of.js';
import { spanLabel } from './labels.js';

/** The parts `positions` names, in order: numbered chapters in a row as one span, every other part by its label. */
export function partsLabel(spec: BookSpec, totalChapters: number, positions: readonly number[], lang: Lang): string {
  const label = (i: number) => partLabel(spec, i, totalChapters, lang);
  const out: string[] = [];
  let run: number[] = [];
  const flush = () => {
    if (run.length) out.push(spanLabel(label(run[0]!), label(run[run.length - 1]!), lang));
    run = [];
  };
  for (const at of positions) {
    const step = partStep(spec, at, totalChapters);
    const isNumbered = step.kind === 'chapter' && !step.section;
    if (!isNumbered || run[run.length - 1] !== at - 1) flush();
    if (isNumbered) run.push(at);
    else out.push(label(at));
  }
  flush();
  return out.join(', ');
}

/** The parts the book's bible covers, with their label in the book's language; undefined while it covers none. */
export function bibleCovers(
  spec: BookSpec,
  state: Pick<BookState, 'memory' | 'totalChapters' | 'lang'>,
): { positions: number[]; label: string } | undefined {
  const positions = bibleParts(spec, state);
  return positions.length
    ? { positions, label: partsLabel(spec, state.totalChapters, positions, state.lang) }
    : undefined;
}
