// Moved to server/store/sqlite/users.ts; this re-export keeps the generation code compiling until it
// uses the repositories (server/store/ports.ts).
export { addUsage, findUserById } from '../store/sqlite/users.js';
