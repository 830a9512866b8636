// The roles the administrator sees: each role's name in the studio language, and the options of a role
// picker (the roles an administrator may assign).
import type { Profile } from '../../engine.js';
import { ASSIGNABLE_ROLES } from '../../engine.js';
import { useT, type MessageKey } from '../../i18n/index.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

export const ROLE_NAMES: Record<Profile['role'], MessageKey> = {
  free: 'admin.roleFree',
  pro: 'admin.rolePro',
  business: 'admin.roleBusiness',
  admin: 'admin.roleAdmin',
};

/** The `<option>`s of a role picker, one per assignable role. */
export function RoleOptions() {
  const { t } = useT();
  return (
    <>
      {ASSIGNABLE_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(ROLE_NAMES[r])}
        </option>
      ))}
    </>
  );
}
