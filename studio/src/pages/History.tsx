// /history: Content History, its own page in the sidebar. One entry per book (its parts inside, folded),
// each single piece and picture on its own (a picture with its thumbnail), newest first, a page at a time
// (load more / infinite scroll), with search, a type filter (generators' display names) and delete
// after a confirm prompt.
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Search } from 'lucide-react';
import { wordIn, type HistoryListItem } from '../engine.js';
import { call } from '../lib/api.js';
import { toasted } from '../lib/toasted.js';
import { historyEntries, useHistoryList } from '../lib/history.js';
import { useGenerators } from '../lib/generators.js';
import { useT } from '../i18n/index.js';
import { ConfirmDelete } from '../components/Dialog.js';
import { HistoryEntryRow } from '../components/HistoryEntry.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError } from '../components/LoadError.js';
import '../i18n/history.js'; // the studio-history words it shows load with it (i18n/shared.ts)

export default function History() {
  const { t, lang } = useT();
  const list = useHistoryList();
  const { generators } = useGenerators();
  const [toDelete, setToDelete] = useState<HistoryListItem | null>(null);
  const kindOf = (generatorId: string | null) => generators?.find((g) => g.id === generatorId)?.kind;

  const remove = async (item: HistoryListItem) => {
    setToDelete(null);
    if (
      await toasted(call('DELETE /history/:id', { params: { id: item.id } }), {
        done: t('history.deleted'),
        failed: t('history.deleteFailed'),
      })
    )
      list.drop(item.id);
  };

  const typeName = (type: string) => {
    const found = list.types.find((x) => x.type === type);
    return found ? wordIn(found.name, lang, type) : type;
  };
  const search = list.search.trim();
  const emptyText = search
    ? t('history.noMatch', { search })
    : list.type !== 'all'
      ? t('history.noMatchType')
      : t('history.noContent');

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t('history.heading')}</h1>
      <section className="card p-5" aria-label={t('history.heading')}>
        <HistoryFilters list={list} />
        {list.loadError !== null ? (
          <LoadError
            error={list.loadError}
            message={t('history.loadFailed')}
            onRetry={list.again}
            testId="history-error"
          />
        ) : list.items === null ? (
          <div className="py-8 text-center">
            <Spinner label={t('history.loading')} />
          </div>
        ) : list.items.length === 0 ? (
          <p className="py-8 text-center text-sm text-gray-600 dark:text-gray-400" data-testid="history-empty">
            {emptyText}
          </p>
        ) : (
          <HistoryEntries list={list} kindOf={kindOf} typeName={typeName} onDelete={setToDelete} />
        )}
      </section>
      <ConfirmDelete
        item={toDelete}
        title={t('history.deleteTitle')}
        message={(item) => t('history.deleteBody', { title: item.title })}
        confirmLabel={t('history.delete')}
        onDelete={(item) => void remove(item)}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

type HistoryList = ReturnType<typeof useHistoryList>;

/**
 * Infinite scroll: the next page loads when the end of the list (`sentinel`) comes into view (the button stays for
 * keyboards and old browsers).
 */
function useLoadMoreInView(sentinel: RefObject<HTMLDivElement | null>, list: HistoryList) {
  useEffect(() => {
    const node = sentinel.current;
    if (!node || list.nextCursor === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void list.loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  });
}

/** The loaded entries, and the next page's button (loaded on its own when it comes into view). */
function HistoryEntries({
  list,
  kindOf,
  typeName,
  onDelete,
}: {
  list: HistoryList;
  kindOf(generatorId: string | null): string | undefined;
  typeName(type: string): string;
  onDelete(item: HistoryListItem): void;
}) {
  const { t } = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  useLoadMoreInView(sentinel, list);
  return (
    <>
      <ul className="mt-4 divide-y divide-gray-100 dark:divide-neutral-800" data-testid="history-list">
        {historyEntries(list.items ?? [], (g) => kindOf(g) === 'book').map((entry) => (
          <HistoryEntryRow
            key={entry.key}
            entry={entry}
            typeName={typeName}
            isImage={(g) => kindOf(g) === 'image'}
            onDelete={onDelete}
          />
        ))}
      </ul>
      {list.nextCursor !== null && (
        <div ref={sentinel} className="mt-3 text-center">
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void list.loadMore()}
            disabled={list.isLoadingMore}
          >
            {list.isLoadingMore ? <Spinner label={t('history.loadMore')} /> : t('history.loadMore')}
          </button>
        </div>
      )}
    </>
  );
}

/** The search box and the type filter (generators' display names). */
function HistoryFilters({ list }: { list: HistoryList }) {
  const { t, lang } = useT();
  const id = useId();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <label htmlFor={`${id}-search`} className="sr-only">
          {t('history.searchLabel')}
        </label>
        <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-400" aria-hidden="true" />
        <input
          id={`${id}-search`}
          type="search"
          className="input pl-9"
          placeholder={t('history.searchPlaceholder')}
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
        />
      </div>
      <label htmlFor={`${id}-type`} className="sr-only">
        {t('history.filterLabel')}
      </label>
      <select
        id={`${id}-type`}
        className="input sm:w-56"
        value={list.type}
        onChange={(e) => list.setType(e.target.value)}
      >
        <option value="all">{t('history.allTypes')}</option>
        {list.types.map((x) => (
          <option key={x.type} value={x.type}>
            {wordIn(x.name, lang, x.type)}
          </option>
        ))}
      </select>
    </div>
  );
}
