// A voice sample read from a file (`karya voice FILE`, `karya generate --voice FILE`, a batch job's `voice:`):
// the same formats and checks as an imported manuscript (text in UTF-8, UTF-16 or Latin-1, Markdown, DOCX,
// EPUB; a PDF, an image or binary data refused by name), then the text measured (engine/session/voice/fingerprint.ts).
import { checkImportFile, decodeText } from '../../import/index.js';
import { docxText } from './docx.js';
import { epubText } from './epub.js';

export async function readVoiceSample(file: string, bytes: Uint8Array): Promise<string> {
  const format = checkImportFile(file, bytes);
  if (format === 'docx') return docxText(file, bytes);
  if (format === 'epub') return epubText(file, bytes);
  return decodeText(bytes).text;
}
