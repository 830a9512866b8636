// The story map as one self-contained HTML page (the package's story-map.html): the same table as the studio's
// (caption, column and row headers, each mark in words as well as its symbol), the lanes' spans, the relations,
// the findings by part and what the last part changed; inline CSS, no script, no outside file, in the book's
// language, laid out to print (landscape) or to send to an editor.
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
import { escapeAttribute } from '../../markup.js';

const esc = escapeAttribute;

const STYLE = `
body{font:15px/1.45 Georgia,'Times New Roman',serif;color:#1a1a1a;background:#fff;margin:2rem auto;\
max-width:72rem;padding:0 1rem}
h1{font-size:1.6rem;margin:0 0 .25rem}h2{font-size:1.2rem;margin:1.75rem 0 .5rem}h3{font-size:1rem;margin:1rem 0 .25rem}
p.as-of{color:#444;margin:0 0 1rem}
.scroll{overflow-x:auto}
table{border-collapse:collapse;font:13px/1.3 system-ui,-apple-system,'Segoe UI',sans-serif;min-width:100%}
caption{text-align:left;color:#333;padding-bottom:.4rem}
th,td{border:1px solid #bbb;padding:.3rem .45rem;vertical-align:top}
thead th{background:#eee;white-space:nowrap}
th[scope=row]{text-align:left;font-weight:600;max-width:16rem}
th.group{background:#f6f6f6;text-align:left;text-transform:uppercase;letter-spacing:.04em;font-size:11px}
td{text-align:center;min-width:3.2rem}
td.on{background:#eef2ff}td.gone{background:#ddd}td.overdue{background:#fdecc8}
td small{display:block;font-size:11px;color:#333}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.key{font:12px system-ui,sans-serif;color:#333}
ul{padding-left:1.25rem}li{margin:.15rem 0}
@media print{body{margin:0;max-width:none}.scroll{overflow:visible}@page{size:landscape;margin:12mm}}
`;

function cellHtml(cell: MapCell, w: MapWords, text?: string): string {
  const symbol = cell.marks.length
    ? cell.marks.map((m) => MARK_SYMBOLS[m]).join('')
    : cell.isGone
      ? GONE_SYMBOL
      : cell.isOverdue
        ? MARK_SYMBOLS.overdue
        : cell.isOn
          ? LINE_SYMBOL
          : '';
  const words = cell.marks.length
    ? cell.marks.map((m) => w(`mark_${m}`)).join(', ')
    : cell.isGone
      ? w('mark_goneOn')
      : cell.isOverdue
        ? w('mark_overdue')
        : cell.isOn
          ? w('mark_on')
          : '';
  const tone = cell.isGone ? 'gone' : cell.isOverdue ? 'overdue' : cell.isOn ? 'on' : '';
  const said = words ? `<span aria-hidden="true">${symbol}</span><span class="sr">${esc(words)}</span>` : '';
  const title = words ? ` title="${esc(words)}"` : '';
  const small = text ? `<small>${esc(text)}</small>` : '';
  return `<td${tone ? ` class="${tone}"` : ''}${title}>${said}${small}</td>`;
}

function rowHtml(name: string, cells: readonly MapCell[], w: MapWords): string {
  const text = (c: MapCell) =>
    c.text && c.marks.some((m) => m === 'first' || m === 'change' || m === 'gone') ? c.text : undefined;
  return `<tr><th scope="row">${esc(name)}</th>${cells.map((c) => cellHtml(c, w, text(c))).join('')}</tr>`;
}

function tableHtml(map: StoryMap, w: MapWords): string {
  const columns = map.parts.map((p) => p.position);
  const span = columns.length + 1;
  const group = (label: string) => `<tr><th scope="colgroup" colspan="${span}" class="group">${esc(label)}</th></tr>`;
  const counts = findingCounts(map);
  const heads = map.parts.map((p) => `<th scope="col">${esc(p.label)}</th>`).join('');
  const link = (p: MapPart, n?: number) => (n ? `<a href="#findings-${p.position}">${FINDING_SYMBOL}${n}</a>` : '');
  const found = map.parts.map((p, i) => `<td>${link(p, counts[i])}</td>`).join('');
  return [
    '<div class="scroll"><table>',
    `<caption>${esc(w('caption', { part: map.as_of.label }))}</caption>`,
    `<thead><tr><th scope="col">${esc(w('lane'))}</th>${heads}</tr></thead><tbody>`,
    group(w('characters')),
    ...map.characters.map((c) => rowHtml(c.name, characterCells(c, columns), w)),
    group(w('threads')),
    ...map.threads.map((t) => rowHtml(t.thread, threadCells(t, columns), w)),
    group(w('facts')),
    ...map.facts.map((f) => rowHtml(f.fact, factCells(f, columns), w)),
    `<tr><th scope="row">${esc(w('findings'))}</th>${found}</tr>`,
    '</tbody></table></div>',
  ].join('\n');
}

function keyHtml(w: MapWords): string {
  return `<p class="key">${esc(w('legend'))}: ${legendItems(w).map(esc).join(' · ')}</p>`;
}

const span = (since: MapPart | null, until: MapPart | null, w: MapWords) =>
  [since ? w('trueFrom', { part: since.label }) : '', until ? w('trueUntil', { part: until.label }) : '']
    .filter(Boolean)
    .join(', ');

function listsHtml(map: StoryMap, w: MapWords): string {
  const threadLine = (t: ThreadLane) =>
    [
      w('openedIn', { part: t.opened.label }),
      ...(t.due ? [w('dueIn', { part: t.due.label })] : []),
      t.closed ? w('closedIn', { status: w(`status_${t.status}`), part: t.closed.label }) : w(`status_${t.status}`),
      ...(t.is_overdue ? [w('overdue')] : []),
    ].join(', ');
  const list = (items: string[]) =>
    items.length ? `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : `<p>${esc(w('none'))}</p>`;
  const character = (c: StoryMap['characters'][number]) => {
    const role = c.role ? ` (${esc(c.role)})` : '';
    const lived = esc(w('span', { first: c.first.label, last: c.last.label }));
    const gone = c.gone ? `; ${esc(w('goneFrom', { part: c.gone.label }))}` : '';
    return `<strong>${esc(c.name)}</strong>${role}: ${lived}${gone}${c.state ? `: ${esc(c.state)}` : ''}`;
  };
  const relation = (r: StoryMap['relations'][number]) =>
    `${esc(r.between.join(' – '))}: “${esc(r.text)}” (${esc(span(r.since, r.until, w))})`;
  const byPart = map.parts
    .map((p) => ({ p, found: map.findings.filter((f) => f.position === p.position) }))
    .filter((g) => g.found.length);
  return [
    `<h2>${esc(w('characters'))}</h2>`,
    list(map.characters.map(character)),
    `<h2>${esc(w('threads'))}</h2>`,
    list(map.threads.map((t) => `<strong>${esc(t.thread)}</strong>: ${esc(threadLine(t))}`)),
    `<h2>${esc(w('relations'))}</h2>`,
    list(map.relations.map(relation)),
    `<h2>${esc(w('findings'))}</h2>`,
    byPart.length
      ? byPart
          .map(
            ({ p, found }) =>
              `<h3 id="findings-${p.position}">${esc(p.label)}</h3>${list(found.map((f) => esc(f.detail)))}`,
          )
          .join('\n')
      : `<p>${esc(w('none'))}</p>`,
  ].join('\n');
}

function changesHtml(map: StoryMap, w: MapWords): string {
  const { changes } = map;
  const said = (c: MapChange, v: string | undefined) =>
    v !== undefined && c.kind === 'thread' ? w(`status_${v as ThreadLane['status']}`) : v;
  const item = (c: MapChange) => {
    const [from, to] = [said(c, c.from), said(c, c.to)];
    const what = from !== undefined && to !== undefined ? w('fromTo', { from, to }) : (to ?? from ?? '');
    return `<li>${esc(w(`kind_${c.kind}`))}${c.kind === 'fact' ? '' : ` ${esc(c.subject)}`}: ${esc(what)}</li>`;
  };
  const groups = (
    [
      ['new', changes.new],
      ['changed', changes.changed],
      ['gone', changes.gone],
    ] as const
  ).filter(([, list]) => list.length);
  const before = changes.before ? ` <small>(${esc(w('sinceBefore', { part: changes.before.label }))})</small>` : '';
  const head = `<h2>${esc(w('changesAt', { part: changes.at.label }))}${before}</h2>`;
  return (
    head +
    (groups.length
      ? groups.map(([key, list]) => `<h3>${esc(w(key))}</h3><ul>${list.map(item).join('')}</ul>`).join('\n')
      : `<p>${esc(w('none'))}</p>`)
  );
}

/** The story map as a whole HTML page, in the map's language. */
export function storyMapHtml(map: StoryMap): string {
  const w: MapWords = (key, vars = {}) => mapWord(key, map.lang, vars);
  const title = w('titleOf', { title: map.title || w('title') });
  return [
    '<!DOCTYPE html>',
    `<html lang="${map.lang}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ` +
      `initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head>`,
    '<body><main>',
    `<h1>${esc(title)}</h1>`,
    `<p class="as-of">${esc(w('asOf', { part: map.as_of.label }))}</p>`,
    tableHtml(map, w),
    keyHtml(w),
    listsHtml(map, w),
    changesHtml(map, w),
    '</main></body></html>',
    '',
  ].join('\n');
}
