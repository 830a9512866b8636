// The near-duplicate check (engine/publish/near-duplicate*.ts) as a publisher meets it: the same book twice is
// one book (share ≥ 0.9), two books written apart share nothing near the 15 % threshold, a copied passage is
// shown as it reads, a book that repeats itself across chapters says so, and a threshold out of 1 %–100 % is
// refused naming the flag and the range in English and Malay.
import { describe, expect, it, vi } from 'vitest';
import {
  CLOSE_BOOKS_READ,
  CLOSE_THRESHOLD_RANGE,
  DEFAULT_CLOSE_THRESHOLD,
  FingerprintIndex,
  catalogueIndex,
  catalogueMessage,
  checkCloseness,
  parseCloseThreshold,
  reuseAcrossParts,
  sharedPassages,
  sharedShare,
  shingleSet,
  textFingerprint,
  type CatalogueEntry,
} from '../../engine/index.js';
import { letterWords, plainWordUnits } from '../../engine/letter-words.js';

/** The plain words read another way (letterWords, each word's apostrophes and hyphens taken out): the reference. */
const plainWords = (text: string): string[] => letterWords(text).map((w) => w.replace(/[^\p{L}\p{M}\p{N}]/gu, ''));
import { seededBook } from './seeded-book.js';

const book = seededBook;

const entry = (key: string, parts: string[], keptAt = '2026-01-01T00:00:00.000Z'): CatalogueEntry => ({
  key,
  book: key,
  title: `Title ${key}`,
  fingerprint: textFingerprint(parts),
  keptAt,
});

describe('near-duplicates', () => {
  it('the same book twice shares all of it; two books written apart share well under the threshold', () => {
    const a = book(1);
    expect(sharedShare(textFingerprint(a), textFingerprint([...a]))).toBeGreaterThanOrEqual(0.9);
    // Punctuation and case do not hide a copy.
    expect(
      sharedShare(textFingerprint(a.map((p) => p.toUpperCase().replace(/\./g, '!'))), textFingerprint(a)),
    ).toBeGreaterThanOrEqual(0.9);
    expect(sharedShare(textFingerprint(book(2)), textFingerprint(a))).toBeLessThan(DEFAULT_CLOSE_THRESHOLD / 3);
  });

  it('a book copied into a longer one is as close as an exact copy (containment, not Jaccard)', () => {
    const a = book(3, 2);
    const longer = [...a, ...book(4, 6)];
    expect(sharedShare(textFingerprint(a), textFingerprint(longer))).toBeGreaterThan(0.75);
    // The longer book has only a quarter of itself in the short one.
    expect(sharedShare(textFingerprint(longer), textFingerprint(a))).toBeLessThan(0.45);
  });

  it("a text's runs are the FNV-1a hashes of each 8 words joined by a space (2,000 random texts)", () => {
    const fnv1a = (text: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    // Words read back as they are: lower case, accented, a letter beyond the BMP, digits.
    const vocabulary = ['a', 'rain', 'fell', 'über', 'kedai', 'ß', 'naïve', '𝒜b', '42', 'harbourmaster'];
    let seed = 7;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let t = 0; t < 2000; t++) {
      const words = Array.from({ length: next(30) }, () => vocabulary[next(vocabulary.length)]!);
      const text = words.map((w, i) => (i && next(4) === 0 ? `, ${w}` : ` ${w}`)).join('');
      const runs = words.length
        ? Array.from({ length: Math.max(1, words.length - 7) }, (_, i) => fnv1a(words.slice(i, i + 8).join(' ')))
        : [];
      expect([...shingleSet(text)]).toEqual([...new Set(runs)].sort((x, y) => x - y));
    }
  });

  it(
    "a fingerprint's minima are each permutation's least " + 'over the distinct runs, as stored ones were (300 texts)',
    () => {
      // The permutations: MurmurHash3's finaliser of a run xor the i-th seed (the finaliser of (i + 1) × 0x9e3779b9).
      // Fingerprints are kept in the state file and compared with new ones: the minima may never change.
      const mix = (value: number) => {
        let h = value;
        h ^= h >>> 16;
        h = Math.imul(h, 0x85ebca6b);
        h ^= h >>> 13;
        h = Math.imul(h, 0xc2b2ae35);
        h ^= h >>> 16;
        return h >>> 0;
      };
      const seeds = Array.from({ length: 128 }, (_, i) => mix(Math.imul(i + 1, 0x9e3779b9)));
      const vocabulary = ['rain', 'fell', 'on', 'the', 'harbour', 'kedai', 'buku', 'itu', 'lama', 'dan', 'sunyi'];
      let seed = 13;
      const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
      for (let t = 0; t < 300; t++) {
        const text = Array.from({ length: 8 + next(400) }, () => vocabulary[next(vocabulary.length)]!).join(' ');
        const runs = [...shingleSet(text)];
        const least = seeds.map((s) => Math.min(...runs.map((x) => mix(x ^ s))));
        expect(textFingerprint([text])).toEqual({ shingles: runs.length, minhash: least });
      }
    },
  );

  it("reads a text's plain words as code units as letterWords reads them, marks taken out (3,000 random texts)", () => {
    // Capitals that lower to two units (İ), marks, joiners at a word's edges, letters and symbols beyond the BMP.
    const pool = [..."aZ9 ,.'’-—éÜßİ\u0307日", '𝒜', '😀', '\ud835', '\n'];
    let seed = 11;
    const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
    for (let t = 0; t < 3000; t++) {
      const text = Array.from({ length: next(40) }, () => pool[next(pool.length)]!).join('');
      const { units, ends, count } = plainWordUnits(text);
      const words = Array.from({ length: count }, (_, w) =>
        String.fromCharCode(...units.subarray(w ? ends[w - 1] : 0, ends[w])),
      );
      expect(words).toEqual(plainWords(text));
    }
  });

  it('the index finds the close books among many and leaves the rest', () => {
    const index = new FingerprintIndex<string>();
    for (let i = 10; i < 60; i++) index.add(`b${i}`, textFingerprint(book(i, 2)));
    const copy = book(33, 2);
    const found = index.closeTo(textFingerprint(copy), DEFAULT_CLOSE_THRESHOLD);
    expect(found.map((f) => f.key)).toEqual(['b33']);
    expect(found[0]!.share).toBeGreaterThanOrEqual(0.9);
    expect(index.closeTo(textFingerprint(book(99, 2)), DEFAULT_CLOSE_THRESHOLD)).toEqual([]);
    expect(index.closeTo(textFingerprint(''), DEFAULT_CLOSE_THRESHOLD)).toEqual([]);
  });

  it('shows two passages both books have, word for word, from different places', () => {
    const a = book(5, 3);
    const copied = 'The lighthouse keeper counted every ship that passed the reef that winter.';
    const other = [...book(6, 2), `Something else entirely. ${copied} And more.`];
    const mine = [a[0]!, `${a[1]!} ${copied}`, a[2]!, `At the end she said it again: ${copied}`];
    const passages = sharedPassages(mine, other);
    expect(passages.length).toBe(2);
    for (const p of passages) expect(p.text).toContain('lighthouse keeper counted every ship');
    expect(passages.map((p) => p.part)).toEqual([1, 3]);
    expect(passages[0]!.otherPart).toBe(2);
  });

  it("counts passages reused across a book's own chapters, with an example", () => {
    const [one, two, three] = book(7, 3);
    expect(reuseAcrossParts([one!, two!, three!]).share).toBeLessThan(0.02);
    const reused = reuseAcrossParts([one!, two!, one!]);
    expect(reused.share).toBeGreaterThan(0.4);
    expect(reused.example).toMatchObject({ part: 2, otherPart: 0 });
    expect(one).toContain(reused.example!.text.replace(/ …$/, '').slice(0, 30));
  });

  it('checks a book against the catalogue: only books kept before it, never itself, and keeps it', async () => {
    const a = book(8);
    const index = catalogueIndex([entry('a', a), entry('other', book(9))]);
    const partsOf = async (key: string) => (key === 'a' ? a : null);
    const second = await checkCloseness({
      book: { key: 'b', book: 'b', title: 'Second' },
      parts: [...a],
      index,
      partsOf,
    });
    expect(second.closeness.closeTo).toEqual([
      expect.objectContaining({ book: 'a', title: 'Title a', share: expect.any(Number) }),
    ]);
    expect(second.closeness.closeTo[0]!.share).toBeGreaterThanOrEqual(0.9);
    expect(second.closeness.closeTo[0]!.passages).toHaveLength(2);
    expect(second.closeness.compared).toBe(2);
    expect(index.size).toBe(3);
    // Checked again (published after its batch), the first book is not the copy of the second.
    const first = await checkCloseness({ book: { key: 'a', book: 'a', title: 'Title a' }, parts: a, index, partsOf });
    expect(first.closeness.closeTo).toEqual([]);
    // A catalogue of 0 books: nothing to compare, nothing marked.
    const alone = await checkCloseness({
      book: { key: 'x', book: 'x', title: 'X' },
      parts: a,
      index: catalogueIndex([]),
      partsOf,
    });
    expect(alone.closeness).toMatchObject({ compared: 0, closeTo: [] });
  });

  it(
    'a book close to many (a batch made from one template) ' +
      'names them all and reads only the closest few for passages',
    async () => {
      const a = book(10);
      // Twenty copies kept before, each a little shorter: the longer the copy, the more of the new book it holds.
      const copies = Array.from({ length: 20 }, (_, i) =>
        entry(
          `c${i}`,
          a.map((p) => p.slice(0, p.length - i * 40)),
          `2026-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
        ),
      );
      const read: string[] = [];
      const partsOf = async (key: string) => {
        read.push(key);
        return a;
      };
      const { closeness } = await checkCloseness({
        book: { key: 'new', book: 'new', title: 'New' },
        parts: a,
        index: catalogueIndex(copies),
        partsOf,
      });
      expect(closeness.closeTo.map((m) => m.book).sort()).toEqual(copies.map((c) => c.key).sort());
      expect(read).toHaveLength(CLOSE_BOOKS_READ);
      // The books read are the closest ones, and they come first with their passages; the others have shares only.
      expect(read).toEqual(closeness.closeTo.slice(0, CLOSE_BOOKS_READ).map((m) => m.book));
      expect(closeness.closeTo.slice(0, CLOSE_BOOKS_READ).every((m) => m.passages.length === 2)).toBe(true);
      expect(
        closeness.closeTo
          .slice(CLOSE_BOOKS_READ)
          .every((m) => m.passages.length === 0 && m.share >= DEFAULT_CLOSE_THRESHOLD),
      ).toBe(true);
    },
  );

  it('two copies kept in the same millisecond keep their order: the first kept is the original', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00.000Z'));
    try {
      const a = book(12);
      const index = catalogueIndex([]);
      const partsOf = async () => a;
      // Keys ordered against the order they are kept in ("z-first" after "a-again"), the clock standing still.
      const first = await checkCloseness({
        book: { key: 'z-first', book: 'first', title: 'First' },
        parts: a,
        index,
        partsOf,
      });
      const again = await checkCloseness({
        book: { key: 'a-again', book: 'again', title: 'Again' },
        parts: [...a],
        index,
        partsOf,
      });
      expect(first.closeness.closeTo).toEqual([]);
      expect(again.closeness.closeTo.map((m) => m.book)).toEqual(['first']);
      expect(again.entry.keptAt > first.entry.keptAt).toBe(true);
      // Checked again later (published after its batch), the first is still the original.
      const later = await checkCloseness({
        book: { key: 'z-first', book: 'first', title: 'First' },
        parts: a,
        index,
        partsOf,
      });
      expect(later.closeness.closeTo).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([
    ['0.15', 0.15],
    ['15%', 0.15],
    ['1', 1],
    ['0.01', 0.01],
    ['100%', 1],
  ])('reads the threshold %s as %s', (given, share) => {
    expect(parseCloseThreshold(given)).toEqual({ threshold: share });
  });

  it.each(['0', '0.001', '1.5', '150%', '15', 'abc', '-0.2', ''])(
    'refuses the threshold "%s", naming the flag and the range in en and ms',
    (given) => {
      const refused = parseCloseThreshold(given);
      expect('code' in refused).toBe(true);
      if (!('code' in refused)) return;
      expect(catalogueMessage(refused.code, 'en', refused.params)).toBe(
        `--close-threshold: "${given}" is not a share from ${CLOSE_THRESHOLD_RANGE.min} ` +
          `to ${CLOSE_THRESHOLD_RANGE.max} (1 % to 100 %); write it as 0.15 or 15%.`,
      );
      expect(catalogueMessage(refused.code, 'ms', refused.params)).toBe(
        `--close-threshold: "${given}" bukan bahagian daripada 0.01 ` +
          `hingga 1 (1 % hingga 100 %); tuliskannya sebagai 0.15 atau 15%.`,
      );
    },
  );
});
