// Work typed but not saved yet holds the page: while a hold is up, a link out of the page asks
// first (Shell.tsx) and a reload or a closed tab asks the browser's own question. A component raises its
// hold with useLeaveHold(isDirty); the holds are kept here, outside React, so the shell can read them.
import { useEffect, useId } from 'react';

const holds = new Set<string>();

/** Whether some part of the page holds work not saved yet. */
export const isLeaveHeld = (): boolean => holds.size > 0;

const beforeUnload = (e: BeforeUnloadEvent) => {
  e.preventDefault();
  e.returnValue = '';
};

/** Hold the page while `isHeld` (work typed, not saved yet); released on unmount. */
export function useLeaveHold(isHeld: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isHeld) return;
    holds.add(id);
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      holds.delete(id);
      window.removeEventListener('beforeunload', beforeUnload);
    };
  }, [id, isHeld]);
}

/**
 * The in-app path a click would leave to, or null when the click stays (no link, a new tab, a modifier
 * key, another site, the page itself).
 */
export function leavingPath(
  e: {
    target: EventTarget | null;
    button: number;
    metaKey: boolean;
    ctrlKey: boolean;
    shiftKey: boolean;
    altKey: boolean;
  },
  here: string,
): string | null {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname === here) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
