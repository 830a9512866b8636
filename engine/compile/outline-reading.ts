// The outline reader's state and how an entry opens: the outline's entry style (decided from all its
// lines first), where an entry can still follow, and the entry a line opens by its style's rules (a
// "Chapter N" head, a fixed section's name, a table row, a numbered line that is not a key point). Pure.

import {
  cellsOf,
  headingLevel,
  isSeparatorRow,
  isTitleLike,
  numberHeadOf,
  splitHead,
  tableRowOf,
  unmark,
  unquote,
  wordHeadOf,
  type BlockKind,
  type Family,
} from './outline-lines.js';
import { readingPattern } from '../reading-words.js';

type Style = { kind: 'word'; family: Family } | { kind: 'number' } | { kind: 'table' };

/** The outline's entry style, decided from all its lines before any is read as an entry. */
function styleOf(lines: readonly string[]): Style {
  const words: Record<Family, number> = { chapter: 0, section: 0, part: 0 };
  let numbers = 0;
  let rows = 0;
  for (const line of lines) {
    const w = wordHeadOf(line);
    if (w) words[w.family]++;
    else if (numberHeadOf(line)) numbers++;
    else {
      const cells = cellsOf(line);
      if (cells && tableRowOf(cells)) rows++;
    }
  }
  // Any "Chapter N"/"Bab N" head makes those the entries (an outline cut after its first entry still has
  // its key points numbered under it); sentences about a chapter ("Chapter 2 ends…") are not heads.
  if (words.chapter >= 1) return { kind: 'word', family: 'chapter' };
  if (words.section >= 2 || (words.section === 1 && numbers < 2 && rows < 2))
    return { kind: 'word', family: 'section' };
  if (rows >= 2 && rows >= numbers) return { kind: 'table' };
  if (numbers >= 2 || words.part < 2) return { kind: 'number' };
  return { kind: 'word', family: 'part' };
}

export interface Rec {
  readonly number: number;
  /** The head's text after its number. */
  readonly head: string;
  readonly first: string;
  readonly lines: string[];
  /** The heading level of a "## Chapter 3" entry (0 when it is not a Markdown heading). */
  readonly level: number;
  /** Set by a table row. */
  readonly table?: { title?: string; plan: string };
}

interface EndingPart {
  /** The block's label, normalised ("ending", "kesimpulan"; '' for an unlabelled closing paragraph). */
  readonly label: string;
  /** The ending's text (labels removed). */
  readonly text: string[];
  /** The lines as written, to give back to the entry when this turns out to be the entry's own ending. */
  readonly raw: string[];
  readonly after?: Rec;
  followed: boolean;
}

/** A fixed section's entry: a line starting with its name ("Food & Dining Guide", "2. Food & Dining Guide: …"). */
function sectionHeadOf(line: string, labels: readonly string[]): { number: number; head: string } | undefined {
  const plain = unmark(line)
    .replace(/^\d{1,2}[.)]\s*/, '')
    .replace(readingPattern(String.raw`^(?:{parts.section})\s+\d{1,2}\s*[:.\-–—]\s*`), '');
  const lower = plain.toLowerCase();
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!.toLowerCase().trim();
    if (!label) continue;
    if (lower.startsWith(label) && !/^[\p{L}\p{N}]/u.test(lower.slice(label.length)))
      return { number: i + 1, head: unmark(plain.slice(label.length).replace(/^[\s:.\-–—*_]+/, '')) };
  }
  return undefined;
}

type Block = BlockKind | 'preamble' | 'after';

/** What the outline reader holds while it reads the lines one at a time (the stages below share it). */
export interface Reading {
  readonly style: Style;
  /** Fixed sections' names: an entry may be found by its section's name. */
  readonly labels: readonly string[];
  /** The outermost indentation of the numbered lines (key points are indented deeper). */
  readonly minIndent: number;
  /** Whether an entry can still follow line i (a per-chapter "Ending:" is then the chapter's, not the book's). */
  readonly laterEntry: readonly boolean[];
  title: string | undefined;
  awaitTitle: boolean;
  readonly premise: string[];
  /** Text before the first entry with no label: the premise only when the outline labels none. */
  readonly preamble: string[];
  readonly characters: string[];
  /** Lines of the labelled block being read, and whether the last was a numbered item. */
  blockItems: number;
  blockNumbered: boolean;
  readonly endings: EndingPart[];
  readonly recs: Rec[];
  block: Block;
  current: Rec | undefined;
  blankBefore: boolean;
  lastNumber: number;
  entrySignature: string | undefined;
  subList: { last: number; signature: string } | undefined;
  tableColumns: { title?: number; plan?: number };
}

/** The outline's style, and for each line whether an entry can still follow it. */
export function startReading(lines: readonly string[], labels: readonly string[]): Reading {
  const style = styleOf(lines);
  const minIndent =
    style.kind === 'number'
      ? lines.reduce((min, l) => Math.min(min, numberHeadOf(l)?.indent ?? Infinity), Infinity)
      : Infinity;
  const laterEntry: boolean[] = new Array(lines.length + 1).fill(false);
  for (let i = lines.length - 1; i >= 0; i--)
    laterEntry[i] = laterEntry[i + 1]! || canOpenEntry(lines[i]!, style, labels, minIndent);
  return {
    style,
    labels,
    minIndent,
    laterEntry,
    title: undefined,
    awaitTitle: false,
    premise: [],
    preamble: [],
    characters: [],
    blockItems: 0,
    blockNumbered: false,
    endings: [],
    recs: [],
    block: 'preamble',
    current: undefined,
    blankBefore: false,
    lastNumber: 0,
    entrySignature: undefined,
    subList: undefined,
    tableColumns: {},
  };
}

/** A line that can open an entry, before the sequence rules of numbered lists. */
function canOpenEntry(line: string, style: Style, labels: readonly string[], minIndent: number): boolean {
  if (labels.length && sectionHeadOf(line, labels)) return true;
  if (style.kind === 'word') return wordHeadOf(line)?.family === style.family;
  if (style.kind === 'table') return !!(cellsOf(line) && tableRowOf(cellsOf(line)!));
  const n = numberHeadOf(line);
  return !!n && n.indent <= minIndent + 1 && !wordHeadOf(line);
}

export function openEntry(r: Reading, rec: Rec): void {
  r.current = rec;
  r.recs.push(rec);
  for (const e of r.endings) if (!e.followed) e.followed = true;
  r.lastNumber = Math.max(r.lastNumber, rec.number);
  r.subList = undefined;
  r.block = 'entries';
}

export function closeEntry(r: Reading, next: BlockKind | 'after'): void {
  r.current = undefined;
  r.block = next;
}

export function startEnding(r: Reading, label: string, text: string[], raw: string[]): void {
  r.endings.push({ label, text, raw, ...(r.current ? { after: r.current } : {}), followed: false });
  closeEntry(r, 'ending');
}

/** The entry a line opens, when it opens one (with the list's sequence rules for numbered lines). */
export function entryAt(r: Reading, line: string): Rec | undefined {
  const section = r.labels.length ? sectionHeadOf(line, r.labels) : undefined;
  if (section)
    return section.number === r.current?.number
      ? undefined
      : { number: section.number, head: section.head, first: line, lines: [], level: headingLevel(line) };
  if (r.style.kind === 'word') {
    const w = wordHeadOf(line);
    // The same number again right after its entry's head ("CHAPTER 3", then "Chapter 3: The Storm") is that
    // entry's; after the entry has text, a titled head with the same number is an entry of its own (a model
    // that numbered two chapters 2: mendedOutline numbers them in turn).
    const isSameEntry = w?.number === r.current?.number && !(w?.head && r.current?.lines.some((l) => l.trim()));
    if (!w || w.family !== r.style.family || isSameEntry) return undefined;
    return { number: w.number, head: w.head, first: line, lines: [], level: headingLevel(line) };
  }
  return r.style.kind === 'table' ? tableEntryAt(r, line) : numberedEntryAt(r, line);
}

/** A table row's entry; a header row names the columns (title, plan) and opens none. */
function tableEntryAt(r: Reading, line: string): Rec | undefined {
  const cells = cellsOf(line);
  if (!cells || isSeparatorRow(cells)) return undefined;
  const row = tableRowOf(cells);
  if (!row) {
    const find = (re: RegExp) => {
      const k = cells.findIndex((c) => re.test(unmark(c)));
      return k >= 0 ? k : undefined;
    };
    const t = find(readingPattern('^(?:{outline.chapterTitle})$'));
    const p = find(readingPattern('{outline.planColumn}'));
    r.tableColumns = { ...(t !== undefined ? { title: t } : {}), ...(p !== undefined ? { plan: p } : {}) };
    return undefined;
  }
  const { entryTitle, plan } = tableRowText(cells, row.head, r.tableColumns);
  const cleanTitle = entryTitle ? unquote(unmark(entryTitle)) : '';
  return {
    number: row.number,
    head: '',
    first: line,
    lines: [],
    level: 0,
    table: { ...(cleanTitle ? { title: cleanTitle } : {}), plan: plan.map(unmark).filter(Boolean).join(' ') },
  };
}

/** A table row's title and plan: from the named columns, the numbered cell's head, or the cells after it. */
function tableRowText(
  cells: readonly string[],
  head: string,
  columns: Reading['tableColumns'],
): { entryTitle: string | undefined; plan: string[] } {
  const rest = cells.map((c, k) => ({ c: c.trim(), k })).filter(({ k }) => k > 0);
  if (columns.title !== undefined || columns.plan !== undefined) {
    const entryTitle = columns.title !== undefined ? cells[columns.title] : head ? splitHead(head).title : undefined;
    const plan =
      columns.plan !== undefined
        ? [cells[columns.plan] ?? '']
        : rest.filter(({ k }) => k !== columns.title).map(({ c }) => c);
    return { entryTitle, plan };
  }
  if (head) {
    const split = splitHead(head);
    return { entryTitle: split.title, plan: [split.plan, ...rest.map(({ c }) => c)] };
  }
  if (rest.length >= 2 && isTitleLike(rest[0]!.c))
    return { entryTitle: rest[0]!.c, plan: rest.slice(1).map(({ c }) => c) };
  const split = splitHead(rest.map(({ c }) => c).join(' – '));
  return { entryTitle: split.title, plan: [split.plan] };
}

/** A numbered line's entry, with the list's sequence rules (a sub-list under an entry opens none). */
function numberedEntryAt(r: Reading, line: string): Rec | undefined {
  const n = numberHeadOf(line);
  if (!n || n.indent > r.minIndent + 1 || wordHeadOf(line)) return undefined;
  // A list under the characters (or another labelled block) before any entry is that block's own list;
  // the chapters start with a "1." after it (after a blank line, or after lines that were not numbered).
  if (!r.current && !r.recs.length && (r.block === 'characters' || r.block === 'other')) {
    const restart = n.number === 1 && r.blockItems > 0 && (r.blankBefore || !r.blockNumbered);
    if (!restart) return undefined;
  }
  if (n.number <= r.lastNumber) {
    if (r.current) r.subList = { last: n.number, signature: n.signature };
    return undefined;
  }
  if (
    r.current &&
    r.subList &&
    n.number === r.subList.last + 1 &&
    !r.blankBefore &&
    !(n.signature === r.entrySignature && r.subList.signature !== r.entrySignature)
  ) {
    r.subList = { ...r.subList, last: n.number };
    return undefined;
  }
  r.entrySignature ??= n.signature;
  return { number: n.number, head: n.head, first: line, lines: [], level: headingLevel(line) };
}
