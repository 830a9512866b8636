// /reset-password?type=recovery&token=…: choose a new password from the e-mailed link.
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { AuthLayout } from '../components/AuthLayout.js';
import { useT } from '../i18n/index.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

export default function ResetPassword() {
  const navigate = useNavigate();
  const { t } = useT();
  const [params] = useSearchParams();
  const type = params.get('type') || 'recovery';
  const token = params.get('token');
  const isLinkValid = Boolean(token) && type === 'recovery';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(isLinkValid ? null : t('auth.invalidResetLink'));
  const [isBusy, setIsBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isLinkValid || !token) return setError(t('auth.invalidResetLink'));
    if (!password || !confirm) return setError(t('auth.passwordMin6'));
    if (password.length < 6) return setError(t('auth.passwordMin6'));
    if (password !== confirm) return setError(t('auth.passwordsDontMatch'));
    setIsBusy(true);
    setError(null);
    try {
      await call('POST /auth/reset-password', { body: { token, newPassword: password } });
      toast.success(t('auth.passwordUpdated'));
      navigate('/signin', { replace: true });
    } catch (err) {
      setError(
        err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : t('auth.passwordUpdateFailed'),
      );
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')}>
      <form onSubmit={submit} noValidate>
        {error && (
          <div role="alert" className="error-box mb-4">
            {error}
          </div>
        )}
        <input type="text" name="username" autoComplete="username" value="" readOnly hidden />
        <label htmlFor="reset-password" className="label">
          {t('auth.newPassword')}
        </label>
        <input
          id="reset-password"
          type="password"
          autoComplete="new-password"
          className="input"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <label htmlFor="reset-confirm" className="label mt-4">
          {t('auth.confirmNewPassword')}
        </label>
        <input
          id="reset-confirm"
          type="password"
          autoComplete="new-password"
          className="input"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row">
          <button type="button" className="btn-secondary flex-1" onClick={() => navigate('/signin')}>
            {t('auth.backToSignIn')}
          </button>
          <button type="submit" className="btn-primary flex-1" disabled={isBusy || !isLinkValid}>
            {isBusy ? t('auth.updating') : t('auth.resetPassword')}
          </button>
        </div>
      </form>
    </AuthLayout>
  );
}
