// /redeem/{code}: redeems the code in the path once the visitor is signed in, then opens the profile;
// /redeem without a code shows the redeem box. (Claim is the credit-link counterpart: another resource
// and another outcome, sharing the frame and the sign-in prompt.)
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../lib/auth.js';
import { AuthLayout, AuthWorking } from '../components/AuthLayout.js';
import { SignInPrompt } from '../components/SignInPrompt.js';
import { useT } from '../i18n/index.js';
import { RedeemBox, redeemCode } from '../components/RedeemBox.js';
import { PageLoading } from '../components/Spinner.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

export default function Redeem() {
  const { code } = useParams();
  const { user, isLoading, setCredits } = useAuth();
  const { t } = useT();
  const navigate = useNavigate();
  const hasStarted = useRef(false);
  const [state, setState] = useState<'idle' | 'redeeming' | 'failed'>('idle');

  useEffect(() => {
    if (!user || !code || hasStarted.current) return;
    hasStarted.current = true;
    setState('redeeming');
    void redeemCode(code, setCredits).then((r) => {
      if (r) navigate('/profile/edit', { replace: true });
      else setState('failed');
    });
  }, [user, code, setCredits, navigate]);

  if (isLoading) return <PageLoading />;
  if (!user) {
    return (
      <SignInPrompt
        title={t('landing.signInToRedeem')}
        message={code ? t('landing.signInToRedeemCode', { code: code.toUpperCase() }) : t('landing.signInToRedeemAny')}
      />
    );
  }
  if (state === 'redeeming') return <AuthWorking title={t('landing.redeeming')} label={t('credits.redeemingButton')} />;
  return (
    <AuthLayout title={t('landing.redeemTitle')} isCentered>
      <div className="text-left">
        <RedeemBox onRedeemed={() => navigate('/profile/edit')} />
      </div>
      <Link to="/" className="link mt-4 inline-block text-sm">
        {t('landing.backToDashboard')}
      </Link>
    </AuthLayout>
  );
}
