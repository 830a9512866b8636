// Reading a manuscript file on Node: text and Markdown straight from their bytes, DOCX through mammoth, EPUB
// through its spine (engine/import does the rest: the checks, the split). The CLI and the server call this.
import { checkImportFile, readManuscript, type ReadManuscript } from '../../import/index.js';
import { docxText } from './docx.js';
import { epubText } from './epub.js';

export async function readManuscriptFile(file: string, bytes: Uint8Array, opts: { split?: RegExp } = {}): Promise<ReadManuscript> {
  const format = checkImportFile(file, bytes);
  if (format === 'docx') return readManuscript(file, { text: await docxText(file, bytes), format }, opts);
  if (format === 'epub') return readManuscript(file, { text: epubText(file, bytes), format }, opts);
  return readManuscript(file, { bytes }, opts);
}
