// /admin: the administrator's portal, composed of its cards: AI configuration, deployment history, credit
// links and codes, claims history (reloaded when a link is deleted) and user management. The server allows
// all of it to the administrator only; the page mirrors its answers. Texts in the studio language.
import { useState } from 'react';
import { useT } from '../../i18n/index.js';
import { AIConfiguration } from './AIConfiguration.js';
import { ClaimsHistory } from './ClaimsHistory.js';
import { CreditCodes } from './CreditCodes.js';
import { CreditLinks } from './CreditLinks.js';
import { Deployments } from './Deployments.js';
import { UserManagement } from './UserManagement.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

export default function Admin() {
  const { t } = useT();
  const [claimsVersion, setClaimsVersion] = useState(0);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold">{t('admin.title')}</h1>
      <div className="grid gap-6 xl:grid-cols-2">
        <AIConfiguration />
        <Deployments />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <CreditLinks onChange={() => setClaimsVersion((n) => n + 1)} />
        <CreditCodes />
      </div>
      <ClaimsHistory version={claimsVersion} />
      <UserManagement />
    </div>
  );
}
