// The export's door: a book document in any export format (render.ts), and the dual-language document
// (bilingual.ts: its shape; bilingual-document.ts: built from the two books).
export { EXPORT_FORMATS, formatOfFile, type ExportFormat } from '../../session/book-document.js';
export { renderDocument, type RenderOptions } from './render.js';
export { bilingualDocument } from './bilingual-document.js';
export {
  BILINGUAL_LAYOUTS,
  isBilingual,
  type BilingualDocument,
  type BilingualLayout,
  type BilingualPair,
  type BilingualPart,
} from './bilingual.js';
