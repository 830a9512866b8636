// The story bible: its shape (types.ts), as the writer reads it (bible.ts), read back from Markdown (read.ts; an
// entry's line in entries.ts), an update merged in (merge.ts), its bounds (bounds.ts), its rendering (render.ts),
// when each entry was true (time.ts, labels.ts; after a rewrite rederive.ts), what a step at a position is sent
// (as-of.ts), the outline's promises and their due parts (outline-threads.ts), a series' bible laid over a book's
// own (series.ts), which parts it covers (covers.ts), the book's people (people.ts) and the update after each part
// (update.ts).
export {
  BIBLE_LIMITS,
  EMPTY_BIBLE,
  applyBibleUpdate,
  bibleWords,
  bookBible,
  bounded,
  shownBible,
  capWords,
  linesToFold,
  parseBible,
  parseBibleUpdate,
  parseThread,
  renderBible,
  withWriterBrief,
  type BibleCharacter,
  type BibleLine,
  type BibleThread,
  type BibleUpdate,
  type StoryBible,
} from './bible.js';
export { type Replaced } from './types.js';
export {
  bibleAsOf,
  compactHistory,
  factSubject,
  KEPT_LIMITS,
  type PartOf,
  threadStatus,
  type ThreadStatus,
} from './time.js';
export { retractions } from './rederive.js';
export { bibleReadUpTo, stateForStep } from './as-of.js';
export { partsOf } from './parts-of.js';
export { hasPeople, ignoredBible, mainNames } from './people.js';
export { bibleCovers } from './covers.js';
export { updateBible, type BibleLeftPart } from './update.js';
export {
  hasSeriesBible,
  isSeriesLabel,
  overlay,
  ownOnly,
  SERIES_ARCS,
  type SeriesChange,
  seriesChangeLine,
  seriesChanges,
  type SeriesContext,
  seriesLabel,
  seriesOf,
  withSeries,
} from './series.js';
