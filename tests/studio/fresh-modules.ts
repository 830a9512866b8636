// Before each studio file (they share one worker's module graph): the studio's own modules are evaluated anew,
// and the browser's stored choices (localStorage: the studio's language, the theme) emptied, so what one file's
// pages loaded or chose (the generator list, the request language, a Malay studio) is not another file's.
// Libraries (React, Testing Library, jsdom) and the engine stay loaded: that is the time saved (the engine's modules
// evaluated anew too were ~0.2 s of CPU a file, a quarter of the folder's 44 s; no studio file mocks one).
import { afterEach, vi } from 'vitest';
import { ensureLanguages } from '../../engine/index.js';

/**
 * Vitest's record of the modules this worker evaluated (its internal worker state: vi.resetModules resets them all).
 */
type Evaluated = {
  idToModuleMap: Map<string, { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> }>;
};
const evaluated = (globalThis as { __vitest_worker__?: { evaluatedModules?: Evaluated } }).__vitest_worker__
  ?.evaluatedModules;
/** The studio's modules and this folder's helpers (which import them): evaluated anew for each file. */
const FRESH = /\/(studio\/src|tests\/studio)\//;
if (evaluated) {
  for (const [id, node] of evaluated.idToModuleMap) {
    if (!FRESH.test(id)) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
} else vi.resetModules();
// The engine's modules stay (the language table among them): read the table now, as the studio's start does, when
// a file before this one set another source (the table is then read on its first use; a page word read straight from
// its catalogue, not through the table, would find the new catalogue still empty). Each file's catalogues join the
// table's sections; earlier files' are read again only when a file sets another table (three files do).
ensureLanguages();
// A .ts file of the folder may run in node, without a DOM.
if (typeof localStorage !== 'undefined') localStorage.clear();
if (typeof document !== 'undefined') document.documentElement.removeAttribute('lang');
// The toasts' styles (goober, under react-hot-toast) go into one <style id="_goober">, which goober finds as
// `window._goober`: a browser's window names its elements by id. Vitest's jsdom window is Node's global, which does
// not, so every styled render added a <style> of its own to the worker's one document (2,378 after generator-page,
// 4,052 after the folder in one worker), and each getComputedStyle (a ByRole query, a click) walked every one of them.
if (typeof document !== 'undefined' && !Object.getOwnPropertyDescriptor(globalThis, '_goober')) {
  Object.defineProperty(globalThis, '_goober', { get: () => document.getElementById('_goober'), configurable: true });
}
// A page's lazy parts load from the TypeScript sources: on a loaded machine that takes seconds, not the one second
// Testing Library waits by default (a findBy that would pass, failed for time).
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5_000 });
}
// A toast outlives the test that showed it: react-hot-toast keeps its toasts in the library's one store (not a studio
// module, so not evaluated anew), and a toast still in it shows in the next test's Toaster. Emptied after each test
// (after the file's own clean-up: Vitest runs after-hooks last registered first, and this file registers first), so a
// test Toaster can keep its toasts longer than a loaded machine takes to find them (tests/studio/workspace.tsx).
if (typeof document !== 'undefined') {
  const { toast } = await import('react-hot-toast');
  afterEach(() => toast.remove());
}
