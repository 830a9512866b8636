// `karya import FILE`: a manuscript (.txt, .md, .docx, .epub) read and split into its parts (engine/import). With
// --dry-run it prints each part's number, title, word count and first line (--json: {"chapters": [{number, title,
// words, firstLine}]}) and saves nothing. Else, with --generator, it saves the manuscript as a book of that
// generator in the state file (every part the writer's own: engine/session/import-book.ts; cli/import-save.ts), then
// builds its story bible part by part with the model, saving after each: run again after a stop, it goes on from
// the part it stopped at. `karya generate <id> --book ID` then writes its next chapters. A file it cannot
// read exits 2 with the catalogue's message, in the language of --lang, before any model call.
import { readFileSync, statSync } from 'node:fs';
import {
  IMPORT_LIMITS,
  numberIn,
  catalogueMessage,
  manuscriptPreview,
  tooLargeRefusal,
  word,
  type ImportSettings,
  type ImportedPart,
  type Lang,
  type ReadManuscript,
  type ResolvedSpec,
  type WordKey,
} from '../../engine/index.js';
import { cliImportPool } from '../import-pool.js';
import { missingSettings, withoutRequired } from '../../server/index.js';
import { fail } from '../util.js';
import { readImportSettings, settingsLines, writerValues, writersBookOrExit } from '../import-settings.js';
import { exitOnFailure } from '../errors.js';
import { langOptionOrExit, writerLang } from '../langs.js';
import { sourceStatusLine } from '../source-words.js';
import {
  bookLangOrExit,
  bookSpecOrExit,
  frontLines,
  saveImport,
  totalOrExit,
  type ImportOptions,
} from '../import-save.js';

export type { ImportOptions } from '../import-save.js';

const READING_WORDS: Readonly<Record<ReadManuscript['reading'], WordKey>> = {
  'chapter-word': 'importReadingChapterWord',
  'roman-alone': 'importReadingRomanAlone',
  'number-alone': 'importReadingNumberAlone',
  markdown: 'importReadingMarkdown',
  regex: 'importReadingRegex',
  'caps-title': 'importReadingCapsTitle',
  contents: 'importReadingContents',
  none: 'importReadingNone',
};

/** The messages' language: --lang, else the one the writer's locale names (else the table's first). */
const langOf = (value: string | undefined): Lang => langOptionOrExit(value) ?? writerLang();

function splitPattern(pattern: string | undefined, lang: Lang): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern, 'm');
  } catch (error) {
    return fail(catalogueMessage('import_bad_split', lang, { pattern, reason: (error as Error).message }));
  }
}

/** The file's bytes, refused before they are read when the file is larger than an import takes. */
function bytesOf(file: string, lang: Lang): Uint8Array {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return fail(`${file}: ${word('noSuchFile', lang)}`);
  }
  if (size > IMPORT_LIMITS.bytes) throw tooLargeRefusal(file, size);
  return new Uint8Array(readFileSync(file));
}

function partLabel(part: ImportedPart, lang: Lang): string {
  if (part.kind === 'introduction') return word('prologue', lang);
  if (part.kind === 'conclusion') return word('epilogue', lang);
  return word('chapter', lang, { n: part.number ?? 0 });
}

export async function importCommand(file: string, opts: ImportOptions): Promise<void> {
  const lang = langOf(opts.lang);
  const split = splitPattern(opts.split, lang);
  let read: ReadManuscript;
  let bytes: Uint8Array;
  try {
    bytes = bytesOf(file, lang);
    read = await (await cliImportPool()).readManuscript(file, bytes, split ? { split } : {});
  } catch (error) {
    exitOnFailure(error, lang, { expects: ['import'] });
    throw error;
  }
  if (!opts.dryRun) return saveImport(file, read, bytes, opts, lang);
  // With a generator, the preview shows the settings the book would be saved with, and where each came from.
  const chosen = opts.generator !== undefined ? await previewSettings(read, opts, lang) : undefined;
  if (opts.json) {
    const missing = chosen?.missing.length ? { missingSettings: chosen.missing } : {};
    const settings = chosen ? { settings: chosen.sources, ...missing } : {};
    process.stdout.write(`${JSON.stringify({ ...manuscriptPreview(read), ...settings })}\n`);
    return;
  }
  // A language's code is its locale (BCP 47): en writes 1,500, ms 1,500, id 1.500.
  const numbers = (n: number) => numberIn(n, lang);
  const out = [
    word('importFound', lang, {
      file: read.file,
      parts: read.parts.length,
      words: numbers(read.words),
      how: word(READING_WORDS[read.reading], lang),
    }),
    ...frontLines(read, chosen?.spec, lang),
    `  ${sourceStatusLine(read.source, lang)}`,
  ];
  if (read.replacedBytes) out.push(`  ${word('importReplacedBytes', lang, { n: numbers(read.replacedBytes) })}`);
  const labelWidth = Math.max(...read.parts.map((p) => partLabel(p, lang).length));
  const titleWidth = Math.min(40, Math.max(0, ...read.parts.map((p) => p.title.length)));
  for (const part of read.parts) {
    const title = part.title.length > 40 ? `${part.title.slice(0, 39)}…` : part.title;
    const first = part.firstLine.length > 60 ? `${part.firstLine.slice(0, 59)}…` : part.firstLine;
    out.push(
      `  ${partLabel(part, lang).padEnd(labelWidth)} ` +
        ` ${title.padEnd(titleWidth)}  ${numbers(part.words).padStart(7)}  ${first}`,
    );
  }
  if (chosen) out.push(...settingsLines(chosen.spec, chosen, chosen.lang, chosen.missing));
  out.push(word('importDryRun', lang));
  process.stdout.write(`${out.join('\n')}\n`);
}

/**
 * The settings a dry run as a generator's book shows: read from the manuscript (one model call), the writer's
 * winning. A setting the book needs that no one gave yet is named (`missing`), not a refusal: the dry run shows
 * the chapters and the settings read, so the writer learns what to give before the import.
 */
async function previewSettings(
  read: ReadManuscript,
  opts: ImportOptions,
  uiLang: Lang,
): Promise<ImportSettings & { spec: ResolvedSpec; lang: Lang; missing: string[] }> {
  const spec = bookSpecOrExit(read.file, opts.generator, uiLang);
  const bookLang = bookLangOrExit(read, opts, uiLang);
  const totalChapters = totalOrExit(opts.chapters, uiLang);
  const lenient = withoutRequired(spec);
  const { settings, writer } = writerValues(lenient, opts.set ?? [], bookLang);
  const state = writersBookOrExit({
    spec: lenient,
    read,
    settings,
    uiLang,
    ...(totalChapters !== undefined ? { totalChapters } : {}),
  });
  const { chosen, state: withSettings } = await readImportSettings({ spec: lenient, state, writer, isDryRun: true });
  return { ...chosen, spec, lang: bookLang, missing: missingSettings(spec, withSettings.settings) };
}
