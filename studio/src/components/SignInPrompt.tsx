// The signed-out state of a public landing that needs an account (redeem a code, claim a link): what
// signing in will do, and a Sign In button that comes back here afterwards.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useT } from '../i18n/index.js';
import { AuthLayout } from './AuthLayout.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

export function SignInPrompt({ title, message, icon }: { title: string; message: string; icon?: ReactNode }) {
  const { t } = useT();
  const location = useLocation();
  return (
    <AuthLayout title={title} isCentered>
      {icon}
      <p className={`${icon ? 'mt-3 ' : ''}text-sm text-gray-600 dark:text-gray-400`}>{message}</p>
      <Link
        to="/signin"
        state={{ from: { pathname: location.pathname, search: location.search, hash: '' } }}
        className="btn-primary mt-6"
      >
        {t('auth.signIn')}
      </Link>
    </AuthLayout>
  );
}
