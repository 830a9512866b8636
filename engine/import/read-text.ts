// A manuscript's bytes as text: what the file really is (by its first bytes, not its name), and a text
// file's encoding (a byte-order mark for UTF-8 and UTF-16, else strict UTF-8, else Windows-1252, which
// reads Latin-1 too), with line ends made \n and hidden characters removed (cleanText). Pure: it runs in
// the browser, the server and the command line alike. A file that cannot be read is an ImportRefusal
// (a catalogue code and its parameters), never an exception with English in it.
import { cleanText } from '../clean-text.js';
import { catalogueMessage, KaryaError } from '../errors.js';
import type { Bilingual, Lang } from '../spec/types.js';

/** What a file's first bytes say it is. */
export type FileKind = 'text' | 'zip' | 'pdf' | 'image' | 'binary' | 'empty';

/** The formats an import reads, from the file's name. */
export type ImportFormat = 'text' | 'markdown' | 'docx' | 'epub';

/** How big a manuscript may be: 20 MB of file, 400,000 words of text. */
export const IMPORT_LIMITS = { bytes: 20 * 1024 * 1024, words: 400_000 } as const;

/** A file an import does not read, with the catalogue code that says why and its parameters. */
export class ImportRefusal extends KaryaError {
  constructor(
    readonly code: 'import_too_large' | 'import_empty' | 'import_not_format' | 'import_unknown_format' | 'import_too_many_words' | 'import_bad_split' | 'import_zip_bomb' | 'import_unreadable' | 'import_too_complex' | 'import_busy' | 'import_protected' | 'import_chapters_fewer' | 'import_book_ended' | 'import_language_unclear' | 'import_language_other' | 'import_needs_generator' | 'import_total_set',
    override readonly params: Readonly<Record<string, string>>,
    /** What went wrong in a reader's own words, for the server's log: never shown to the writer. */
    readonly detail?: string,
  ) {
    super(code, { httpStatus: 400 });
    this.name = 'ImportRefusal';
  }
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

/** What a file's bytes are, in words, for a refusal's {found}. */
const KIND_NAMES: Readonly<Record<FileKind, Bilingual>> = {
  text: { en: 'text', ms: 'teks' },
  zip: { en: 'a ZIP archive', ms: 'arkib ZIP' },
  pdf: { en: 'a PDF document', ms: 'dokumen PDF' },
  image: { en: 'an image', ms: 'imej' },
  binary: { en: 'binary data', ms: 'data binari' },
  empty: { en: 'nothing', ms: 'kosong' },
};

/** Why a file could not be read (an import_unreadable's {reason}), in words. */
export type UnreadableReason = 'zip' | 'package' | 'document' | 'xml' | 'content';
const REASON_NAMES: Readonly<Record<UnreadableReason, Bilingual>> = {
  zip: { en: 'its ZIP archive is damaged', ms: 'arkib ZIP-nya rosak' },
  package: { en: 'it has no EPUB package document', ms: 'ia tiada dokumen pakej EPUB' },
  document: { en: 'it has no Word document part', ms: 'ia tiada bahagian dokumen Word' },
  xml: { en: 'its document is damaged: its elements do not close', ms: 'dokumennya rosak: unsur-unsurnya tidak ditutup' },
  content: { en: 'its content is not in a form Karya reads', ms: 'kandungannya bukan dalam bentuk yang dibaca oleh Karya' },
};

/** A language's name in `lang` (`deu` → German, Jerman), or the code itself when it has none. */
function languageName(code: string, lang: Lang): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A refusal in the writer's language (its {found} and {reason} named in that language too). */
export function importRefusalMessage(refusal: ImportRefusal, lang: Lang): string {
  const found = refusal.params.found as FileKind | undefined;
  const reason = REASON_NAMES[refusal.params.reason as UnreadableReason] as Bilingual | undefined;
  return catalogueMessage(refusal.code, lang, {
    ...refusal.params,
    ...(found && KIND_NAMES[found] ? { found: KIND_NAMES[found][lang] } : {}),
    ...(refusal.params.reason !== undefined ? { reason: reason?.[lang] ?? REASON_NAMES.content[lang] } : {}),
    ...(refusal.params.language !== undefined ? { language: languageName(refusal.params.language, lang) } : {}),
  });
}

/**
 * Checks a file before it is read: not empty, not over the size limit, a format the import reads, and
 * bytes that are what its name says (a PNG renamed .docx, a ZIP named .txt are refused).
 */
export function checkImportFile(name: string, bytes: Uint8Array): ImportFormat {
  const file = name.split(/[\\/]/).pop() ?? name;
  if (bytes.length > IMPORT_LIMITS.bytes) throw tooLargeRefusal(file, bytes.length);
  const format = formatOfName(file);
  if (!format) throw new ImportRefusal('import_unknown_format', { file });
  const kind = fileKindOf(bytes);
  if (kind === 'empty') throw new ImportRefusal('import_empty', { file });
  const wanted: FileKind = format === 'docx' || format === 'epub' ? 'zip' : 'text';
  if (kind !== wanted) throw new ImportRefusal('import_not_format', { file, format: format.toUpperCase(), found: kind });
  return format;
}

/** The refusal of a file of `bytes` bytes, over the size limit (callers check the size before they read the file). */
export function tooLargeRefusal(file: string, bytes: number): ImportRefusal {
  return new ImportRefusal('import_too_large', { file: file.split(/[\\/]/).pop() ?? file, size: megabytes(bytes), limit: megabytes(IMPORT_LIMITS.bytes) });
}

function megabytes(n: number): string {
  return `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
}

/** The encodings a text file is read in. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * A text file's characters: a byte-order mark decides (UTF-8, UTF-16 LE or BE); else the bytes are read as
 * UTF-8 when they are valid UTF-8, and as Windows-1252 (a superset of Latin-1's printable characters)
 * when not. CRLF and CR become \n; hidden characters are removed.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  let encoding: TextEncoding;
  let body = bytes;
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) [encoding, body] = ['utf-8', bytes.subarray(3)];
  else if (startsWith(bytes, 0xff, 0xfe)) [encoding, body] = ['utf-16le', bytes.subarray(2)];
  else if (startsWith(bytes, 0xfe, 0xff)) [encoding, body] = ['utf-16be', bytes.subarray(2)];
  else encoding = isUtf8(bytes) ? 'utf-8' : 'windows-1252';
  const text = new TextDecoder(encoding).decode(body);
  return { text: cleanText(text.replace(/\r\n?/g, '\n')), encoding };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
