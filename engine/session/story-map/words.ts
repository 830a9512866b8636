// The story map's words on the command line and in the package's page (catalogue `story-map`: English and
// Malay here, every other language in languages/<code>/story-map.yaml; the studio keeps its own, in its i18n
// tables). Placeholders in braces are filled by the catalogue's sayer.
import { catalogue, sayer } from '../../languages/index.js';
import type { CellMark } from './cells.js';

export const MAP_WORDS = catalogue('story-map', {
  title: { en: 'Story map', ms: 'Peta cerita' },
  titleOf: { en: 'Story map: {title}', ms: 'Peta cerita: {title}' },
  asOf: { en: 'as of {part}', ms: 'setakat {part}' },
  caption: { en: 'Who and what, part by part, as of {part}', ms: 'Siapa dan apa, bahagian demi bahagian, setakat {part}' },
  lane: { en: 'Character, thread or fact', ms: 'Watak, urusan atau fakta' },
  characters: { en: 'Characters', ms: 'Watak' },
  threads: { en: 'Threads and promises', ms: 'Urusan dan janji cerita' },
  facts: { en: 'Facts', ms: 'Fakta' },
  relations: { en: 'Relations', ms: 'Hubungan' },
  findings: { en: 'Continuity findings', ms: 'Dapatan kesinambungan' },
  none: { en: 'None', ms: 'Tiada' },
  legend: { en: 'Key', ms: 'Petunjuk' },
  span: { en: '{first} to {last}', ms: '{first} hingga {last}' },
  goneFrom: { en: 'dead or absent from {part}', ms: 'mati atau tiada sejak {part}' },
  openedIn: { en: 'opened in {part}', ms: 'dibuka dalam {part}' },
  dueIn: { en: 'due in {part}', ms: 'perlu selesai dalam {part}' },
  closedIn: { en: '{status} in {part}', ms: '{status} dalam {part}' },
  overdue: { en: 'overdue', ms: 'tertunggak' },
  trueFrom: { en: 'from {part}', ms: 'sejak {part}' },
  trueUntil: { en: 'until {part}', ms: 'hingga {part}' },
  changesAt: { en: 'What {part} changed in the story bible', ms: 'Perubahan {part} dalam catatan cerita' },
  sinceBefore: { en: 'since {part}', ms: 'sejak {part}' },
  new: { en: 'New', ms: 'Baharu' },
  changed: { en: 'Changed', ms: 'Berubah' },
  gone: { en: 'Gone', ms: 'Hilang' },
  fromTo: { en: '"{from}" became "{to}"', ms: '"{from}" menjadi "{to}"' },
  findingsIn: { en: '{n} in this part', ms: '{n} dalam bahagian ini' },
  status_open: { en: 'open', ms: 'terbuka' },
  status_advanced: { en: 'advanced', ms: 'bergerak' },
  status_resolved: { en: 'resolved', ms: 'selesai' },
  status_dropped: { en: 'dropped', ms: 'digugurkan' },
  kind_character: { en: 'character', ms: 'watak' },
  kind_thread: { en: 'thread', ms: 'urusan' },
  kind_fact: { en: 'fact', ms: 'fakta' },
  mark_first: { en: 'first appears', ms: 'mula muncul' },
  mark_change: { en: 'state changes', ms: 'keadaan berubah' },
  mark_gone: { en: 'dead or absent from here', ms: 'mati atau tiada mulai di sini' },
  mark_opened: { en: 'opened', ms: 'dibuka' },
  mark_due: { en: 'due', ms: 'sasaran' },
  mark_overdue: { en: 'overdue', ms: 'tertunggak' },
  mark_advanced: { en: 'advanced', ms: 'bergerak' },
  mark_resolved: { en: 'resolved', ms: 'selesai' },
  mark_dropped: { en: 'dropped', ms: 'digugurkan' },
  mark_set: { en: 'set', ms: 'ditetapkan' },
  mark_ended: { en: 'no longer true', ms: 'tidak lagi benar' },
  mark_on: { en: 'in the story', ms: 'dalam cerita' },
  mark_goneOn: { en: 'dead or absent', ms: 'mati atau tiada' },
  mark_finding: { en: 'continuity findings', ms: 'dapatan kesinambungan' },
});

export type MapWord = keyof typeof MAP_WORDS;

/** A story map word in a language, placeholders filled. */
export const mapWord = sayer(MAP_WORDS);

/** The symbol of each mark in the text table and the package's page. */
export const MARK_SYMBOLS: Readonly<Record<CellMark, string>> = {
  first: '●', change: '◆', gone: '✕', opened: '○', due: '◎', overdue: '!', advanced: '»', resolved: '✓', dropped: '⊘', set: '•', ended: '|',
};

/** The symbol of a part a lane runs through with no mark, a gone character's part, and a part holding findings. */
export const LINE_SYMBOL = '─';
export const GONE_SYMBOL = '×';
export const FINDING_SYMBOL = '⚠';
