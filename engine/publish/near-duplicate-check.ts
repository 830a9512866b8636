// A book checked against the rest of its owner's catalogue before it is published or a batch is reported done:
// the books it shares at least the threshold with (share and two passages each), and what it repeats across
// its own parts. The caller brings the catalogue (fingerprints kept per owner) and reads the other books'
// texts only for the close ones.
import { DEFAULT_CLOSE_THRESHOLD, FingerprintIndex, textFingerprint, type TextFingerprint } from './near-duplicate.js';
import { reuseAcrossParts, sharedPassages, type PartsReuse, type SharedPassage } from './near-duplicate-passages.js';

/** One of an owner's books as the catalogue keeps it. */
export interface CatalogueEntry {
  /** The key the book is saved under. */
  key: string;
  /** What names the book to its writer (a batch job's id, a saved book's id). */
  book: string;
  title: string;
  fingerprint: TextFingerprint;
}

/** Another book this one is too close to. */
export interface CloseMatch {
  book: string;
  title: string;
  /** The share of this book's 8-word runs found in that book (0 to 1). */
  share: number;
  /** Up to two passages both books have word for word (none when that book's text could not be read). */
  passages: SharedPassage[];
}

/** What the check found for one book. */
export interface Closeness {
  threshold: number;
  /** How many other books it was compared with. */
  compared: number;
  /** The book's own distinct 8-word runs (0: no text to compare). */
  shingles: number;
  /** The books it shares at least `threshold` with, the closest first. */
  closeTo: CloseMatch[];
  /** What it repeats across its own parts. */
  reuse: PartsReuse;
}

/** An owner's catalogue as an index (build once, query per book). */
export function catalogueIndex(entries: readonly CatalogueEntry[]): FingerprintIndex<CatalogueEntry> {
  const index = new FingerprintIndex<CatalogueEntry>();
  for (const entry of entries) index.add(entry, entry.fingerprint);
  return index;
}

/**
 * Check a book (its key and parts) against the owner's catalogue: the close books with the share and two
 * shared passages (`partsOf` reads a close book's parts; null when it cannot), and the reuse across its parts.
 * The book's own entry (same key) is never compared with itself.
 * @example await checkCloseness({ key, parts: state.content, catalogue, partsOf: async (k) => (await store.load(owner, k))?.state.content ?? null })
 */
export async function checkCloseness(input: {
  key: string;
  parts: readonly string[];
  catalogue: readonly CatalogueEntry[] | FingerprintIndex<CatalogueEntry>;
  partsOf: (key: string) => Promise<readonly string[] | null>;
  threshold?: number;
  fingerprint?: TextFingerprint;
}): Promise<Closeness> {
  const threshold = input.threshold ?? DEFAULT_CLOSE_THRESHOLD;
  const index = input.catalogue instanceof FingerprintIndex ? input.catalogue : catalogueIndex(input.catalogue);
  const print = input.fingerprint ?? textFingerprint(input.parts);
  const own = [...entriesOf(index)].filter((e) => e.key === input.key);
  const closeTo: CloseMatch[] = [];
  for (const { key: entry, share } of index.closeTo(print, threshold)) {
    if (entry.key === input.key) continue;
    const other = await input.partsOf(entry.key);
    closeTo.push({ book: entry.book, title: entry.title, share, passages: other ? sharedPassages(input.parts, other, 2) : [] });
  }
  return { threshold, compared: index.size - own.length, shingles: print.shingles, closeTo, reuse: reuseAcrossParts(input.parts) };
}

function entriesOf(index: FingerprintIndex<CatalogueEntry>): Iterable<CatalogueEntry> {
  return index.keys();
}

/** A share as people read it: 0.153 → "15 %" (at least 1 % when there is any). */
export function sharePercent(share: number): string {
  return `${share > 0 && share < 0.01 ? 1 : Math.round(share * 100)} %`;
}
