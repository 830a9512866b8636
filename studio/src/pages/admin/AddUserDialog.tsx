// The admin page's Add user dialog: email, password (six characters at the least) and role; the new user
// appears in the live list by itself.
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import type { AssignableRole } from '../../engine.js';
import { ApiError, call } from '../../lib/api.js';
import { Dialog } from '../../components/Dialog.js';
import { useT } from '../../i18n/index.js';
import { RoleOptions } from './roles.js';
import { Field } from './Field.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)
import '../../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

export function AddUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AssignableRole>('free');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError(t('auth.emailRequired'));
    if (password.length < 6) return setError(t('auth.passwordTooShort'));
    setIsBusy(true);
    setError(null);
    try {
      await call('POST /admin/users', { body: { email: email.trim(), password, role } });
      toast.success(t('admin.userAdded'));
      setEmail('');
      setPassword('');
      setRole('free');
      onClose();
    } catch (err) {
      const message =
        err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : t('admin.userAddFailed');
      setError(message);
      toast.error(t('admin.userAddFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} title={t('admin.addUser')} onClose={onClose} testId="add-user-dialog">
      <form onSubmit={submit} noValidate className="space-y-3">
        {error && (
          <div role="alert" className="error-box">
            {error}
          </div>
        )}
        <Field id={`${id}-email`} label={t('admin.email')}>
          <input
            id={`${id}-email`}
            type="email"
            className="input"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-autofocus
          />
        </Field>
        <Field id={`${id}-password`} label={t('admin.password')}>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            className="input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Field>
        <Field id={`${id}-role`} label={t('admin.role')}>
          <select
            id={`${id}-role`}
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as AssignableRole)}
          >
            <RoleOptions />
          </select>
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary" disabled={isBusy}>
            {isBusy ? t('admin.adding') : t('admin.addUser')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
