// Prompt rendering: handlebars (noEscape) templates shared by all generators, plus each spec's brief. This
// file is the door the rest of the engine imports prompts through: the renderer (prompt-renderer.ts), the
// templates and their check (prompt-templates.ts), a step's context (prompt-context.ts), its prompt
// (prompt-step.ts) and the prompts built on it (prompt-follow-ups.ts).

export { chapterTitleOf, parsedOutlineOf, wordTargetOf } from './book-outline.js';
export {
  indefiniteArticle,
  precompileStrings,
  precompileTemplates,
  PromptRenderer,
  type PrecompiledTemplates,
  type TemplateSources,
} from './prompt-renderer.js';
export {
  AUDIT_TEMPLATE,
  ANSWER_AGAIN_TEMPLATE,
  IMPORT_SETTINGS_TEMPLATE,
  checkTemplates,
  CONTINUE_TEMPLATE,
  EXTEND_TEMPLATE,
  FIRM_LANGUAGE_TEMPLATE,
  MEMORY_TEMPLATE,
  NO_REPEAT_TEMPLATE,
  OUTLINE_MORE_TEMPLATE,
  PASSAGE_TEMPLATE,
  REWRITE_TEMPLATE,
  templateFor,
  templatesUsed,
} from './prompt-templates.js';
export { buildContext, previousEndingOf } from './prompt-context.js';
export { CONTEXT_KEYS, type PromptContext, type PromptState, type SettingLine } from './prompt-context-shape.js';
export { promptOf, renderPrompt, type PromptMeta, type RenderedPrompt } from './prompt-step.js';
export {
  MEMORY_WORDS,
  continuationOf,
  renderContinuation,
  renderExtension,
  renderMemoryUpdate,
  renderOutlineMore,
  renderPassage,
  renderRewrite,
  type PassageAsk,
} from './prompt-follow-ups.js';
