// The room's light door: what the contract and the studio read of it (bounds, keys, schemas), without the prompts
// its index.ts brings (tests/contract/client.test.ts keeps it loadable in a browser), and a part's text as the writer
// sees it (view/light.ts).
export { partText } from './part-text.js';
export { MAX_BIBLE_CHARS, MAX_PART_CHARS, MAX_REWRITE_NOTE_CHARS } from './edit.js';
export { MAX_CHARACTER_DETAILS_CHARS } from './intro.js';
