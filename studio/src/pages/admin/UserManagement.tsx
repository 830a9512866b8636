// The admin page's user management: every user (live) with role, credits, usage and join date, and per
// user a role picker (the change confirmed first: it resets the credits to the role's amount), Adjust
// credits and a confirmed Delete; administrators and the signed-in user are protected. On a phone each
// user is a card with its actions in view.
import { useState, type ReactNode } from 'react';
import { Plus, Trash2, Users } from 'lucide-react';
import type { AssignableRole, Profile } from '../../engine.js';
import { ROLE_CREDITS } from '../../engine.js';
import { call } from '../../lib/api.js';
import { useAuth } from '../../lib/auth.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { LoadError } from '../../components/LoadError.js';
import { Spinner } from '../../components/Spinner.js';
import { formatNumber, localeOf, useT } from '../../i18n/index.js';
import { AddUserDialog } from './AddUserDialog.js';
import { AdjustCreditsDialog } from './AdjustCreditsDialog.js';
import { useConfirmedAction } from './lists.js';
import { ROLE_NAMES, RoleOptions } from './roles.js';
import { Section } from './Section.js';
import { useLiveUsers } from './useLiveUsers.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

/** A role picked for a user, waiting for the administrator's confirmation. */
type RoleChange = { user: Profile; role: AssignableRole };

/** On a phone each row is a card: the header row is hidden and each cell says what it is. */
function CellLabel({ children }: { children: ReactNode }) {
  return (
    <span className="mr-1 text-xs font-medium uppercase text-gray-600 sm:hidden dark:text-gray-400">{children}:</span>
  );
}

/**
 * One user: a table row, a card on a phone; an administrator or the signed-in user is protected (no role change,
 * credits or delete).
 */
function UserRow({
  user: u,
  isProtected,
  onRole,
  onAdjust,
  onDelete,
}: {
  user: Profile;
  isProtected: boolean;
  onRole(role: AssignableRole): void;
  onAdjust(): void;
  onDelete(): void;
}) {
  const { t, lang } = useT();
  return (
    <tr
      data-email={u.email}
      className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-2 max-sm:py-3"
    >
      <td className="py-2 pr-3 max-sm:w-full max-sm:break-all max-sm:p-0 max-sm:font-medium">{u.email}</td>
      <td className="py-2 pr-3 max-sm:p-0">
        <label htmlFor={`role-${u.id}`} className="sr-only">
          {t('admin.roleOf', { email: u.email })}
        </label>
        <select
          id={`role-${u.id}`}
          className="input w-36 py-1"
          value={u.role}
          disabled={isProtected}
          onChange={(e) => onRole(e.target.value as AssignableRole)}
        >
          {isProtected && <option value="admin">{t('admin.roleAdmin')}</option>}
          <RoleOptions />
        </select>
      </td>
      <td className="py-2 pr-3 tabular-nums max-sm:p-0">
        <CellLabel>{t('admin.colCredits')}</CellLabel>
        <span data-testid="user-credits">{formatNumber(u.credits_available, lang)}</span>
      </td>
      <td className="py-2 pr-3 tabular-nums max-sm:p-0">
        <CellLabel>{t('admin.colUsage')}</CellLabel>
        {u.total_usage}
      </td>
      <td className="py-2 pr-3 text-gray-600 max-sm:p-0 dark:text-gray-400">
        <CellLabel>{t('admin.colJoined')}</CellLabel>
        {u.created_at ? new Date(u.created_at).toLocaleDateString(localeOf(lang)) : ''}
      </td>
      <td className="py-2 max-sm:ml-auto max-sm:p-0">
        <div className="flex justify-end gap-1">
          <button
            type="button"
            className="btn-secondary px-2.5 py-1"
            disabled={isProtected}
            onClick={onAdjust}
            aria-label={t('admin.adjustOf', { email: u.email })}
          >
            {t('admin.creditsButton')}
          </button>
          <button
            type="button"
            className="btn-ghost text-red-600 dark:text-red-400"
            disabled={isProtected}
            onClick={onDelete}
            aria-label={t('admin.deleteNamed', { name: u.email })}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      </td>
    </tr>
  );
}

const deleteUser = (u: Profile) => call('DELETE /admin/users/:id', { params: { id: u.id } });
const setRole = ({ user, role }: RoleChange) =>
  call('PATCH /admin/users/:id', { params: { id: user.id }, body: { role } });

export function UserManagement() {
  const { user: me } = useAuth();
  const { t } = useT();
  const { users, loadError: usersError, retry: retryUsers } = useLiveUsers();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [adjusting, setAdjusting] = useState<Profile | null>(null);
  const remove = useConfirmedAction(deleteUser, 'admin.userDeleted', 'admin.userDeleteFailed');
  const roleChange = useConfirmedAction(setRole, 'admin.roleUpdated', 'admin.roleUpdateFailed');
  const roleChangeBody = ({ user, role }: RoleChange) =>
    t('admin.roleChangeBody', {
      email: user.email,
      role: t(ROLE_NAMES[role]),
      credits: ROLE_CREDITS[role],
      current: user.credits_available,
    });
  return (
    <Section
      title={t('admin.usersTitle')}
      icon={Users}
      action={
        <button type="button" className="btn-primary" onClick={() => setIsAddOpen(true)}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {t('admin.addUser')}
        </button>
      }
    >
      {usersError !== null && !users ? (
        <LoadError error={usersError} message={t('admin.usersLoadFailed')} onRetry={retryUsers} />
      ) : !users ? (
        <Spinner label={t('admin.usersLoading')} />
      ) : (
        <div className="relative sm:overflow-x-auto">
          <table className="w-full text-left text-sm sm:min-w-[40rem]" data-testid="users-table">
            <thead className="text-xs uppercase text-gray-600 max-sm:hidden dark:text-gray-400">
              <tr>
                <th className="py-2 pr-3">{t('admin.colEmail')}</th>
                <th className="py-2 pr-3">{t('admin.colRole')}</th>
                <th className="py-2 pr-3">{t('admin.colCredits')}</th>
                <th className="py-2 pr-3">{t('admin.colUsage')}</th>
                <th className="py-2 pr-3">{t('admin.colJoined')}</th>
                <th className="py-2">
                  <span className="sr-only">{t('admin.colActions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100 max-sm:block dark:divide-neutral-800">
              {users.map((u) => (
                <UserRow
                  key={u.id}
                  user={u}
                  isProtected={u.role === 'admin' || u.id === me?.id}
                  onRole={(role) => roleChange.ask({ user: u, role })}
                  onAdjust={() => setAdjusting(u)}
                  onDelete={() => remove.ask(u)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddUserDialog isOpen={isAddOpen} onClose={() => setIsAddOpen(false)} />
      <AdjustCreditsDialog user={adjusting} onClose={() => setAdjusting(null)} />
      <ConfirmDialog
        {...roleChange.dialog}
        title={t('admin.roleChangeTitle')}
        message={roleChange.pending ? roleChangeBody(roleChange.pending) : ''}
        confirmLabel={t('admin.changeRole')}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={t('admin.deleteUserTitle')}
        message={t('admin.deleteUserBody', { email: remove.pending?.email ?? '' })}
        confirmLabel={t('admin.delete')}
        isDanger
      />
    </Section>
  );
}
