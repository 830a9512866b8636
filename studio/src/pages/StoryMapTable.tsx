// The story map's table (pages/StoryMap.tsx): one column per part and one row per character, thread and fact, each
// cell's mark shown as a symbol and said in words; the findings row's cells link to the findings of their part; and
// the legend of the marks. Hidden at 480 px and under, where the folded lanes stand in for it (StoryMapNotes.tsx).
import type { ReactNode } from 'react';
import type { useT } from '../i18n/index.js';
import {
  characterCells,
  factCells,
  findingCounts,
  threadCells,
  FINDING_SYMBOL,
  GONE_SYMBOL,
  LINE_SYMBOL,
  MARK_SYMBOLS,
  type CellMark,
  type Lang,
  type MapCell,
  type StoryMap as StoryMapView,
} from '../engine.js';
import '../i18n/story-map.js'; // the studio-story-map words it shows load with it (i18n/shared.ts)

type T = ReturnType<typeof useT>['t'];

/** A cell: its marks as symbols (hidden from screen readers) and in words (read by them). */
function Cell({ cell, t, text, lang }: { cell: MapCell; t: T; text?: string; lang: Lang }) {
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
    ? cell.marks.map((m) => t(`storyMap.mark.${m}`)).join(', ')
    : cell.isGone
      ? t('storyMap.mark.goneOn')
      : cell.isOverdue
        ? t('storyMap.mark.overdue')
        : cell.isOn
          ? t('storyMap.mark.on')
          : '';
  const tone = cell.isGone
    ? 'bg-gray-200 text-gray-800 dark:bg-neutral-700 dark:text-gray-100'
    : cell.isOverdue
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100'
      : cell.isOn
        ? 'bg-brand-50 text-brand-900 dark:bg-brand-900/30 dark:text-brand-100'
        : '';
  return (
    <td
      className={`border border-gray-200 px-2 py-1 text-center align-top dark:border-neutral-700 ${tone}`}
      data-marks={cell.marks.join(' ') || undefined}
      data-gone={cell.isGone ? 'true' : undefined}
      data-overdue={cell.isOverdue ? 'true' : undefined}
    >
      {symbol && <span aria-hidden="true">{symbol}</span>}
      {words && <span className="sr-only">{words}</span>}
      {text && cell.marks.length > 0 && (
        <span className="block text-xs" lang={lang}>
          {text}
        </span>
      )}
    </td>
  );
}

/** One lane: its name and a cell per part. */
function Row({
  name,
  cells,
  t,
  lang,
  testId,
}: {
  name: ReactNode;
  cells: MapCell[];
  t: T;
  lang: Lang;
  testId: string;
}) {
  return (
    <tr data-testid={testId}>
      <th
        scope="row"
        className="border border-gray-200 px-2 py-1 text-left font-medium dark:border-neutral-700"
        lang={lang}
      >
        {name}
      </th>
      {cells.map((cell, i) => (
        <Cell
          key={i}
          cell={cell}
          t={t}
          lang={lang}
          {...(cell.text && cell.marks.some((m) => m === 'first' || m === 'change' || m === 'gone')
            ? { text: cell.text }
            : {})}
        />
      ))}
    </tr>
  );
}

/** A group heading's classes (in parts: each line of the file stays within 120 characters). */
const GROUP_HEAD = [
  'bg-gray-50 px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide',
  'text-gray-700 dark:bg-neutral-800 dark:text-gray-200',
].join(' ');

/** A group of lanes' heading row (characters, threads, facts). */
function GroupHead({ label, span }: { label: string; span: number }) {
  return (
    <tr>
      <th scope="colgroup" colSpan={span} className={GROUP_HEAD}>
        {label}
      </th>
    </tr>
  );
}

/** The map as a table: a column per part, a row per character, thread and fact, and the findings' row. */
export function MapTable({ map, t }: { map: StoryMapView; t: T }) {
  const columns = map.parts.map((p) => p.position);
  const counts = findingCounts(map);
  const span = columns.length + 1;
  return (
    <div
      className="overflow-x-auto max-[480px]:hidden"
      role="region"
      aria-label={t('storyMap.tableRegion')}
      tabIndex={0}
      data-testid="story-map-table"
    >
      <table className="min-w-full border-collapse text-sm">
        <caption className="mb-2 text-left text-sm text-gray-700 dark:text-gray-300">
          {t('storyMap.caption', { part: map.as_of.label })}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="border border-gray-200 px-2 py-1 text-left dark:border-neutral-700">
              {t('storyMap.lane')}
            </th>
            {map.parts.map((p) => (
              <th
                key={p.position}
                scope="col"
                className="border border-gray-200 px-2 py-1 whitespace-nowrap dark:border-neutral-700"
              >
                {p.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <GroupHead label={t('storyMap.characters')} span={span} />
          {map.characters.map((c) => (
            <Row
              key={c.name}
              name={c.name}
              cells={characterCells(c, columns).map((cell) => ({ ...cell }))}
              t={t}
              lang={map.lang}
              testId="map-character"
            />
          ))}
          <GroupHead label={t('storyMap.threads')} span={span} />
          {map.threads.map((th) => (
            <Row
              key={th.thread}
              name={th.thread}
              cells={threadCells(th, columns)}
              t={t}
              lang={map.lang}
              testId="map-thread"
            />
          ))}
          <GroupHead label={t('storyMap.facts')} span={span} />
          {map.facts.map((f, i) => (
            <Row
              key={`${i}-${f.fact}`}
              name={f.fact}
              cells={factCells(f, columns)}
              t={t}
              lang={map.lang}
              testId="map-fact"
            />
          ))}
          <tr data-testid="map-findings-row">
            <th scope="row" className="border border-gray-200 px-2 py-1 text-left font-medium dark:border-neutral-700">
              {t('storyMap.findings')}
            </th>
            {map.parts.map((p, i) => (
              <td key={p.position} className="border border-gray-200 px-2 py-1 text-center dark:border-neutral-700">
                {counts[i] ? (
                  <a
                    href={`#findings-${p.position}`}
                    className="font-semibold text-amber-800 underline dark:text-amber-200"
                    aria-label={t('storyMap.findingsIn', { n: counts[i]!, part: p.label })}
                  >
                    {FINDING_SYMBOL}
                    {counts[i]}
                  </a>
                ) : null}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** What each mark means (the table's cells say it in words to screen readers). */
export function Legend({ t }: { t: T }) {
  const marks = Object.keys(MARK_SYMBOLS) as CellMark[];
  return (
    <p className="text-xs text-gray-700 max-[480px]:hidden dark:text-gray-300" aria-hidden="true">
      {t('storyMap.legend')}:{' '}
      {[
        `${LINE_SYMBOL} ${t('storyMap.mark.on')}`,
        ...marks.map((m) => `${MARK_SYMBOLS[m]} ${t(`storyMap.mark.${m}`)}`),
        `${GONE_SYMBOL} ${t('storyMap.mark.goneOn')}`,
        `${FINDING_SYMBOL} ${t('storyMap.mark.finding')}`,
      ].join(' · ')}
    </p>
  );
}
