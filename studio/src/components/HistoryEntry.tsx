// One entry of Content History: a book (a row with its title and how many parts; opened, its parts),
// or an item on its own (a single piece; a picture with its thumbnail). An item's content is fetched when
// it is opened (a picture's at once, for its thumbnail), and deleted after a confirm prompt.
import { useEffect, useId, useState } from 'react';
import { BookOpen, ChevronDown, Download, Trash2 } from 'lucide-react';
import type { HistoryListItem, Lang } from '../engine.js';
import type { HistoryEntry } from '../lib/history.js';
import { call } from '../lib/api.js';
import { localeOf, useT } from '../i18n/index.js';
import { Markdown } from './Markdown.js';
import { Spinner } from './Spinner.js';
import '../i18n/history.js'; // the studio-history words it shows load with it (i18n/shared.ts)

const STEPS_CLASS = [
  'ml-6 mt-2 divide-y divide-gray-100 border-l border-gray-200 pl-3',
  'dark:divide-neutral-800 dark:border-neutral-700',
].join(' ');
const TEXT_PANEL_CLASS = [
  'mt-2 max-h-[32rem] overflow-y-auto rounded-lg bg-gray-50 p-3 text-sm focus:outline-none',
  'focus-visible:ring-2 focus-visible:ring-brand-500 dark:bg-neutral-800',
].join(' ');

/** An opened item's content: loading, loaded, or failed. */
type Opened = { state: 'loading' } | { state: 'loaded'; content: string } | { state: 'failed' };

export interface EntryProps {
  entry: HistoryEntry;
  typeName(type: string): string;
  isImage(generatorId: string | null): boolean;
  onDelete(item: HistoryListItem): void;
}

const when = (iso: string, lang: Lang) => new Date(iso).toLocaleString(localeOf(lang));

export function HistoryEntryRow({ entry, typeName, isImage, onDelete }: EntryProps) {
  if (entry.kind === 'item') {
    return (
      <SingleRow item={entry.item} typeName={typeName} isImage={isImage(entry.item.generator_id)} onDelete={onDelete} />
    );
  }
  return <BookRow entry={entry} typeName={typeName} isImage={isImage} onDelete={onDelete} />;
}

function BookRow({
  entry,
  typeName,
  isImage,
  onDelete,
}: {
  entry: Extract<HistoryEntry, { kind: 'book' }>;
  typeName(type: string): string;
  isImage(generatorId: string | null): boolean;
  onDelete(item: HistoryListItem): void;
}) {
  const { t, lang } = useT();
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const newest = entry.parts[0]!.item;
  return (
    <li className="py-3" data-testid="history-book">
      <button
        type="button"
        className="flex w-full min-w-0 items-start gap-2 text-left"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((o) => !o)}
      >
        <ChevronDown
          className={`mt-0.5 h-4 w-4 shrink-0 transition-transform ${isOpen ? '' : '-rotate-90'}`}
          aria-hidden="true"
        />
        <BookOpen className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="min-w-0">
          <span className="block truncate font-medium">{entry.title}</span>
          <span className="text-xs text-gray-600 dark:text-gray-400">
            {typeName(entry.contentType)} · {t('history.parts', { n: entry.parts.length })} ·{' '}
            {when(newest.created_at, lang)}
          </span>
        </span>
      </button>
      <ul id={listId} hidden={!isOpen} className={STEPS_CLASS} data-testid="history-book-parts">
        {isOpen &&
          entry.parts.map(({ item, part }) => (
            <ItemRow
              key={item.id}
              item={item}
              label={part}
              meta={when(item.created_at, lang)}
              isImage={isImage(item.generator_id)}
              onDelete={onDelete}
            />
          ))}
      </ul>
    </li>
  );
}

function SingleRow({
  item,
  typeName,
  isImage,
  onDelete,
}: {
  item: HistoryListItem;
  typeName(type: string): string;
  isImage: boolean;
  onDelete(item: HistoryListItem): void;
}) {
  const { lang } = useT();
  return (
    <ItemRow
      item={item}
      label={item.title}
      meta={`${typeName(item.content_type)} · ${when(item.created_at, lang)}`}
      isImage={isImage}
      onDelete={onDelete}
    />
  );
}

function ItemRow({
  item,
  label,
  meta,
  isImage,
  onDelete,
}: {
  item: HistoryListItem;
  label: string;
  meta: string;
  isImage: boolean;
  onDelete(item: HistoryListItem): void;
}) {
  const { t } = useT();
  const [isOpen, setIsOpen] = useState(false);
  const [opened, setOpened] = useState<Opened | null>(null);
  const load = async () => {
    if (opened?.state === 'loaded' || opened?.state === 'loading') return;
    setOpened({ state: 'loading' });
    try {
      const full = await call('GET /history/:id', { params: { id: item.id } });
      setOpened({ state: 'loaded', content: full.content });
    } catch {
      setOpened({ state: 'failed' });
    }
  };
  // A picture shows its thumbnail in the list: its content is fetched at once.
  useEffect(() => {
    if (isImage) void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per item
  }, [isImage, item.id]);
  const toggle = () => {
    setIsOpen((o) => !o);
    if (!isOpen) void load();
  };
  const picture = opened?.state === 'loaded' && opened.content.startsWith('data:image/') ? opened.content : null;
  return (
    <li className="py-3" data-testid="history-item">
      <div className="flex items-start justify-between gap-3">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-start gap-2 text-left"
          aria-expanded={isOpen}
          onClick={toggle}
        >
          <ChevronDown
            className={`mt-0.5 h-4 w-4 shrink-0 transition-transform ${isOpen ? '' : '-rotate-90'}`}
            aria-hidden="true"
          />
          {isImage &&
            (picture ? (
              <img
                src={picture}
                alt=""
                className="h-16 w-10 shrink-0 rounded object-cover"
                data-testid="history-thumbnail"
              />
            ) : (
              <span className="h-16 w-10 shrink-0 rounded bg-gray-100 dark:bg-neutral-800" aria-hidden="true" />
            ))}
          <span className="min-w-0">
            <span className="block truncate font-medium">{label}</span>
            <span className="text-xs text-gray-600 dark:text-gray-400">{meta}</span>
          </span>
        </button>
        <button
          type="button"
          className="btn-ghost text-red-600 dark:text-red-400"
          aria-label={t('history.deleteLabel', { title: item.title })}
          onClick={() => onDelete(item)}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {isOpen && <ItemContent item={item} opened={opened} />}
    </li>
  );
}

function ItemContent({ item, opened }: { item: HistoryListItem; opened: Opened | null }) {
  const { t } = useT();
  return (
    // A scrolling box: focusable and named, so the keyboard can scroll it.
    <div className={TEXT_PANEL_CLASS} tabIndex={0} role="region" aria-label={item.title} data-testid="history-content">
      {!opened || opened.state === 'loading' ? (
        <Spinner label={t('history.loadingContent')} />
      ) : opened.state === 'failed' ? (
        <p role="alert">{t('history.contentFailed')}</p>
      ) : opened.content.startsWith('data:image/') ? (
        // A generated cover, kept: shown and downloaded again.
        <figure className="space-y-2">
          <img src={opened.content} alt={item.title} className="max-h-96 rounded" />
          <a
            href={opened.content}
            download={`${
              item.title
                .replace(/[^\p{L}\p{N}]+/gu, '-')
                .replace(/^-+|-+$/g, '')
                .toLowerCase() || 'cover'
            }.png`}
            className="btn-secondary inline-flex"
            data-testid="history-image-download"
          >
            <Download className="h-4 w-4" aria-hidden="true" /> {t('history.downloadImage')}
          </a>
        </figure>
      ) : (
        <Markdown text={opened.content} />
      )}
    </div>
  );
}
