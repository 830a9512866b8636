// /signin: e-mail and password with Remember me, the forgot-password panel, errors in a red box; back to
// the page the visitor came from once signed in.
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { returnPath } from '../components/Guards.js';

/** The reset-request failure message of spec/platform.md §8. */
function resetRequestMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'reset_too_soon') return 'Please wait a minute before requesting another reset';
    if (error.status === 429) return 'Too many attempts. Please wait a few minutes and try again';
    if (error.status === 400) return 'Please enter a valid email address';
  }
  return 'Failed to send reset instructions. Please try again.';
}

function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError('Please enter your email address');
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      await call('POST /auth/request-password-reset', { body: { email: email.trim() } });
      toast.success('Check your email for password reset instructions (including spam/junk folder)', { duration: 8000 });
      onBack();
    } catch (err) {
      const message = resetRequestMessage(err);
      setError(message);
      toast.error(message);
    } finally {
      setIsSending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-base font-semibold">Reset your password</h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Enter your e-mail and we will send you a link to choose a new password.</p>
      {error && <div role="alert" className="error-box mt-4">{error}</div>}
      <label htmlFor={`${id}-email`} className="label mt-4">Email</label>
      <input id={`${id}-email`} type="email" autoComplete="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="submit" className="btn-primary mt-4 w-full" disabled={!email.trim() || isSending}>
        {isSending ? 'Sending...' : 'Send Reset Instructions'}
      </button>
      <button type="button" className="btn-secondary mt-2 w-full" onClick={onBack}>Back to Sign In</button>
    </form>
  );
}

export default function SignIn() {
  const { setUser } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isRemembered, setIsRemembered] = useState(true);
  const [isForgotOpen, setIsForgotOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(!email.trim() ? 'Please enter your email address' : 'Invalid email or password');
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const r = await call('POST /auth/sign-in/email', { body: { email: email.trim(), password, rememberMe: isRemembered } });
      toast.success('Successfully signed in!');
      setUser(r.user);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : 'Failed to sign in. Please try again.');
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthLayout title={isForgotOpen ? 'Forgot password' : 'Sign in to Karya'} subtitle={isForgotOpen ? undefined : 'Write books, stories and more in English and Bahasa Malaysia.'}>
      {isForgotOpen ? (
        <ForgotPassword initialEmail={email} onBack={() => setIsForgotOpen(false)} />
      ) : (
        <form onSubmit={submit} noValidate>
          {error && <div role="alert" className="error-box mb-4" data-testid="auth-error">{error}</div>}
          <label htmlFor="signin-email" className="label">Email</label>
          <input id="signin-email" name="email" type="email" autoComplete="email" required className="input" value={email} onChange={(e) => setEmail(e.target.value)} />
          <label htmlFor="signin-password" className="label mt-4">Password</label>
          <input id="signin-password" name="password" type="password" autoComplete="current-password" required className="input" value={password} onChange={(e) => setPassword(e.target.value)} />
          <div className="mt-4 flex items-center justify-between">
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="h-4 w-4 rounded border-gray-300 text-brand-600" checked={isRemembered} onChange={(e) => setIsRemembered(e.target.checked)} />
              Remember me
            </label>
            <button type="button" className="link text-sm" onClick={() => setIsForgotOpen(true)}>Forgot password?</button>
          </div>
          <button type="submit" className="btn-primary mt-6 w-full" disabled={isBusy}>{isBusy ? 'Signing in...' : 'Sign In'}</button>
          <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
            Don&apos;t have an account? <Link to="/signup" state={location.state} className="link">Sign up</Link>
          </p>
          <p className="mt-2 text-center text-sm text-gray-600 dark:text-gray-400">
            Trouble signing in? <a className="link" href="mailto:?subject=Karya%20account%20help">Contact the administrator</a>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
