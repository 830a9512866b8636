// The engine's browser entry for the studio: settings schema, form model, flow and words — no YAML
// parser, no handlebars, no Node modules. The studio imports only this file.
export * from './spec/types.js';
export * from './i18n.js';
export {
  CATALOGUE, catalogueMessage, SETTINGS_MESSAGES, settingsIssueMessage,
  type CatalogueCode, type SettingsIssue, type SettingsIssueCode, type SettingsIssueParams,
} from './errors.js';
export * from './compile/schema.js';
export { bookSpecFromForm, type FormModel, type FormField } from './compile/form.js';
export * from './compile/flow.js';
export { bookView, previewBook } from './session/view.js';
export { EMPTY_BIBLE, parseBible, renderBible, type StoryBible } from './session/bible.js';
export { sleep } from './providers/timing.js';
export type { BookView, DonePayload, SavedProgress, GenerateBody } from './contract/books.js';
export { fieldType } from './fields/registry.js';
export { parseMarkdown, spansText, type Block, type Span, type HeadingLevel } from './markdown.js';
