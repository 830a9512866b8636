// The admin page's user list, kept live: the server's event stream of the users table (the whole list,
// then each change), falling back to a plain load after three failed connections; Retry and coming back
// online try again.
import { useCallback, useEffect, useState } from 'react';
import type { Profile } from '../../engine.js';
import { call } from '../../lib/api.js';
import { openEvents } from '../../lib/events.js';
import { useRefetchOnOnline } from '../../components/LoadError.js';

/** The user list, live: the server's event stream of the users table, with a plain load as fallback. */
export function useLiveUsers(): { users: Profile[] | null; loadError: unknown; retry(): void } {
  const [users, setUsers] = useState<Profile[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useRefetchOnOnline(retry, loadError !== null);
  useEffect(() => {
    let isClosed = false;
    setLoadError(null);
    const fallback = () =>
      call('GET /admin/users').then(
        (r) => !isClosed && setUsers(r.users),
        (error: unknown) => !isClosed && users === null && setLoadError(error),
      );
    if (typeof EventSource === 'undefined') {
      void fallback();
      return;
    }
    const source = openEvents('GET /admin/users/events', {
      users: (all) => setUsers(all.users),
      user: (change) =>
        setUsers((list) => {
          if (!list) return list;
          if (change.type === 'delete') return list.filter((u) => u.id !== change.id);
          const i = list.findIndex((u) => u.id === change.id);
          if (i < 0) return [change.user, ...list];
          const next = [...list];
          next[i] = change.user;
          return next;
        }),
    });
    let failures = 0;
    source.onerror = () => {
      failures += 1;
      if (failures >= 3) {
        source.close();
        void fallback();
      }
    };
    source.onopen = () => {
      failures = 0;
    };
    return () => {
      isClosed = true;
      source.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one connection per attempt
  }, [attempt]);
  return { users, loadError, retry };
}
