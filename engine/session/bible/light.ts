// The room's light door: what the contract and the studio read of it (bounds, keys, schemas), without the prompts
// its index.ts brings (tests/contract/client.test.ts keeps it loadable in a browser), and what light files of other
// rooms read of a bible.
export { bookBible, bounded, parseBible } from './bible.js';
export { renderBible } from './render.js';
export type { BibleCharacter } from './types.js';
export { bibleWord } from './words.js';
