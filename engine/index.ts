// The engine's pure door: its public surface for every caller, browser included. No Node module may be
// reachable from here (Node callers take files, providers and exports from engine/node.ts; HTTP shapes
// come from engine/contract/index.ts).
export * from './spec/types.js';
export * from './errors.js';
export * from './i18n.js';
export * from './clean-text.js';
export { resolveSpec, parseShared } from './spec/resolve.js';
export { buildCatalog, compileAll, type Catalog, type Sources } from './catalog.js';
export * from './compile/schema.js';
export * from './compile/form.js';
export * from './compile/flow.js';
export * from './compile/book-voice.js';
export * from './compile/step.js';
export * from './compile/labels.js';
export * from './compile/prompt.js';
export * from './compile/brief.js';
export * from './compile/language-field.js';
export { fieldType, FIELD_TYPE_REGISTRY } from './fields/registry.js';
export { chaptersMost } from './fields/select.js';
export * from './session/index.js';
export * from './session/book.js';
export * from './contract/books.js';
export * from './contract/publish.js';
export { contentTitle, historyBookOf, historyTitle, pieceHistoryTitle, stepHistoryTitle } from './session/history-title.js';
export * from './error-code.js';
export * from './markdown.js';
export { textHash, TEXT_HASH } from './text-hash.js';
export * from './print.js';
export * from './timing.js';
export { delayFor, RECONNECT, retryAfterMs, shouldRetry, type RetryRule } from './retry.js';
export * from './provider.js';
export { firstWords, lastWords, wordList } from './words.js';
export * from './spec/conclusion.js';
export { AuthoredSpec, SharedFile } from './spec/format.js';
export { CoverDataSchema } from './spec/covers.js';
export * from './publish/index.js';
export * from './import/index.js';
