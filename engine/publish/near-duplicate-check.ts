// A book checked against the rest of its owner's catalogue before it is published or a batch is reported done:
// the books it shares at least the threshold with (share and two passages each), and what it repeats across
// its own parts. The caller brings the catalogue (fingerprints kept per owner) and reads the other books'
// texts only for the close ones.
import { FingerprintIndex } from './fingerprint-index.js';
import { DEFAULT_CLOSE_THRESHOLD, textFingerprint, type TextFingerprint } from './near-duplicate.js';
import { passagesShared, reuseAcrossParts, type PartsReuse, type SharedPassage } from './near-duplicate-passages.js';

/**
 * What the check reads of the texts: a book's fingerprint and its reuse across its parts, and the passages it
 * shares with a few other books. In the caller's thread by default; a batch reads them in a worker thread of
 * its own (engine/node/closeness/pool.ts), off the thread that schedules its calls, which keeps the books it
 * measured and reads a close book's parts (`partsOf`) only when it has not.
 */
export interface ClosenessReading {
  /** A part as it is written, read ahead for its book's fingerprint (the book's end then reads only what is left). */
  prepare?(part: string): void;
  measure(book: { key: string; parts: readonly string[] }): Promise<BookMeasure>;
  /**
   * For each of `others` (keys), up to `count` passages the book shares with it (passagesShared); none when its parts
   * cannot be read.
   */
  passages(
    book: { key: string; parts: readonly string[] },
    others: readonly string[],
    partsOf: (key: string) => Promise<readonly string[] | null>,
    count: number,
  ): Promise<SharedPassage[][]>;
}

/** A book's fingerprint and its reuse across its own parts. */
export interface BookMeasure {
  fingerprint: TextFingerprint;
  reuse: PartsReuse;
}

/** A book's fingerprint and reuse, read here. */
export function measureBook(parts: readonly string[]): BookMeasure {
  return { fingerprint: textFingerprint(parts), reuse: reuseAcrossParts(parts) };
}

/**
 * The passages a book shares with each of the books `others` names, their parts read with `partsOf` (none for a book
 * that cannot be read).
 */
export async function passagesHere(
  parts: readonly string[],
  others: readonly string[],
  partsOf: (key: string) => Promise<readonly string[] | null>,
  count = 2,
): Promise<SharedPassage[][]> {
  const read = await Promise.all(others.map(partsOf));
  const found = passagesWith(
    parts,
    read.filter((p): p is readonly string[] => p !== null),
    count,
  );
  let at = 0;
  return read.map((p) => (p ? found[at++]! : []));
}

/** The passages a book shares with each of `others`, read here (the book read once). */
export function passagesWith(
  parts: readonly string[],
  others: ReadonlyArray<readonly string[]>,
  count: number,
): SharedPassage[][] {
  if (!others.length) return [];
  const shared = passagesShared(parts);
  return others.map((other) => shared(other, count));
}

/** One of an owner's books as the catalogue keeps it. */
export interface CatalogueEntry {
  /** The key the book is saved under. */
  key: string;
  /** What names the book to its writer (a batch job's id, a saved book's id). */
  book: string;
  title: string;
  fingerprint: TextFingerprint;
  /** When its fingerprint was first kept (ISO 8601): a book is too close only to books kept before it. */
  keptAt: string;
}

/** Another book this one is too close to. */
export interface CloseMatch {
  book: string;
  title: string;
  /** The share of this book's 8-word runs found in that book (0 to 1). */
  share: number;
  /**
   * Up to two passages both books have word for word: for the closest books only (CLOSE_BOOKS_READ), none for the rest
   * or when that book's text could not be read.
   */
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

/** An owner's catalogue as an index (build once, check every book of a batch against it). */
export function catalogueIndex(entries: readonly CatalogueEntry[]): FingerprintIndex<CatalogueEntry> {
  const index = new FingerprintIndex<CatalogueEntry>();
  for (const entry of entries) index.add(entry, entry.fingerprint);
  return index;
}

/**
 * How many of the close books are read for the passages they share, closest first. A batch of books made from
 * one template can have every book close to every other: reading them all would make the check of the n-th
 * book read n books (a 400-book batch read 80,000), where a writer needs the closest few to act on.
 */
export const CLOSE_BOOKS_READ = 3;

/**
 * What the check reads of an index besides its fingerprints, kept with it while it does not change (its version):
 * its books by key and when the latest was kept. A batch checks each book against all those before it; read from
 * the whole index each time, the 400th book of a batch read 400 entries before it was compared.
 */
interface Kept {
  version: number;
  byKey: Map<string, CatalogueEntry>;
  latest: number;
}

const keptOf = new WeakMap<FingerprintIndex<CatalogueEntry>, Kept>();

function keptIn(index: FingerprintIndex<CatalogueEntry>): Kept {
  const known = keptOf.get(index);
  if (known?.version === index.version) return known;
  const kept: Kept = { version: index.version, byKey: new Map(), latest: 0 };
  for (const e of index.keys()) {
    kept.byKey.set(e.key, e);
    kept.latest = Math.max(kept.latest, Date.parse(e.keptAt) || 0);
  }
  keptOf.set(index, kept);
  return kept;
}

/** `entry` kept in `index` in place of `own` (the same book kept before), and in what the check knows of the index. */
function keep(index: FingerprintIndex<CatalogueEntry>, entry: CatalogueEntry, own: CatalogueEntry | undefined): void {
  const kept = keptIn(index);
  if (own) index.remove(own);
  index.add(entry, entry.fingerprint);
  kept.byKey.set(entry.key, entry);
  kept.latest = Math.max(kept.latest, Date.parse(entry.keptAt) || 0);
  kept.version = index.version;
}

/**
 * When a book is kept now: after every book of the index, so two books of a batch kept in the same millisecond
 * keep the order they were kept in (a tie would be broken by their keys, and the original taken for the copy).
 */
function keptNow(index: FingerprintIndex<CatalogueEntry>): string {
  return new Date(Math.max(Date.now(), keptIn(index).latest + 1)).toISOString();
}

/** Kept before: by time, then by key (two books kept in the same millisecond). */
const isBefore = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.keptAt < b.keptAt || (a.keptAt === b.keptAt && a.key < b.key);

/**
 * Check a finished book against its owner's catalogue and keep it there: the books kept before it that hold
 * at least `threshold` of it, each with the share and two passages both have (`partsOf` reads a close book's
 * parts; null when it cannot), and the reuse across its own parts. A book already in the catalogue (checked
 * again, published after its batch) keeps its place: the books kept after it are its copies, not its
 * originals. The book's entry is in `index` when this returns: read here, it is added before the first await
 * (books of a batch finishing together each see the ones before); with `reading` (another thread), once its
 * fingerprint is back and every book given before it is kept, so the order books are kept in is the order
 * they were given, whichever reading comes back first. The caller saves `entry` to its store.
 * @example const { closeness, entry } = await checkCloseness({ book: { key, book: 'b', title }, parts: state.content,
 * index, partsOf })
 */
export async function checkCloseness(input: {
  book: { key: string; book: string; title: string };
  parts: readonly string[];
  index: FingerprintIndex<CatalogueEntry>;
  partsOf: (key: string) => Promise<readonly string[] | null>;
  threshold?: number;
  reading?: ClosenessReading;
}): Promise<{ closeness: Closeness; entry: CatalogueEntry }> {
  const { index, book, reading } = input;
  if (!reading) return keepAndCompare(input, measureBook(input.parts), () => undefined);
  // Read elsewhere, the books are kept in the order they were given, whichever reading comes back first.
  const turn = takeTurn(index);
  try {
    const measured = await reading.measure({ key: book.key, parts: input.parts });
    await turn.previous;
    return await keepAndCompare(input, measured, turn.done);
  } finally {
    turn.done();
  }
}

/** The books of an index waiting for their turn to be kept: each waits for the one given before it. */
const turns = new WeakMap<object, Promise<void>>();

function takeTurn(index: object): { previous: Promise<void>; done: () => void } {
  const previous = turns.get(index) ?? Promise.resolve();
  let done = () => {};
  const mine = new Promise<void>((resolve) => (done = resolve));
  turns.set(
    index,
    previous.then(() => mine),
  );
  return { previous, done };
}

/** The book compared with the books kept before it, then kept (its entry added to the index). */
async function keepAndCompare(
  input: Parameters<typeof checkCloseness>[0],
  measured: BookMeasure,
  kept: () => void,
): Promise<{ closeness: Closeness; entry: CatalogueEntry }> {
  const { index, book } = input;
  const threshold = input.threshold ?? DEFAULT_CLOSE_THRESHOLD;
  const { fingerprint: print, reuse } = measured;
  const own = keptIn(index).byKey.get(book.key);
  const entry: CatalogueEntry = { ...book, fingerprint: print, keptAt: own?.keptAt ?? keptNow(index) };
  const isEarlier = (e: CatalogueEntry) => e.key !== book.key && (!own || isBefore(e, entry));
  const close = index.closeTo(print, threshold).filter((m) => isEarlier(m.key));
  // A book new to the index is compared with all of it; one kept before, with the books kept before it.
  const compared = own ? [...index.keys()].filter(isEarlier).length : index.size;
  keep(index, entry, own);
  kept();
  const read = close.slice(0, CLOSE_BOOKS_READ).map((m) => m.key.key);
  const found = input.reading
    ? await input.reading.passages({ key: book.key, parts: input.parts }, read, input.partsOf, 2)
    : await passagesHere(input.parts, read, input.partsOf);
  const closeTo: CloseMatch[] = close.map(({ key: other, share }, rank) => ({
    book: other.book,
    title: other.title,
    share,
    passages: found[rank] ?? [],
  }));
  return { closeness: { threshold, compared, shingles: print.shingles, closeTo, reuse }, entry };
}

/** A share as people read it: 0.153 → "15 %" (at least 1 % when there is any). */
export function sharePercent(share: number): string {
  return `${share > 0 && share < 0.01 ? 1 : Math.round(share * 100)} %`;
}
