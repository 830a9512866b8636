// The set-up every studio DOM test shares: window.matchMedia (the toaster asks for the reduced-motion
// preference; jsdom has none), and after each test the rendered tree unmounted and the stubbed globals
// (fetch) restored; `clearStorage` also empties localStorage, `restoreMocks` restores vi.spyOn mocks.
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

export function useStudioDom(opts: { clearStorage?: boolean; restoreMocks?: boolean } = {}): void {
  beforeAll(() => {
    if (!window.matchMedia) {
      Object.defineProperty(window, 'matchMedia', {
        value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
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
