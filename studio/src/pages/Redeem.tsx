// /redeem/{code}: redeems the code in the path once the visitor is signed in, then opens the profile;
// /redeem without a code shows the redeem box.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../lib/auth.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { useT } from '../i18n/index.js';
import { RedeemBox, redeemCode } from '../components/RedeemBox.js';
import { PageLoading, Spinner } from '../components/Spinner.js';

export default function Redeem() {
  const { code } = useParams();
  const { user, isLoading, setCredits } = useAuth();
  const { t } = useT();
  const navigate = useNavigate();
  const location = useLocation();
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
      <AuthLayout title={t('landing.signInToRedeem')} isCentered>
        <p className="text-sm text-gray-600 dark:text-gray-400">{code ? t('landing.signInToRedeemCode', { code: code.toUpperCase() }) : t('landing.signInToRedeemAny')}</p>
        <Link to="/signin" state={{ from: { pathname: location.pathname, search: '', hash: '' } }} className="btn-primary mt-6">{t('auth.signIn')}</Link>
      </AuthLayout>
    );
  }
  if (state === 'redeeming') {
    return (
      <AuthLayout title={t('landing.redeeming')} isCentered>
        <Spinner label={t('credits.redeemingButton')} className="h-8 w-8" />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('landing.redeemTitle')} isCentered>
      <div className="text-left"><RedeemBox onRedeemed={() => navigate('/profile/edit')} /></div>
      <Link to="/" className="link mt-4 inline-block text-sm">{t('landing.backToDashboard')}</Link>
    </AuthLayout>
  );
}
