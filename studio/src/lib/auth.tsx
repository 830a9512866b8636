// Who is signed in, mirrored from the server: the session is read once at start (a spinner meanwhile),
// the profile refreshed on demand, the balance updated after every charge. The server decides; the
// studio only mirrors it.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import type { Lang, Profile } from '../engine.js';
import { call, onSessionExpired } from './api.js';
import { initialLang, LangProvider, translate } from '../i18n/index.js';

interface AuthValue {
  user: Profile | null;
  isLoading: boolean;
  isAdmin: boolean;
  setUser(user: Profile | null): void;
  /** Reload the profile from GET /api/me (after a charge elsewhere, a redeem, a claim). */
  refresh(): Promise<Profile | null>;
  setCredits(credits: number): void;
  signOut(): Promise<boolean>;
}

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children, initialUser }: { children: ReactNode; initialUser?: Profile | null }) {
  const [user, setUser] = useState<Profile | null>(initialUser ?? null);
  const [isLoading, setIsLoading] = useState(initialUser === undefined);

  useEffect(() => {
    if (initialUser !== undefined) return;
    let isCurrent = true;
    call('GET /auth/get-session')
      .then((s) => isCurrent && setUser(s.user))
      .catch(() => isCurrent && setUser(null))
      .finally(() => isCurrent && setIsLoading(false));
    return () => {
      isCurrent = false;
    };
  }, [initialUser]);

  useEffect(
    () =>
      onSessionExpired((error) => {
        setUser(null);
        toast.error(error.message, { id: 'session-expired' });
      }),
    [],
  );

  const refresh = useCallback(async () => {
    try {
      const me = await call('GET /me');
      setUser(me);
      return me;
    } catch {
      return null;
    }
  }, []);

  const setCredits = useCallback(
    (credits: number) => setUser((u) => (u ? { ...u, credits_available: credits } : u)),
    [],
  );

  const signOut = useCallback(async () => {
    try {
      await call('POST /auth/sign-out');
      setUser(null);
      toast.success(translate('shell.signedOut', initialLang()));
      return true;
    } catch {
      toast.error(translate('shell.signOutFailed', initialLang()));
      return false;
    }
  }, []);

  const saveAccountLang = useCallback(async (lang: Lang) => {
    setUser(await call('PUT /me/lang', { body: { lang } }));
  }, []);

  const value = useMemo<AuthValue>(
    () => ({ user, isLoading, isAdmin: user?.role === 'admin', setUser, refresh, setCredits, signOut }),
    [user, isLoading, refresh, setCredits, signOut],
  );
  return (
    <AuthContext.Provider value={value}>
      <LangProvider accountLang={user?.lang ?? null} saveAccountLang={saveAccountLang}>
        {children}
      </LangProvider>
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() outside <AuthProvider>');
  return value;
}
