// /signup (and the plan variant, /signup?plan=pro|business): e-mail, password, confirm password.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { returnPath } from '../components/Guards.js';

const PLANS = ['pro', 'business'] as const;
const isPlan = (value: string): value is (typeof PLANS)[number] => (PLANS as readonly string[]).includes(value);

export default function SignUp() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const hasPlan = params.has('plan');
  const plan = params.get('plan') || 'pro';
  const isPlanValid = isPlan(plan);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError('Please enter your email address');
    if (!password) return setError('Password must be at least 6 characters long');
    if (password !== confirm) return setError('Passwords do not match');
    if (password.length < 6) return setError('Password must be at least 6 characters long');
    if (hasPlan && !isPlanValid) return setError('Invalid plan selected');
    setIsBusy(true);
    setError(null);
    try {
      const r = await call('POST /auth/sign-up/email', { body: { email: email.trim(), password, ...(hasPlan && isPlan(plan) ? { plan } : {}) } });
      toast.success(r.message || 'Account created successfully!');
      setUser(r.user);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : 'Failed to create account. Please try again.');
    } finally {
      setIsBusy(false);
    }
  };

  const planName = plan.charAt(0).toUpperCase() + plan.slice(1);
  return (
    <AuthLayout title="Create your account" subtitle="Start with 10 free credits.">
      {hasPlan && (
        <div className={isPlanValid ? 'mb-4 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700 dark:border-brand-700 dark:bg-brand-600/15 dark:text-brand-100' : 'error-box mb-4'} data-testid="plan-banner">
          {isPlanValid ? `You are signing up for the ${planName} plan. Your account starts on the free plan; the ${planName} purchase opens once checkout is available.` : 'Invalid plan selected'}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {error && <div role="alert" className="error-box mb-4" data-testid="auth-error">{error}</div>}
        <label htmlFor="signup-email" className="label">Email</label>
        <input id="signup-email" type="email" autoComplete="email" required className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="signup-password" className="label mt-4">Password</label>
        <input id="signup-password" type="password" autoComplete="new-password" required minLength={6} aria-describedby="signup-password-hint" className="input" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p id="signup-password-hint" className="mt-1 text-xs text-gray-500">At least 6 characters.</p>
        <label htmlFor="signup-confirm" className="label mt-4">Confirm Password</label>
        <input id="signup-confirm" type="password" autoComplete="new-password" required className="input" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        <button type="submit" className="btn-primary mt-6 w-full" disabled={isBusy}>{isBusy ? 'Creating account...' : 'Sign Up'}</button>
        <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
          Already have an account? <Link to="/signin" state={location.state} className="link">Sign in</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
