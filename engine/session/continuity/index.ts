// Continuity: the deterministic checks recomputed from the story bible whenever a book is viewed (continuity.ts
// with words.ts; a part's text read by text.ts; the bible read and dated, the book's promises and the parts to
// check against a rewrite in dated.ts), the keys a writer marks a finding intended by (keys.ts) and the optional
// model audit after each chapter (audit.ts).
export { continuityFindings, openContinuityFindings, sortedBySeverity } from './continuity.js';
export { bookThreads, checksAgainst } from './dated.js';
export { findingKey, withIntended, FINDING_KEY, MAX_INTENDED_FINDINGS } from './keys.js';
export { auditPart, withAuditFindings } from './audit.js';
export { isNotName } from './words.js';
