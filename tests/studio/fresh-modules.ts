// Before each studio file (they share one worker's module graph): the studio's own modules are evaluated anew,
// and the browser's stored choices (localStorage: the studio's language, the theme) emptied, so what one file's
// pages loaded or chose (the generator list, the request language, a Malay studio) is not another file's.
// Libraries (React, Testing Library, jsdom) stay loaded: that is the time saved.
import { vi } from 'vitest';

vi.resetModules();
// A .ts file of the folder may run in node, without a DOM.
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof document !== 'undefined') document.documentElement.removeAttribute('lang');
// A page's lazy parts load from the TypeScript sources: on a loaded machine that takes seconds, not the one second
// Testing Library waits by default (a findBy that would pass, failed for time).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
