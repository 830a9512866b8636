// /books/:id/story-map: a book's story map (GET /api/books/:id/story-map): a real table for screen readers, one
// column per part and one row per character, thread and fact, each cell's mark said in words; the findings row's
// cells link to the findings of their part, whose button opens the book at that part (the table: StoryMapTable.tsx).
// On a phone (480 px and under) the table folds into one list per character, thread and fact, by CSS alone (the same
// answer). "As of" asks the map as a
// part knew it. The book's own words carry the book's language; the parts are named in the page's (the sentences
// that name them are the page's).
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { call } from '../lib/api.js';
import { useContinueBook } from '../lib/books.js';
import { useT } from '../i18n/index.js';
import type { StoryMap as StoryMapView } from '../engine.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError } from '../components/LoadError.js';
import { FoldedLanes, MapNotes } from './StoryMapNotes.js';
import { Legend, MapTable } from './StoryMapTable.js';
import '../i18n/story-map.js'; // the studio-story-map words it shows load with it (i18n/shared.ts)

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
    call('GET /books/:id/story-map', { params: { id }, query, signal: controller.signal }).then(
      (answer) => {
        setMap(answer);
        if (!answer.is_as_of) setWhole(answer.parts);
      },
      (e: Error) => e.name !== 'AbortError' && setError(e),
    );
    return () => controller.abort();
    // The parts are named in the page's language (the server's answer in the account's): asked again when it changes.
  }, [id, asOf, reload, lang]);
  if (error !== null)
    return (
      <div className="mx-auto max-w-3xl">
        <LoadError
          error={error}
          message={t('storyMap.loadFailed')}
          onRetry={() => setReload((n) => n + 1)}
          testId="story-map-error"
        />
      </div>
    );
  if (!map)
    return (
      <div className="py-12 text-center">
        <Spinner label={t('storyMap.loading')} />
      </div>
    );
  const parts = whole.length ? whole : map.parts;
  // The book opens on its page; the part is brought into view once the page has drawn it.
  const openAt = async (position: number) => {
    if (await continueBook({ id, generator_id: map.generator_id })) showPartWhenDrawn(`part-${position}`);
  };
  return (
    <div className="mx-auto max-w-7xl space-y-5" data-testid="story-map">
      <Link
        to="/books"
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline dark:text-brand-400"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('storyMap.back')}
      </Link>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold break-words">
          {t('storyMap.title')}: <span lang={map.lang}>{map.title}</span>
        </h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">{t('storyMap.intro')}</p>
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor="story-map-as-of" className="text-sm font-medium">
            {t('storyMap.asOf')}
          </label>
          <select
            id="story-map-as-of"
            className="input w-auto"
            value={map.is_as_of ? String(map.as_of.position) : ''}
            data-testid="story-map-as-of"
            onChange={(e) => setParams(e.target.value === '' ? {} : { as_of: e.target.value })}
          >
            <option value="">{t('storyMap.wholeBook')}</option>
            {parts.map((p) => (
              <option key={p.position} value={String(p.position)}>
                {p.label}
              </option>
            ))}
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
