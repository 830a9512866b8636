// Route guards mirroring the server's decisions: signed-out visitors go to /signin and come back
// afterwards; signed-in visitors skip the sign-in pages; /admin is for the administrator only.
import type { ReactNode } from 'react';
import { Navigate, useLocation, type Location } from 'react-router-dom';
import { useAuth } from '../lib/auth.js';
import { PageLoading } from './Spinner.js';
import { useT } from '../i18n/index.js';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after signing in: the remembered page, or /. */
export function returnPath(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (
    !from ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//') ||
    from.pathname === '/signin' ||
    from.pathname === '/signup'
  )
    return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { t } = useT();
  const location = useLocation();
  if (isLoading) return <PageLoading label={t('common.checkingSession')} />;
  if (!user) {
    const from =
      location.pathname === '/'
        ? undefined
        : { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/signin" replace state={from ? { from } : null} />;
  }
  return <>{children}</>;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth();
  const { t } = useT();
  const location = useLocation();
  if (isLoading) return <PageLoading label={t('common.checkingSession')} />;
  if (user) return <Navigate to={returnPath(location.state)} replace />;
  return <>{children}</>;
}

export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}
