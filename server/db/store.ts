// Moved to server/store/sqlite/store.ts (the SQLite adapter's synchronous store); this re-export keeps
// the generation code compiling until it uses the repositories (server/store/ports.ts).
export { Store, nowIso } from '../store/sqlite/store.js';
