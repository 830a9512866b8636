// Light/dark theme: stored under `theme`, defaulting to the system preference; sets the <html> class and
// the browser's theme colour (dark #1a1a1a, light #ffffff). One shared value for every toggle on the page.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { keepChoice, storedChoice } from './stored.js';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';
export const THEME_COLOR: Record<Theme, string> = { dark: '#1a1a1a', light: '#ffffff' };

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The theme kept in this browser, or null. */
export function storedTheme(): Theme | null {
  return storedChoice(THEME_KEY, ['light', 'dark']);
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'theme-color';
    document.head.append(meta);
  }
  meta.content = THEME_COLOR[theme];
}

let current: Theme | null = null;
const listeners = new Set<() => void>();

function setTheme(theme: Theme): void {
  current = theme;
  applyTheme(theme);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): Theme => (current ??= storedTheme() ?? systemTheme());

/** The system preference's query once followed (kept here, so it and its listener live as long as the page). */
let systemQuery: MediaQueryList | null = null;

/**
 * Without a stored choice the theme follows the system preference as it changes: subscribed once for the page's
 * life, by initTheme as the page loads (so a change while the studio is still loading, before any toggle is
 * rendered, is seen) or by the first toggle's render; then the current preference is followed once, for a change
 * between the theme being read and the subscription.
 */
function followSystem(): void {
  if (systemQuery || typeof matchMedia !== 'function') return;
  const mq = (systemQuery = matchMedia('(prefers-color-scheme: dark)'));
  const follow = () => {
    const next: Theme = mq.matches ? 'dark' : 'light';
    if (!storedTheme() && next !== current) setTheme(next);
  };
  mq.addEventListener('change', follow);
  follow();
}

/** The current theme and a toggle that stores the choice. */
export function useTheme(): { theme: Theme; toggle(): void } {
  const theme = useSyncExternalStore(subscribe, snapshot, () => 'light' as Theme);
  useEffect(followSystem, []);
  const toggle = useCallback(() => {
    const next: Theme = snapshot() === 'dark' ? 'light' : 'dark';
    keepChoice(THEME_KEY, next);
    setTheme(next);
  }, []);
  return { theme, toggle };
}

/**
 * Apply the stored or system theme before the first render (no flash of the wrong theme), and follow the system's from
 * now on.
 */
export function initTheme(): void {
  setTheme(storedTheme() ?? systemTheme());
  followSystem();
}
