// GET /api/admin/users/events (./admin.ts holds the rest of the administrator's API): the users' list as
// server-sent events, then each user as they change on any instance, the whole list again when changes may have
// been missed; the stream ends when the administrator's session does.
import type { AppContext } from '../core/context.js';
import { toProfile } from '../store/model.js';
import { typedStream } from '../http/contract.js';
import { openEventStream } from '../http/sse.js';
import { sessionOf } from '../auth/middleware.js';
import { findSession, readCookie, sessionCookieName } from '../auth/sessions.js';
import type { ApiRoutes } from '../http/routes.js';

/**
 * GET /admin/users/events: the whole list, then each user as they change. The change listener is attached before the
 * list is read: a change committed on any instance while the list is read or sent is then heard (and sent after the
 * list), where a listener attached after the list missed it, and the administrator saw it only on reloading the page.
 * When the store says changes may have been missed, the whole list is sent again.
 */
export function addUserEvents(router: ApiRoutes, ctx: AppContext): void {
  const { repos, config, logger } = ctx;
  router.on('GET /admin/users/events', async (req, res) => {
    // The stream lives as long as the administrator's session: it is checked again before every event,
    // every sessionRecheckMs and when it expires, and the stream closes once the session has ended
    // (signed out, expired, revoked by a password change or reset, or no longer the administrator).
    const token = readCookie(req, sessionCookieName(req));
    const { expiresAt } = sessionOf(req);
    const stream = typedStream<'GET /admin/users/events'>(
      openEventStream(res, { keepAliveMs: 25_000, isEndless: true }),
    );
    let isClosed = false;
    const timers: NodeJS.Timeout[] = [];
    const close = () => {
      if (isClosed) return;
      isClosed = true;
      for (const t of timers) clearTimeout(t);
      stream.close();
    };
    const isSessionLive = async () => {
      if (isClosed || !token) return false;
      const session = await findSession(repos.auth, token);
      if (session && session.user.role === 'admin') return true;
      logger.info('admin live user list closed: the session ended');
      close();
      return false;
    };
    const recheck = () => {
      isSessionLive().catch((error: unknown) => {
        logger.error({ err: error }, 'live user list: could not check the session');
        close();
      });
    };
    timers.push(setInterval(recheck, config.sessionRecheckMs));
    timers.push(setTimeout(recheck, Math.min(2 ** 31 - 1, Math.max(0, expiresAt - Date.now()) + 1)));
    for (const t of timers) t.unref();
    const sendUser = async (id: string) => {
      if (!(await isSessionLive())) return;
      const user = await repos.users.findById(id);
      stream.send('user', user ? { type: 'upsert', id, user: toProfile(user) } : { type: 'delete', id, user: null });
    };
    // One user read and sent at a time, in the order heard: the last change's read is the last sent.
    let sending = Promise.resolve();
    const relay = (id: string) => {
      sending = sending
        .then(() => sendUser(id))
        .catch((error: unknown) =>
          logger.error({ err: error, userId: id }, 'live user list: could not read the changed user'),
        );
    };
    // Changes may have gone unheard (the store's listening connection dropped and is back): the whole list again,
    // in turn with the single users, which the page takes in place of the one it shows.
    const resendList = () => {
      sending = sending
        .then(async () => {
          if (await isSessionLive()) stream.send('users', { users: (await repos.users.list()).map(toProfile) });
        })
        .catch((error: unknown) => logger.error({ err: error }, 'live user list: could not read the users again'));
    };
    // Changes heard before the list is sent wait for it (the list may or may not hold them: they are sent again).
    let heldBack: Set<string> | null = new Set();
    let isMissedHeld = false;
    const unsubscribe = await repos.users.onChange(
      (id) => (heldBack ? heldBack.add(id) : relay(id)),
      () => {
        if (heldBack) isMissedHeld = true;
        else resendList();
      },
    );
    const end = () => {
      unsubscribe();
      close();
    };
    try {
      stream.send('users', { users: (await repos.users.list()).map(toProfile) });
    } catch (error) {
      end();
      throw error;
    }
    const held = heldBack;
    heldBack = null;
    for (const id of held) relay(id);
    if (isMissedHeld) resendList();
    // The client may have gone while the list was read.
    if (res.closed) end();
    else res.on('close', end);
  });
}
