// The balance the shell shows, read again from the server when it may have changed elsewhere: credits spent by a
// generation in another tab, or granted by an administrator. It is read when the writer moves to another page of the
// studio (not more often than every NAVIGATION_GAP_MS) and when the tab is shown or focused again (not more often than
// every RETURN_GAP_MS: focus and visibilitychange come together); never two reads at once. A failed read changes
// nothing (an expired session is told by the API client, lib/api.ts). The server keeps the balance; this only mirrors
// it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { call } from './api.js';
import { useAuth } from './auth.js';

/** The least time between two reads caused by moving to another page (the page load's read counts as one). */
export const NAVIGATION_GAP_MS = 5_000;
/** The least time between two reads caused by coming back to the tab. */
export const RETURN_GAP_MS = 1_000;

export function useFreshBalance(): void {
  const { user, setCredits } = useAuth();
  const { pathname } = useLocation();
  const userRef = useRef(user);
  userRef.current = user;
  // When the last read started (the mount counts: the shell mounts with the balance just read) and whether one is
  // running.
  const last = useRef({ startedAt: Date.now(), isReading: false });
  const isFirstPath = useRef(true);

  const readIfDue = useRef((gapMs: number) => {
    const before = userRef.current;
    if (!before || last.current.isReading || Date.now() - last.current.startedAt < gapMs) return;
    last.current = { startedAt: Date.now(), isReading: true };
    call('GET /me')
      .then((me) => {
        // Applied only to the same writer whose balance was not changed here meanwhile (a charge's own answer is
        // newer).
        const now = userRef.current;
        if (
          now &&
          now.id === me.id &&
          now.credits_available === before.credits_available &&
          me.credits_available !== now.credits_available
        ) {
          setCredits(me.credits_available);
        }
      })
      .catch(() => undefined)
      .finally(() => {
        last.current = { ...last.current, isReading: false };
      });
  });

  useEffect(() => {
    if (isFirstPath.current) {
      isFirstPath.current = false;
      return;
    }
    readIfDue.current(NAVIGATION_GAP_MS);
  }, [pathname]);

  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible') readIfDue.current(RETURN_GAP_MS);
    };
    document.addEventListener('visibilitychange', onReturn);
    window.addEventListener('focus', onReturn);
    return () => {
      document.removeEventListener('visibilitychange', onReturn);
      window.removeEventListener('focus', onReturn);
    };
  }, []);
}
