// A text file's encoding and what is not text in it: a byte-order mark for UTF-8 and UTF-16; else UTF-8 when
// most of its bytes above ASCII make valid UTF-8 sequences (its few broken ones replaced by U+FFFD and counted);
// else Windows-1252, which reads Latin-1 too. read-text.ts refuses bytes that read as no text in any of them.
// Pure.
import { cleanText } from '../clean-text.js';

/** Whether `bytes` start with the bytes `sig`. */
export const startsWith = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);

/** The encodings a text file is read in. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** A text file's characters, its encoding, and the broken sequences replaced by U+FFFD (one each; 0 when none). */
export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  replacedBytes: number;
}

/**
 * A text file's characters: a byte-order mark decides (UTF-8, UTF-16 LE or BE); else the bytes are read as
 * UTF-8 when at least UTF8_SHARE of the bytes above ASCII make valid UTF-8 sequences (a novel with a few
 * broken bytes stays UTF-8, each broken sequence a U+FFFD), and as Windows-1252 (a superset of Latin-1's
 * printable characters) when not. CRLF and CR become \n; hidden characters are removed.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const { encoding, bom, replaced } = surveyText(bytes);
  const text = new TextDecoder(encoding).decode(bytes.subarray(bom));
  return { text: cleanText(text.replace(/\r\n?/g, '\n')), encoding, replacedBytes: replaced };
}

/**
 * The share of the bytes above ASCII that must make valid UTF-8 for a file without a byte-order mark to be read as
 * UTF-8.
 */
export const UTF8_SHARE = 0.5;

/**
 * Bytes that are not text: more than `share` of the characters that are not spaces are control codes, broken
 * sequences or (read as Windows-1252) beyond ASCII, and at least `atLeast` of them. Latin-1 prose in French
 * or Portuguese has about one accented letter in twenty; random bytes or a file in another code page are
 * mostly such characters.
 */
export const NOT_TEXT = { share: 0.3, atLeast: 32 } as const;

interface TextSurvey {
  encoding: TextEncoding;
  /** The byte-order mark's length. */
  bom: number;
  /** Broken sequences, each read as one U+FFFD. */
  replaced: number;
  /** Characters that are not text (see NOT_TEXT), and the characters that are not spaces. */
  strange: number;
  nonSpace: number;
}

/** What a text file's bytes hold: its encoding and what is not text in it. */
export function surveyText(bytes: Uint8Array): TextSurvey {
  if (startsWith(bytes, 0xff, 0xfe)) return surveyUtf16(bytes, true);
  if (startsWith(bytes, 0xfe, 0xff)) return surveyUtf16(bytes, false);
  const bom = startsWith(bytes, 0xef, 0xbb, 0xbf) ? 3 : 0;
  const utf8 = surveyUtf8(bytes, bom);
  const above = utf8.validBytes + utf8.brokenBytes;
  const isUtf8 = bom > 0 || above === 0 || utf8.validBytes >= UTF8_SHARE * above;
  if (isUtf8)
    return {
      encoding: 'utf-8',
      bom,
      replaced: utf8.replaced,
      strange: utf8.controls + utf8.replaced,
      nonSpace: utf8.asciiNonSpace + utf8.sequences + utf8.replaced,
    };
  // Read as Windows-1252, every byte above ASCII is one character.
  return {
    encoding: 'windows-1252',
    bom: 0,
    replaced: 0,
    strange: utf8.controls + above,
    nonSpace: utf8.asciiNonSpace + above,
  };
}

const isControl = (code: number) => code < 9 || (code > 13 && code < 32) || code === 0x7f;
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13);

/**
 * The bytes above ASCII in valid UTF-8 sequences and in broken ones, and the U+FFFD a decoder writes for the
 * broken ones (one for each maximal part of a sequence, as the WHATWG decoder, so the count is what a writer finds).
 */
function surveyUtf8(bytes: Uint8Array, from: number) {
  let [validBytes, sequences, brokenBytes, replaced, controls, asciiNonSpace] = [0, 0, 0, 0, 0, 0];
  for (let i = from; i < bytes.length;) {
    const b = bytes[i]!;
    if (b < 0x80) {
      if (isControl(b)) controls += 1;
      if (!isSpace(b)) asciiNonSpace += 1;
      i += 1;
      continue;
    }
    const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
    // The second byte's range shuts out overlong forms, surrogates and code points above U+10FFFF.
    const [low, high] =
      b === 0xe0
        ? [0xa0, 0xbf]
        : b === 0xed
          ? [0x80, 0x9f]
          : b === 0xf0
            ? [0x90, 0xbf]
            : b === 0xf4
              ? [0x80, 0x8f]
              : [0x80, 0xbf];
    let k = 1;
    for (; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) break;
    }
    if (need > 0 && k > need) {
      validBytes += need + 1;
      sequences += 1;
    } else {
      brokenBytes += k;
      replaced += 1;
    }
    i += need > 0 && k > need ? need + 1 : k;
  }
  return { validBytes, sequences, brokenBytes, replaced, controls, asciiNonSpace };
}

/**
 * A UTF-16 file's survey: a surrogate without its pair, or a last byte alone, is broken; control codes and private-use
 * characters are not text.
 */
function surveyUtf16(bytes: Uint8Array, isLittleEndian: boolean): TextSurvey {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let [replaced, controls, nonSpace] = [bytes.length % 2, 0, 0];
  const units = Math.floor(bytes.length / 2);
  for (let u = 1; u < units; u++) {
    const code = view.getUint16(2 * u, isLittleEndian);
    if (isSpace(code) || code === 0x85 || code === 0xa0 || code === 0x2028 || code === 0x2029) continue;
    nonSpace += 1;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = u + 1 < units ? view.getUint16(2 * (u + 1), isLittleEndian) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) u += 1;
      else replaced += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) replaced += 1;
    else if (isControl(code) || (code >= 0x80 && code <= 0x9f) || (code >= 0xe000 && code <= 0xf8ff)) controls += 1;
  }
  return {
    encoding: isLittleEndian ? 'utf-16le' : 'utf-16be',
    bom: 2,
    replaced,
    strange: controls + replaced,
    nonSpace,
  };
}
