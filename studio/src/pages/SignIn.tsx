// /signin: e-mail and password with Remember me, the forgot-password panel, errors in a red box; back to
// the page the visitor came from once signed in.
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { returnPath } from '../components/Guards.js';
import { useT, type MessageKey } from '../i18n/index.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

/**
 * The reset-request failure message: a limit's is the server's, which says how long to wait (in the studio's language).
 */
function resetRequestMessage(error: unknown, t: (key: MessageKey) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.message;
    if (error.status === 400) return t('auth.invalidEmail');
  }
  return t('auth.resetFailed');
}

function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const { t } = useT();
  const [email, setEmail] = useState(initialEmail);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError(t('auth.emailRequired'));
      return;
    }
    setIsSending(true);
    setError(null);
    try {
      await call('POST /auth/request-password-reset', { body: { email: email.trim() } });
      toast.success(t('auth.resetSent'), { duration: 8000 });
      onBack();
    } catch (err) {
      const message = resetRequestMessage(err, t);
      setError(message);
      toast.error(message);
    } finally {
      setIsSending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="text-base font-semibold">
        {t('auth.resetYourPassword')}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('auth.resetIntro')}</p>
      {error && (
        <div role="alert" className="error-box mt-4">
          {error}
        </div>
      )}
      <label htmlFor={`${id}-email`} className="label mt-4">
        {t('auth.email')}
      </label>
      <input
        id={`${id}-email`}
        type="email"
        autoComplete="email"
        className="input"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn-primary mt-4 w-full" disabled={!email.trim() || isSending}>
        {isSending ? t('auth.sending') : t('auth.sendReset')}
      </button>
      <button type="button" className="btn-secondary mt-2 w-full" onClick={onBack}>
        {t('auth.backToSignIn')}
      </button>
    </form>
  );
}

export default function SignIn() {
  const { setUser } = useAuth();
  const { t } = useT();
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
      setError(!email.trim() ? t('auth.emailRequired') : t('auth.invalidCredentials'));
      return;
    }
    setIsBusy(true);
    setError(null);
    try {
      const r = await call('POST /auth/sign-in/email', {
        body: { email: email.trim(), password, rememberMe: isRemembered },
      });
      toast.success(t('auth.signedIn'));
      setUser(r.user);
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setError(err instanceof ApiError && err.status !== 0 && err.status < 500 ? err.message : t('auth.signInFailed'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthLayout
      title={isForgotOpen ? t('auth.forgotTitle') : t('auth.signInTitle')}
      subtitle={isForgotOpen ? undefined : t('auth.signInSubtitle')}
    >
      {isForgotOpen ? (
        <ForgotPassword initialEmail={email} onBack={() => setIsForgotOpen(false)} />
      ) : (
        <form onSubmit={submit} noValidate>
          {error && (
            <div role="alert" className="error-box mb-4" data-testid="auth-error">
              {error}
            </div>
          )}
          <label htmlFor="signin-email" className="label">
            {t('auth.email')}
          </label>
          <input
            id="signin-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            className="input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <label htmlFor="signin-password" className="label mt-4">
            {t('auth.password')}
          </label>
          <input
            id="signin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className="input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <RememberRow
            isRemembered={isRemembered}
            onRemembered={setIsRemembered}
            onForgot={() => setIsForgotOpen(true)}
          />
          <button type="submit" className="btn-primary mt-6 w-full" disabled={isBusy}>
            {isBusy ? t('auth.signingIn') : t('auth.signIn')}
          </button>
          <SignInHelp state={location.state} />
        </form>
      )}
    </AuthLayout>
  );
}

/** Remember me, and the way to the forgot-password panel. */
function RememberRow({
  isRemembered,
  onRemembered,
  onForgot,
}: {
  isRemembered: boolean;
  onRemembered(isRemembered: boolean): void;
  onForgot(): void;
}) {
  const { t } = useT();
  return (
    <div className="mt-4 flex items-center justify-between">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300 text-brand-600"
          checked={isRemembered}
          onChange={(e) => onRemembered(e.target.checked)}
        />
        {t('auth.rememberMe')}
      </label>
      <button type="button" className="link text-sm" onClick={onForgot}>
        {t('auth.forgotPassword')}
      </button>
    </div>
  );
}

/** Where to go without an account (sign-up, the page it came for kept) and whom to ask for help. */
function SignInHelp({ state }: { state: unknown }) {
  const { t } = useT();
  return (
    <>
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        {t('auth.noAccount')}{' '}
        <Link to="/signup" state={state} className="link">
          {t('auth.signUpLink')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-gray-600 dark:text-gray-400">
        {t('auth.trouble')}{' '}
        <a className="link" href="mailto:?subject=Karya%20account%20help">
          {t('auth.contactAdmin')}
        </a>
      </p>
    </>
  );
}
