// The story map's words on the command line and in the package's page (catalogue `story-map`: every
// language's words in languages/<code>/story-map.yaml, English's and Malay's too; the studio keeps its own, in its i18n
// tables). Placeholders in braces are filled by the catalogue's sayer.
import { catalogue, sayer } from '../../languages/index.js';
import type { CellMark } from './cells.js';

export const MAP_WORDS = catalogue('story-map', [
  'title',
  'titleOf',
  'asOf',
  'caption',
  'lane',
  'characters',
  'threads',
  'facts',
  'relations',
  'findings',
  'none',
  'legend',
  'span',
  'goneFrom',
  'openedIn',
  'dueIn',
  'closedIn',
  'overdue',
  'trueFrom',
  'trueUntil',
  'changesAt',
  'sinceBefore',
  'new',
  'changed',
  'gone',
  'fromTo',
  'findingsIn',
  'status_open',
  'status_advanced',
  'status_resolved',
  'status_dropped',
  'kind_character',
  'kind_thread',
  'kind_fact',
  'mark_first',
  'mark_change',
  'mark_gone',
  'mark_opened',
  'mark_due',
  'mark_overdue',
  'mark_advanced',
  'mark_resolved',
  'mark_dropped',
  'mark_set',
  'mark_ended',
  'mark_on',
  'mark_goneOn',
  'mark_finding',
]);

export type MapWord = keyof typeof MAP_WORDS;

/** A story map word in a language, placeholders filled. */
export const mapWord = sayer(MAP_WORDS);

/** The symbol of each mark in the text table and the package's page. */
export const MARK_SYMBOLS: Readonly<Record<CellMark, string>> = {
  first: '●',
  change: '◆',
  gone: '✕',
  opened: '○',
  due: '◎',
  overdue: '!',
  advanced: '»',
  resolved: '✓',
  dropped: '⊘',
  set: '•',
  ended: '|',
};

/** The symbol of a part a lane runs through with no mark, a gone character's part, and a part holding findings. */
export const LINE_SYMBOL = '─';
export const GONE_SYMBOL = '×';
export const FINDING_SYMBOL = '⚠';

/** A story map word in the map's language, placeholders filled (mapWord with the language given). */
export type MapWords = (key: MapWord, vars?: Record<string, string | number>) => string;

/**
 * The legend's items, as the text table and the package's page list them: the line a lane runs through, each mark,
 * a gone character's part and a part holding findings.
 */
export function legendItems(w: MapWords): string[] {
  const marks = Object.keys(MARK_SYMBOLS) as CellMark[];
  return [
    `${LINE_SYMBOL} ${w('mark_on')}`,
    ...marks.map((m) => `${MARK_SYMBOLS[m]} ${w(`mark_${m}`)}`),
    `${GONE_SYMBOL} ${w('mark_goneOn')}`,
    `${FINDING_SYMBOL} ${w('mark_finding')}`,
  ];
}
