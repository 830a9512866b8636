// A text's 8-word runs, read one way for every check that compares texts by them: the echo check and the copy
// check (answers/verdict.ts) and the repeat measure (reading/repeat.ts). A word is a run of letters and digits with
// inner apostrophes and hyphens ("don't", Malay "kanak-kanak", German "Straße", "café"), lower-cased, curly
// apostrophes read as straight ones, punctuation, dashes and Markdown marks left out, so a run matches however
// it was punctuated. A text is read once, char by char (no regex, no word strings), and kept for the last
// TEXTS_KEPT texts seen (text-cache.ts): an answer is judged, then measured against the book, then is part of
// the book every later step is measured against. A request's messages are read a paragraph at a time, each
// paragraph's words kept (eachRun): most of them come back in the book's next request. Words are read, and runs
// rolled from their hashes, in run-words.ts.
import { TEXTS_KEPT, byText, type ByText } from '../text-cache.js';
import { hashWords, keyOf, PX, PX_OUT, PY, PY_OUT, rollRuns, RUN_WORDS } from './run-words.js';

export { RUN_WORDS, wordsOf } from './run-words.js';

/**
 * A text's 8-word runs: `keys[i]` is words i to i+7 as one number (two 32-bit hashes of the words, kept to 53
 * bits: two runs of a book of 100,000 words share a number by chance about once in two million such books, and
 * then 8 words count as repeated); `words` how many words it has. Its runs as a set (`has`, an open-addressing
 * table of places in `keys`) and `repeatsWithin` are worked out when first asked and kept with it.
 */
export class Runs {
  /** Where each distinct run is in `keys`, plus one (0: an empty slot), at a slot found from the key. */
  #table: Uint16Array | Uint32Array | undefined;
  /**
   * One bit per value of the top bits of a run's first hash (mayHave), 16 bits to a run or more: most runs a text
   * lacks are told by it alone.
   */
  #bits: Int32Array | undefined;
  #shift = 0;
  #within: Uint8Array | null = null;
  /** Each run's first place in `keys`; null when no run is found twice (each run's first place is its own). */
  #first: Int32Array | null = null;
  constructor(
    readonly keys: Float64Array,
    readonly words: number,
  ) {}

  /** True when the text has the run `key`. */
  has(key: number): boolean {
    return this.indexOf(key) >= 0;
  }

  /** The run `key`'s first place in `keys`, -1 when the text does not have it. */
  indexOf(key: number): number {
    const table = this.#table ?? this.#build();
    const keys = this.keys;
    const mask = table.length - 1;
    for (let at = slotOf(key, this.#shift); ; at = (at + 1) & mask) {
      const i = table[at]!;
      if (i === 0) return -1;
      if (keys[i - 1] === key) return i - 1;
    }
  }

  /** The first place in `keys` of the run at place `i` (`i` unless found further up): one number per different run. */
  firstOf(i: number): number {
    if (!this.#table) this.#build();
    return this.#first ? this.#first[i]! : i;
  }

  /**
   * False when the text has no run whose first hash (keyOf's x) is `x`: a request's runs are told apart from the
   * answer's by a bit before their key is made and looked up (eachRun's `only`).
   */
  mayHave(x: number): boolean {
    const bits = this.#bits ?? this.#bitsOf();
    const top = x >>> this.#bitsShift;
    return (bits[top >>> 5]! & (1 << (top & 31))) !== 0;
  }

  #bitsShift = 0;

  #bitsOf(): Int32Array {
    const { bitsLog, bitsAt } = layoutOf(this.keys.length);
    // In the buffer readRuns made for the keys when it has the room (one buffer a text, not three).
    const bits = this.#room(bitsAt, 1 << (bitsLog - 5), Int32Array) ?? new Int32Array(1 << (bitsLog - 5));
    this.#bitsShift = 32 - bitsLog;
    // An indexed loop: `for of` over the keys made a number object of each (~27 KB an answer).
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) {
      const top = Math.floor(keys[i]! / 2 ** 21) >>> this.#bitsShift;
      bits[top >>> 5]! |= 1 << (top & 31);
    }
    return (this.#bits = bits);
  }

  /** A view of `length` items at byte `at` of the keys' buffer, when readRuns made it with room for it (runsBuffer). */
  #room<A extends Int32Array | Uint16Array | Uint32Array>(
    at: number,
    length: number,
    Array: new (buffer: ArrayBuffer, at: number, length: number) => A,
  ): A | undefined {
    const { buffer, byteOffset } = this.keys;
    return byteOffset === 0 && buffer instanceof ArrayBuffer && buffer.byteLength >= layoutOf(this.keys.length).bytes
      ? new Array(buffer, at, length)
      : undefined;
  }

  /** 1 for each run already found further up in the text; null when no run is found twice (most prose). */
  get repeatsWithin(): Uint8Array | null {
    if (!this.#table) this.#build();
    return this.#within;
  }

  /**
   * The table of the runs (twice as many slots as runs at least, so few probes; 2 bytes a slot for a text of
   * fewer than 65,535 runs), and the repeats found making it.
   */
  #build(): Uint16Array | Uint32Array {
    const keys = this.keys;
    const { tableLog: bits, tableAt } = layoutOf(keys.length);
    const slots = 1 << bits;
    const table =
      keys.length < 0xffff
        ? (this.#room(tableAt, slots, Uint16Array) ?? new Uint16Array(slots))
        : (this.#room(tableAt, slots, Uint32Array) ?? new Uint32Array(slots));
    const mask = table.length - 1;
    const shift = 32 - bits;
    let within: Uint8Array | null = null;
    let first: Int32Array | null = null;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      for (let at = slotOf(key, shift); ; at = (at + 1) & mask) {
        const j = table[at]!;
        if (j === 0) {
          table[at] = i + 1;
          break;
        }
        if (keys[j - 1] === key) {
          (within ??= new Uint8Array(keys.length))[i] = 1;
          if (!first) {
            first = new Int32Array(keys.length);
            for (let k = 0; k < first.length; k++) first[k] = k;
          }
          first[i] = j - 1;
          break;
        }
      }
    }
    this.#shift = shift;
    this.#within = within;
    this.#first = first;
    return (this.#table = table);
  }
}

/**
 * Where a text of `runs` runs keeps what Runs works out, in a buffer after its keys (readRuns makes it): a table (twice
 * as many slots as runs at least, 2 bytes a slot below 65,535 runs) at `tableAt`, its bits (16 a run or more, 2^10 to
 * 2^16) at `bitsAt`; `bytes` in all.
 */
function layoutOf(runs: number): { tableLog: number; tableAt: number; bitsLog: number; bitsAt: number; bytes: number } {
  let tableLog = 4;
  while (1 << tableLog < runs * 2) tableLog++;
  let bitsLog = 10;
  while (bitsLog < 16 && 1 << bitsLog < runs * 16) bitsLog++;
  const tableAt = runs * 8;
  const bitsAt = tableAt + (1 << tableLog) * (runs < 0xffff ? 2 : 4);
  return { tableLog, tableAt, bitsLog, bitsAt, bytes: bitsAt + (1 << bitsLog) / 8 };
}

/** A key's first slot in a table of 2^(32-shift) slots: its first hash (the key's high 32 bits), mixed. */
const slotOf = (key: number, shift: number) => Math.imul((key / 2 ** 21) >>> 0, 0x9e3779b1) >>> shift;

/**
 * Reads a text's runs (uncached: runsOf and the callers' own caches keep them): the keys rolled along (rollRuns),
 * made at once (no list of hashes made and dropped), in a buffer with room for the table and the bits Runs works
 * out (layoutOf): one allocation a text.
 */
export function readRuns(text: string): Runs {
  const { n, x, y } = hashWords(text);
  const runs = Math.max(0, n - RUN_WORDS + 1);
  const keys = new Float64Array(new ArrayBuffer(layoutOf(runs).bytes), 0, runs);
  rollRuns(x, y, n, (j, kx, ky) => {
    keys[j] = keyOf(kx, ky);
  });
  return new Runs(keys, n);
}

/** A text's runs, kept for the last TEXTS_KEPT texts seen: answers and the book's parts. */
export const runsOf: ByText<Runs> = byText(TEXTS_KEPT, readRuns);

/**
 * Request paragraphs kept (paragraphWordsOf): a request has about 8 (a 400-book batch: 34,000 for 4,400 calls), so
 * one request's for each of the 151 books in flight at 100 calls. Of the 1,467,000 words that batch's requests hold,
 * 373,000 were read (new paragraphs, and those asked again after they had gone) with 2,048 kept, 376,000 with 1,024,
 * 387,000 with 512.
 */
const PARAGRAPHS_KEPT = 1024;

/**
 * A paragraph's words as eachRun reads them, in one array kept for the last PARAGRAPHS_KEPT paragraphs of request
 * messages: the two hashes (hashWords) of its first words (up to RUN_WORDS - 1: the runs that start before it end in
 * them) and of its last RUN_WORDS (the ring after it, when it has that many), then the two hashes of each run wholly
 * inside it (words j to j+7, as the rolling in eachRun makes them whatever came before). Its other words are read
 * nowhere: kept whole, in four arrays a paragraph, 2,048 paragraphs held 6.1 MB at a 400-book batch's 4,000th call
 * (4 MB so).
 * @example paragraphWordsOf('a b c').length // 6: three words' two hashes, no run inside
 */
const paragraphWordsOf = byText(
  PARAGRAPHS_KEPT,
  (paragraph: string): Int32Array => {
    const { n, x, y } = hashWords(paragraph);
    const { head, tail, runs, runsAt } = paragraphLayout(n);
    const hashes = new Int32Array(runsAt + 2 * runs);
    for (let w = 0; w < head; w++) {
      hashes[w] = x[w]!;
      hashes[head + w] = y[w]!;
    }
    for (let k = 0; k < tail; k++) {
      hashes[2 * head + k] = x[n - tail + k]!;
      hashes[2 * head + tail + k] = y[n - tail + k]!;
    }
    rollRuns(x, y, n, (j, kx, ky) => {
      hashes[runsAt + j] = kx;
      hashes[runsAt + runs + j] = ky;
    });
    return hashes;
  },
  true,
);

/**
 * Where paragraphWordsOf keeps a paragraph of `n` words: its first `head` words' x hashes then their y, its last
 * `tail` words' x then y, from `runsAt` its `runs` runs' x then y.
 */
function paragraphLayout(n: number): { head: number; tail: number; runs: number; runsAt: number } {
  const head = Math.min(n, RUN_WORDS - 1);
  const tail = n >= RUN_WORDS ? RUN_WORDS : 0;
  return { head, tail, runs: Math.max(0, n - RUN_WORDS + 1), runsAt: 2 * (head + tail) };
}

/** The words of a paragraph kept as paragraphWordsOf keeps it (`length` of them): 2 a word below RUN_WORDS. */
const wordsKept = (length: number) => (length < 2 * RUN_WORDS ? length / 2 : (length - 2 * RUN_WORDS) / 2);

/**
 * Calls `each` with the runs of `text` that `only` has, in order, each as its first place in `only.keys` (a
 * number of one run of `only`, never a key made and kept), and first with the text's first run's place there (-1
 * when `only` does not have it); most of the runs `only` lacks are told apart by a bit (mayHave). The runs are the
 * keys readRuns would make. The text is read a paragraph at a time and each paragraph's words and inner runs are
 * kept (paragraphWordsOf): a request's user message repeats most of its paragraphs from call to call (the story so
 * far, the outline), so only its new ones are read. Cutting at blank lines cuts no word; the runs across a cut are
 * made from the words on both sides.
 */
export function eachRun(text: string, only: Runs, each: (at: number) => void): void {
  // The last RUN_WORDS words' hashes, and the run's hashes rolled along (readRuns).
  const ringX = new Int32Array(RUN_WORDS);
  const ringY = new Int32Array(RUN_WORDS);
  let count = 0;
  let kx = 0;
  let ky = 0;
  const emit = (x: number, y: number, isFirst: boolean) => {
    if (isFirst) each(only.indexOf(keyOf(x, y)));
    else if (only.mayHave(x)) {
      const at = only.indexOf(keyOf(x, y));
      if (at >= 0) each(at);
    }
  };
  for (let start = 0; start <= text.length;) {
    let end = text.indexOf('\n\n', start);
    if (end < 0) end = text.length;
    const hashes = paragraphWordsOf(text.slice(start, end));
    const n = wordsKept(hashes.length);
    const before = count;
    // The paragraph's first words one by one: the runs that start before it end there.
    const rolled = Math.min(n, RUN_WORDS - 1);
    for (let w = 0; w < rolled; w++) {
      kx = (Math.imul(kx, PX) + hashes[w]!) | 0;
      ky = (Math.imul(ky, PY) + hashes[rolled + w]!) | 0;
      // The word that leaves the run sits where the new one goes.
      const at = count++ & (RUN_WORDS - 1);
      if (count > RUN_WORDS) {
        kx = (kx - Math.imul(ringX[at]!, PX_OUT)) | 0;
        ky = (ky - Math.imul(ringY[at]!, PY_OUT)) | 0;
      }
      ringX[at] = hashes[w]!;
      ringY[at] = hashes[rolled + w]!;
      if (count >= RUN_WORDS) emit(kx, ky, count === RUN_WORDS);
    }
    if (n < RUN_WORDS) {
      start = end + 2;
      continue;
    }
    // The runs inside it as kept; then the ring holds its last words and the rolled hashes are its last run's.
    const { runs, runsAt } = paragraphLayout(n);
    for (let j = 0; j < runs; j++) emit(hashes[runsAt + j]!, hashes[runsAt + runs + j]!, before + j === 0);
    count = before + n;
    const tailAt = 2 * rolled;
    for (let k = 0; k < RUN_WORDS; k++) {
      ringX[(before + n - RUN_WORDS + k) & (RUN_WORDS - 1)] = hashes[tailAt + k]!;
      ringY[(before + n - RUN_WORDS + k) & (RUN_WORDS - 1)] = hashes[tailAt + RUN_WORDS + k]!;
    }
    kx = hashes[runsAt + runs - 1]!;
    ky = hashes[runsAt + 2 * runs - 1]!;
    start = end + 2;
  }
}

/**
 * Keeps `text`'s runs as `same`'s, read already: `text` is `same` with only the spaces between words changed (a
 * wall of text split into paragraphs), so its words and runs are the same and it is not read again.
 */
export function keepSameRuns(text: string, same: string): void {
  if (text !== same) runsOf.keep(text, runsOf(same));
}
