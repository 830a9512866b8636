// The catalogue's messages about a series of books (engine/session/series/series.ts): each names the field and
// what is allowed; nothing is saved. Merged into CATALOGUE.
import { catalogue } from './languages/index.js';

export const SERIES_CATALOGUE = catalogue('errors-series', [
  'series_name_empty',
  'series_name_too_long',
  'series_name_taken',
  'series_not_found',
  'series_language',
  'series_previous_unfinished',
  'book_in_series',
  'series_number_taken',
  'series_not_empty',
]);
