// Malaysian Malay from Indonesian (language.ts): the weighted markers of a run of words (words and phrases of
// language-words.ts, a clitic taken off, a reduplicated base, the -iti/-itas endings) and the markers read from
// the text as written (patterns: datelines, amounts, number and clock formats).
import { MARKERS, PHRASE_STARTS } from './language-words.js';
import { HASH_MASK, hashOf, wordAt } from './language-scan.js';

/** What a pattern cannot match without: one of these strings (as written), a digit. */
interface Needs {
  literals: readonly string[];
  digit?: true;
}

/**
 * Markers read from the text as written (case, numbers): Indonesian day-and-date datelines "Senin
 * (12/5/2024)", time zones, Rp and RM amounts, Sdn Bhd and PT companies, thousands written 1.010 (Indonesian)
 * or 1,391 (Malaysian) and decimals written 5,9 (Indonesian), "Anda" capitalised mid-sentence (Indonesian),
 * the Malaysian "Dis"/"Sept" month abbreviations after a day. Each with what it cannot match without: a text
 * without it is not scanned by it (most answers have no digit and none of the names).
 */
const PATTERNS: ReadonlyArray<readonly [RegExp, number, Needs]> = [
  [/\b(?:Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu|Ahad),? ?\(\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\)/g, -3, { literals: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu', 'Ahad'], digit: true }],
  [/\bRp ?\d/g, -3, { literals: ['Rp'], digit: true }],
  [/\bRM ?\d/g, 3, { literals: ['RM'], digit: true }],
  [/\bSdn\.? Bhd\b/g, 3, { literals: ['Sdn'] }],
  [/\b(?:PT|CV) [A-Z]/g, -2, { literals: ['PT ', 'CV '] }],
  [/\bTbk\b/g, -3, { literals: ['Tbk'] }],
  [/(?<![\d.,]|RM ?)\d{1,3}(?:\.\d{3})+(?![\d,]|\.\d| ?(?:peratus|bilion|trilion|juta|saat|%))/g, -2, { literals: [], digit: true }],
  [/(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d.]|,\d)/g, 1, { literals: [], digit: true }],
  [/(?<![\d.,])\d+,\d{1,2}(?![\d,])(?= ?(?:persen|%|juta|miliar|triliun|meter|kilometer|km|kg|ton|hektare))/g, -2, { literals: [], digit: true }],
  [/(?<![\d.,])\d+\.\d{1,2}(?![\d.])(?= ?(?:peratus|%|juta|bilion|trilion))/g, 1, { literals: [], digit: true }],
  [/[^.!?\n"“] Anda\b/g, -2, { literals: [' Anda'] }],
  [/\b\d{1,2} (?:Dis|Sept|Ogos|Julai|Jun|Mac)\b/g, 3, { literals: ['Dis', 'Sept', 'Ogos', 'Julai', 'Jun', 'Mac'], digit: true }],
  [/\(Bernama\)/g, 3, { literals: ['(Bernama)'] }],
  [/\bMinggu (?:pagi|siang|sore|malam)\b/g, -3, { literals: ['Minggu '] }],
  [/\bKepala (?:[A-Z]|[a-z]+ [A-Z])/g, -2, { literals: ['Kepala '] }],
  // The clock: Indonesian news writes 14.30 or 10.07 WIB, the Malaysian press 2.30 petang, 10 pagi.
  [/\b(?:pukul|jam) (?:1[3-9]|2[0-3])[.:]\d{2}\b/g, -2, { literals: ['pukul ', 'jam '], digit: true }],
  [/\bpukul \d{1,2}[.:]\d{2}\b(?! ?(?:pagi|petang|malam|tengah|subuh|waktu|WIB|WITA|WIT))/g, -1, { literals: ['pukul '], digit: true }],
  // Datelines of the Indonesian press ("JAKARTA, KOMPAS.com -", "Tabanan, Kompas -", "Jakarta (ANTARA) -").
  [/\b(?:KOMPAS\.com|Kompas\.com|Kompas\.id|TEMPO\.CO|Tempo\.co|Liputan6\.com|detik(?:com|news|finance|sport|inet|health)|CNNIndonesia\.com|Tribunnews\.com)\b|, Kompas [-–]|\(ANTARA\) [-–]/g, -3, { literals: ['KOMPAS.com', 'Kompas.com', 'Kompas.id', 'TEMPO.CO', 'Tempo.co', 'Liputan6.com', 'detik', 'CNNIndonesia.com', 'Tribunnews.com', ', Kompas ', '(ANTARA) '] }],
];

/** Add the weight of the patterns' matches in `text` (a pattern is not run on a text without what it needs). */
export function addPatternMarkers(text: string, sums: MarkerSums): void {
  const hasDigit = /[0-9]/.test(text);
  for (const [pattern, weight, needs] of PATTERNS) {
    if ((needs.digit && !hasDigit) || (needs.literals.length && !needs.literals.some((l) => text.includes(l)))) continue;
    const found = text.match(pattern)?.length ?? 0;
    if (weight > 0) sums.ms += found * weight;
    else {
      sums.id -= found * weight;
      sums.idStrong -= found * weight;
    }
  }
}

/** The weight of the markers found so far: Malaysian, Indonesian, and of the Indonesian the firm ones (weight 1 or more). */
export interface MarkerSums {
  ms: number;
  id: number;
  idStrong: number;
}

/**
 * Hashes (hashOf) of the one-word markers and of the words a marker phrase starts with. A word whose hash is
 * none of these, with no clitic, no dash and no -iti/-itas ending, weighs nothing: it is passed over without a
 * string made for it (most words of a Malay sentence).
 */
const MARKER_HASHES = new Set([...[...MARKERS.keys()].filter((k) => !k.includes(' ')), ...PHRASE_STARTS.keys()].map(hashOf));

/** Whether the text before `end` ends with `suffix` (lower-case ASCII), read in lower case. */
function endsWithLower(text: string, end: number, suffix: string): boolean {
  const from = end - suffix.length;
  for (let k = 0; k < suffix.length; k++) {
    const c = text.charCodeAt(from + k);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== suffix.charCodeAt(k)) return false;
  }
  return true;
}

/** The hash (hashOf) of the word at [start, end) in lower case with ’ as ', or -1 when it has a letter that is not ASCII or a dash. */
function plainHashAt(text: string, start: number, end: number): number {
  let h = 0;
  for (let i = start; i < end; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) c |= 0x20;
    else if (c === 0x2019) c = 0x27;
    else if (c >= 0x80 || c === 0x2d) return -1;
    h = (Math.imul(h, 31) + c) & HASH_MASK;
  }
  return h;
}

/** Whether the word at [start, end) may weigh as a marker or start a marker phrase (addMarkersAt); any word with a letter that is not ASCII, or a dash, may. */
function mayWeigh(text: string, start: number, end: number): boolean {
  const h = plainHashAt(text, start, end);
  if (h < 0 || MARKER_HASHES.has(h)) return true;
  const n = end - start;
  if (n >= 6 && (endsWithLower(text, end, 'nya') || endsWithLower(text, end, 'lah') || endsWithLower(text, end, 'kah') || endsWithLower(text, end, 'pun'))) return true;
  return n >= 7 && (endsWithLower(text, end, 'itas') || endsWithLower(text, end, 'iti'));
}

/** Hashes of the second words of the marker phrases: a phrase start followed by none of them starts no phrase. */
const SECOND_HASHES = new Set([...MARKERS.keys()].filter((k) => k.includes(' ')).map((k) => hashOf(k.split(' ')[1]!)));

/**
 * addMarkers over the words of a unit as the scan found them (its `count` words from `from`: [starts[i], ends[i]) of
 * `text`), a word made a string only where it may weigh, and once.
 */
export function addMarkersAt(text: string, starts: ArrayLike<number>, ends: ArrayLike<number>, count: number, sums: MarkerSums, from = 0): void {
  const made: Array<string | undefined> = [];
  const wordOf = (i: number) => (made[i - from] ??= wordAt(text, starts[i]!, ends[i]!));
  const last = from + count;
  for (let i = from; i < last; i++) {
    if (!mayWeigh(text, starts[i]!, ends[i]!)) continue;
    const word = wordOf(i);
    let weight: number | undefined;
    let span = 1;
    const longest = PHRASE_STARTS.get(word);
    if (longest !== undefined && i + 1 < last) {
      const next = plainHashAt(text, starts[i + 1]!, ends[i + 1]!);
      if (next < 0 || SECOND_HASHES.has(next)) {
        for (let n = Math.min(longest, last - i); n >= 2 && weight === undefined; n--) {
          let phrase = word;
          for (let k = 1; k < n; k++) phrase += ` ${wordOf(i + k)}`;
          weight = MARKERS.get(phrase);
          if (weight !== undefined) span = n;
        }
      }
    }
    if (weight === undefined) weight = wordWeight(word);
    addWeight(weight, sums);
    i += span - 1;
  }
}

/** A word's weight alone: as a marker, else its stem's, its reduplicated base's or its ending's. */
function wordWeight(word: string): number {
  const weight = MARKERS.get(word);
  if (weight !== undefined) return weight;
  const stem = stemOf(word);
  return (stem !== word ? MARKERS.get(stem) : undefined) ?? reduplicatedWeight(stem) ?? suffixWeight(stem);
}

function addWeight(weight: number, sums: MarkerSums): void {
  if (weight > 0) sums.ms += weight;
  else if (weight < 0) {
    sums.id -= weight;
    if (weight <= -1) sums.idStrong -= weight;
  }
}

/** A word without the clitic it ends with (kebijakannya → kebijakan, bisakah → bisa); the word itself when none. */
function stemOf(word: string): string {
  if (word.length < 6) return word;
  return word.endsWith('nya') || word.endsWith('lah') || word.endsWith('kah') || word.endsWith('pun') ? word.slice(0, -3) : word;
}

/** A reduplicated word weighs as its base (hewan-hewan as hewan, kedai-kedai as kedai); undefined for others. */
function reduplicatedWeight(word: string): number | undefined {
  const dash = word.indexOf('-');
  if (dash < 3 || word.slice(dash + 1) !== word.slice(0, dash)) return undefined;
  return MARKERS.get(word.slice(0, dash));
}

/** -iti (universiti, kualiti) is Malaysian and -itas (universitas, kualitas) Indonesian, for words not in MARKERS. */
function suffixWeight(word: string): number {
  if (word.length >= 7 && word.endsWith('itas')) return -2;
  if (word.length >= 7 && word.endsWith('iti') && !word.endsWith('teliti')) return 2;
  return 0;
}
