// The story map as a compact text table for a terminal (`karya map`), in the book's language: one column per
// part, one row per character, thread and fact, a symbol in each cell (the key under the table), then each
// lane's span, the relations, the continuity findings by part and what the last part changed in the bible.
import { characterCells, factCells, findingCounts, threadCells, type MapCell } from './cells.js';
import {
  FINDING_SYMBOL,
  GONE_SYMBOL,
  LINE_SYMBOL,
  MARK_SYMBOLS,
  legendItems,
  mapWord,
  type MapWords,
} from './words.js';
import type { MapChange, MapPart, StoryMap, ThreadLane } from './schema.js';

const NAME_WIDTH = 26;

/** A part's column heading: its number, else the first letter of its label (the introduction, a section). */
function columnHead(part: MapPart): string {
  return /\d+/.exec(part.label)?.[0] ?? part.label.slice(0, 1).toUpperCase();
}

function cut(text: string, width: number): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

function cellText(cell: MapCell): string {
  if (cell.marks.length) return cell.marks.map((m) => MARK_SYMBOLS[m]).join('');
  if (cell.isGone) return GONE_SYMBOL;
  if (cell.isOverdue) return MARK_SYMBOLS.overdue;
  return cell.isOn ? LINE_SYMBOL : '·';
}

/** The story map as text, in the map's language. */
export function storyMapText(map: StoryMap): string {
  const w: MapWords = (key, vars = {}) => mapWord(key, map.lang, vars);
  const columns = map.parts.map((p) => p.position);
  const width = Math.max(3, ...map.parts.map((p) => columnHead(p).length + 1));
  const row = (name: string, cells: readonly string[]) =>
    `  ${cut(name, NAME_WIDTH).padEnd(NAME_WIDTH)} ${cells.map((c) => c.padEnd(width)).join('')}`.trimEnd();
  const lines = [`${w('titleOf', { title: map.title || w('title') })} (${w('asOf', { part: map.as_of.label })})`, ''];
  lines.push(row('', map.parts.map(columnHead)));
  lines.push(
    w('characters'),
    ...(map.characters.length
      ? map.characters.map((c) => row(c.name, characterCells(c, columns).map(cellText)))
      : [`  ${w('none')}`]),
  );
  lines.push(
    w('threads'),
    ...(map.threads.length
      ? map.threads.map((t) => row(t.thread, threadCells(t, columns).map(cellText)))
      : [`  ${w('none')}`]),
  );
  lines.push(
    w('facts'),
    ...(map.facts.length ? map.facts.map((f) => row(f.fact, factCells(f, columns).map(cellText))) : [`  ${w('none')}`]),
  );
  lines.push(
    w('findings'),
    row(
      '',
      findingCounts(map).map((n) => (n ? `${FINDING_SYMBOL}${n}` : '·')),
    ),
  );
  lines.push('', `${w('legend')}: ${legendItems(w).join(' · ')}`);
  lines.push('', ...laneLines(map, w), ...changeLines(map, w));
  return `${lines.join('\n')}\n`;
}

function laneLines(map: StoryMap, w: MapWords): string[] {
  const lines = [w('characters')];
  for (const c of map.characters) {
    const gone = c.gone ? `; ${w('goneFrom', { part: c.gone.label })}` : '';
    const lived = w('span', { first: c.first.label, last: c.last.label });
    lines.push(`  ${c.name}${c.role ? ` (${c.role})` : ''}: ${lived}${gone}${c.state ? `: ${c.state}` : ''}`);
  }
  lines.push(w('threads'));
  for (const t of map.threads) {
    const said = [
      w('openedIn', { part: t.opened.label }),
      ...(t.due ? [w('dueIn', { part: t.due.label })] : []),
      t.closed ? w('closedIn', { status: w(`status_${t.status}`), part: t.closed.label }) : w(`status_${t.status}`),
    ];
    const [mark, late] = t.is_overdue ? [`${MARK_SYMBOLS.overdue} `, ` (${w('overdue')})`] : ['', ''];
    lines.push(`  ${mark}${t.thread}: ${said.join(', ')}${late}`);
  }
  if (map.relations.length) {
    lines.push(w('relations'));
    for (const r of map.relations) {
      const since = r.since ? w('trueFrom', { part: r.since.label }) : '';
      const until = r.until ? w('trueUntil', { part: r.until.label }) : '';
      lines.push(`  ${r.between.join(' – ')}: "${r.text}" (${[since, until].filter(Boolean).join(', ')})`);
    }
  }
  lines.push(w('findings'));
  if (!map.findings.length) lines.push(`  ${w('none')}`);
  for (const f of map.findings) lines.push(`  ${FINDING_SYMBOL} ${f.label}: ${f.detail}`);
  return lines;
}

function changeLines(map: StoryMap, w: MapWords): string[] {
  const { changes } = map;
  const before = changes.before ? ` (${w('sinceBefore', { part: changes.before.label })})` : '';
  const head = `${w('changesAt', { part: changes.at.label })}${before}`;
  const line = (sign: string, c: MapChange) => {
    const said = (v: string | undefined) =>
      v !== undefined && c.kind === 'thread' ? w(`status_${v as ThreadLane['status']}`) : v;
    const [from, to] = [said(c.from), said(c.to)];
    const what = from !== undefined && to !== undefined ? w('fromTo', { from, to }) : (to ?? from ?? '');
    return `  ${sign} ${w(`kind_${c.kind}`)} ${c.kind === 'fact' ? '' : `${c.subject}: `}${what}`.replace(/\s+$/, '');
  };
  const lines = ['', head];
  if (!changes.new.length && !changes.changed.length && !changes.gone.length) lines.push(`  ${w('none')}`);
  lines.push(
    ...changes.new.map((c) => line(`+ ${w('new')}:`, c)),
    ...changes.changed.map((c) => line(`~ ${w('changed')}:`, c)),
    ...changes.gone.map((c) => line(`− ${w('gone')}:`, c)),
  );
  return lines;
}
