// The room's light door: what the contract and the studio read of it (bounds, keys, schemas), without the prompts
// its index.ts brings (tests/contract/client.test.ts keeps it loadable in a browser), and a finished book's findings
// and overdue threads (view/light.ts: a batch's book-end thread).
export { openContinuityFindings } from './continuity.js';
export { bookThreads } from './dated.js';
export { FINDING_KEY } from './keys.js';
