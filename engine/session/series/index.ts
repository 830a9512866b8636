// A series: books that share one story bible, derived whenever it is asked from the books' own bibles
// (series.ts; a book's view of it laid over its own entries is the bible's, bible/series.ts), and the bounds of a name
// (limits.ts).
export {
  bookSeries,
  changesFor,
  hasSeriesBible,
  isSeriesLabel,
  openThreadsOf,
  seriesAsOf,
  seriesBrief,
  seriesChangeLine,
  seriesChanges,
  seriesLabel,
  seriesNameOf,
  seriesOf,
  SeriesError,
  type SeriesBook,
  type SeriesChange,
  type SeriesContext,
} from './series.js';
export { MAX_SERIES_NAME } from './limits.js';
