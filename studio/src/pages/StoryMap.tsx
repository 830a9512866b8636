// /books/:id/story-map: a book's story map (GET /api/books/:id/story-map): a real table for screen readers, one
// column per part and one row per character, thread and fact, each cell's mark said in words; the findings row's
// cells link to the findings of their part, whose button opens the book at that part. On a phone (480 px and under) the
// table
// folds into one list per character, thread and fact, by CSS alone (the same answer). "As of" asks the map as a
// part knew it. The book's own words carry the book's language; the parts are named in the page's (the sentences
// that name them are the page's).
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { call } from '../lib/api.js';
import { useContinueBook } from '../lib/books.js';
import { useT } from '../i18n/index.js';
import {
  characterCells, factCells, findingCounts, threadCells, FINDING_SYMBOL, GONE_SYMBOL, LINE_SYMBOL, MARK_SYMBOLS, type CellMark, type Lang, type MapCell,
  type StoryMap as StoryMapView,
} from '../engine.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError } from '../components/LoadError.js';
import { FoldedLanes, MapNotes } from './StoryMapNotes.js';

type T = ReturnType<typeof useT>['t'];

/** A cell: its marks as symbols (hidden from screen readers) and in words (read by them). */
function Cell({ cell, t, text, lang }: { cell: MapCell; t: T; text?: string; lang: Lang }) {
  const symbol = cell.marks.length ? cell.marks.map((m) => MARK_SYMBOLS[m]).join('') : cell.isGone ? GONE_SYMBOL : cell.isOverdue ? MARK_SYMBOLS.overdue : cell.isOn ? LINE_SYMBOL : '';
  const words = cell.marks.length ? cell.marks.map((m) => t(`storyMap.mark.${m}`)).join(', ') : cell.isGone ? t('storyMap.mark.goneOn') : cell.isOverdue ? t('storyMap.mark.overdue') : cell.isOn ? t('storyMap.mark.on') : '';
  const tone = cell.isGone ? 'bg-gray-200 text-gray-800 dark:bg-neutral-700 dark:text-gray-100' : cell.isOverdue ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100' : cell.isOn ? 'bg-brand-50 text-brand-900 dark:bg-brand-900/30 dark:text-brand-100' : '';
  return (
    <td className={`border border-gray-200 px-2 py-1 text-center align-top dark:border-neutral-700 ${tone}`} data-marks={cell.marks.join(' ') || undefined} data-gone={cell.isGone ? 'true' : undefined} data-overdue={cell.isOverdue ? 'true' : undefined}>
      {symbol && <span aria-hidden="true">{symbol}</span>}
      {words && <span className="sr-only">{words}</span>}
      {text && cell.marks.length > 0 && <span className="block text-xs" lang={lang}>{text}</span>}
    </td>
  );
}

function Row({ name, cells, t, lang, testId }: { name: ReactNode; cells: MapCell[]; t: T; lang: Lang; testId: string }) {
  return (
    <tr data-testid={testId}>
      <th scope="row" className="border border-gray-200 px-2 py-1 text-left font-medium dark:border-neutral-700" lang={lang}>{name}</th>
      {cells.map((cell, i) => <Cell key={i} cell={cell} t={t} lang={lang} {...(cell.text && cell.marks.some((m) => m === 'first' || m === 'change' || m === 'gone') ? { text: cell.text } : {})} />)}
    </tr>
  );
}

function GroupHead({ label, span }: { label: string; span: number }) {
  return (
    <tr>
      <th scope="colgroup" colSpan={span} className="bg-gray-50 px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-gray-700 dark:bg-neutral-800 dark:text-gray-200">{label}</th>
    </tr>
  );
}

function MapTable({ map, t }: { map: StoryMapView; t: T }) {
  const columns = map.parts.map((p) => p.position);
  const counts = findingCounts(map);
  const span = columns.length + 1;
  return (
    <div className="overflow-x-auto max-[480px]:hidden" role="region" aria-label={t('storyMap.tableRegion')} tabIndex={0} data-testid="story-map-table">
      <table className="min-w-full border-collapse text-sm">
        <caption className="mb-2 text-left text-sm text-gray-700 dark:text-gray-300">{t('storyMap.caption', { part: map.as_of.label })}</caption>
        <thead>
          <tr>
            <th scope="col" className="border border-gray-200 px-2 py-1 text-left dark:border-neutral-700">{t('storyMap.lane')}</th>
            {map.parts.map((p) => <th key={p.position} scope="col" className="border border-gray-200 px-2 py-1 whitespace-nowrap dark:border-neutral-700">{p.label}</th>)}
          </tr>
        </thead>
        <tbody>
          <GroupHead label={t('storyMap.characters')} span={span} />
          {map.characters.map((c) => <Row key={c.name} name={c.name} cells={characterCells(c, columns).map((cell) => ({ ...cell }))} t={t} lang={map.lang} testId="map-character" />)}
          <GroupHead label={t('storyMap.threads')} span={span} />
          {map.threads.map((th) => <Row key={th.thread} name={th.thread} cells={threadCells(th, columns)} t={t} lang={map.lang} testId="map-thread" />)}
          <GroupHead label={t('storyMap.facts')} span={span} />
          {map.facts.map((f, i) => <Row key={`${i}-${f.fact}`} name={f.fact} cells={factCells(f, columns)} t={t} lang={map.lang} testId="map-fact" />)}
          <tr data-testid="map-findings-row">
            <th scope="row" className="border border-gray-200 px-2 py-1 text-left font-medium dark:border-neutral-700">{t('storyMap.findings')}</th>
            {map.parts.map((p, i) => (
              <td key={p.position} className="border border-gray-200 px-2 py-1 text-center dark:border-neutral-700">
                {counts[i] ? <a href={`#findings-${p.position}`} className="font-semibold text-amber-800 underline dark:text-amber-200" aria-label={t('storyMap.findingsIn', { n: counts[i]!, part: p.label })}>{FINDING_SYMBOL}{counts[i]}</a> : null}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Legend({ t }: { t: T }) {
  const marks = Object.keys(MARK_SYMBOLS) as CellMark[];
  return (
    <p className="text-xs text-gray-700 max-[480px]:hidden dark:text-gray-300" aria-hidden="true">
      {t('storyMap.legend')}: {[`${LINE_SYMBOL} ${t('storyMap.mark.on')}`, ...marks.map((m) => `${MARK_SYMBOLS[m]} ${t(`storyMap.mark.${m}`)}`), `${GONE_SYMBOL} ${t('storyMap.mark.goneOn')}`, `${FINDING_SYMBOL} ${t('storyMap.mark.finding')}`].join(' · ')}
    </p>
  );
}

/** Scroll to the element `id` and focus its part heading as soon as the page draws it (given up after 15 s). */
function showPartWhenDrawn(id: string): void {
  const show = () => {
    const target = document.getElementById(id);
    if (!target) return false;
    target.scrollIntoView?.({ block: 'start' });
    target.querySelector<HTMLElement>('[data-part-heading]')?.focus({ preventScroll: true });
    return true;
  };
  if (show()) return;
  const watch = new MutationObserver(() => {
    if (show()) watch.disconnect();
  });
  watch.observe(document.body, { childList: true, subtree: true });
  window.setTimeout(() => watch.disconnect(), 15_000);
}

export default function StoryMap() {
  const { t, lang } = useT();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const [map, setMap] = useState<StoryMapView | null>(null);
  const [whole, setWhole] = useState<StoryMapView['parts']>([]);
  const [error, setError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  const continueBook = useContinueBook();
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    const query = asOf !== null && /^\d+$/.test(asOf) ? { as_of: Number(asOf) } : {};
    call('GET /books/:id/story-map', { params: { id }, query, signal: controller.signal }).then((answer) => {
      setMap(answer);
      if (!answer.is_as_of) setWhole(answer.parts);
    }, (e: Error) => e.name !== 'AbortError' && setError(e));
    return () => controller.abort();
    // The parts are named in the page's language (the server's answer in the account's): asked again when it changes.
  }, [id, asOf, reload, lang]);
  if (error !== null) return <div className="mx-auto max-w-3xl"><LoadError error={error} message={t('storyMap.loadFailed')} onRetry={() => setReload((n) => n + 1)} testId="story-map-error" /></div>;
  if (!map) return <div className="py-12 text-center"><Spinner label={t('storyMap.loading')} /></div>;
  const parts = whole.length ? whole : map.parts;
  // The book opens on its page; the part is brought into view once the page has drawn it.
  const openAt = async (position: number) => {
    if (await continueBook({ id, generator_id: map.generator_id })) showPartWhenDrawn(`part-${position}`);
  };
  return (
    <div className="mx-auto max-w-7xl space-y-5" data-testid="story-map">
      <Link to="/books" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-400"><ArrowLeft className="h-4 w-4" aria-hidden="true" />{t('storyMap.back')}</Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words">{t('storyMap.title')}: <span lang={map.lang}>{map.title}</span></h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('storyMap.intro')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="story-map-as-of" className="text-sm font-medium">{t('storyMap.asOf')}</label>
          <select id="story-map-as-of" className="input w-auto" value={map.is_as_of ? String(map.as_of.position) : ''} data-testid="story-map-as-of"
            onChange={(e) => setParams(e.target.value === '' ? {} : { as_of: e.target.value })}>
            <option value="">{t('storyMap.wholeBook')}</option>
            {parts.map((p) => <option key={p.position} value={String(p.position)}>{p.label}</option>)}
          </select>
        </div>
      </header>
      <MapTable map={map} t={t} />
      <Legend t={t} />
      <FoldedLanes map={map} t={t} />
      <MapNotes map={map} t={t} onOpenPart={(position) => void openAt(position)} />
    </div>
  );
}
