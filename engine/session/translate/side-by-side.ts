// An edition read beside its source, paragraph by paragraph: each source paragraph's hash is kept when its
// translation is saved (sourceHashes), so a later change to the source marks the edition's paragraphs from the
// first changed one of that part on as out of date (a paragraph added or taken out shifts all that follow it).
// A paragraph the edition keeps as its source (no translation of it could be had) is marked untranslated.
import type { BookSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partStep, stepLabel } from '../../compile/labels.js';
import { partProvenance } from '../../compile/provenance.js';
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
  /** The source paragraph changed (or one before it in the part did) since this translation was made. */
  readonly isStale: boolean;
  /** The edition holds this paragraph as its source: no translation of it could be had yet (a rerun asks for it). */
  readonly isUntranslated: boolean;
}

export interface SideBySidePart {
  readonly position: number;
  /** The part's label in each book's language, and its chapter title when it has one. */
  readonly label: { readonly source: string; readonly edition: string };
  readonly title: { readonly source: string | null; readonly edition: string | null };
  readonly pairs: readonly ParagraphPair[];
  readonly staleCount: number;
  readonly untranslatedCount: number;
}

/**
 * The source and its edition paired paragraph by paragraph, part by part; a paragraph whose source hash differs
 * from the one kept at translation time, and every one after it in the part, is out of date. A part translated
 * before hashes were kept (none for it) is taken as up to date.
 * @example sideBySide({ spec, source, edition, hashes })[1].pairs[0] // { source: 'Aisha…', edition: 'Aisha…', isStale: false, isUntranslated: false }
 */
export function sideBySide(input: { spec: BookSpec; source: BookState; edition: BookState; hashes: SourceHashes }): SideBySidePart[] {
  const { spec, source, edition, hashes } = input;
  const parts: SideBySidePart[] = [];
  const last = Math.max(source.content.length, edition.content.length) - 1;
  for (let position = 0; position <= last; position++) {
    const from = paragraphsOf(source.content[position] ?? '');
    const to = paragraphsOf(edition.content[position] ?? '');
    if (!from.length && !to.length) continue;
    const kept = hashes[position];
    const now = partHashes(source, position);
    let firstChanged = Infinity;
    if (kept && to.length) {
      const n = Math.max(kept.length, now.length);
      for (let i = 0; i < n; i++) if (kept[i] !== now[i]) {
        firstChanged = i;
        break;
      }
    }
    const rows = Math.max(from.length, to.length);
    const marks = new Set(partProvenance(edition, position).untranslated ?? []);
    const pairs = Array.from({ length: rows }, (_, i) => ({ source: from[i] ?? null, edition: to[i] ?? null, isStale: to[i] !== undefined && i >= firstChanged, isUntranslated: to[i] !== undefined && marks.has(i) }));
    const step = position === 0 ? ({ kind: 'introduction', position: 0 } as const) : partStep(spec, position, source.totalChapters);
    parts.push({
      position,
      label: { source: stepLabel(step, source.lang, spec), edition: stepLabel(step, edition.lang, spec) },
      title: { source: source.chapterTitles?.[position] ?? null, edition: edition.chapterTitles?.[position] ?? null },
      pairs,
      staleCount: pairs.filter((p) => p.isStale).length,
      untranslatedCount: pairs.filter((p) => p.isUntranslated).length,
    });
  }
  return parts;
}
