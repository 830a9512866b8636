// The outline: its shape checked before it is kept (shape.ts: JSON read into its own lines, numbering put in
// order, the chapters it leaves without a plan named) and the writer's edits of it as chapters (edit.ts).
export {
  editOutline,
  isOutlineEditable,
  MAX_CHAPTER_NOTE_CHARS,
  MAX_CHAPTER_PLAN_CHARS,
  MAX_CHAPTER_TITLE_CHARS,
  MAX_OUTLINE_CHAPTERS,
  outlineChapters,
} from './edit.js';
export { mendedOutline, outlineFromJson, unplannedChapters } from './shape.js';
