// Reading a manuscript file on Node: text and Markdown straight from their bytes, DOCX through mammoth, EPUB
// through its spine (engine/import does the rest: the checks, the split). The CLI and the server call this.
import { checkImportFile, readManuscript, type ReadManuscript } from '../../import/index.js';
import { docxManuscript } from './docx.js';
import { epubManuscript } from './epub.js';
import { unwrittenLanguageOf } from './language.js';

/** A manuscript file's parts, with the language Karya does not write that it reads as, when it does (language.ts). */
export async function readManuscriptFile(
  file: string,
  bytes: Uint8Array,
  opts: { split?: RegExp } = {},
): Promise<ReadManuscript> {
  const read = await readParts(file, bytes, opts);
  const unwritten = unwrittenLanguageOf(read.parts.map((p) => p.text).join('\n\n'), read.language);
  return unwritten ? { ...read, unwrittenLanguage: unwritten } : read;
}

async function readParts(file: string, bytes: Uint8Array, opts: { split?: RegExp }): Promise<ReadManuscript> {
  const format = checkImportFile(file, bytes);
  if (format === 'docx') return readManuscript(file, { ...(await docxManuscript(file, bytes)), format }, opts);
  if (format === 'epub') {
    const { text, sections, frontMatterWords, meta } = epubManuscript(file, bytes);
    return readManuscript(file, { text, format, ...(sections ? { sections, frontMatterWords } : {}), meta }, opts);
  }
  return readManuscript(file, { bytes }, opts);
}
