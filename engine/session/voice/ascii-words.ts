// Words of a text written in ASCII letters (with typographic quotes and dashes, none of them a letter), read
// by char codes: what wordsOf gives for such a text (runs of letters and digits with inner apostrophes and
// hyphens, lower case), without making a string a word. Most parts are written so; a text with any other
// letter is read from its word list by the callers.

/** Typographic marks that are no letters and lower-case to themselves: ‘ ’ “ ” – — … and the no-break space. */
export const isMark = (c: number) =>
  c === 0x2019 ||
  c === 0x2018 ||
  c === 0x201c ||
  c === 0x201d ||
  c === 0x2013 ||
  c === 0x2014 ||
  c === 0x2026 ||
  c === 0xa0;
export const isAlnum = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39);
export const isJoiner = (c: number) => c === 0x27 || c === 0x2019 || c === 0x2d;
/** A character read as lower case (A–Z), others as they are. */
export const lowerOf = (c: number) => (c >= 0x41 && c <= 0x5a ? c | 0x20 : c);
/** Hashes are kept to 30 bits: small integers, which a Map looks up without making a number object. */
export const HASH_MASK = 0x3fffffff;

/** True when the words at [a, aEnd) and [b, bEnd) are the same in lower case. */
function isSameWord(text: string, a: number, aEnd: number, b: number, bEnd: number): boolean {
  if (aEnd - a !== bEnd - b) return false;
  for (let i = 0; i < aEnd - a; i++)
    if (lowerOf(text.charCodeAt(a + i)) !== lowerOf(text.charCodeAt(b + i))) return false;
  return true;
}

/**
 * The words of a text as numbers, in order (the same number for the same word, numbered from 0 as they first
 * come), and how many different words there are; undefined for a text with another letter than an ASCII one.
 * @example wordIdsOf("The cat saw the cat.") // { ids: [0, 1, 2, 0, 1], kinds: 3 }
 */
export function wordIdsOf(text: string): { ids: number[]; kinds: number } | undefined {
  const ids: number[] = [];
  // Each word's first place in the text, by its number; the numbers by a hash of the word.
  const starts: number[] = [];
  const ends: number[] = [];
  const byHash = new Map<number, number | number[]>();
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (!isAlnum(c)) {
      if (c >= 0x80 && !isMark(c)) return undefined;
      i++;
      continue;
    }
    // The word's end (letters and digits, and an apostrophe or hyphen between two of them) and its hash, in one pass.
    let h = lowerOf(c);
    let end = i + 1;
    while (end < text.length) {
      const d = text.charCodeAt(end);
      if (!isAlnum(d) && !(isJoiner(d) && end + 1 < text.length && isAlnum(text.charCodeAt(end + 1)))) break;
      h = (Math.imul(h, 31) + lowerOf(d)) & HASH_MASK;
      end++;
    }
    const known = byHash.get(h);
    let id = -1;
    if (typeof known === 'number') id = isSameWord(text, i, end, starts[known]!, ends[known]!) ? known : -1;
    else if (known) for (const k of known) if (isSameWord(text, i, end, starts[k]!, ends[k]!)) id = k;
    if (id < 0) {
      id = starts.length;
      starts.push(i);
      ends.push(end);
      byHash.set(h, known === undefined ? id : typeof known === 'number' ? [known, id] : [...known, id]);
    }
    ids.push(id);
    i = end;
  }
  return { ids, kinds: starts.length };
}
