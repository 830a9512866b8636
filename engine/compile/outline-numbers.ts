// Numbers as outline heads write them: digits, English and Malay number words and ordinals ("twenty-one",
// "ketiga", "dua puluh satu", "ke-4") and Roman numerals, and the number a chapter head starts with. Pure.

const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_ORDINALS = ['zeroth', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const EN_ORDINAL_TENS = ['', '', 'twentieth', 'thirtieth', 'fortieth', 'fiftieth', 'sixtieth', 'seventieth', 'eightieth', 'ninetieth'];
const MS_UNITS = ['', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'lapan', 'sembilan'];

function englishNumber(t: readonly string[]): number {
  if (t.length === 1) {
    const w = t[0]!;
    const unit = Math.max(EN_UNITS.indexOf(w), EN_ORDINALS.indexOf(w));
    if (unit > 0) return unit;
    const tens = Math.max(EN_TENS.indexOf(w), EN_ORDINAL_TENS.indexOf(w));
    if (tens > 1) return tens * 10;
    return w === 'hundred' || w === 'hundredth' ? 100 : NaN;
  }
  if (t.length === 2) {
    if ((t[0] === 'one' || t[0] === 'a') && (t[1] === 'hundred' || t[1] === 'hundredth')) return 100;
    const tens = EN_TENS.indexOf(t[0]!);
    const unit = Math.max(EN_UNITS.indexOf(t[1]!), EN_ORDINALS.indexOf(t[1]!));
    if (tens > 1 && unit > 0 && unit < 10) return tens * 10 + unit;
  }
  return NaN;
}

function malayNumber(t: readonly string[]): number {
  if (!t.length) return NaN;
  // Ordinals: "pertama", "kedua", "ketiga", "kesepuluh", "kedua belas", "kedua puluh satu".
  if (t.length === 1 && t[0] === 'pertama') return 1;
  const first = t[0]!;
  const words = first.startsWith('ke') && first.length > 2 && first !== 'ke' ? [first.slice(2), ...t.slice(1)] : t;
  const unit = (w: string | undefined) => (w ? MS_UNITS.indexOf(w) : -1);
  if (words.length === 1) {
    const w = words[0]!;
    if (unit(w) > 0) return unit(w);
    return w === 'sepuluh' ? 10 : w === 'sebelas' ? 11 : w === 'seratus' ? 100 : NaN;
  }
  const u = unit(words[0]);
  if (u < 1) return NaN;
  if (words.length === 2 && words[1] === 'belas' && u >= 2) return 10 + u;
  if (words[1] === 'puluh' && u >= 2) {
    if (words.length === 2) return 10 * u;
    if (words.length === 3 && unit(words[2]) > 0) return 10 * u + unit(words[2]);
  }
  return NaN;
}

function romanOf(s: string): number {
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const a = v[s[i]!.toLowerCase()]!;
    const b = v[s[i + 1]?.toLowerCase() ?? ''] ?? 0;
    total += a < b ? -a : a;
  }
  return total > 0 && total <= 100 ? total : NaN;
}

/** "3", "three", "twenty-one", "Third", "dua belas", "dua puluh satu", "ketiga", "ke-3", "IV" → a number; NaN otherwise. */
export function numberOf(word: string): number {
  const w = word.toLowerCase().replace(/[–—]/g, '-').trim();
  if (/^\d{1,3}$/.test(w)) return Number(w);
  const ke = /^ke-?\s?(\d{1,3})$/.exec(w);
  if (ke) return Number(ke[1]);
  const tokens = w.split(/[-\s]+/).filter(Boolean);
  const en = englishNumber(tokens);
  if (Number.isFinite(en)) return en;
  const ms = malayNumber(tokens);
  if (Number.isFinite(ms)) return ms;
  return tokens.length === 1 && /^[ivxlc]+$/.test(w) ? romanOf(w) : NaN;
}

/**
 * The number a head's text starts with ("3: The Storm", "Three – …", "Dua Puluh Satu", "ke-4", "IV") and
 * the text after it. The longest run of number words that reads as one number wins, so "One Last Chance"
 * is 1 and "Last Chance". Roman numerals count only in capitals ("I", "IV"), never "i" or "mix".
 */
export function leadingNumber(s: string): { n: number; rest: string } | undefined {
  const digits = /^(?:ke-?\s?)?(\d{1,3})(?![\d]|[.,]\d)/i.exec(s);
  if (digits) return { n: Number(digits[1]), rest: s.slice(digits[0].length) };
  const tokens: Array<{ word: string; end: number }> = [];
  const word = /[A-Za-z]+/y;
  const gap = /[-–\s]+/y;
  let at = 0;
  while (tokens.length < 4) {
    word.lastIndex = at;
    const m = word.exec(s);
    if (!m) break;
    tokens.push({ word: m[0], end: word.lastIndex });
    gap.lastIndex = word.lastIndex;
    if (!gap.exec(s)) break;
    at = gap.lastIndex;
  }
  for (let k = tokens.length; k > 0; k--) {
    const words = tokens.slice(0, k).map((t) => t.word);
    const only = words[0]!;
    // A word of Roman letters counts only in capitals ("IV"), so "civil" or "mix" stay words.
    const n = k === 1 && /^[ivxlc]+$/i.test(only) ? (/^[IVXLC]+$/.test(only) ? romanOf(only) : NaN) : numberOf(words.join(' '));
    if (Number.isFinite(n) && n > 0) return { n, rest: s.slice(tokens[k - 1]!.end) };
  }
  return undefined;
}
