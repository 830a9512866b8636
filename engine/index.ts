// The engine's public surface for every caller, browser included (no Node-only imports here).
export * from './spec/types.js';
export * from './errors.js';
export * from './i18n.js';
export { resolveSpec, parseShared } from './spec/resolve.js';
export { buildCatalog, compileAll, type Catalog, type Sources } from './catalog.js';
export * from './compile/schema.js';
export * from './compile/form.js';
export * from './compile/flow.js';
export * from './compile/step.js';
export * from './compile/labels.js';
export * from './compile/prompt.js';
export * from './compile/brief.js';
export * from './compile/language-field.js';
export { fieldType, FIELD_TYPE_REGISTRY } from './fields/registry.js';
export * from './session/index.js';
export * from './session/book.js';
export * from './contract/books.js';
export { contentTitle, historyBookOf, historyTitle, stepHistoryTitle } from './session/history-title.js';
