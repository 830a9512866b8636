// `npm run bench` (and `npm run bench:duplicates`): the near-duplicate check of one book against an owner's
// catalogue of 1,000 books (engine/publish/near-duplicate.ts): fingerprint the book and query the LSH index,
// against the reference in the same run, a linear scan that compares the book's exact set of 8-word runs
// with every catalogue book's. Synthetic books of 10,000 words from a seeded vocabulary; one of them is the
// book's copy, which both must find. Prints the medians and their ratio; asserts nothing timed. Goal: < 1 s.
import os from 'node:os';
// The language table is read from languages/ (the Node door sets its source), as every Node caller reads it.
import '../engine/node.js';
import {
  DEFAULT_CLOSE_THRESHOLD,
  FingerprintIndex,
  fingerprintOfRuns,
  shingleSet,
  textFingerprint,
} from '../engine/index.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** A book of `words` words from a 2,000-word vocabulary, different per seed. */
function syntheticBook(seed: number, words: number): string {
  let x = seed * 2654435761 + 7;
  const next = () => (x = (Math.imul(x ^ (x >>> 15), 2246822507) + 12345) >>> 0) / 2 ** 32;
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(`w${Math.floor(next() * 2000).toString(36)}${i % 12 === 11 ? '.' : ''}`);
  return out.join(' ');
}

/** The exact share of `book`'s runs found in `other` (both sorted, distinct). */
function exactShare(book: Uint32Array, other: Set<number>): number {
  let shared = 0;
  for (const h of book) if (other.has(h)) shared++;
  return book.length ? shared / book.length : 0;
}

export function runNearDuplicateBench(opts: { books?: number; words?: number; rounds?: number } = {}): {
  indexMs: number;
  linearMs: number;
  ratio: number;
  buildMs: number;
} {
  const books = opts.books ?? 1000;
  const words = opts.words ?? 10_000;
  const rounds = opts.rounds ?? 9;
  const probe = syntheticBook(424242, words);
  const catalogue = Array.from({ length: books }, (_, i) => (i === books / 2 ? probe : syntheticBook(i + 1, words)));
  const sets = catalogue.map((text) => shingleSet(text));
  const exact = sets.map((s) => new Set(s));
  const buildStart = performance.now();
  const index = new FingerprintIndex<number>();
  sets.forEach((s, i) => index.add(i, fingerprintOfRuns(s)));
  const buildMs = performance.now() - buildStart;

  const byIndex = () => index.closeTo(textFingerprint(probe), DEFAULT_CLOSE_THRESHOLD).map((m) => m.key);
  const byScan = () => {
    const mine = shingleSet(probe);
    return exact.flatMap((other, i) => (exactShare(mine, other) >= DEFAULT_CLOSE_THRESHOLD ? [i] : []));
  };
  const found = { index: byIndex(), scan: byScan() };
  if (found.index.join() !== String(books / 2) || found.scan.join() !== String(books / 2))
    throw new Error(`the copy was not found alone: index ${found.index}, scan ${found.scan}`);
  const time = (fn: () => unknown) => {
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t = performance.now();
      fn();
      times.push(performance.now() - t);
    }
    return median(times);
  };
  const indexMs = time(byIndex);
  const linearMs = time(byScan);
  return { indexMs, linearMs, ratio: linearMs / indexMs, buildMs };
}

if (import.meta.url === `file://${process.argv[1]}`) printNearDuplicateBench();

export function printNearDuplicateBench(): void {
  const r = runNearDuplicateBench();
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `near-duplicates, one 10,000-word book against 1,000 ` +
      `(load ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores):`,
  );
  console.log(
    `  fingerprint + LSH index query (median of 9): ${f(r.indexMs)}; linear scan of exact ` +
      `run sets (median of 9): ${f(r.linearMs)}; the index is ${r.ratio.toFixed(1)}× faster`,
  );
  console.log(
    `  fingerprinting and indexing the 1,000 catalogue books (once; ` +
      `each is fingerprinted when it is finished): ${f(r.buildMs)}`,
  );
  console.log(`goal: the check under 1 s — ${r.indexMs < 1000 ? 'met' : 'NOT met'}`);
}
