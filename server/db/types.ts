// Moved to server/store/schema.ts; this re-export keeps the generation code, the progress module and
// the CLI compiling until they import it from there.
export * from '../store/schema.js';
