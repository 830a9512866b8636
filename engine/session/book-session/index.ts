// The pieces of ../session.ts's BookSession, each a concern of its own: opening a book (open.ts), its memory kept up
// (memory.ts), a written part rewritten and saved (rewrite.ts), a step audited and saved (outcome.ts) and a stopped
// draft finished (draft.ts).
export { openedBook, type OpenSessionInput, type SessionPorts } from './open.js';
export { needsMemory, rememberParts, type HeldBook, type RememberOptions } from './memory.js';
export { rewriteSaved, type RewriteOptions } from './rewrite.js';
export { auditOutcome, keepsProgress, saveOutcome } from './outcome.js';
export { draftOutcome } from './draft.js';
