// /topup, the one Top Up page: the balance, why the writer came (out of credits for a step), the packages in the
// way this server takes payment (GET /payments/options: card packages through Stripe Checkout when it is set up,
// else the operator's own RM payment links), the credit-code box, and the way back to the book (`?return=`).
// Every "top up" link and the out-of-credits message lead here; /upgrade, the card page's old address, too.
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Coins } from 'lucide-react';
import type { PaymentOptions } from '../engine.js';
import { call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { useT } from '../i18n/index.js';
import { RedeemBox } from '../components/RedeemBox.js';
import { Spinner } from '../components/Spinner.js';
import { CardPackages } from '../components/CardPackages.js';
import { LinkPackages } from '../components/LinkPackages.js';
import { keepReturn, safeReturn } from '../lib/topup.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)
import '../i18n/topup.js'; // the studio-topup words it shows load with it (i18n/shared.ts)

const BALANCE_CHIP_CLASS = [
  'mt-2 inline-flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-1.5 text-sm font-semibold',
  'text-brand-700 dark:bg-brand-600/15 dark:text-brand-100',
].join(' ');
const WARNING_CLASS = [
  'mt-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900',
  'dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200',
].join(' ');

export default function TopUp() {
  const { user } = useAuth();
  const { t, lang } = useT();
  const location = useLocation();
  const [search] = useSearchParams();
  const back = safeReturn(search.get('return'));
  const reason = (location.state as { needed?: number; tool?: string } | null) ?? null;
  // The offer is the writer's language's (the server answers it in the account's language): asked again when it
  // changes.
  const [options, setOptions] = useState<PaymentOptions | 'failed' | null>(null);

  useEffect(() => {
    let isCurrent = true;
    call('GET /payments/options').then(
      (o) => isCurrent && setOptions(o),
      () => isCurrent && setOptions('failed'),
    );
    return () => {
      isCurrent = false;
    };
  }, [lang]);

  return (
    <div className="mx-auto max-w-5xl">
      {back && (
        <Link to={back} className="link mb-3 inline-flex items-center gap-1 text-sm" data-testid="topup-back">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {t('topup.back')}
        </Link>
      )}
      <h1 className="text-2xl font-bold">{t('topup.title')}</h1>
      <p className={BALANCE_CHIP_CLASS} data-testid="topup-balance">
        <Coins className="h-4 w-4" aria-hidden="true" /> {t('topup.balanceNow', { n: user?.credits_available ?? 0 })}
      </p>
      {reason?.tool && (
        <div role="status" className={WARNING_CLASS} data-testid="upgrade-reason">
          {t('upgrade.needs', { tool: reason.tool, n: reason.needed ?? 1 })}
        </div>
      )}
      {options === null ? (
        <div className="py-10 text-center">
          <Spinner label={t('topup.loading')} />
        </div>
      ) : options === 'failed' ? null : options.checkout ? (
        <CardPackages onLeave={() => keepReturn(back)} />
      ) : (
        <LinkPackages options={options} />
      )}
      {/* A credit code (a gift, a promotion) is redeemed here too, where a writer short of credits comes. */}
      <div className="mt-6 max-w-md" data-testid="topup-redeem">
        <RedeemBox />
      </div>
    </div>
  );
}
