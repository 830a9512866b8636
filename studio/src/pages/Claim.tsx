// /claim/{token}: claim a credit link. Signed out: a sign-in prompt. Signed in: a spinner, then the
// congratulations state with confetti for 3 s and a redirect to the profile after 3 s; a failure goes to /.
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { Gift } from 'lucide-react';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { CenteredCard } from '../components/CenteredCard.js';
import { PageLoading, Spinner } from '../components/Spinner.js';

export const CONFETTI_MS = 3000;
export const REDIRECT_MS = 3000;

async function celebrate(): Promise<void> {
  if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  const { default: confetti } = await import('canvas-confetti');
  const end = Date.now() + CONFETTI_MS;
  const frame = () => {
    confetti({ particleCount: 4, angle: 60, spread: 60, origin: { x: 0, y: 0.7 }, disableForReducedMotion: true });
    confetti({ particleCount: 4, angle: 120, spread: 60, origin: { x: 1, y: 0.7 }, disableForReducedMotion: true });
    if (Date.now() < end) requestAnimationFrame(frame);
  };
  frame();
}

/** A post-purchase landing code (CREDIT{n}-SUCCESS) rather than a credit link. */
const PURCHASE = /^CREDIT(\d+)-SUCCESS$/i;

export default function Claim() {
  const { token = '' } = useParams();
  const { user, isLoading, setCredits } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
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
        toast.success(r.message || 'Credits claimed successfully!', { duration: 5000, icon: '🎁' });
        void celebrate();
        setTimeout(() => navigate('/profile/edit', { replace: true }), REDIRECT_MS);
      },
      (error: unknown) => {
        toast.error(error instanceof ApiError && error.status >= 400 && error.status < 500 ? 'Invalid or expired credit link' : 'Failed to claim credits');
        navigate('/', { replace: true });
      },
    );
  }, [user, token, purchase, setCredits, navigate]);

  if (isLoading) return <PageLoading />;
  if (purchase) {
    return (
      <CenteredCard title="Thank you for your purchase">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Your {purchase[1]} credits are delivered within 5 minutes. Online checkout is coming soon; until then credits are added by the administrator.
        </p>
        <Link to="/" className="btn-primary mt-6">Go to Dashboard</Link>
      </CenteredCard>
    );
  }
  if (!user) {
    return (
      <CenteredCard title="Sign in required">
        <Gift className="mx-auto h-12 w-12 text-brand-600" aria-hidden="true" />
        <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">Sign in to claim the credits in this link.</p>
        <Link to="/signin" state={{ from: { pathname: location.pathname, search: '', hash: '' } }} className="btn-primary mt-6">Sign In</Link>
      </CenteredCard>
    );
  }
  if (credits === null) {
    return (
      <CenteredCard title="Claiming your credits">
        <Spinner label="Claiming credits" className="h-8 w-8" />
      </CenteredCard>
    );
  }
  return (
    <CenteredCard title="Congratulations!">
      <Gift className="mx-auto h-14 w-14 text-brand-600" aria-hidden="true" />
      <p className="mt-3 text-lg font-semibold" role="status">You received {credits.toLocaleString('en')} credits.</p>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Taking you to your profile…</p>
    </CenteredCard>
  );
}
