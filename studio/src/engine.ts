// The studio's door to the engine (it was engine/browser.ts): settings schema, form model, flow and words
// — no YAML parser, no handlebars, no Node modules. The studio imports the engine through this file only.
export * from '../../engine/spec/types.js';
export * from '../../engine/i18n.js';
export {
  CATALOGUE, catalogueMessage, SETTINGS_MESSAGES, settingsIssueMessage,
  type CatalogueCode, type SettingsIssue, type SettingsIssueCode, type SettingsIssueParams,
} from '../../engine/errors.js';
export * from '../../engine/compile/schema.js';
export { bookSpecFromForm, type FormModel, type FormField } from '../../engine/compile/form.js';
export * from '../../engine/compile/flow.js';
export { bookView, previewBook } from '../../engine/session/view.js';
export { bookCost } from '../../engine/session/cost.js';
export { EMPTY_BIBLE, parseBible, renderBible, type StoryBible } from '../../engine/session/bible.js';
export { sleep } from '../../engine/providers/timing.js';
export type { BookView, DonePayload, SavedProgress, GenerateBody } from '../../engine/contract/books.js';
export { fieldType } from '../../engine/fields/registry.js';
export { parseMarkdown, spansText, type Block, type Span, type HeadingLevel } from '../../engine/markdown.js';
export { historyBookOf } from '../../engine/session/history-title.js';
