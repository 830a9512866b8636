// The story map: the bible and the continuity findings part by part (map.ts, with place.ts, changes.ts and
// relations.ts), its schema (schema.ts), its cells (cells.ts) and its words (words.ts), as a text table
// (text.ts) and a page of its own (html.ts).
export { storyMap } from './map.js';
export { characterCells, factCells, findingCounts, threadCells, type CellMark, type MapCell } from './cells.js';
export { storyMapText } from './text.js';
export { storyMapHtml } from './html.js';
export { MAP_WORDS, MARK_SYMBOLS, LINE_SYMBOL, GONE_SYMBOL, FINDING_SYMBOL } from './words.js';
export {
  StoryMapSchema,
  type StoryMap,
  type CharacterLane,
  type ThreadLane,
  type FactPoint,
  type Relation,
  type MapFinding,
  type MapChange,
  type MapChanges,
  type MapPart,
} from './schema.js';
