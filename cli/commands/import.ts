// `karya import FILE`: a manuscript (.txt, .md, .docx, .epub) read and split into its parts (engine/import). With --dry-run it prints
// each part's number, title, word count and first line (--json: {"chapters": [{number, title, words,
// firstLine}]}) and saves nothing; a file it cannot read exits 2 with the catalogue's message, in the
// language of --lang. Saving the imported book is not built yet: without --dry-run it says so and exits 2.
import { readFileSync, statSync } from 'node:fs';
import { IMPORT_LIMITS, ImportRefusal, catalogueMessage, importRefusalMessage, manuscriptPreview, tooLargeRefusal, word, type ImportedPart, type Lang, type ReadManuscript, type WordKey } from '../../engine/index.js';
import { readManuscriptFile } from '../../engine/node.js';
import { fail } from '../util.js';

export interface ImportOptions {
  lang?: string;
  split?: string;
  dryRun?: boolean;
  json?: boolean;
}

const READING_WORDS: Readonly<Record<ReadManuscript['reading'], WordKey>> = {
  'chapter-word': 'importReadingChapterWord',
  'roman-alone': 'importReadingRomanAlone',
  'number-alone': 'importReadingNumberAlone',
  markdown: 'importReadingMarkdown',
  regex: 'importReadingRegex',
  'caps-title': 'importReadingCapsTitle',
  none: 'importReadingNone',
};

function langOf(value: string | undefined): Lang {
  if (value === undefined || value === 'en' || value === 'ms') return value ?? 'en';
  return fail(`--lang: "${value}" is not a language Karya writes; use en or ms`);
}

function splitPattern(pattern: string | undefined, lang: Lang): RegExp | undefined {
  if (pattern === undefined) return undefined;
  try {
    return new RegExp(pattern, 'm');
  } catch (error) {
    return fail(catalogueMessage('import_bad_split', lang, { pattern, reason: (error as Error).message }));
  }
}

/** The file's bytes, refused before they are read when the file is larger than an import takes. */
function bytesOf(file: string): Uint8Array {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return fail(`${file}: no such file; check the path`);
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
  try {
    read = await readManuscriptFile(file, bytesOf(file), split ? { split } : {});
  } catch (error) {
    if (error instanceof ImportRefusal) return fail(importRefusalMessage(error, lang));
    throw error;
  }
  if (!opts.dryRun) return fail(catalogueMessage('import_dry_run_only', lang));
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(manuscriptPreview(read))}\n`);
    return;
  }
  const numbers = (n: number) => n.toLocaleString(lang === 'ms' ? 'ms-MY' : 'en-GB');
  const out = [word('importFound', lang, { file: read.file, parts: read.parts.length, words: numbers(read.words), how: word(READING_WORDS[read.reading], lang) })];
  if (read.frontMatterWords > 0) out.push(`  ${word('importFrontMatter', lang, { words: numbers(read.frontMatterWords) })}`);
  const labelWidth = Math.max(...read.parts.map((p) => partLabel(p, lang).length));
  const titleWidth = Math.min(40, Math.max(0, ...read.parts.map((p) => p.title.length)));
  for (const part of read.parts) {
    const title = part.title.length > 40 ? `${part.title.slice(0, 39)}…` : part.title;
    const first = part.firstLine.length > 60 ? `${part.firstLine.slice(0, 59)}…` : part.firstLine;
    out.push(`  ${partLabel(part, lang).padEnd(labelWidth)}  ${title.padEnd(titleWidth)}  ${numbers(part.words).padStart(7)}  ${first}`);
  }
  out.push(word('importDryRun', lang));
  process.stdout.write(`${out.join('\n')}\n`);
}
