// A DOCX manuscript's text: mammoth (a maintained DOCX reader) turns Word's heading styles into <h1>…<h6>
// and paragraphs into <p>, which htmlToText makes Markdown-like text for the chapter split. The archive is
// checked within bounds first (zip.ts), so mammoth never opens a zip bomb; numbered paragraphs get their
// numbers written in first (docx-numbering.ts), as mammoth would drop them, and a document part whose
// elements do not close is refused there, before mammoth's DOM is built from it.
import { strFromU8, strToU8, zipSync } from 'fflate';
import { DocumentTooDeep, htmlToText, ImportRefusal } from '../../import/index.js';
import { BrokenXml, withListNumbers } from './docx-numbering.js';
import { unzipBounded } from './zip.js';
import { walk } from './epub-package.js';

export async function docxText(file: string, bytes: Uint8Array): Promise<string> {
  return (await docxManuscript(file, bytes)).text;
}

/** A field Word keeps in the document's properties (docProps/core.xml's dc:title, dc:creator), or undefined. */
function coreField(core: Uint8Array | undefined, field: 'title' | 'creator'): string | undefined {
  if (!core) return undefined;
  let title: string | undefined;
  let reading = false;
  walk(strFromU8(core), {
    open: (name) => {
      reading = name === field && title === undefined;
      if (reading) title = '';
    },
    text: (chunk) => {
      if (reading) title += chunk;
    },
    close: () => {
      reading = false;
    },
  });
  return title?.replace(/\s+/g, ' ').trim() || undefined;
}

/** A DOCX manuscript's text and the title its properties give. */
export async function docxManuscript(
  file: string,
  bytes: Uint8Array,
): Promise<{ text: string; meta: { title?: string; creator?: string } }> {
  const entries = unzipBounded(file, bytes);
  const title = coreField(entries['docProps/core.xml'], 'title');
  // Who made the file (Word writes its user's name; pandoc the author given): the author only where the text names
  // none.
  const creator = coreField(entries['docProps/core.xml'], 'creator');
  const document = entries['word/document.xml'];
  if (!document) throw new ImportRefusal('import_unreadable', { file, reason: 'document' });
  const numbering = entries['word/numbering.xml'];
  try {
    entries['word/document.xml'] = strToU8(
      withListNumbers(strFromU8(document), numbering ? strFromU8(numbering) : undefined),
    );
  } catch (error) {
    if (error instanceof BrokenXml)
      throw new ImportRefusal('import_unreadable', { file, reason: 'xml' }, error.message);
    throw error;
  }
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ buffer: Buffer.from(zipSync(entries, { level: 0 })) }));
  } catch (error) {
    throw new ImportRefusal('import_unreadable', { file, reason: 'content' }, (error as Error).message);
  }
  try {
    return { text: htmlToText(html), meta: { ...(title ? { title } : {}), ...(creator ? { creator } : {}) } };
  } catch (error) {
    if (error instanceof DocumentTooDeep) throw new ImportRefusal('import_too_complex', { file }, error.message);
    throw error;
  }
}
