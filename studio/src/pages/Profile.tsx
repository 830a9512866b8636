// /profile/edit: a notice when sign-in to the account was slowed by wrong passwords from elsewhere (with a
// way to dismiss it); e-mail (read-only), name, bio, Save Changes, the change-password link; the redeem
// box; the way to My Books (/books, where the books are listed, continued, downloaded and deleted); the content
// history a page at a time (load more / infinite scroll), with search, a type filter (generators'
// display names), each item's content fetched when it is opened, and delete after a confirm prompt.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ChevronDown, Download, Search, Trash2 } from 'lucide-react';
import { Markdown } from '../components/Markdown.js';
import type { HistoryListItem, HistoryType, SignInNotice as SignInNoticeBody } from '../engine.js';
import { API_ROLES } from '../engine.js';
import { call } from '../lib/api.js';
import { toasted } from '../lib/toasted.js';
import { useAuth } from '../lib/auth.js';
import { useT } from '../i18n/index.js';
import { RedeemBox } from '../components/RedeemBox.js';
import { ApiKeysPanel } from '../components/ApiKeysPanel.js';
import { ConfirmDelete } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { LoadError, useRefetchOnOnline } from '../components/LoadError.js';

function ProfileForm() {
  const { user, setUser } = useAuth();
  const { t } = useT();
  const [name, setName] = useState(user?.name ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSaving(true);
    try {
      const r = await call('PATCH /me', { body: { name, bio } });
      setUser(r.user);
      toast.success(t('profile.updated'));
    } catch {
      toast.error(t('profile.updateFailed'));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form onSubmit={submit} className="card p-5" aria-labelledby="profile-h">
      <h2 id="profile-h" className="text-base font-semibold">{t('profile.section')}</h2>
      <label htmlFor="profile-email" className="label mt-4">{t('profile.email')}</label>
      <input id="profile-email" className="input" value={user?.email ?? ''} readOnly aria-readonly="true" />
      <label htmlFor="profile-name" className="label mt-4">{t('profile.displayName')}</label>
      <input id="profile-name" className="input" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      <label htmlFor="profile-bio" className="label mt-4">{t('profile.bio')}</label>
      <textarea id="profile-bio" className="input min-h-24" value={bio} maxLength={2000} onChange={(e) => setBio(e.target.value)} />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <Link to="/profile/change-password" className="link text-sm">{t('profile.changePassword')}</Link>
        <button type="submit" className="btn-primary" disabled={isSaving}>{isSaving ? t('profile.saving') : t('profile.save')}</button>
      </div>
    </form>
  );
}

/** Told when wrong passwords from many addresses slowed sign-in to this account; dismissed for good. */
function SignInNotice() {
  const { t, lang } = useT();
  const [notice, setNotice] = useState<SignInNoticeBody | null>(null);
  useEffect(() => {
    call('GET /me/sign-in-notice').then(setNotice, () => undefined);
  }, []);
  if (!notice?.slowed_at) return null;
  const date = new Date(notice.slowed_at).toLocaleString(lang === 'ms' ? 'ms-MY' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div role="status" className="card flex flex-wrap items-start justify-between gap-3 border-amber-300 p-4 text-sm">
      <p className="flex-1">{t('profile.signInSlowed', { date, n: notice.held_back })}</p>
      <button type="button" className="btn-secondary" onClick={() => call('DELETE /me/sign-in-notice').then(setNotice, () => undefined)}>{t('profile.signInSlowedDismiss')}</button>
    </div>
  );
}

/** Where the books list used to be: the way to My Books (/books). */
function MyBooksLink() {
  const { t } = useT();
  return (
    <section className="card flex flex-wrap items-center justify-between gap-3 p-5" data-testid="my-books-link">
      <p className="text-sm">{t('books.onProfile')}</p>
      <Link to="/books" className="btn-secondary text-sm">{t('books.title')}</Link>
    </section>
  );
}

const PAGE_SIZE = 30;

/** An opened item's content: loading, loaded, or failed. */
type Opened = { state: 'loading' } | { state: 'loaded'; content: string } | { state: 'failed' };

function ContentHistory() {
  const { t, lang } = useT();
  const [items, setItems] = useState<HistoryListItem[] | null>(null);
  const [nextCursor, setNextCursor] = useState<number | null>(null);
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [types, setTypes] = useState<HistoryType[]>([]);
  const [search, setSearch] = useState('');
  const [type, setType] = useState('all');
  const [openId, setOpenId] = useState<number | null>(null);
  const [opened, setOpened] = useState<Record<number, Opened>>({});
  const [toDelete, setToDelete] = useState<HistoryListItem | null>(null);
  const [reload, setReload] = useState(0);
  const [loadError, setLoadError] = useState<unknown>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const id = useId();
  const query = (cursor?: number) => ({ limit: PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}), ...(type !== 'all' ? { type } : {}), ...(cursor ? { cursor } : {}) });

  // The first page, again whenever the search or the filter changes (the search after a short pause in typing).
  // `listId` tells a later page which list it belongs to: one for an older search is dropped.
  const listId = useRef(0);
  useEffect(() => {
    listId.current += 1;
    const controller = new AbortController();
    setLoadError(null);
    const timer = setTimeout(() => {
      call('GET /history', { query: query(), signal: controller.signal }).then(
        (r) => {
          setLoadError(null);
          setItems(r.items);
          setNextCursor(r.next_cursor);
          setTypes(r.types);
        },
        (error: Error) => {
          if (error.name !== 'AbortError') {
            setNextCursor(null);
            setLoadError(error);
          }
        },
      );
    }, search ? 250 : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- query() reads exactly these
  }, [search, type, reload]);
  useRefetchOnOnline(() => setReload((n) => n + 1), loadError !== null);

  const loadMore = async () => {
    if (nextCursor === null || isLoadingMore) return;
    setIsLoadingMore(true);
    const forList = listId.current;
    try {
      const r = await call('GET /history', { query: query(nextCursor) });
      if (forList !== listId.current) return;
      setItems((list) => [...(list ?? []), ...r.items.filter((item) => !list?.some((x) => x.id === item.id))]);
      setNextCursor(r.next_cursor);
    } catch {
      toast.error(t('history.loadFailed'));
    } finally {
      setIsLoadingMore(false);
    }
  };

  // Infinite scroll: the next page loads when the end of the list comes into view (the button stays for keyboards and old browsers).
  useEffect(() => {
    const node = sentinel.current;
    if (!node || nextCursor === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) void loadMore();
    });
    observer.observe(node);
    return () => observer.disconnect();
  });

  const toggle = async (item: HistoryListItem) => {
    if (openId === item.id) return setOpenId(null);
    setOpenId(item.id);
    if (opened[item.id]?.state === 'loaded' || opened[item.id]?.state === 'loading') return;
    setOpened((o) => ({ ...o, [item.id]: { state: 'loading' } }));
    try {
      const full = await call('GET /history/:id', { params: { id: item.id } });
      setOpened((o) => ({ ...o, [item.id]: { state: 'loaded', content: full.content } }));
    } catch {
      setOpened((o) => ({ ...o, [item.id]: { state: 'failed' } }));
    }
  };

  const remove = async (item: HistoryListItem) => {
    setToDelete(null);
    if (await toasted(call('DELETE /history/:id', { params: { id: item.id } }), { done: t('history.deleted'), failed: t('history.deleteFailed') })) {
      setItems((list) => list?.filter((x) => x.id !== item.id) ?? null);
      setReload((n) => n + 1);
    }
  };

  const typeName = (t: string) => types.find((x) => x.type === t)?.name[lang] ?? t;
  const emptyText = search.trim() ? t('history.noMatch', { search: search.trim() }) : type !== 'all' ? t('history.noMatchType') : t('history.noContent');

  return (
    <section className="card p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-base font-semibold">{t('history.heading')}</h2>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <label htmlFor={`${id}-search`} className="sr-only">{t('history.searchLabel')}</label>
          <Search className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-400" aria-hidden="true" />
          <input id={`${id}-search`} type="search" className="input pl-9" placeholder={t('history.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <label htmlFor={`${id}-type`} className="sr-only">{t('history.filterLabel')}</label>
        <select id={`${id}-type`} className="input sm:w-56" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="all">{t('history.allTypes')}</option>
          {types.map((t) => <option key={t.type} value={t.type}>{t.name[lang]}</option>)}
        </select>
      </div>
      {loadError !== null ? (
        <LoadError error={loadError} message={t('history.loadFailed')} onRetry={() => setReload((n) => n + 1)} testId="history-error" />
      ) : items === null ? (
        <div className="py-8 text-center"><Spinner label={t('history.loading')} /></div>
      ) : items.length === 0 ? (
        <p className="py-8 text-center text-sm text-gray-500" data-testid="history-empty">{emptyText}</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-gray-100 dark:divide-neutral-800" data-testid="history-list">
            {items.map((item) => {
              const view = opened[item.id];
              return (
                <li key={item.id} className="py-3">
                  <div className="flex items-start justify-between gap-3">
                    <button type="button" className="flex min-w-0 flex-1 items-start gap-2 text-left" aria-expanded={openId === item.id} onClick={() => void toggle(item)}>
                      <ChevronDown className={`mt-0.5 h-4 w-4 shrink-0 transition-transform ${openId === item.id ? '' : '-rotate-90'}`} aria-hidden="true" />
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{item.title}</span>
                        <span className="text-xs text-gray-500">{typeName(item.content_type)} · {new Date(item.created_at).toLocaleString(lang === 'ms' ? 'ms-MY' : 'en-GB')}</span>
                      </span>
                    </button>
                    <button type="button" className="btn-ghost text-red-600" aria-label={t('history.deleteLabel', { title: item.title })} onClick={() => setToDelete(item)}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </button>
                  </div>
                  {openId === item.id && (
                    <div className="mt-2 max-h-[32rem] overflow-y-auto rounded-lg bg-gray-50 p-3 text-sm dark:bg-neutral-800" data-testid="history-content">
                      {!view || view.state === 'loading' ? <Spinner label={t('history.loadingContent')} />
                        : view.state === 'failed' ? <p role="alert">{t('history.contentFailed')}</p>
                        : view.content.startsWith('data:image/') ? (
                          // A generated cover, kept: shown and downloaded again.
                          <figure className="space-y-2">
                            <img src={view.content} alt={item.title} className="max-h-96 rounded" />
                            <a href={view.content} download={`${item.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'cover'}.png`} className="btn-secondary inline-flex" data-testid="history-image-download">
                              <Download className="h-4 w-4" aria-hidden="true" /> {t('history.downloadImage')}
                            </a>
                          </figure>
                        )
                        : <Markdown text={view.content} />}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {nextCursor !== null && (
            <div ref={sentinel} className="mt-3 text-center">
              <button type="button" className="btn-secondary" onClick={() => void loadMore()} disabled={isLoadingMore}>
                {isLoadingMore ? <Spinner label={t('history.loadMore')} /> : t('history.loadMore')}
              </button>
            </div>
          )}
        </>
      )}
      <ConfirmDelete item={toDelete} title={t('history.deleteTitle')} message={(item) => t('history.deleteBody', { title: item.title })} confirmLabel={t('history.delete')} onDelete={(item) => void remove(item)} onCancel={() => setToDelete(null)} />
    </section>
  );
}

export default function Profile() {
  const { t } = useT();
  const { user } = useAuth();
  const hasApiAccess = user !== null && (API_ROLES as readonly string[]).includes(user.role);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t('profile.title')}</h1>
      <SignInNotice />
      <ProfileForm />
      <RedeemBox />
      {hasApiAccess && <ApiKeysPanel />}
      <MyBooksLink />
      <ContentHistory />
    </div>
  );
}
