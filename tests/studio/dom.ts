// The set-up every studio DOM test shares: window.matchMedia (the toaster asks for the reduced-motion
// preference; jsdom has none), and after each test the rendered tree unmounted and the stubbed globals
// (fetch) restored; `clearStorage` also empties localStorage, `restoreMocks` restores vi.spyOn mocks.
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export function useStudioDom(opts: { clearStorage?: boolean; restoreMocks?: boolean } = {}): void {
  beforeAll(() => {
    if (!window.matchMedia) {
      Object.defineProperty(window, 'matchMedia', {
        value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
        // A test may stub its own (vi.stubGlobal: a reader who asked for less motion).
        writable: true,
        configurable: true,
      });
    }
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    if (opts.clearStorage) localStorage.clear();
    if (opts.restoreMocks) vi.restoreAllMocks();
  });
}

/**
 * `text` into `field` as `user.type(field, text)` leaves it, in one paste: the field clicked (the caret at its end),
 * then the text put in at the caret. For a test that reads what the field then holds, shows or sends, not each key: no
 * studio field reads keys (no key or paste handler on a field), and typing re-rendered the page once a character,
 * ~6 ms of CPU each (outline-chapters' edit test typed 79: 1.1–1.6 s of CPU, 0.6–0.9 s pasted). Not for keys a field
 * acts on (Enter, ...): those stay typed.
 */
export async function typeIn(user: UserEvent, field: Element, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
