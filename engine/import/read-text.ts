// A manuscript's bytes as text: what the file really is (by its first bytes, not its name), and a text
// file's encoding (text-encoding.ts), with line ends made \n and hidden characters removed (cleanText). Bytes
// that read as no text in any encoding (control codes, broken sequences, or mostly characters beyond ASCII)
// are refused. Pure: it runs in the browser, the server and the command line alike. A file that cannot be
// read is an ImportRefusal (a catalogue code and its parameters), never an exception with English in it.
import { cleanText } from '../clean-text.js';
import { catalogueMessage, KaryaError } from '../errors.js';
import type { Lang } from '../spec/types.js';
import { catalogue, isLang, langs, languageName as tableLanguageName, wordIn } from '../languages/index.js';
import { listIn } from '../list-words.js';
import { NOT_TEXT, startsWith, surveyText } from './text-encoding.js';

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
    readonly code:
      | 'import_too_large'
      | 'import_empty'
      | 'import_not_format'
      | 'import_not_text'
      | 'import_unknown_format'
      | 'import_too_many_words'
      | 'import_bad_split'
      | 'import_zip_bomb'
      | 'import_unreadable'
      | 'import_too_complex'
      | 'import_busy'
      | 'import_protected'
      | 'import_chapters_fewer'
      | 'import_book_ended'
      | 'import_language_unclear'
      | 'import_language_other'
      | 'import_needs_generator'
      | 'import_total_set',
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

/** What the first bytes of a file say it is (a text file has no NUL byte in its first 8 KB, or a UTF-16 mark). */
export function fileKindOf(bytes: Uint8Array): FileKind {
  if (bytes.length === 0) return 'empty';
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46)) return 'pdf';
  if (
    startsWith(bytes, 0x89, 0x50, 0x4e, 0x47) ||
    startsWith(bytes, 0xff, 0xd8, 0xff) ||
    startsWith(bytes, 0x47, 0x49, 0x46, 0x38)
  )
    return 'image';
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
const KIND_NAMES = catalogue('import-file-kinds', ['text', 'zip', 'pdf', 'image', 'binary', 'empty']) satisfies Record<
  FileKind,
  unknown
>;

/** Why a file could not be read (an import_unreadable's {reason}), in words. */
export type UnreadableReason = 'zip' | 'package' | 'document' | 'xml' | 'content';
const REASON_NAMES = catalogue('import-unreadable', ['zip', 'package', 'document', 'xml', 'content']) satisfies Record<
  UnreadableReason,
  unknown
>;

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
  const reason = Object.hasOwn(REASON_NAMES, refusal.params.reason ?? '')
    ? REASON_NAMES[refusal.params.reason as UnreadableReason]
    : REASON_NAMES.content;
  return catalogueMessage(refusal.code, lang, {
    ...refusal.params,
    ...(found && Object.hasOwn(KIND_NAMES, found)
      ? { found: wordIn(KIND_NAMES[found], lang, 'import-file-kinds') }
      : {}),
    ...(refusal.params.reason !== undefined ? { reason: wordIn(reason, lang, 'import-unreadable') } : {}),
    ...(refusal.params.language !== undefined
      ? { language: languageName(refusal.params.language, lang), ...writtenLanguages(lang) }
      : {}),
    ...(refusal.params.shares !== undefined
      ? { shares: sharesIn(String(refusal.params.shares), lang), langs: langs().join(', ') }
      : {}),
  });
}

/**
 * The languages Karya writes, as `lang` names and lists them ("English, Bahasa Malaysia, and Indonesian"), and each as
 * the --lang that chooses it.
 */
function writtenLanguages(lang: Lang): { languages: string; choices: string } {
  return {
    languages: listIn(
      langs().map((code) => languageName(code, lang)),
      lang,
      'and',
    ),
    choices: listIn(
      langs().map((code) => `--lang ${code}`),
      lang,
      'or',
    ),
  };
}

/**
 * A manuscript's shares of languages (`en:55,ms:45`) in words: "55% English and 45% Bahasa Malaysia", the list as
 * `lang` joins one.
 */
function sharesIn(shares: string, lang: Lang): string {
  const items = shares
    .split(',')
    .filter(Boolean)
    .map((item) => {
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
  if (kind !== wanted)
    throw new ImportRefusal('import_not_format', { file, format: format.toUpperCase(), found: kind });
  if (wanted === 'text') {
    const { strange, nonSpace } = surveyText(bytes);
    if (strange >= NOT_TEXT.atLeast && strange > NOT_TEXT.share * nonSpace)
      throw new ImportRefusal('import_not_text', { file, share: `${Math.round((100 * strange) / nonSpace)}%` });
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
