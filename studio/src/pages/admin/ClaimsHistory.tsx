// The admin page's claims history: who claimed which credit code or link, for how many credits and when,
// in two tabs (codes, links); reloaded when a link is deleted.
import { useEffect, useState } from 'react';
import { History } from 'lucide-react';
import type { ClaimsResponse } from '../../engine.js';
import { call } from '../../lib/api.js';
import { useRefetchOnOnline } from '../../components/LoadError.js';
import { useT } from '../../i18n/index.js';
import { ListBody } from './lists.js';
import { Section, when } from './Section.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

const ACTIVE_TAB = 'border-brand-600 text-brand-700 dark:text-brand-100';
const IDLE_TAB = 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400';

export function ClaimsHistory({ version }: { version: number }) {
  const { t, lang } = useT();
  const [claims, setClaims] = useState<ClaimsResponse | null>(null);
  const [tab, setTab] = useState<'code' | 'link'>('code');
  const [loadError, setLoadError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    setLoadError(null);
    call('GET /admin/claims').then(setClaims, setLoadError);
  }, [version, reload]);
  useRefetchOnOnline(() => setReload((n) => n + 1), loadError !== null);
  const rows = claims
    ? tab === 'code'
      ? claims.code_claims.map((c) => ({
          id: c.id,
          email: c.user_email,
          what: c.code,
          credits: c.credits_awarded,
          at: c.claimed_at,
        }))
      : claims.link_claims.map((c) => ({
          id: c.id,
          email: c.user_email,
          what: c.token,
          credits: c.credits_awarded,
          at: c.claimed_at,
        }))
    : [];
  const tabClass = (isActive: boolean) =>
    `rounded-t-md border-b-2 px-3 py-2 text-sm ` + `font-medium ${isActive ? ACTIVE_TAB : IDLE_TAB}`;
  return (
    <Section title={t('admin.claimsTitle')} icon={History}>
      <div
        role="tablist"
        aria-label={t('admin.claimsTabs')}
        className="flex gap-2 border-b border-gray-200 dark:border-neutral-700"
      >
        <button
          type="button"
          role="tab"
          id="tab-code"
          aria-controls="panel-claims"
          aria-selected={tab === 'code'}
          className={tabClass(tab === 'code')}
          onClick={() => setTab('code')}
        >
          {t('admin.codeClaims', { n: claims?.code_claims.length ?? 0 })}
        </button>
        <button
          type="button"
          role="tab"
          id="tab-link"
          aria-controls="panel-claims"
          aria-selected={tab === 'link'}
          className={tabClass(tab === 'link')}
          onClick={() => setTab('link')}
        >
          {t('admin.linkClaims', { n: claims?.link_claims.length ?? 0 })}
        </button>
      </div>
      <div id="panel-claims" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-3">
        <ListBody
          loadError={loadError}
          items={claims ? rows : null}
          reload={() => setReload((n) => n + 1)}
          failed={t('admin.claimsLoadFailed')}
          loading={t('admin.claimsLoading')}
          empty={t('admin.noClaims')}
        >
          {(items) => <ClaimsTable rows={items} tab={tab} />}
        </ListBody>
      </div>
    </Section>
  );
}

/** One claimed code or link, as a row of the table. */
interface ClaimRow {
  id: number;
  email: string;
  what: string;
  credits: number;
  at: string;
}

/** The claims of one tab: who, which code or link, how many credits, when. */
function ClaimsTable({ rows, tab }: { rows: readonly ClaimRow[]; tab: 'code' | 'link' }) {
  const { t, lang } = useT();
  return (
    // On a phone the table scrolls inside its box: the box takes the keyboard's focus so it can be scrolled without a
    // mouse.
    <div
      className="relative overflow-x-auto rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      tabIndex={0}
      role="region"
      aria-labelledby={`tab-${tab}`}
    >
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase text-gray-600 dark:text-gray-400">
          <tr>
            <th className="py-2 pr-3">{t('admin.colUser')}</th>
            <th className="py-2 pr-3">{t(tab === 'code' ? 'admin.colCode' : 'admin.colLink')}</th>
            <th className="py-2 pr-3">{t('admin.colCredits')}</th>
            <th className="py-2">{t('admin.colClaimed')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-neutral-800">
          {rows.map((r) => (
            <tr key={r.id}>
              <td className="py-2 pr-3">{r.email}</td>
              <td className="py-2 pr-3 font-mono">{r.what}</td>
              <td className="py-2 pr-3">{r.credits}</td>
              <td className="py-2">{when(r.at, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
