// The dashboard: greeting, four stat cards, Recent Updates with a detail modal, and one horizontally
// scrolling carousel per navigation group with a card per tool. A new account is welcomed as new (its
// first visit in this browser before it has written anything), everyone else "Welcome back".
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, BookText, Coins, Crown, Layers, Library, Megaphone } from 'lucide-react';
import { useAuth } from '../lib/auth.js';
import { GROUPS, catalogueCounts, shownIn, useGenerators } from '../lib/generators.js';
import { relativeAge } from '../lib/time.js';
import { UPDATES, updateWords, type ProductUpdate } from '../data/updates.js';
import { Dialog } from '../components/Dialog.js';
import { formatNumber, localeOf, useT, type MessageKey } from '../i18n/index.js';
import { wordIn } from '../engine.js';
import { useBookRoute, useContinueBook, useMyBooks } from '../lib/books.js';
import { BookFacts } from '../components/BookFacts.js';
import '../i18n/dashboard.js'; // the studio-dashboard words it shows load with it (i18n/shared.ts)

const ICON_TILE_CLASS = [
  'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600',
  'dark:bg-brand-600/20 dark:text-brand-100',
].join(' ');
const BADGE_CLASS = [
  'rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-700',
  'dark:bg-brand-600/20 dark:text-brand-100',
].join(' ');
const RECENT_ROW_CLASS = [
  'flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-3 text-left hover:bg-gray-50 sm:flex-row',
  'sm:items-center sm:justify-between dark:hover:bg-neutral-800',
].join(' ');
const LANGUAGE_CHIP_CLASS = [
  'ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600',
  'dark:bg-neutral-800 dark:text-gray-400',
].join(' ');
const CARD_LINK_CLASS = [
  'card flex h-full flex-col p-4 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2',
  'focus-visible:ring-brand-500',
].join(' ');

const GREETED_KEY = 'karya.greeted';

/** Whether this account was greeted in this browser before (the dashboard records it after the first visit). */
function wasGreeted(userId: string): boolean {
  try {
    return (JSON.parse(localStorage.getItem(GREETED_KEY) ?? '[]') as string[]).includes(userId);
  } catch {
    return false;
  }
}

function rememberGreeted(userId: string): void {
  try {
    const seen = JSON.parse(localStorage.getItem(GREETED_KEY) ?? '[]') as string[];
    if (!seen.includes(userId)) localStorage.setItem(GREETED_KEY, JSON.stringify([...seen, userId].slice(-20)));
  } catch {
    /* not stored: the next visit greets as new again */
  }
}

const PLAN_KEYS: Record<string, MessageKey> = {
  free: 'dashboard.planFree',
  pro: 'dashboard.planPro',
  business: 'dashboard.planBusiness',
  admin: 'dashboard.planAdmin',
};
const CATEGORY_KEYS: Record<ProductUpdate['category'], MessageKey> = {
  'New Feature': 'dashboard.categoryNewFeature',
  Improvement: 'dashboard.categoryImprovement',
  Announcement: 'dashboard.categoryAnnouncement',
};

function StatCard({
  label,
  value,
  icon: Icon,
  testId,
}: {
  label: string;
  value: string;
  icon: typeof Coins;
  testId: string;
}) {
  return (
    <div className="card flex items-center gap-4 p-4">
      <span className={ICON_TILE_CLASS}>
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
        <p className="text-2xl font-bold" data-testid={testId}>
          {value}
        </p>
      </div>
    </div>
  );
}

function UpdateDetail({ update, onClose }: { update: ProductUpdate | null; onClose(): void }) {
  const { t, lang } = useT();
  const words = update ? updateWords(update, lang) : null;
  return (
    <Dialog isOpen={update !== null} title={words?.title ?? ''} onClose={onClose} size="lg" testId="update-detail">
      {update && words && (
        <div className="space-y-4">
          <p className="text-xs text-gray-600 dark:text-gray-400">
            <span className={BADGE_CLASS}>{t(CATEGORY_KEYS[update.category])}</span>{' '}
            {new Date(update.date).toLocaleDateString(localeOf(lang), {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
            })}{' '}
            · {relativeAge(update.date, new Date(), lang)}
          </p>
          <section>
            <h3 className="font-semibold">{t('dashboard.overview')}</h3>
            <p className="mt-1">{words.overview}</p>
          </section>
          <section>
            <h3 className="font-semibold">{t('dashboard.newFeatures')}</h3>
            <ul className="mt-1 list-disc pl-5">
              {words.newFeatures.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="font-semibold">{t('dashboard.improvements')}</h3>
            <ul className="mt-1 list-disc pl-5">
              {words.improvements.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </section>
          {words.notes && (
            <section>
              <h3 className="font-semibold">{t('dashboard.notes')}</h3>
              <p className="mt-1">{words.notes}</p>
            </section>
          )}
        </div>
      )}
    </Dialog>
  );
}

/**
 * A returning writer's books: "Continue <title>" for the latest unfinished one (its generator page opens
 * with it) and the way to My Books. Nothing until the writer has a book.
 */
function YourBooks() {
  const { t } = useT();
  const { books } = useMyBooks();
  const routeOf = useBookRoute();
  const continueBook = useContinueBook();
  const [isBusy, setIsBusy] = useState(false);
  if (!books || books.length === 0) return null;
  const latest = books.find((b) => !b.is_finished && routeOf(b) !== undefined);
  return (
    <section
      className="card mt-6 flex flex-wrap items-center justify-between gap-3 p-5"
      aria-label={t('books.title')}
      data-testid="dashboard-books"
    >
      {latest ? (
        <div className="flex min-w-0 flex-1 items-start gap-2">
          <BookOpen className="mt-1 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
          <div className="min-w-0">
            <button
              type="button"
              className="btn-primary"
              disabled={isBusy}
              onClick={async () => {
                setIsBusy(true);
                if (!(await continueBook(latest))) setIsBusy(false);
              }}
              data-testid="dashboard-continue"
            >
              {t('dashboard.continueBook', { title: latest.title })}
            </button>
            <p className="mt-1">
              <BookFacts book={latest} />
            </p>
          </div>
        </div>
      ) : (
        <p className="text-sm">{t('books.onProfile')}</p>
      )}
      <Link to="/books" className="btn-secondary text-sm" data-testid="dashboard-my-books">
        <Library className="h-4 w-4" aria-hidden="true" /> {t('dashboard.allBooks')}
      </Link>
    </section>
  );
}

/** Recent Updates: each update's title, category and age; a click opens its detail. */
function RecentUpdates({ onOpen }: { onOpen(update: ProductUpdate): void }) {
  const { t, lang } = useT();
  return (
    <section className="card mt-6 p-5" aria-labelledby="updates-h">
      <h2 id="updates-h" className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone className="h-5 w-5 text-brand-600" aria-hidden="true" /> {t('dashboard.recentUpdates')}
      </h2>
      <ul className="mt-3 divide-y divide-gray-100 dark:divide-neutral-800">
        {UPDATES.map((u) => (
          <li key={u.id}>
            <button type="button" className={RECENT_ROW_CLASS} onClick={() => onOpen(u)}>
              <span>
                <span className="font-medium">{updateWords(u, lang).title}</span>
                <span className={LANGUAGE_CHIP_CLASS}>{t(CATEGORY_KEYS[u.category])}</span>
              </span>
              <span className="text-xs text-gray-600 dark:text-gray-400">{relativeAge(u.date, new Date(), lang)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One horizontally scrolling carousel per navigation group, a card per tool (its title, tagline and cost). */
function ToolCarousels({ generators }: { generators: ReturnType<typeof useGenerators>['generators'] }) {
  const { t, lang } = useT();
  return (
    <>
      {GROUPS.map((group) => {
        const items = shownIn(generators, lang)
          .filter((g) => g.family === group.family)
          .sort((a, b) => wordIn(a.typeLabel, lang, a.id).localeCompare(wordIn(b.typeLabel, lang, b.id), lang));
        if (items.length === 0) return null;
        return (
          <section key={group.family} className="mt-8" aria-labelledby={`carousel-${group.family}`}>
            <h2 id={`carousel-${group.family}`} className="text-lg font-semibold">
              {t(group.label)}
            </h2>
            <ul
              className="no-scrollbar -mx-1 mt-3 flex snap-x gap-4 overflow-x-auto px-1 pb-3"
              data-testid={`carousel-${group.family}`}
            >
              {items.map((g) => (
                <li key={g.id} className="w-60 shrink-0 snap-start">
                  <Link to={g.route} className={CARD_LINK_CLASS}>
                    <span className="font-semibold">{wordIn(g.title, lang, g.id)}</span>
                    <span className="mt-1 text-sm text-gray-600 dark:text-gray-400">
                      {wordIn(g.tagline, lang, g.id)}
                    </span>
                    <span className="mt-auto pt-3 text-xs text-gray-600 dark:text-gray-400">
                      {t(g.kind === 'book' ? 'dashboard.costPerChapter' : 'dashboard.costPerGeneration', { n: g.cost })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}

export default function Dashboard() {
  const { user } = useAuth();
  const { t, lang } = useT();
  const { generators } = useGenerators();
  const counts = catalogueCounts(generators);
  const [openUpdate, setOpenUpdate] = useState<ProductUpdate | null>(null);
  const name = user?.email.split('@')[0] ?? '';
  const plan = t(PLAN_KEYS[user?.role ?? 'free'] ?? 'dashboard.planFree');
  // Decided once per visit: new when this browser never greeted the account and it has written nothing.
  const [isNew] = useState(() => (user ? user.total_usage === 0 && !wasGreeted(user.id) : false));
  useEffect(() => {
    if (user) rememberGreeted(user.id);
  }, [user]);

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t(isNew ? 'dashboard.welcomeNew' : 'dashboard.welcomeBack', { name })}
      </h1>
      <p className="mt-1 text-gray-600 dark:text-gray-400">
        {isNew ? t('dashboard.introNew') : counts ? t('dashboard.intro', { n: counts.generators }) : '\u00a0'}
      </p>
      <YourBooks />

      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label={t('dashboard.chaptersGenerated')}
          value={formatNumber(user?.total_usage ?? 0, lang)}
          icon={BookText}
          testId="stat-chapters"
        />
        <StatCard
          label={t('dashboard.creditsAvailable')}
          value={formatNumber(user?.credits_available ?? 0, lang)}
          icon={Coins}
          testId="stat-credits"
        />
        <StatCard label={t('dashboard.plan')} value={plan} icon={Crown} testId="stat-plan" />
        <StatCard
          label={t('dashboard.types')}
          value={counts ? String(counts.types) : '…'}
          icon={Layers}
          testId="stat-types"
        />
      </div>

      <RecentUpdates onOpen={setOpenUpdate} />

      <ToolCarousels generators={generators} />
      <UpdateDetail update={openUpdate} onClose={() => setOpenUpdate(null)} />
    </div>
  );
}
