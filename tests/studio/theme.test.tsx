// @vitest-environment jsdom
// The studio's theme follows the system's preference while the writer has chosen none, from the page's load on:
// a change while the studio is still loading (after main.tsx's initTheme, before the shell's first render) is
// seen, as is one after; a stored choice wins over both. The system's preference is a fake matchMedia whose
// value the test changes as a browser would (the `change` event to every listener).
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';

/** A system preference for dark, changed by `set` (listeners told only when it changes, as a browser does). */
function fakeSystem(isDark: boolean) {
  const listeners = new Set<(event: { matches: boolean }) => void>();
  const query = {
    get matches() {
      return isDark;
    },
    addEventListener: (_: 'change', l: (event: { matches: boolean }) => void) => listeners.add(l),
    removeEventListener: (_: 'change', l: (event: { matches: boolean }) => void) => listeners.delete(l),
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (media: string) =>
      media === '(prefers-color-scheme: dark)'
        ? query
        : { matches: false, addEventListener() {}, removeEventListener() {} },
  });
  return {
    set(dark: boolean) {
      if (dark === isDark) return;
      isDark = dark;
      for (const l of [...listeners]) l({ matches: dark });
    },
  };
}

const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute('content');

/** theme.ts evaluated anew, as a page load does (its theme and its subscription are the module's). */
async function freshTheme() {
  vi.resetModules();
  return import('../../studio/src/lib/theme.js');
}

describe('the theme follows the system while nothing is stored', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    localStorage.clear();
    document.documentElement.classList.remove('dark');
  });
  afterAll(() => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
    else delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('a change between the page load (initTheme) and the first render is seen', async () => {
    const system = fakeSystem(false);
    const { initTheme, useTheme } = await freshTheme();
    initTheme();
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    // The studio still loading (its code, the session) when the system turns dark.
    system.set(true);
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#1a1a1a');
    // And later changes, both ways.
    act(() => system.set(false));
    expect(result.current.theme).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#ffffff');
  });

  it('a change before any page shows the toggle is applied to the page (the class and the theme colour)', async () => {
    const system = fakeSystem(true);
    const { initTheme } = await freshTheme();
    initTheme();
    expect(themeColor()).toBe('#1a1a1a');
    system.set(false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#ffffff');
  });

  it('a stored choice wins over a change of the system, before and after the first render', async () => {
    localStorage.setItem('theme', 'light');
    const system = fakeSystem(false);
    const { initTheme, useTheme } = await freshTheme();
    initTheme();
    system.set(true);
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('light');
    act(() => system.set(false));
    act(() => system.set(true));
    expect(result.current.theme).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});
