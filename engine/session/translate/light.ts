// The room's light door: what the contract and the studio read of it (bounds, keys, schemas), without the prompts
// its index.ts brings (tests/contract/client.test.ts keeps it loadable in a browser), and what an export thread reads.
export { GENDERS, MAX_GLOSSARY_TERMS, MAX_TERM_CHARS } from './glossary.js';
export { paragraphsOf } from './paragraphs.js';
