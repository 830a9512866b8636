// The story map's grid, cell by cell: what each lane shows in each part (column), read from the map alone, so
// the command line's table, the package's page and the studio's table show the same cells.
import type { CharacterLane, FactPoint, StoryMap, ThreadLane } from './schema.js';

/**
 * What a cell marks: a lane's first part, a state change, dead or absent from here, a thread opened, due, overdue,
 * moved on or closed, a fact set or ended.
 */
export type CellMark =
  'first' | 'change' | 'gone' | 'opened' | 'due' | 'overdue' | 'advanced' | 'resolved' | 'dropped' | 'set' | 'ended';

export interface MapCell {
  /** Within the lane's span (a character present or gone, a thread not yet closed, a fact true). */
  isOn: boolean;
  marks: CellMark[];
  /** A character dead or absent in this part. */
  isGone?: boolean;
  /** A thread still open past its due part in this part. */
  isOverdue?: boolean;
  /** What the mark says: the character's state from here, or the thread's status. */
  text?: string;
}

const pos = (p: { position: number | null } | undefined | null) => p?.position ?? undefined;

/**
 * A character's cells: present from their first part to their last, a mark at each state, gone from the part that said
 * so to the end.
 */
export function characterCells(lane: CharacterLane, columns: readonly number[]): MapCell[] {
  const first = pos(lane.first)!;
  const last = pos(lane.last)!;
  const gone = pos(lane.gone);
  return columns.map((p) => {
    const isGone = gone !== undefined && p >= gone;
    const marks: CellMark[] = [];
    const mark = lane.marks.find((m) => m.position === p);
    if (p === first) marks.push('first');
    else if (mark && p !== gone) marks.push('change');
    if (p === gone) marks.push('gone');
    const text = mark?.state ?? (p === first ? lane.marks[0]?.state : undefined);
    return {
      isOn: (p >= first && p <= last) || isGone,
      marks,
      ...(isGone ? { isGone } : {}),
      ...(text && marks.length ? { text } : {}),
    };
  });
}

/**
 * A thread's cells: from the part that opened it to the part that closed it (or the last column), its due part and the
 * parts it is overdue in.
 */
export function threadCells(lane: ThreadLane, columns: readonly number[]): MapCell[] {
  const opened = pos(lane.opened) ?? 0;
  const closed = pos(lane.closed);
  const due = pos(lane.due);
  return columns.map((p) => {
    const isOn = p >= opened && (closed === undefined || p <= closed);
    const marks: CellMark[] = [];
    if (p === opened) marks.push('opened');
    if (p === due) marks.push('due');
    const mark = lane.marks.find((m) => m.position === p && m.status !== 'open');
    if (mark) marks.push(mark.status as CellMark);
    const isOverdue = isOn && due !== undefined && p > due && (closed === undefined || p < closed);
    if (isOverdue && !marks.length) marks.push('overdue');
    return { isOn, marks, ...(isOverdue ? { isOverdue } : {}), ...(mark ? { text: mark.status } : {}) };
  });
}

/** A fact's cells: set in its part, true until the part that replaced it. */
export function factCells(fact: FactPoint, columns: readonly number[]): MapCell[] {
  const since = pos(fact.since) ?? columns[0] ?? 0;
  const until = pos(fact.until);
  return columns.map((p) => {
    const marks: CellMark[] = p === since ? ['set'] : p === until ? ['ended'] : [];
    return { isOn: p >= since && (until === undefined || p < until), marks };
  });
}

/** How many continuity findings each column holds. */
export function findingCounts(map: Pick<StoryMap, 'findings' | 'parts'>): number[] {
  return map.parts.map((part) => map.findings.filter((f) => f.position === part.position).length);
}
