// The Top Up page's packages when this server takes payment through the operator's own payment forms
// (KARYA_TOPUP_URLS): the offer of the writer's language as the server answers it (languages/<code>/topup.yaml: its
// currency, prices and payment methods), each button opening its form in a new tab; the product makes no call of its
// own. A package without a configured link says so instead.
import { BadgeCheck, ExternalLink } from 'lucide-react';
import type { PaymentOptions } from '../engine.js';
import { formatPrice, useT } from '../i18n/index.js';
import { topUpSavings } from '../data/packages.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)

const POPULAR_BADGE_CLASS = [
  'absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold',
  'text-white',
].join(' ');

export function LinkPackages({ options }: { options: PaymentOptions }) {
  const { t, lang } = useT();
  const { offer, topup: packages } = options;
  const price = (amount: number) => formatPrice(amount, lang, { currency: offer.currency, format: offer.price_format });
  const badges = [t('badge.neverExpire'), t('badge.delivered'), offer.payment_methods, t('badge.receipt')];
  return (
    <>
      <div className="mt-8 grid gap-6 md:grid-cols-3" data-testid="link-packages">
        {packages.map((p) => {
          const url = p.url;
          const savings = topUpSavings(p, packages);
          const style = `${p.best_value ? 'btn-primary' : 'btn-secondary'} mt-6`;
          return (
            <section
              key={p.credits}
              className={`card relative flex flex-col p-6 ${p.best_value ? 'ring-2 ring-brand-600' : ''}`}
              aria-labelledby={`top-${p.credits}`}
            >
              {p.best_value && <span className={POPULAR_BADGE_CLASS}>{t('topup.bestValue')}</span>}
              <h2 id={`top-${p.credits}`} className="text-lg font-semibold">
                {t('topup.credits', { n: p.credits })}
              </h2>
              <p className="mt-2 text-3xl font-bold">{price(p.price)}</p>
              <ul
                className="mt-1 flex-1 text-sm text-green-700 dark:text-green-400"
                data-testid={`savings-${p.credits}`}
              >
                {savings.length === 0 ? (
                  <li className="text-gray-600 dark:text-gray-400">{t('topup.starter')}</li>
                ) : (
                  savings.map((s) => (
                    <li key={s.size}>
                      {t('topup.save', { amount: price(s.amount), count: String(s.count), size: String(s.size) })}
                    </li>
                  ))
                )}
              </ul>
              {url ? (
                <a
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${style} inline-flex items-center justify-center gap-2`}
                  title={t('topup.opensTab')}
                >
                  {t('topup.button', { n: p.credits })} <ExternalLink className="h-4 w-4" aria-hidden="true" />
                </a>
              ) : (
                <>
                  <button type="button" className={style} disabled aria-describedby={`top-${p.credits}-unset`}>
                    {t('topup.button', { n: p.credits })}
                  </button>
                  <p id={`top-${p.credits}-unset`} className="mt-2 text-xs text-gray-600 dark:text-gray-400">
                    {t('topup.notSet')}
                  </p>
                </>
              )}
            </section>
          );
        })}
      </div>
      {offer.charge_note && (
        <p className="mt-6 text-sm font-medium text-gray-800 dark:text-gray-200" data-testid="topup-charge-note">
          {offer.charge_note}
        </p>
      )}
      <p className="mt-6 text-sm text-gray-600 dark:text-gray-400">{t('topup.after')}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="topup-badges">
        {badges.map((b) => (
          <li key={b} className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
            <BadgeCheck className="h-5 w-5 text-green-600" aria-hidden="true" /> {b}
          </li>
        ))}
      </ul>
    </>
  );
}
