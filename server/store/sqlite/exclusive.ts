// The repositories SQLite answers with synchronous statements (limits, drafts, versions): each method
// runs once nobody else holds the connection, so none lands inside another caller's open transaction
// (sqlite/conn.ts).
import type { Store } from './store.js';

/** `repo` with every method run through `store.exclusive` (its body must be synchronous: no await inside). */
export function exclusiveMethods<T extends object>(store: Store, repo: T): T {
  const guarded: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(repo)) {
    guarded[name] =
      typeof method === 'function'
        ? (...args: unknown[]) => store.exclusive(() => (method as (...a: unknown[]) => unknown)(...args))
        : method;
  }
  return guarded as T;
}
