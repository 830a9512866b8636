// Moved to server/store/sqlite/credits.ts; this re-export keeps the generation code compiling until it
// uses the repositories (server/store/ports.ts).
export { changeCredits } from '../store/sqlite/credits.js';
