// /redeem/{code}: redeems the code in the path once the visitor is signed in, then opens the profile;
// /redeem without a code shows the redeem box.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuth } from '../lib/auth.js';
import { CenteredCard } from '../components/CenteredCard.js';
import { RedeemBox, redeemCode } from '../components/RedeemBox.js';
import { PageLoading, Spinner } from '../components/Spinner.js';

export default function Redeem() {
  const { code } = useParams();
  const { user, isLoading, setCredits } = useAuth();
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
      <CenteredCard title="Sign in to redeem">
        <p className="text-sm text-gray-600 dark:text-gray-400">Sign in to redeem {code ? <strong className="font-mono">{code.toUpperCase()}</strong> : 'your credit code'}.</p>
        <Link to="/signin" state={{ from: { pathname: location.pathname, search: '', hash: '' } }} className="btn-primary mt-6">Sign In</Link>
      </CenteredCard>
    );
  }
  if (state === 'redeeming') {
    return (
      <CenteredCard title="Redeeming your code">
        <Spinner label="Redeeming" className="h-8 w-8" />
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title="Redeem a credit code">
      <div className="text-left"><RedeemBox onRedeemed={() => navigate('/profile/edit')} /></div>
      <Link to="/" className="link mt-4 inline-block text-sm">Back to Dashboard</Link>
    </CenteredCard>
  );
}
