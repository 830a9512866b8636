// The dashboard: greeting, four stat cards, Recent Updates with a detail modal, and one horizontally
// scrolling carousel per navigation group with a card per tool.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BookText, Coins, Crown, Layers, Megaphone } from 'lucide-react';
import { useAuth } from '../lib/auth.js';
import { GROUPS, useGenerators } from '../lib/generators.js';
import { relativeAge } from '../lib/time.js';
import { UPDATES, type ProductUpdate } from '../data/updates.js';
import { Dialog } from '../components/Dialog.js';
import { useT } from '../i18n/index.js';

function StatCard({ label, value, icon: Icon, testId }: { label: string; value: string; icon: typeof Coins; testId: string }) {
  return (
    <div className="card flex items-center gap-4 p-4">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 dark:bg-brand-600/20 dark:text-brand-100"><Icon className="h-5 w-5" aria-hidden="true" /></span>
      <div>
        <p className="text-sm text-gray-600 dark:text-gray-400">{label}</p>
        <p className="text-2xl font-bold" data-testid={testId}>{value}</p>
      </div>
    </div>
  );
}

function UpdateDetail({ update, onClose }: { update: ProductUpdate | null; onClose(): void }) {
  return (
    <Dialog isOpen={update !== null} title={update?.title ?? ''} onClose={onClose} size="lg" testId="update-detail">
      {update && (
        <div className="space-y-4">
          <p className="text-xs text-gray-500">
            <span className="rounded bg-brand-50 px-2 py-0.5 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100">{update.category}</span>{' '}
            {new Date(update.date).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })} · {relativeAge(update.date)}
          </p>
          <section><h3 className="font-semibold">Overview</h3><p className="mt-1">{update.overview}</p></section>
          <section><h3 className="font-semibold">New Features</h3><ul className="mt-1 list-disc pl-5">{update.newFeatures.map((f) => <li key={f}>{f}</li>)}</ul></section>
          <section><h3 className="font-semibold">Improvements</h3><ul className="mt-1 list-disc pl-5">{update.improvements.map((f) => <li key={f}>{f}</li>)}</ul></section>
          {update.notes && <section><h3 className="font-semibold">Additional Notes</h3><p className="mt-1">{update.notes}</p></section>}
        </div>
      )}
    </Dialog>
  );
}

export default function Dashboard() {
  const { user } = useAuth();
  const { t } = useT();
  const { generators } = useGenerators();
  const [openUpdate, setOpenUpdate] = useState<ProductUpdate | null>(null);
  const name = user?.email.split('@')[0] ?? '';
  const plan = user?.role ? user.role.charAt(0).toUpperCase() + user.role.slice(1) : 'Free';

  return (
    <div className="mx-auto max-w-7xl">
      <h1 className="text-2xl font-bold sm:text-3xl">Welcome back, {name}!</h1>
      <p className="mt-1 text-gray-600 dark:text-gray-400">35+ generators, 25+ types, trusted by 1000+ authors. What will you write today?</p>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Chapters Generated" value={(user?.total_usage ?? 0).toLocaleString('en')} icon={BookText} testId="stat-chapters" />
        <StatCard label="Credits Available" value={(user?.credits_available ?? 0).toLocaleString('en')} icon={Coins} testId="stat-credits" />
        <StatCard label="Plan" value={plan} icon={Crown} testId="stat-plan" />
        <StatCard label="Types" value="25+" icon={Layers} testId="stat-types" />
      </div>

      <section className="card mt-6 p-5" aria-labelledby="updates-h">
        <h2 id="updates-h" className="flex items-center gap-2 text-lg font-semibold"><Megaphone className="h-5 w-5 text-brand-600" aria-hidden="true" /> Recent Updates</h2>
        <ul className="mt-3 divide-y divide-gray-100 dark:divide-neutral-800">
          {UPDATES.map((u) => (
            <li key={u.id}>
              <button type="button" className="flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-3 text-left hover:bg-gray-50 sm:flex-row sm:items-center sm:justify-between dark:hover:bg-neutral-800" onClick={() => setOpenUpdate(u)}>
                <span>
                  <span className="font-medium">{u.title}</span>
                  <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-600 dark:bg-neutral-800 dark:text-gray-400">{u.category}</span>
                </span>
                <span className="text-xs text-gray-500">{relativeAge(u.date)}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      {GROUPS.map((group) => {
        const items = (generators ?? []).filter((g) => g.family === group.family).sort((a, b) => a.typeLabel.en.localeCompare(b.typeLabel.en));
        if (items.length === 0) return null;
        return (
          <section key={group.family} className="mt-8" aria-labelledby={`carousel-${group.family}`}>
            <h2 id={`carousel-${group.family}`} className="text-lg font-semibold">{t(group.label)}</h2>
            <ul className="no-scrollbar -mx-1 mt-3 flex snap-x gap-4 overflow-x-auto px-1 pb-3" data-testid={`carousel-${group.family}`}>
              {items.map((g) => (
                <li key={g.id} className="w-60 shrink-0 snap-start">
                  <Link to={g.route} className="card flex h-full flex-col p-4 transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-500">
                    <span className="font-semibold">{g.title.en}</span>
                    <span className="mt-1 text-sm text-gray-600 dark:text-gray-400">{g.tagline.en}</span>
                    <span className="mt-auto pt-3 text-xs text-gray-500">{g.cost} credit{g.cost === 1 ? '' : 's'} per {g.kind === 'book' ? 'chapter' : 'generation'}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <UpdateDetail update={openUpdate} onClose={() => setOpenUpdate(null)} />
    </div>
  );
}
