// The room's light door: what the contract and the studio read of it (bounds, keys, schemas), without the prompts
// its index.ts brings (tests/contract/client.test.ts keeps it loadable in a browser).
export {
  MAX_CHAPTER_NOTE_CHARS,
  MAX_CHAPTER_PLAN_CHARS,
  MAX_CHAPTER_TITLE_CHARS,
  MAX_OUTLINE_CHAPTERS,
} from './edit.js';
