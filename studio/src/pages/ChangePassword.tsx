// /profile/change-password: current, new and confirm; a new password ends the account's API keys unless the writer
// keeps them;
// Update Password really changes it (the server checks the current one), Cancel goes back to /.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { useT } from '../i18n/index.js';
import '../i18n/profile.js'; // the studio-profile words it shows load with it (i18n/shared.ts)

export default function ChangePassword() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { t } = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [isKeepingKeys, setIsKeepingKeys] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!current) return setError(t('password.enterCurrent'));
    if (next !== confirm) return setError(t('password.mismatch'));
    if (next.length < 6) return setError(t('password.tooShort'));
    setIsBusy(true);
    setError(null);
    try {
      await call('POST /me/password', {
        body: { currentPassword: current, newPassword: next, revokeApiKeys: !isKeepingKeys },
      });
      toast.success(t('password.updated'));
      navigate('/', { replace: true });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401
          ? err.message
          : t('password.failed');
      setError(message);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold">{t('password.title')}</h1>
      <form onSubmit={submit} noValidate className="card mt-6 p-5">
        {error && (
          <div role="alert" className="error-box mb-4">
            {error}
          </div>
        )}
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        <PasswordField
          id="cp-current"
          label={t('password.current')}
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <PasswordField
          id="cp-new"
          label={t('password.new')}
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          isSpaced
        />
        <PasswordField
          id="cp-confirm"
          label={t('password.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          isSpaced
        />
        <label className="mt-4 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-gray-300"
            checked={isKeepingKeys}
            onChange={(e) => setIsKeepingKeys(e.target.checked)}
          />
          <span>{t('password.keepKeys')}</span>
        </label>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={() => navigate('/')}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={isBusy}>
            {isBusy ? t('password.updating') : t('password.update')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** One password box with its label (`isSpaced`: set apart from the box above). */
function PasswordField({
  id,
  label,
  autoComplete,
  value,
  onChange,
  isSpaced = false,
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange(value: string): void;
  isSpaced?: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className={isSpaced ? 'label mt-4' : 'label'}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
