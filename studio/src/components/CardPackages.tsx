// The Top Up page's packages when this server sells credits by card: three one-time packages, the middle one
// marked Popular, bought through Stripe Checkout (POST /api/checkout answers the Checkout page; Stripe sends the
// buyer back to /claim/CREDIT{n}-SUCCESS).
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Check, Lock, Sparkles } from 'lucide-react';
import type { PurchasePackageId } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { formatNumber, formatUsd, useT } from '../i18n/index.js';
import { UPGRADE_PACKAGES } from '../data/packages.js';
import { CheckoutUnavailableDialog } from './CheckoutUnavailable.js';
import { Spinner } from './Spinner.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)

const POPULAR_BADGE_CLASS = [
  'absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3',
  'py-0.5 text-xs font-semibold text-white',
].join(' ');

/** Where the browser goes: Stripe's Checkout page (replaced in tests). */
export const navigateTo = { assign: (url: string) => window.location.assign(url) };

export function CardPackages({ onLeave }: { onLeave?: () => void }) {
  const { t, lang } = useT();
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [busy, setBusy] = useState<PurchasePackageId | null>(null);

  const buy = async (id: PurchasePackageId, label: string) => {
    setBusy(id);
    try {
      const { url } = await call('POST /checkout', { body: { package: id } });
      onLeave?.();
      navigateTo.assign(url);
    } catch (error) {
      setBusy(null);
      if (error instanceof ApiError && error.status === 503) setUnavailable(label);
      else if (error instanceof ApiError && error.status === 401) toast.error(t('upgrade.signIn'));
      else
        toast.error(
          error instanceof ApiError && error.code === 'checkout_failed' ? error.message : t('upgrade.failed'),
        );
    }
  };

  return (
    <>
      <div className="mt-8 grid gap-6 md:grid-cols-3" data-testid="card-packages">
        {UPGRADE_PACKAGES.map((p) => (
          <section
            key={p.id}
            className={`card relative flex flex-col p-6 ${p.isPopular ? 'ring-2 ring-brand-600' : ''}`}
            aria-labelledby={`pkg-${p.id}`}
          >
            {p.isPopular && (
              <span className={POPULAR_BADGE_CLASS}>
                <Sparkles className="h-3 w-3" aria-hidden="true" /> {t('upgrade.popular')}
              </span>
            )}
            <h2 id={`pkg-${p.id}`} className="text-lg font-semibold">
              {p.name}
            </h2>
            <p className="mt-2 text-3xl font-bold">{formatUsd(p.priceCents / 100, lang)}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('upgrade.oneTime', { n: p.credits })}</p>
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {[t('feature.credits', { n: p.credits }), ...p.features.map((f) => t(f))].map((f) => (
                <li key={f} className="flex items-center gap-2">
                  <Check className="h-4 w-4 text-green-600" aria-hidden="true" /> {f}
                </li>
              ))}
            </ul>
            <button
              type="button"
              className={`${p.isPopular ? 'btn-primary' : 'btn-secondary'} mt-6`}
              disabled={busy !== null}
              aria-busy={busy === p.id}
              onClick={() => void buy(p.id, `${p.name} (${formatNumber(p.credits, lang)})`)}
            >
              {busy === p.id ? (
                <>
                  <Spinner label={t('upgrade.redirecting')} className="h-4 w-4" /> {t('upgrade.redirecting')}
                </>
              ) : (
                t('upgrade.buy', { n: p.credits })
              )}
            </button>
          </section>
        ))}
      </div>
      <p className="mt-6 flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
        <Lock className="h-4 w-4" aria-hidden="true" /> {t('upgrade.securePayment')}
      </p>
      <CheckoutUnavailableDialog item={unavailable} onClose={() => setUnavailable(null)} />
    </>
  );
}
