// /claim/{token}: claim a credit link (CREDIT{n}-SUCCESS is the purchase landing instead: PurchaseLanding).
// Signed out: a sign-in prompt. Signed in: a spinner, then the congratulations state with confetti for 3 s and a
// redirect to the profile after 3 s; a failure goes to /.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { Gift } from 'lucide-react';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { AuthLayout, AuthWorking } from '../components/AuthLayout.js';
import { SignInPrompt } from '../components/SignInPrompt.js';
import { useT } from '../i18n/index.js';
import { PageLoading } from '../components/Spinner.js';
import { celebrate } from '../lib/confetti.js';
import { PurchaseLanding } from './PurchaseLanding.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

export { CONFETTI_MS } from '../lib/confetti.js';
export const REDIRECT_MS = 3000;

/** A post-purchase landing code (CREDIT{n}-SUCCESS) rather than a credit link. */
const PURCHASE = /^CREDIT(\d+)-SUCCESS$/i;

export default function Claim() {
  const { token = '' } = useParams();
  const { user, isLoading, setCredits } = useAuth();
  const { t } = useT();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const [credits, setAwarded] = useState<number | null>(null);
  const purchase = PURCHASE.exec(token);

  useEffect(() => {
    if (!user || hasStarted.current || purchase) return;
    hasStarted.current = true;
    call('POST /credits/claim', { body: { token } }).then(
      (r) => {
        setCredits(r.credits_available);
        setAwarded(r.credits_awarded);
        toast.success(t('credits.claimed'), { duration: 5000, icon: '🎁' });
        void celebrate();
        setTimeout(() => navigate('/profile/edit', { replace: true }), REDIRECT_MS);
      },
      (error: unknown) => {
        const isAlreadyClaimed = error instanceof ApiError && error.code === 'already_claimed';
        const isInvalid = error instanceof ApiError && error.status >= 400 && error.status < 500;
        toast.error(
          t(
            isAlreadyClaimed ? 'credits.linkAlreadyClaimed' : isInvalid ? 'credits.invalidLink' : 'credits.claimFailed',
          ),
        );
        navigate('/', { replace: true });
      },
    );
  }, [user, token, purchase, setCredits, navigate, t]);

  if (isLoading) return <PageLoading />;
  if (purchase) return <PurchaseLanding credits={Number(purchase[1])} />;
  if (!user) {
    return (
      <SignInPrompt
        title={t('landing.signInRequired')}
        message={t('landing.signInToClaim')}
        icon={<Gift className="mx-auto h-12 w-12 text-brand-600" aria-hidden="true" />}
      />
    );
  }
  if (credits === null) return <AuthWorking title={t('landing.claiming')} label={t('landing.claiming')} />;
  return (
    <AuthLayout title={t('landing.congratulations')} isCentered>
      <Gift className="mx-auto h-14 w-14 text-brand-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold" role="status">
        {t('landing.received', { n: credits })}
      </p>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('landing.toProfile')}</p>
    </AuthLayout>
  );
}
