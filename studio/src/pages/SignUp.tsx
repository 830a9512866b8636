// /signup (and the plan variant, /signup?plan=pro|business): e-mail, password, confirm password.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { returnPath } from '../components/Guards.js';
import { useT } from '../i18n/index.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

const PLAN_BANNER_CLASS = [
  'mb-4 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700',
  'dark:border-brand-700 dark:bg-brand-600/15 dark:text-brand-100',
].join(' ');

const PLANS = ['pro', 'business'] as const;
const isPlan = (value: string): value is (typeof PLANS)[number] => (PLANS as readonly string[]).includes(value);

export default function SignUp() {
  const { t } = useT();
  const location = useLocation();
  const [params] = useSearchParams();
  const hasPlan = params.has('plan');
  const plan = params.get('plan') || 'pro';
  const isPlanValid = isPlan(plan);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { submit, error, fieldErrors, isBusy } = useSignUpSubmit({ email, password, confirm }, { hasPlan, plan });

  return (
    <AuthLayout title={t('auth.signUpTitle')} subtitle={t('auth.signUpSubtitle')}>
      {hasPlan && <PlanBanner plan={plan} isPlanValid={isPlanValid} />}
      <form onSubmit={submit} noValidate>
        {error && (
          <div role="alert" className="error-box mb-4" data-testid="auth-error">
            {error}
          </div>
        )}
        <SignUpField
          name="email"
          type="email"
          autoComplete="email"
          label={t('auth.email')}
          value={email}
          onChange={setEmail}
          error={fieldErrors.email}
        />
        <SignUpField
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          error={fieldErrors.password}
          hint={t('auth.passwordHint')}
          minLength={6}
        />
        <SignUpField
          name="confirm"
          type="password"
          autoComplete="new-password"
          label={t('auth.confirmPassword')}
          value={confirm}
          onChange={setConfirm}
          error={fieldErrors.confirm}
        />
        <button type="submit" className="btn-primary mt-6 w-full" disabled={isBusy}>
          {isBusy ? t('auth.creatingAccount') : t('auth.signUp')}
        </button>
        <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
          {t('auth.haveAccount')}{' '}
          <Link to="/signin" state={location.state} className="link">
            {t('auth.signInLink')}
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}

/**
 * Sign-up: the fields checked first (each error at its field, the first focused), then the account made in the
 * studio's language and the visitor sent back where they came from; the server's refusals shown where they belong.
 */
function useSignUpSubmit(
  { email, password, confirm }: { email: string; password: string; confirm: string },
  { hasPlan, plan }: { hasPlan: boolean; plan: string },
) {
  const { setUser } = useAuth();
  const { t, lang } = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const isPlanValid = isPlan(plan);
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
      const r = await call('POST /auth/sign-up/email', {
        body: { email: email.trim(), password, lang, ...(hasPlan && isPlan(plan) ? { plan } : {}) },
      });
      toast.success(t('auth.accountCreated'));
      setUser(r.user);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields && (fields.email || fields.password)) {
        setFieldErrors({
          ...(fields.email ? { email: fields.email } : {}),
          ...(fields.password ? { password: fields.password } : {}),
        });
        document.getElementById(fields.email ? 'signup-email' : 'signup-password')?.focus();
      } else
        setError(
          err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : t('auth.signUpFailed'),
        );
    } finally {
      setIsBusy(false);
    }
  };
  return { submit, error, fieldErrors, isBusy };
}

/** The plan asked for (/signup?plan=…), named; an unknown one said to be invalid. */
function PlanBanner({ plan, isPlanValid }: { plan: string; isPlanValid: boolean }) {
  const { t } = useT();
  const planName = plan.charAt(0).toUpperCase() + plan.slice(1);
  return (
    <div className={isPlanValid ? PLAN_BANNER_CLASS : 'error-box mb-4'} data-testid="plan-banner">
      {isPlanValid ? t('auth.planBanner', { plan: planName }) : t('auth.invalidPlan')}
    </div>
  );
}

/** One field of the form: its label, box, hint and error at the field (aria-invalid, described by the message). */
function SignUpField({
  name,
  type,
  autoComplete,
  label,
  value,
  onChange,
  error,
  hint,
  minLength,
}: {
  name: 'email' | 'password' | 'confirm';
  type: 'email' | 'password';
  autoComplete: 'email' | 'new-password';
  label: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  hint?: string;
  minLength?: number;
}) {
  const id = `signup-${name}`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <>
      <label htmlFor={id} className={name === 'email' ? 'label' : 'label mt-4'}>
        {label}
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        required
        minLength={minLength}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error mt-1" data-testid="field-error">
          {error}
        </p>
      )}
    </>
  );
}
