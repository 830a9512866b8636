// A book's source text (the import's preview and the Publish panel): public domain or not, first published, as the
// import read it and the writer confirms it; the copyright page and KDP's public-domain readiness follow it.
import { studioCatalogue } from './catalogue.js';

export const SOURCE = studioCatalogue('studio-source', [
  'source.label',
  'source.year',
  'source.readGutenberg',
  'source.readStatement',
  'source.readNone',
  'source.by',
  'source.hint',
  'source.save',
  'source.saved',
  'source.failed',
]);
