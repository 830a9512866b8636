// An edition read beside its source, paragraph by paragraph: each source paragraph's hash is kept when its
// translation is saved (sourceHashes), so a later change to the source marks the translation of each changed
// paragraph out of date, and only that: the kept hashes and the source's hashes now are aligned (their longest
// common run), so a paragraph added or taken out shifts nothing after it. The paragraph after a change was
// translated with the changed one as its context, so it is marked more softly: it may be affected.
// A paragraph the edition keeps as its source (no translation of it could be had) is marked untranslated.
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import type { Lang } from '../../languages/index.js';
import { partProvenance } from '../../compile/provenance.js';
import { chapterTitleOf } from '../../compile/book-outline.js';
import { textHash } from '../../text-hash.js';
import { paragraphsOf } from './checks.js';

/** Each part's source paragraph hashes, by position (what an edition was translated from). */
export type SourceHashes = Readonly<Record<number, readonly string[]>>;

/** The hashes of the paragraphs of the source's part at `position` (none for a part with no text). */
export function partHashes(source: Pick<BookState, 'content'>, position: number): string[] {
  return paragraphsOf(source.content[position] ?? '').map((p) => textHash(p.trim()));
}

/** One row of the side-by-side view: a source paragraph and its translation (either may be missing). */
export interface ParagraphPair {
  readonly source: string | null;
  readonly edition: string | null;
  /**
   * The source paragraph changed (or was taken out) since this translation was made: this translation is out of date.
   */
  readonly isStale: boolean;
  /**
   * Up to date itself, but the source paragraph before it (its context when it was translated) changed, was added
   * or taken out: the translation may be affected (a softer mark than out of date).
   */
  readonly isAffected: boolean;
  /** The edition holds this paragraph as its source: no translation of it could be had yet (a rerun asks for it). */
  readonly isUntranslated: boolean;
}

export interface SideBySidePart {
  readonly position: number;
  /**
   * The part's label in each book's language, and in the page's (`page`: the one its sentences name it by, "Bab 3:
   * tajuk dalam edisi ini", never an English "Chapter 3" inside a Malay sentence); its chapter title when it has one.
   */
  readonly label: { readonly source: string; readonly edition: string; readonly page: string };
  readonly title: { readonly source: string | null; readonly edition: string | null };
  readonly pairs: readonly ParagraphPair[];
  readonly staleCount: number;
  readonly untranslatedCount: number;
}

/**
 * One step of an alignment of the kept hashes with the source's now: kept and still there, changed, taken out, added.
 */
export type AlignedRow =
  | { kind: 'same' | 'changed'; kept: number; now: number }
  | { kind: 'gone'; kept: number }
  | { kind: 'new'; now: number };

/**
 * The most cells the alignment's table holds (a part of 2,000 paragraphs against 2,000); past it, what differs between
 * the common ends is taken as changed whole.
 */
const MAX_ALIGN_CELLS = 4_000_000;

/**
 * The kept hashes aligned with the source's now (a longest common subsequence, its common ends first): each
 * paragraph kept, changed (taken out and added at the same place), taken out, or added.
 */
export function alignParagraphs(kept: readonly string[], now: readonly string[]): AlignedRow[] {
  let head = 0;
  while (head < kept.length && head < now.length && kept[head] === now[head]) head++;
  let tail = 0;
  while (
    tail < kept.length - head &&
    tail < now.length - head &&
    kept[kept.length - 1 - tail] === now[now.length - 1 - tail]
  )
    tail++;
  const a = kept.slice(head, kept.length - tail);
  const b = now.slice(head, now.length - tail);
  const middle: Array<{ kind: 'same' | 'gone' | 'new'; kept?: number; now?: number }> = [];
  if (a.length && b.length && (a.length + 1) * (b.length + 1) <= MAX_ALIGN_CELLS) {
    // The length of the longest common run of a[i..] and b[j..], filled from the end.
    const w = b.length + 1;
    const lcs = new Uint32Array((a.length + 1) * w);
    for (let i = a.length - 1; i >= 0; i--)
      for (let j = b.length - 1; j >= 0; j--)
        lcs[i * w + j] =
          a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) middle.push({ kind: 'same', kept: head + i++, now: head + j++ });
      else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) middle.push({ kind: 'gone', kept: head + i++ });
      else middle.push({ kind: 'new', now: head + j++ });
    }
    for (; i < a.length; i++) middle.push({ kind: 'gone', kept: head + i });
    for (; j < b.length; j++) middle.push({ kind: 'new', now: head + j });
  } else {
    for (let i = 0; i < a.length; i++) middle.push({ kind: 'gone', kept: head + i });
    for (let j = 0; j < b.length; j++) middle.push({ kind: 'new', now: head + j });
  }
  const rows: AlignedRow[] = Array.from({ length: head }, (_, i) => ({ kind: 'same' as const, kept: i, now: i }));
  // A run of paragraphs taken out and added between two kept ones: paired in order as changed, the rest as they are.
  for (let at = 0; at < middle.length;) {
    if (middle[at]!.kind === 'same') {
      rows.push({ kind: 'same', kept: middle[at]!.kept!, now: middle[at]!.now! });
      at++;
      continue;
    }
    const gone: number[] = [];
    const added: number[] = [];
    for (; at < middle.length && middle[at]!.kind !== 'same'; at++)
      (middle[at]!.kind === 'gone' ? gone : added).push(
        middle[at]!.kind === 'gone' ? middle[at]!.kept! : middle[at]!.now!,
      );
    const paired = Math.min(gone.length, added.length);
    for (let k = 0; k < paired; k++) rows.push({ kind: 'changed', kept: gone[k]!, now: added[k]! });
    for (const k of gone.slice(paired)) rows.push({ kind: 'gone', kept: k });
    for (const n of added.slice(paired)) rows.push({ kind: 'new', now: n });
  }
  for (let k = 0; k < tail; k++) rows.push({ kind: 'same', kept: kept.length - tail + k, now: now.length - tail + k });
  return rows;
}

/**
 * A part's rows: its source paragraphs now beside the translations of those kept (aligned when hashes were kept, else
 * one for one).
 */
function pairsOf(input: {
  from: readonly string[];
  to: readonly string[];
  kept: readonly string[] | undefined;
  now: readonly string[];
  marks: ReadonlySet<number>;
}): ParagraphPair[] {
  const { from, to, kept, now, marks } = input;
  const rows: AlignedRow[] =
    kept && to.length
      ? alignParagraphs(kept, now)
      : Array.from({ length: Math.max(from.length, to.length) }, (_, i) => ({
          kind: 'same' as const,
          kept: i,
          now: i,
        }));
  // Translations past the kept hashes (none when the part was saved whole) stand after the aligned rows.
  const last = rows.reduce((n, r) => ('kept' in r ? Math.max(n, r.kept + 1) : n), 0);
  for (let k = last; k < to.length; k++) rows.push({ kind: 'gone', kept: k });
  let isAfterChange = false;
  return rows.map((row) => {
    const edition = 'kept' in row ? (to[row.kept] ?? null) : null;
    const source = 'now' in row ? (from[row.now] ?? null) : null;
    const isStale = edition !== null && row.kind !== 'same';
    const isAffected = edition !== null && row.kind === 'same' && isAfterChange;
    // The next translation after a change was asked with the changed paragraph as its context.
    if (row.kind !== 'same') isAfterChange = true;
    else if (edition !== null) isAfterChange = false;
    return {
      source,
      edition,
      isStale,
      isAffected,
      isUntranslated: edition !== null && 'kept' in row && marks.has(row.kept),
    };
  });
}

/**
 * The source and its edition paired paragraph by paragraph, part by part, aligned by the hashes kept at
 * translation time: a translation whose source paragraph changed or was taken out is out of date, the one after
 * a change may be affected, a paragraph the source gained has no translation yet (nothing to redo). A part
 * translated before hashes were kept (none for it) is paired one for one and taken as up to date.
 * @example sideBySide({ spec, source, edition, hashes })[1].pairs[0] // { source: 'Aisha…', edition: 'Aisha…', isStale:
 * false, isAffected: false, isUntranslated: false }
 */
export function sideBySide(input: {
  spec: BookSpec;
  source: BookState;
  edition: BookState;
  hashes: SourceHashes;
  pageLang?: Lang;
}): SideBySidePart[] {
  const { spec, source, edition, hashes } = input;
  const pageLang = input.pageLang ?? edition.lang;
  const parts: SideBySidePart[] = [];
  const last = Math.max(source.content.length, edition.content.length) - 1;
  for (let position = 0; position <= last; position++) {
    const from = paragraphsOf(source.content[position] ?? '');
    const to = paragraphsOf(edition.content[position] ?? '');
    if (!from.length && !to.length) continue;
    const marks = new Set(partProvenance(edition, position).untranslated ?? []);
    const pairs = pairsOf({ from, to, kept: hashes[position], now: partHashes(source, position), marks });
    const step =
      position === 0
        ? ({ kind: 'introduction', position: 0 } as const)
        : partStep(spec, position, source.totalChapters);
    parts.push({
      position,
      label: {
        source: stepLabel(step, source.lang, spec),
        edition: stepLabel(step, edition.lang, spec),
        page: stepLabel(step, pageLang, spec),
      },
      title: {
        source: chapterTitleOf(spec, source, step) ?? null,
        edition: chapterTitleOf(spec, edition, step) ?? null,
      },
      pairs,
      staleCount: pairs.filter((p) => p.isStale).length,
      untranslatedCount: pairs.filter((p) => p.isUntranslated).length,
    });
  }
  return parts;
}
