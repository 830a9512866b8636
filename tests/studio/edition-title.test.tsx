// @vitest-environment jsdom
// The side-by-side page of a translated edition: the edition's title shown for the writer to change (saved with
// PUT /api/books/:id/edition-title, the page's heading taking it), and a paragraph whose context changed marked
// more softly ("May be affected") than one whose own source changed ("Out of date"); in Malay, Malay words.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { Profile as ProfileData, SideBySideResponse } from '../../engine/contract/index.js';
import SideBySide from '../../studio/src/pages/SideBySide.js';
import { EditionTitleField } from '../../studio/src/components/EditionTitleField.js';
import { typeIn, useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

const USER: ProfileData = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 40,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const VIEW: SideBySideResponse = {
  source: { id: 3, title: 'Harbour Lights', lang: 'en' },
  edition: { id: 7, title: 'Lampu Pelabuhan', lang: 'ms', generator_id: 'romance', is_current: false },
  parts: [
    {
      position: 1,
      label: { source: 'Chapter 1', edition: 'Bab 1', page: 'Chapter 1' },
      title: { source: null, edition: null },
      pairs: [
        { source: 'One. Then more.', edition: 'Satu.', is_stale: true, is_affected: false, is_untranslated: false },
        { source: 'Two.', edition: 'Dua.', is_stale: false, is_affected: true, is_untranslated: false },
        { source: 'Three.', edition: 'Tiga.', is_stale: false, is_affected: false, is_untranslated: false },
      ],
      stale: 1,
      untranslated: 0,
    },
  ],
  stale_paragraphs: 1,
  again: { parts: 1, per_part: 1, total: 1 },
  untranslated_paragraphs: 0,
};

function serve(): Array<{ method: string; url: string; body: unknown }> {
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    sent.push({ method, url, body });
    if (url === '/api/books/7/side-by-side') return json(VIEW);
    if (url === '/api/books/7/edition-title' && method === 'PUT')
      return json({ id: 7, title: (body as { title: string }).title.trim() });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return sent;
}

const page = (lang: 'en' | 'ms') =>
  renderPage(
    <>
      <Toaster />
      <Routes>
        <Route path="/books/:id/side-by-side" element={<SideBySide />} />
      </Routes>
    </>,
    { user: { ...USER, lang }, accountLang: lang, path: '/books/7/side-by-side' },
  );

describe("an edition's side-by-side page", () => {
  it(
    'shows the title for the writer to change and saves it; the ' +
      'changed paragraph is out of date, the next may be affected',
    async () => {
      const sent = serve();
      page('en');
      const field = await screen.findByLabelText("Edition's title");
      expect(field).toHaveProperty('value', 'Lampu Pelabuhan');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lampu Pelabuhan');
      const stale = screen.getAllByTestId('stale-paragraph');
      expect(stale.map((p) => p.textContent)).toEqual([expect.stringContaining('Satu.')]);
      const affected = screen.getAllByTestId('affected-paragraph');
      expect(affected.map((p) => p.textContent)).toEqual([expect.stringContaining('Dua.')]);
      expect(within(affected[0]!).getByText('May be affected')).toBeTruthy();

      const user = userEvent.setup();
      await user.clear(field);
      await typeIn(user, field, 'Cahaya di Pelabuhan');
      await user.click(screen.getByRole('button', { name: 'Save title' }));
      await screen.findByText('Title saved');
      expect(sent.filter((r) => r.method === 'PUT')).toEqual([
        { method: 'PUT', url: '/api/books/7/edition-title', body: { title: 'Cahaya di Pelabuhan' } },
      ]);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Cahaya di Pelabuhan');
    },
  );

  it('keeps what the writer typed when a new title reaches the field late; an untouched field takes it', async () => {
    const field = (title: string) => (
      <EditionTitleField editionId={7} title={title} lang="ms" onSaved={() => undefined} />
    );
    const { rerender } = render(field('Lampu Pelabuhan'));
    const input = screen.getByLabelText("Edition's title");
    rerender(field('Lampu di Pelabuhan'));
    expect(input).toHaveProperty('value', 'Lampu di Pelabuhan');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, 'Cahaya');
    rerender(field('Pelita Pelabuhan'));
    expect(input).toHaveProperty('value', 'Cahaya');
    expect(screen.getByRole('button', { name: 'Save title' })).toHaveProperty('disabled', false);
  });

  it('speaks Malay to a Malay writer', async () => {
    serve();
    page('ms');
    expect(await screen.findByLabelText('Tajuk edisi')).toHaveProperty('value', 'Lampu Pelabuhan');
    expect(screen.getByRole('button', { name: 'Simpan tajuk' })).toBeTruthy();
    expect(within(screen.getByTestId('affected-paragraph')).getByText('Mungkin terjejas')).toBeTruthy();
  });
});
