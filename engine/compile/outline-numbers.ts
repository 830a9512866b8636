// Numbers as outline heads write them: digits, Roman numerals, and every language's numbers written out
// (the table's `reading.numbers`: "twenty-one", "ketiga", "dua puluh satu", "ke-4"), and the number a chapter
// head starts with. Pure.
import { numberOfWords, readingPattern } from '../reading-words.js';

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

/**
 * "3", "three", "twenty-one", "Third", "dua belas", "dua puluh satu", "ketiga", "ke-3", "IV" → a number; NaN otherwise.
 */
export function numberOf(word: string): number {
  const w = word.toLowerCase().replace(/[–—]/g, '-').trim();
  if (/^\d{1,3}$/.test(w)) return Number(w);
  const ordinal = readingPattern(String.raw`^{ordinals}-?\s?(\d{1,3})$`).exec(w);
  if (ordinal) return Number(ordinal[1]);
  const tokens = w.split(/[-\s]+/).filter(Boolean);
  const written = numberOfWords(tokens);
  if (Number.isFinite(written)) return written;
  return tokens.length === 1 && /^[ivxlc]+$/.test(w) ? romanOf(w) : NaN;
}

/**
 * The number a head's text starts with ("3: The Storm", "Three – …", "Dua Puluh Satu", "ke-4", "IV") and
 * the text after it. The longest run of number words that reads as one number wins, so "One Last Chance"
 * is 1 and "Last Chance". Roman numerals count only in capitals ("I", "IV"), never "i" or "mix".
 */
export function leadingNumber(s: string): { n: number; rest: string } | undefined {
  const digits = readingPattern(String.raw`^(?:{ordinals}-?\s?)?(\d{1,3})(?![\d]|[.,]\d)`).exec(s);
  if (digits) return { n: Number(digits[1]), rest: s.slice(digits[0].length) };
  const tokens: Array<{ word: string; end: number }> = [];
  const word = /\p{L}[\p{L}\p{M}]*/uy;
  const gap = /[-–\s]+/uy;
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
    const n =
      k === 1 && /^[ivxlc]+$/i.test(only) ? (/^[IVXLC]+$/.test(only) ? romanOf(only) : NaN) : numberOf(words.join(' '));
    if (Number.isFinite(n) && n > 0) return { n, rest: s.slice(tokens[k - 1]!.end) };
  }
  return undefined;
}
