// /profile/edit: a notice when sign-in to the account was slowed by wrong passwords from elsewhere (with a
// way to dismiss it); e-mail (read-only), name, bio, Save Changes, the change-password link; the redeem
// box; the way to My Books (/books, where the books are listed, continued, downloaded and deleted) and to
// Content History (/history, its own page).
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import type { SignInNotice as SignInNoticeBody } from '../engine.js';
import { API_ROLES } from '../engine.js';
import { call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { localeOf, useT } from '../i18n/index.js';
import { RedeemBox } from '../components/RedeemBox.js';
import { ApiKeysPanel } from '../components/ApiKeysPanel.js';
import '../i18n/profile.js'; // the studio-profile words it shows load with it (i18n/shared.ts)
import '../i18n/history.js'; // the studio-history words it shows load with it (i18n/shared.ts)

function ProfileForm() {
  const { user, setUser } = useAuth();
  const { t } = useT();
  const [name, setName] = useState(user?.name ?? '');
  const [bio, setBio] = useState(user?.bio ?? '');
  const [isSaving, setIsSaving] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setIsSaving(true);
    try {
      const r = await call('PATCH /me', { body: { name, bio } });
      setUser(r.user);
      toast.success(t('profile.updated'));
    } catch {
      toast.error(t('profile.updateFailed'));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <form onSubmit={submit} className="card p-5" aria-labelledby="profile-h">
      <h2 id="profile-h" className="text-base font-semibold">
        {t('profile.section')}
      </h2>
      <label htmlFor="profile-email" className="label mt-4">
        {t('profile.email')}
      </label>
      <input id="profile-email" className="input" value={user?.email ?? ''} readOnly aria-readonly="true" />
      <label htmlFor="profile-name" className="label mt-4">
        {t('profile.displayName')}
      </label>
      <input
        id="profile-name"
        className="input"
        value={name}
        maxLength={100}
        onChange={(e) => setName(e.target.value)}
        autoComplete="name"
      />
      <label htmlFor="profile-bio" className="label mt-4">
        {t('profile.bio')}
      </label>
      <textarea
        id="profile-bio"
        className="input min-h-24"
        value={bio}
        maxLength={2000}
        onChange={(e) => setBio(e.target.value)}
      />
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <Link to="/profile/change-password" className="link text-sm">
          {t('profile.changePassword')}
        </Link>
        <button type="submit" className="btn-primary" disabled={isSaving}>
          {isSaving ? t('profile.saving') : t('profile.save')}
        </button>
      </div>
    </form>
  );
}

/** Told when wrong passwords from many addresses slowed sign-in to this account; dismissed for good. */
function SignInNotice() {
  const { t, lang } = useT();
  const [notice, setNotice] = useState<SignInNoticeBody | null>(null);
  useEffect(() => {
    call('GET /me/sign-in-notice').then(setNotice, () => undefined);
  }, []);
  if (!notice?.slowed_at) return null;
  const date = new Date(notice.slowed_at).toLocaleString(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div role="status" className="card flex flex-wrap items-start justify-between gap-3 border-amber-300 p-4 text-sm">
      <p className="flex-1">{t('profile.signInSlowed', { date, n: notice.held_back })}</p>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => call('DELETE /me/sign-in-notice').then(setNotice, () => undefined)}
      >
        {t('profile.signInSlowedDismiss')}
      </button>
    </div>
  );
}

/** Where the books list and Content History used to be: the way to their own pages (/books, /history). */
function PageLink({ to, text, label, testId }: { to: string; text: string; label: string; testId: string }) {
  return (
    <section className="card flex flex-wrap items-center justify-between gap-3 p-5" data-testid={testId}>
      <p className="text-sm">{text}</p>
      <Link to={to} className="btn-secondary text-sm">
        {label}
      </Link>
    </section>
  );
}

export default function Profile() {
  const { t } = useT();
  const { user } = useAuth();
  const hasApiAccess = user !== null && (API_ROLES as readonly string[]).includes(user.role);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold">{t('profile.title')}</h1>
      <SignInNotice />
      <ProfileForm />
      <RedeemBox />
      {hasApiAccess && <ApiKeysPanel />}
      <PageLink to="/books" text={t('books.onProfile')} label={t('books.title')} testId="my-books-link" />
      <PageLink to="/history" text={t('history.onProfile')} label={t('history.heading')} testId="history-link" />
    </div>
  );
}
