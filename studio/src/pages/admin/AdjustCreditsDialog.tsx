// The admin page's Adjust credits dialog: sets one user's available credits to a whole number of zero
// or more, starting from what the user has now.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import type { Profile } from '../../engine.js';
import { call } from '../../lib/api.js';
import { Dialog } from '../../components/Dialog.js';
import { useT } from '../../i18n/index.js';
import { Field } from './Field.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

export function AdjustCreditsDialog({ user, onClose }: { user: Profile | null; onClose(): void }) {
  const { t } = useT();
  const [credits, setCredits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (user) {
      setCredits(String(user.credits_available));
      setError(null);
    }
  }, [user]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const n = Number(credits);
    if (credits.trim() === '' || !Number.isInteger(n) || n < 0) return setError(t('admin.wholeNumber'));
    try {
      await call('PATCH /admin/users/:id', { params: { id: user.id }, body: { credits: n } });
      toast.success(t('admin.creditsUpdated'));
      onClose();
    } catch {
      toast.error(t('admin.creditsUpdateFailed'));
    }
  };
  return (
    <Dialog isOpen={user !== null} title={t('admin.adjustTitle')} onClose={onClose} testId="adjust-credits-dialog">
      <form onSubmit={submit} noValidate className="space-y-3">
        <p>{t('admin.adjustIntro', { email: user?.email ?? '' })}</p>
        <Field id={`${id}-credits`} label={t('admin.credits')}>
          <input
            id={`${id}-credits`}
            type="number"
            min={0}
            className="input"
            value={credits}
            onChange={(e) => setCredits(e.target.value)}
            data-autofocus
          />
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn-primary">
            {t('admin.saveCredits')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
