// Translating again what the source changed: an edition's parts whose source paragraphs changed since they were
// translated (side-by-side.ts, by the hashes kept then) are aligned to their source as it is now, each unchanged
// paragraph's translation kept, each changed (or added) one put in as its source and marked untranslated, each
// taken out dropped; a run of the edition (run.ts) then asks the marked ones again, one by one with their
// context, and the part is charged as any part of an edition is. Parts with nothing out of date stay as they are.
import type { BookState } from '../../compile/flow.js';
import { partProvenance, withPartProvenance } from '../../compile/provenance.js';
import { paragraphsOf } from './checks.js';
import { alignParagraphs, partHashes, type SourceHashes } from './side-by-side.js';

/** The positions of the edition's parts holding a paragraph out of date (its source changed or was taken out). */
export function staleParts(input: {
  source: Pick<BookState, 'content'>;
  edition: Pick<BookState, 'content'>;
  hashes: SourceHashes;
}): number[] {
  const { source, edition, hashes } = input;
  return edition.content.flatMap((text, position) => {
    const kept = hashes[position];
    const to = paragraphsOf(text);
    if (!kept || !to.length) return [];
    return alignParagraphs(kept, partHashes(source, position)).some(
      (r) => r.kind !== 'same' && r.kind !== 'new' && to[r.kept] !== undefined,
    )
      ? [position]
      : [];
  });
}

/**
 * The edition with its out-of-date paragraphs marked to be translated again (see above): what a run given it asks
 * for is exactly them, part by part.
 * @example withStaleMarked({ source, edition, hashes }).provenance?.[2]?.untranslated // [3]: the fourth paragraph of
 * part 2 is asked again
 */
export function withStaleMarked(input: { source: BookState; edition: BookState; hashes: SourceHashes }): BookState {
  const { source, hashes } = input;
  let state = input.edition;
  for (const position of staleParts(input)) {
    const from = paragraphsOf(source.content[position] ?? '');
    const to = paragraphsOf(state.content[position] ?? '');
    const before = partProvenance(state, position);
    const marksBefore = new Set(before.untranslated ?? []);
    const text: string[] = [];
    const marks: number[] = [];
    for (const row of alignParagraphs(hashes[position]!, partHashes(source, position))) {
      if (row.kind === 'gone') continue;
      const kept = row.kind === 'same' ? to[row.kept] : undefined;
      if (kept !== undefined && !(row.kind === 'same' && marksBefore.has(row.kept))) text.push(kept);
      else {
        text.push(from[row.now]!);
        marks.push(text.length - 1);
      }
    }
    const content = [...state.content];
    content[position] = text.join('\n\n');
    state = withPartProvenance({ ...state, content }, position, {
      ...before,
      translatedFrom: before.translatedFrom ?? source.lang,
      untranslated: marks,
    });
  }
  return state;
}
