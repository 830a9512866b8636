// A DOCX manuscript's text: mammoth (a maintained DOCX reader) turns Word's heading styles into <h1>…<h6>
// and paragraphs into <p>, which htmlToText makes Markdown-like text for the chapter split. The archive is
// checked within bounds first (zip.ts), so mammoth never opens a zip bomb; numbered paragraphs get their
// numbers written in first (docx-numbering.ts), as mammoth would drop them.
import { strFromU8, strToU8, zipSync } from 'fflate';
import { htmlToText, ImportRefusal } from '../../import/index.js';
import { withListNumbers } from './docx-numbering.js';
import { unzipBounded } from './zip.js';

export async function docxText(file: string, bytes: Uint8Array): Promise<string> {
  const entries = unzipBounded(file, bytes);
  const document = entries['word/document.xml'];
  if (!document) throw new ImportRefusal('import_unreadable', { file, reason: 'no word/document.xml' });
  const numbering = entries['word/numbering.xml'];
  entries['word/document.xml'] = strToU8(withListNumbers(strFromU8(document), numbering ? strFromU8(numbering) : undefined));
  const { default: mammoth } = await import('mammoth');
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(zipSync(entries, { level: 0 })) });
    return htmlToText(value);
  } catch (error) {
    throw new ImportRefusal('import_unreadable', { file, reason: (error as Error).message });
  }
}
