// The tokens a text's characters take, script by script, conservatively: what engine/context-window.ts estimates a
// request by. ASCII text takes one token for every 3.5 code units; other scripts take more. Measured with OpenAI's
// o200k (gpt-4o-mini's tokenizer) on prose, code units a token: English 4.3, Malay 4.3, Russian 3.5, Arabic 3.0,
// Hindi 2.9, Greek and Tamil 2.8, Thai 2.5, Myanmar 2.0, Khmer 1.7, Korean 1.5, Japanese and Chinese 1.2. Each
// block's rate below is its measure less a fifth or more (English's 3.5 against its 4.3), so a prompt in any of them
// is not estimated under its count; a letter with a mark in Latin (é, Vietnamese's ơ) takes more than a plain one.
// tests/engine/token-estimate.test.ts holds them to o200k's count.

/** Code units a token, by the first code unit of each block (ascending); a unit takes the block it falls in. */
const BLOCKS: ReadonlyArray<readonly [from: number, unitsPerToken: number]> = [
  [0x0000, 3.5], // ASCII
  [0x0080, 2.3], // Latin-1, Latin Extended A and B: letters with marks (Vietnamese's ă, ơ, ư)
  [0x0250, 2.3], // IPA, Greek
  [0x0400, 2.9], // Cyrillic
  [0x0530, 2.3], // Armenian
  [0x0590, 2.0], // Hebrew
  [0x0600, 2.3], // Arabic, Syriac, Thaana, the Indic scripts, Sinhala
  [0x0e00, 1.8], // Thai, Lao
  [0x0f00, 2.3], // Tibetan
  [0x1000, 1.4], // Myanmar
  [0x10a0, 2.3], // Georgian
  [0x1100, 1.0], // Hangul Jamo
  [0x1200, 2.3], // Ethiopic, Cherokee…
  [0x1780, 1.4], // Khmer
  [0x1800, 2.3], // Mongolian…
  [0x1e00, 1.6], // Latin Extended Additional (Vietnamese's ế, ộ), Greek Extended
  [0x2000, 3.5], // General Punctuation (curly quotes, dashes, the ellipsis), currency signs
  [0x20d0, 2.3], // symbols, arrows
  [0x2e80, 0.9], // CJK radicals and punctuation, kana, Hangul compatibility Jamo, CJK ideographs
  [0xa000, 2.3], // Yi…
  [0xac00, 1.0], // Hangul syllables
  [0xd800, 1.0], // surrogates: each half of a character beyond the BMP (CJK, emoji) a token
  [0xe000, 2.3], // private use
  [0xf900, 0.9], // CJK compatibility ideographs
  [0xfb00, 2.3], // presentation forms
  [0xfe30, 0.9], // CJK compatibility forms, small forms, fullwidth forms
  [0xfff0, 2.3],
];

/** Tokens a code unit, hundredths, for every code unit: filled once at the first text beyond Latin. */
let perUnit: Uint8Array | undefined;
function table(): Uint8Array {
  if (perUnit) return perUnit;
  perUnit = new Uint8Array(0x10000);
  BLOCKS.forEach(([from, rate], k) => perUnit!.fill(Math.ceil(100 / rate), from, BLOCKS[k + 1]?.[0] ?? 0x10000));
  return perUnit;
}

/** A code unit outside ASCII and General Punctuation (the blocks of 3.5 units a token). */
const BEYOND_LATIN = /[^\0-\x7f\u2000-\u20cf]/;

/**
 * The tokens a text's characters take, at least: one for every 3.5 code units of Latin text, more in other scripts
 * (BLOCKS). A text wholly in Latin and punctuation is told by one scan.
 * @example scriptTokens('The harbour was quiet.') // 7
 */
export function scriptTokens(text: string): number {
  if (!BEYOND_LATIN.test(text)) return Math.ceil(text.length / 3.5);
  const rates = table();
  let hundredths = 0;
  for (let i = 0; i < text.length; i++) hundredths += rates[text.charCodeAt(i)]!;
  return Math.ceil(hundredths / 100);
}
