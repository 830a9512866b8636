// Publishing packages from finished books (`karya publish`): the publishing steps, the description's HTML,
// KDP's title and keyword rules, title case, metadata, the channels (stores) and readiness per channel.
// Pure; engine/node/publish.ts writes the files.
export * from './html.js';
export * from './rules.js';
export * from './extract.js';
export * from './files.js';
export * from './metadata.js';
export * from './disclosure.js';
export * from './readiness.js';
export * from './readiness-words.js';
export * from './channels.js';
export * from '../spec/publish-values.js';
export * from './plan.js';
export * from './pipeline.js';
export * from './release.js';
export * from './readiness-metadata.js';
export * from './near-duplicate.js';
export * from './near-duplicate-passages.js';
export * from './near-duplicate-check.js';
export * from './readiness-closeness.js';
export * from './schedule.js';
export * from './cover-rules.js';
