// A DOCX manuscript's text: mammoth (a maintained DOCX reader) turns Word's heading styles into <h1>…<h6>
// and paragraphs into <p>, which htmlToText makes Markdown-like text for the chapter split. The archive is
// checked within bounds first (zip.ts), so mammoth never opens a zip bomb.
import { htmlToText, ImportRefusal } from '../../import/index.js';
import { unzipBounded } from './zip.js';

export async function docxText(file: string, bytes: Uint8Array): Promise<string> {
  const entries = unzipBounded(file, bytes, (name) => name === 'word/document.xml');
  if (!entries['word/document.xml']) throw new ImportRefusal('import_unreadable', { file, reason: 'no word/document.xml' });
  const { default: mammoth } = await import('mammoth');
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return htmlToText(value);
  } catch (error) {
    throw new ImportRefusal('import_unreadable', { file, reason: (error as Error).message });
  }
}
