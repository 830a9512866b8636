// A manuscript's bytes as text: what the file really is (by its first bytes, not its name), and a text
// file's encoding (a byte-order mark for UTF-8 and UTF-16; else UTF-8 when most of its bytes above ASCII
// make valid UTF-8 sequences, its few broken ones replaced by U+FFFD and counted; else Windows-1252, which
// reads Latin-1 too), with line ends made \n and hidden characters removed (cleanText). Bytes that read as
// no text in any of them (control codes, broken sequences, or mostly characters beyond ASCII) are refused.
// Pure: it runs in the browser, the server and the command line alike. A file that cannot be read is an
// ImportRefusal (a catalogue code and its parameters), never an exception with English in it.
import { cleanText } from '../clean-text.js';
import { catalogueMessage, KaryaError } from '../errors.js';
import type { Lang } from '../spec/types.js';
import { catalogue, isLang, langs, languageName as tableLanguageName, wordIn } from '../languages/index.js';
import { listIn } from '../list-words.js';

/** What a file's first bytes say it is. */
export type FileKind = 'text' | 'zip' | 'pdf' | 'image' | 'binary' | 'empty';

/** The formats an import reads, from the file's name. */
export type ImportFormat = 'text' | 'markdown' | 'docx' | 'epub';

/** How big a manuscript may be: 20 MB of file, 400,000 words of text. */
export const IMPORT_LIMITS = { bytes: 20 * 1024 * 1024, words: 400_000 } as const;

/** A file an import does not read, with the catalogue code that says why and its parameters. */
export class ImportRefusal extends KaryaError {
  override readonly params: Readonly<Record<string, string>>;

  constructor(
    readonly code: 'import_too_large' | 'import_empty' | 'import_not_format' | 'import_not_text' | 'import_unknown_format' | 'import_too_many_words' | 'import_bad_split' | 'import_zip_bomb' | 'import_unreadable' | 'import_too_complex' | 'import_busy' | 'import_protected' | 'import_chapters_fewer' | 'import_book_ended' | 'import_language_unclear' | 'import_language_other' | 'import_needs_generator' | 'import_total_set',
    params: Readonly<Record<string, string>>,
    /** What went wrong in a reader's own words, for the server's log: never shown to the writer. */
    readonly detail?: string,
  ) {
    super(code, { httpStatus: 400 });
    this.name = 'ImportRefusal';
    // Whoever refuses (the checks here, the DOCX and EPUB readers, the book of an import), the file is named as the
    // preview
    // names it.
    this.params = params.file === undefined ? params : { ...params, file: importFileName(params.file) };
  }

  /** In `lang`, the kinds, reasons and languages it names in that language too. */
  override messageIn(lang: Lang): string {
    return importRefusalMessage(this, lang);
  }
}

/**
 * A file's name as a writer is shown it: without its folders and without hidden characters (cleanText), so a
 * right-to-left override cannot make "novelgpj.txt" look like "noveltxt.jpg".
 */
export function importFileName(path: string): string {
  return cleanText(path.split(/[\\/]/).pop() ?? path).trim();
}

const startsWith = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);

/** What the first bytes of a file say it is (a text file has no NUL byte in its first 8 KB, or a UTF-16 mark). */
export function fileKindOf(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) || startsWith(bytes, 0xff, 0xd8, 0xff) || startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return 'image';
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) return 'text';
  const head = bytes.subarray(0, 8192);
  let controls = 0;
  for (const b of head) {
    if (b === 0) return 'binary';
    if (b < 9 || (b > 13 && b < 32)) controls += 1;
  }
  return controls > head.length / 100 ? 'binary' : 'text';
}

/** The format a file's name promises (its extension), or undefined for one an import does not read. */
export function formatOfName(name: string): ImportFormat | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'txt' || ext === 'text') return 'text';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'docx') return 'docx';
  if (ext === 'epub') return 'epub';
  return undefined;
}

/** What a file's bytes are, in words, for a refusal's {found} (catalogue `import-file-kinds`). */
const KIND_NAMES = catalogue('import-file-kinds', [
  'text', 'zip', 'pdf', 'image', 'binary', 'empty',
]) satisfies Record<FileKind, unknown>;

/** Why a file could not be read (an import_unreadable's {reason}), in words. */
export type UnreadableReason = 'zip' | 'package' | 'document' | 'xml' | 'content';
const REASON_NAMES = catalogue('import-unreadable', [
  'zip', 'package', 'document', 'xml', 'content',
]) satisfies Record<UnreadableReason, unknown>;

/**
 * A language's name in `lang`: the table's for its own languages, else Intl's (`deu` → German, Jerman), or the code
 * itself when it has none.
 */
function languageName(code: string, lang: Lang): string {
  if (isLang(code)) return tableLanguageName(code, lang);
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A refusal in the writer's language (its {found} and {reason} named in that language too). */
export function importRefusalMessage(refusal: ImportRefusal, lang: Lang): string {
  const found = refusal.params.found as FileKind | undefined;
  const reason = Object.hasOwn(REASON_NAMES, refusal.params.reason ?? '') ? REASON_NAMES[refusal.params.reason as UnreadableReason] : REASON_NAMES.content;
  return catalogueMessage(refusal.code, lang, {
    ...refusal.params,
    ...(found && Object.hasOwn(KIND_NAMES, found) ? { found: wordIn(KIND_NAMES[found], lang, 'import-file-kinds') } : {}),
    ...(refusal.params.reason !== undefined ? { reason: wordIn(reason, lang, 'import-unreadable') } : {}),
    ...(refusal.params.language !== undefined ? { language: languageName(refusal.params.language, lang), ...writtenLanguages(lang) } : {}),
    ...(refusal.params.shares !== undefined ? { shares: sharesIn(String(refusal.params.shares), lang), langs: langs().join(', ') } : {}),
  });
}

/**
 * The languages Karya writes, as `lang` names and lists them ("English, Bahasa Malaysia, and Indonesian"), and each as
 * the --lang that chooses it.
 */
function writtenLanguages(lang: Lang): { languages: string; choices: string } {
  return {
    languages: listIn(langs().map((code) => languageName(code, lang)), lang, 'and'),
    choices: listIn(langs().map((code) => `--lang ${code}`), lang, 'or'),
  };
}

/**
 * A manuscript's shares of languages (`en:55,ms:45`) in words: "55% English and 45% Bahasa Malaysia", the list as
 * `lang` joins one.
 */
function sharesIn(shares: string, lang: Lang): string {
  const items = shares.split(',').filter(Boolean).map((item) => {
    const [code, share] = item.split(':');
    return `${share}% ${languageName(code ?? '', lang)}`;
  });
  return listIn(items, lang, 'and');
}

/**
 * Checks a file before it is read: not empty, not over the size limit, a format the import reads, and
 * bytes that are what its name says (a PNG renamed .docx, a ZIP named .txt are refused).
 */
export function checkImportFile(name: string, bytes: Uint8Array): ImportFormat {
  const file = importFileName(name);
  if (bytes.length > IMPORT_LIMITS.bytes) throw tooLargeRefusal(file, bytes.length);
  const format = formatOfName(file);
  if (!format) throw new ImportRefusal('import_unknown_format', { file });
  const kind = fileKindOf(bytes);
  if (kind === 'empty') throw new ImportRefusal('import_empty', { file });
  const wanted: FileKind = format === 'docx' || format === 'epub' ? 'zip' : 'text';
  if (kind !== wanted) throw new ImportRefusal('import_not_format', { file, format: format.toUpperCase(), found: kind });
  if (wanted === 'text') {
    const { strange, nonSpace } = surveyText(bytes);
    if (strange >= NOT_TEXT.atLeast && strange > NOT_TEXT.share * nonSpace) throw new ImportRefusal('import_not_text', { file, share: `${Math.round((100 * strange) / nonSpace)}%` });
  }
  return format;
}

/** The refusal of a file of `bytes` bytes, over the size limit (callers check the size before they read the file). */
export function tooLargeRefusal(file: string, bytes: number): ImportRefusal {
  return new ImportRefusal('import_too_large', { file, size: megabytes(bytes), limit: megabytes(IMPORT_LIMITS.bytes) });
}

function megabytes(n: number): string {
  return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
}

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
const NOT_TEXT = { share: 0.3, atLeast: 32 } as const;

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
function surveyText(bytes: Uint8Array): TextSurvey {
  if (startsWith(bytes, 0xff, 0xfe)) return surveyUtf16(bytes, true);
  if (startsWith(bytes, 0xfe, 0xff)) return surveyUtf16(bytes, false);
  const bom = startsWith(bytes, 0xef, 0xbb, 0xbf) ? 3 : 0;
  const utf8 = surveyUtf8(bytes, bom);
  const above = utf8.validBytes + utf8.brokenBytes;
  const isUtf8 = bom > 0 || above === 0 || utf8.validBytes >= UTF8_SHARE * above;
  if (isUtf8) return { encoding: 'utf-8', bom, replaced: utf8.replaced, strange: utf8.controls + utf8.replaced, nonSpace: utf8.asciiNonSpace + utf8.sequences + utf8.replaced };
  // Read as Windows-1252, every byte above ASCII is one character.
  return { encoding: 'windows-1252', bom: 0, replaced: 0, strange: utf8.controls + above, nonSpace: utf8.asciiNonSpace + above };
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
    const [low, high] = b === 0xe0 ? [0xa0, 0xbf] : b === 0xed ? [0x80, 0x9f] : b === 0xf0 ? [0x90, 0xbf] : b === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
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
  return { encoding: isLittleEndian ? 'utf-16le' : 'utf-16be', bom: 2, replaced, strange: controls + replaced, nonSpace };
}
