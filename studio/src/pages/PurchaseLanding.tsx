// /claim/CREDIT{n}-SUCCESS?session_id=…: where Stripe Checkout sends the buyer back. The credits are
// granted by Stripe's webhook, which may land a moment after the browser: the page polls the server until
// the session is granted to this user, then says "Credits added" with the new balance, with confetti.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CheckCircle2, CreditCard } from 'lucide-react';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { celebrate } from '../lib/confetti.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { Spinner } from '../components/Spinner.js';
import { useT } from '../i18n/index.js';
import { keptReturn } from '../lib/topup.js';
import type { Profile } from '../engine.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)
import '../i18n/topup.js'; // the studio-topup words it shows load with it (i18n/shared.ts)

/** Poll quickly at first, then slower; after SLOW_AFTER_MS say that it takes longer than usual. */
export const POLL_MS = 1500;
export const SLOW_POLL_MS = 5000;
export const SLOW_AFTER_MS = 60_000;

type State =
  | { kind: 'waiting'; isSlow: boolean }
  | { kind: 'granted'; credits: number; balance: number }
  | { kind: 'not-yours' }
  | { kind: 'no-session' };

/**
 * Asks the server how the Checkout session stands until it is granted to this user (the new balance set), is not
 * theirs, or is no session; quickly at first, slower once it takes longer than usual.
 */
function useGrantPolling(
  userId: Profile['id'] | undefined,
  sessionId: string,
  setCredits: (credits: number) => void,
  setState: (state: State) => void,
) {
  useEffect(() => {
    if (!userId || !sessionId) return;
    let isCurrent = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const poll = async () => {
      try {
        const status = await call('GET /checkout/sessions/:sessionId', { params: { sessionId } });
        if (!isCurrent) return;
        if (status.status === 'granted') {
          setCredits(status.credits_available);
          setState({ kind: 'granted', credits: status.credits_awarded, balance: status.credits_available });
          return;
        }
      } catch (error) {
        if (!isCurrent) return;
        if (error instanceof ApiError && error.status === 404) return setState({ kind: 'not-yours' });
        if (error instanceof ApiError && error.status === 400) return setState({ kind: 'no-session' });
        // Network trouble or a restart: keep asking.
      }
      const waited = Date.now() - started;
      setState({ kind: 'waiting', isSlow: waited >= SLOW_AFTER_MS });
      timer = setTimeout(() => void poll(), waited >= SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS);
    };
    void poll();
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [userId, sessionId, setCredits]);
}

export function PurchaseLanding({ credits }: { credits: number }) {
  const { user, setCredits } = useAuth();
  const { t } = useT();
  const location = useLocation();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  const [state, setState] = useState<State>(sessionId ? { kind: 'waiting', isSlow: false } : { kind: 'no-session' });
  const hasCelebrated = useRef(false);
  const userId = user?.id;

  useGrantPolling(userId, sessionId, setCredits, setState);

  useEffect(() => {
    if (state.kind !== 'granted' || hasCelebrated.current) return;
    hasCelebrated.current = true;
    void celebrate();
  }, [state.kind]);

  if (!user) {
    return (
      <AuthLayout title={t('purchase.title')} isCentered>
        <CreditCard className="mx-auto h-12 w-12 text-brand-600" aria-hidden="true" />
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">{t('purchase.signIn')}</p>
        <Link
          to="/signin"
          state={{ from: { pathname: location.pathname, search: location.search, hash: '' } }}
          className="btn-primary mt-6"
        >
          {t('purchase.signInButton')}
        </Link>
      </AuthLayout>
    );
  }
  if (state.kind === 'granted') {
    return (
      <AuthLayout title={t('purchase.added')} isCentered>
        <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
        <p className="mt-3 text-lg font-semibold" role="status" data-testid="purchase-added">
          {t('purchase.addedBody', { n: state.credits })}
        </p>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400" data-testid="purchase-balance">
          {t('purchase.balance', { n: state.balance })}
        </p>
        {/* Back to the book the writer left to buy credits (kept by the Top Up page), else the start page. */}
        {keptReturn() ? (
          <Link to={keptReturn()!} className="btn-primary mt-6">
            {t('topup.backAfter')}
          </Link>
        ) : (
          <Link to="/" className="btn-primary mt-6">
            {t('purchase.startWriting')}
          </Link>
        )}
      </AuthLayout>
    );
  }
  if (state.kind === 'waiting') {
    return (
      <AuthLayout title={t('purchase.title')} isCentered>
        <Spinner label={t('purchase.waiting')} className="h-8 w-8" />
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400" role="status">
          {state.isSlow ? t('purchase.slow') : t('purchase.waitingBody', { n: credits })}
        </p>
        {state.isSlow && (
          <Link to="/" className="btn-secondary mt-6">
            {t('purchase.dashboard')}
          </Link>
        )}
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('purchase.title')} isCentered>
      <p className="text-sm text-gray-600 dark:text-gray-400" role="status">
        {state.kind === 'not-yours' ? t('purchase.notYours') : t('purchase.noSession', { n: credits })}
      </p>
      <Link to="/" className="btn-primary mt-6">
        {t('purchase.dashboard')}
      </Link>
    </AuthLayout>
  );
}
