// An owner's fingerprints (near-duplicate.ts) indexed so that a book's close ones are found without comparing every
// book: locality-sensitive hashing, one band per MinHash permutation. Pure.
import { MINHASH_SIZE, sharedShare, type TextFingerprint } from './near-duplicate.js';

/**
 * An owner's fingerprints, indexed by locality-sensitive hashing with one-row bands: each permutation's
 * minimum is a band, and a book is a candidate only when it shares a band's value. One row per band (not
 * the usual four) because the shares that matter are small: 15 % of a book's runs in another of its size is
 * a Jaccard index near 0.08, which bands of several rows would almost never catch. Books that share no run
 * are never touched, so a query costs what the close books cost, not the size of the catalogue.
 */
export class FingerprintIndex<K> {
  /**
   * Each band's books by value, as small numbers (ids), so a query counts its matches in an array: one id alone as
   * itself, several in an array (most values are one book's: an array each held 3.8 MB for a 400-book batch's books).
   */
  private readonly bands: Array<Map<number, number | number[]>> = Array.from({ length: MINHASH_SIZE }, () => new Map());
  private readonly prints = new Map<K, TextFingerprint>();
  private readonly ids = new Map<K, number>();
  private readonly keyOf: Array<K | undefined> = [];
  /** Matches per id during a query (zero between queries). */
  private counts = new Uint16Array(64);
  private changes = 0;

  get size(): number {
    return this.prints.size;
  }

  /**
   * How many times a book was added or removed: what a caller worked out from the index holds while this is the same.
   */
  get version(): number {
    return this.changes;
  }

  keys(): IterableIterator<K> {
    return this.prints.keys();
  }

  /** Add a book (again: its old fingerprint is replaced). */
  add(key: K, print: TextFingerprint): void {
    this.remove(key);
    this.changes++;
    this.prints.set(key, print);
    if (!print.shingles) return;
    const id = this.keyOf.length;
    this.keyOf.push(key);
    this.ids.set(key, id);
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const band = this.bands[i]!;
      const value = print.minhash[i]!;
      const ids = band.get(value);
      if (ids === undefined) band.set(value, id);
      else if (typeof ids === 'number') band.set(value, [ids, id]);
      else ids.push(id);
    }
  }

  remove(key: K): void {
    const old = this.prints.get(key);
    if (!old) return;
    this.changes++;
    this.prints.delete(key);
    const id = this.ids.get(key);
    if (id === undefined) return;
    this.ids.delete(key);
    this.keyOf[id] = undefined;
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const band = this.bands[i]!;
      const value = old.minhash[i]!;
      const ids = band.get(value);
      if (ids === id) band.delete(value);
      else if (typeof ids === 'object') {
        const at = ids.indexOf(id);
        if (at >= 0) ids.splice(at, 1);
        if (ids.length === 1) band.set(value, ids[0]!);
      }
    }
  }

  /**
   * The books of the index holding at least `threshold` of `print`'s runs (sharedShare), the closest first; `except` is
   * left out.
   */
  closeTo(print: TextFingerprint, threshold: number, except?: K): Array<{ key: K; share: number }> {
    if (!print.shingles) return [];
    if (this.counts.length < this.keyOf.length)
      this.counts = new Uint16Array(Math.max(this.keyOf.length, this.counts.length * 2));
    const counts = this.counts;
    const touched: number[] = [];
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const ids = this.bands[i]!.get(print.minhash[i]!);
      if (ids === undefined) continue;
      if (typeof ids === 'number') {
        if (counts[ids]!++ === 0) touched.push(ids);
      } else for (let j = 0; j < ids.length; j++) if (counts[ids[j]!]!++ === 0) touched.push(ids[j]!);
    }
    const out: Array<{ key: K; share: number }> = [];
    for (const id of touched) {
      const n = counts[id]!;
      counts[id] = 0;
      const key = this.keyOf[id]!;
      if (key === except) continue;
      const share = sharedShare(print, this.prints.get(key)!, n);
      if (share >= threshold) out.push({ key, share });
    }
    return out.sort((a, b) => b.share - a.share);
  }
}
