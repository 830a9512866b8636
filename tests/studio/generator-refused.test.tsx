// @vitest-environment jsdom
// A generator lacking a text in a language is refused in that language, never a crash and never another
// language's text in its place: a studio in that language leaves it out of its lists, and its page
// says which generator, that it has no text in the language, and the languages it can be used in.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { GeneratorSummary } from '../../studio/src/engine.js';
import { GeneratorPage } from '../../studio/src/generator/GeneratorPage.js';
import { shownIn } from '../../studio/src/lib/generators.js';
import { renderPage } from './page.js';
import { useStudioDom } from './dom.js';

useStudioDom();

/** A generator worded in English and Indonesian only (its Malay text missing), as GET /api/generators serves it. */
const ROMANCE: GeneratorSummary = {
  id: 'romance',
  route: '/romance',
  family: 'fiction',
  kind: 'book',
  bookType: 'romance',
  cost: 1,
  title: { en: 'Romance Story Creator', id: 'Pembuat Cerita Romansa' },
  tagline: { en: 'Love stories', id: 'Kisah cinta' },
  typeLabel: { en: 'Romance', id: 'Romansa' },
  refusedLanguages: ['ms'],
};
const POEMS: GeneratorSummary = {
  ...ROMANCE,
  id: 'poems',
  route: '/poems',
  title: { en: 'Poems', ms: 'Puisi', id: 'Puisi' },
  tagline: { en: 'x', ms: 'x', id: 'x' },
  typeLabel: { en: 'Poems', ms: 'Puisi', id: 'Puisi' },
};
delete (POEMS as { refusedLanguages?: unknown }).refusedLanguages;

describe("a generator lacking a language's text", () => {
  it('is left out of the lists of a studio in that language, and kept in the others', () => {
    expect(shownIn([ROMANCE, POEMS], 'ms').map((g) => g.id)).toEqual(['poems']);
    expect(shownIn([ROMANCE, POEMS], 'en').map((g) => g.id)).toEqual(['romance', 'poems']);
    expect(shownIn(null, 'en')).toEqual([]);
  });

  it(
    'its page in that language says so in the language, ' + 'naming the generator and the languages it is offered in',
    async () => {
      vi.stubGlobal(
        'fetch',
        async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }),
      );
      renderPage(<GeneratorPage summary={ROMANCE} />, { path: '/romance', accountLang: 'ms' });
      const alert = await screen.findByTestId('generator-refused');
      expect(alert.getAttribute('role')).toBe('alert');
      // Malay words, the generator's id (it has no Malay title), Malay's own name (Bahasa Malaysia), and the languages
      // it is
      // whole in.
      expect(alert.textContent).toMatch(/^Penjana romance belum ada teks dalam Bahasa Malaysia/);
      expect(alert.textContent).toContain('Inggeris');
      expect(alert.textContent).toContain('Indonesia');
      expect(document.title).toBe('romance · Karya');
      vi.unstubAllGlobals();
    },
  );
});
