// A small deterministic PRNG seeded from a string (FNV-1a seed, mulberry32): the offline provider's text
// and covers are the same for the same request, so demos and tests are repeatable.
import { fnv1a } from '../words.js';

/** mulberry32 from a 32-bit state. */
function mulberry32(h: number): () => number {
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seeded(seed: string): () => number {
  return mulberry32(fnv1a(seed));
}

/**
 * `seeded(prefix + suffix)` for each suffix asked for, the prefix hashed once (FNV-1a reads a string a character
 * at a time, so the prefix's state goes on with the suffix): the offline provider seeds each paragraph of an answer
 * by the whole request and the paragraph's place.
 * @example seededAfter('request')('\nparagraph 2')() === seeded('request\nparagraph 2')()
 */
export function seededAfter(prefix: string): (suffix: string) => () => number {
  const h = fnv1a(prefix);
  return (suffix) => mulberry32(fnv1a(suffix, h));
}
