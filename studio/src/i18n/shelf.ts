// My Books' shelf: each book's cover, whether it was published, and the filters (title, language, state, series).
import { studioCatalogue } from './catalogue.js';

export const SHELF = studioCatalogue('studio-shelf', [
  'shelf.coverOf',
  'shelf.published',
  'shelf.notPublished',
  'shelf.filters',
  'shelf.search',
  'shelf.language',
  'shelf.state',
  'shelf.series',
  'shelf.any',
  'shelf.stateWriting',
  'shelf.stateFinished',
  'shelf.statePublished',
  'shelf.noSeries',
  'shelf.shown',
  'shelf.noneMatch',
  'shelf.clear',
]);
