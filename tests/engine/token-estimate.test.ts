// The token estimate a request is fitted to the window with: a prompt that fits by its length alone is not
// read, and every answer is the one the full count gives (one token a 3.5 characters of ASCII, more in other scripts,
// at least one a word). In every script, prose is estimated at or over OpenAI's o200k count and within half again of
// it (before, a Chinese prompt was estimated at a third of its tokens, a Korean or Thai one at under two thirds).
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { SCRIPT_SAMPLES } from './script-samples.js';
import {
  estimateTokens,
  fitsWindow,
  fittedMaxTokens,
  MIN_ANSWER_TOKENS,
  promptTokensOf,
} from '../../engine/context-window.js';

/** Texts whose words outnumber their 3.5-character tokens (one-letter words) and ordinary prose, short and long. */
const TEXTS = [
  '',
  'a',
  'a b c d e f g',
  'x '.repeat(3000),
  'The harbour was quiet that morning. '.repeat(200),
  'kata\u00a0demi\u2003kata '.repeat(500),
];

describe('the token estimate', () => {
  it('counts one token a 3.5 characters, or one a word when words are more', () => {
    expect(estimateTokens('a b c d e f g')).toBe(7);
    expect(estimateTokens('The harbour was quiet that morning.')).toBe(10);
    // Counted again (remembered), the same.
    const long = 'x '.repeat(3000);
    expect(estimateTokens(long)).toBe(3000);
    expect(estimateTokens(long)).toBe(3000);
  });

  it('says a request fits exactly when its counted prompt and the room fit the window', () => {
    for (const system of TEXTS) {
      for (const user of TEXTS) {
        const request = { system, user };
        const prompt = promptTokensOf(request);
        for (const window of [600, prompt + 1000, prompt + 999, 8192, 128_000]) {
          expect(fitsWindow(request, 1000, window), `${system.length}/${user.length}/${window}`).toBe(
            prompt + 1000 <= window,
          );
          const expected =
            window - prompt < Math.min(MIN_ANSWER_TOKENS, 1000) ? undefined : Math.min(1000, window - prompt);
          expect(fittedMaxTokens({ ...request, maxTokens: 1000 }, window)).toBe(expected);
        }
      }
    }
  });

  it("is at or over the tokenizer's count in every script, and within half again of it", () => {
    for (const [language, sample] of Object.entries(SCRIPT_SAMPLES)) {
      // A paragraph, and a prompt's length of it (counted once and remembered).
      for (const text of [sample, Array.from({ length: 30 }, () => sample).join('\n\n')]) {
        const tokens = encode(text).length;
        const estimate = estimateTokens(text);
        expect(estimate, `${language}: ${estimate} for ${tokens}`).toBeGreaterThanOrEqual(tokens);
        expect(estimate, `${language}: ${estimate} for ${tokens}`).toBeLessThanOrEqual(1.5 * tokens);
      }
    }
  });
});
