// /signup (and the plan variant, /signup?plan=pro|business): e-mail, password, confirm password.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { returnPath } from '../components/Guards.js';
import { useT } from '../i18n/index.js';

const PLANS = ['pro', 'business'] as const;
const isPlan = (value: string): value is (typeof PLANS)[number] => (PLANS as readonly string[]).includes(value);

export default function SignUp() {
  const { setUser } = useAuth();
  const { t, lang } = useT();
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
  // Errors at their field (aria-invalid, described by the message); the banner is for the rest.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'email' | 'password' | 'confirm', string>>>({});
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof fieldErrors = {};
    if (!email.trim()) found.email = t('auth.emailRequired');
    if (!password || password.length < 6) found.password = t('auth.passwordTooShort');
    else if (password !== confirm) found.confirm = t('auth.passwordsDontMatch');
    setFieldErrors(found);
    const first = (['email', 'password', 'confirm'] as const).find((f) => found[f]);
    if (first) {
      setError(null);
      document.getElementById(`signup-${first}`)?.focus();
      return;
    }
    if (hasPlan && !isPlanValid) return setError(t('auth.invalidPlan'));
    setIsBusy(true);
    setError(null);
    try {
      const r = await call('POST /auth/sign-up/email', { body: { email: email.trim(), password, lang, ...(hasPlan && isPlan(plan) ? { plan } : {}) } });
      toast.success(t('auth.accountCreated'));
      setUser(r.user);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields && (fields.email || fields.password)) {
        setFieldErrors({ ...(fields.email ? { email: fields.email } : {}), ...(fields.password ? { password: fields.password } : {}) });
        document.getElementById(fields.email ? 'signup-email' : 'signup-password')?.focus();
      } else setError(err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : t('auth.signUpFailed'));
    } finally {
      setIsBusy(false);
    }
  };

  const planName = plan.charAt(0).toUpperCase() + plan.slice(1);
  return (
    <AuthLayout title={t('auth.signUpTitle')} subtitle={t('auth.signUpSubtitle')}>
      {hasPlan && (
        <div className={isPlanValid ? 'mb-4 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700 dark:border-brand-700 dark:bg-brand-600/15 dark:text-brand-100' : 'error-box mb-4'} data-testid="plan-banner">
          {isPlanValid ? t('auth.planBanner', { plan: planName }) : t('auth.invalidPlan')}
        </div>
      )}
      <form onSubmit={submit} noValidate>
        {error && <div role="alert" className="error-box mb-4" data-testid="auth-error">{error}</div>}
        <label htmlFor="signup-email" className="label">{t('auth.email')}</label>
        <input id="signup-email" type="email" autoComplete="email" required className="input" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={fieldErrors.email ? true : undefined} aria-describedby={fieldErrors.email ? 'signup-email-error' : undefined} />
        {fieldErrors.email && <p id="signup-email-error" className="field-error mt-1" data-testid="field-error">{fieldErrors.email}</p>}
        <label htmlFor="signup-password" className="label mt-4">{t('auth.password')}</label>
        <input id="signup-password" type="password" autoComplete="new-password" required minLength={6} aria-describedby={`signup-password-hint${fieldErrors.password ? ' signup-password-error' : ''}`} aria-invalid={fieldErrors.password ? true : undefined} className="input" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p id="signup-password-hint" className="mt-1 text-xs text-gray-600 dark:text-gray-400">{t('auth.passwordHint')}</p>
        {fieldErrors.password && <p id="signup-password-error" className="field-error mt-1" data-testid="field-error">{fieldErrors.password}</p>}
        <label htmlFor="signup-confirm" className="label mt-4">{t('auth.confirmPassword')}</label>
        <input id="signup-confirm" type="password" autoComplete="new-password" required className="input" value={confirm} onChange={(e) => setConfirm(e.target.value)} aria-invalid={fieldErrors.confirm ? true : undefined} aria-describedby={fieldErrors.confirm ? 'signup-confirm-error' : undefined} />
        {fieldErrors.confirm && <p id="signup-confirm-error" className="field-error mt-1" data-testid="field-error">{fieldErrors.confirm}</p>}
        <button type="submit" className="btn-primary mt-6 w-full" disabled={isBusy}>{isBusy ? t('auth.creatingAccount') : t('auth.signUp')}</button>
        <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
          {t('auth.haveAccount')} <Link to="/signin" state={location.state} className="link">{t('auth.signInLink')}</Link>
        </p>
      </form>
    </AuthLayout>
  );
}
