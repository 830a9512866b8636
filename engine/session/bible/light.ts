// The room's light door: what the contract and the studio read of it (bounds, keys, schemas), without the prompts
// its index.ts brings (tests/contract/client.test.ts keeps it loadable in a browser), and what light files of other
// rooms read of a bible (continuity's: a batch's book-end thread reads a finished book's continuity through them).
export { bookBible, bounded, parseBible } from './bible.js';
export { partsOf } from './parts-of.js';
export { hasPeople, ignoredBible, mainNames } from './people.js';
export { retractions } from './rederive.js';
export { hasSeriesBible, isSeriesLabel, seriesOf, withSeries } from './series.js';
export { bibleAsOf, factSubject, threadStatus, type PartOf } from './time.js';
export type { StoryBible } from './types.js';
export { renderBible } from './render.js';
export type { BibleCharacter } from './types.js';
export { bibleWord } from './words.js';
