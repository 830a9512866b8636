// The typed HTTP contract between the server and the studio: zod schemas of every /api request, answer,
// server-sent event and error, grouped by area, with their inferred types, and the route table.
// Pure zod: it imports in the browser, in Node and in tests.
export * from './common.js';
export * from './messages.js';
export * from './auth.js';
export * from './me.js';
export * from './credits.js';
export * from './payments.js';
export * from './roles.js';
export * from './api-keys.js';
export * from './history.js';
export * from './import.js';
export * from './drafts.js';
export * from './series.js';
export * from './passage.js';
export * from './editions.js';
export * from './admin.js';
export * from './generators.js';
export * from './routes.js';
// The book routes: POST /generators/:id/generate with its delta/done/error events, /progress/:bookType.
export * from './books.js';
// The publishing routes: a KDP package's quote, its making, its readiness and files.
export * from './publish.js';
