// @vitest-environment jsdom
// The dashboard's Recent Updates in the writer's language, Indonesian too: each update's words are the language's
// own (languages/<code>/studio-updates.yaml), the list's titles and an opened update's overview, features and notes.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Profile as ProfileData } from '../../engine/contract/index.js';
import Shell from '../../studio/src/components/Shell.js';
import Dashboard from '../../studio/src/pages/Dashboard.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom({ restoreMocks: true });

const USER: ProfileData = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 100,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the dashboard's Recent Updates", () => {
  it.each([
    [
      'en',
      'Publishing tools and covers',
      'Credit codes and links',
      'Credits never expire.',
      'Redeem box on the profile page',
    ],
    [
      'ms',
      'Alat penerbitan dan kulit buku',
      'Kod dan pautan kredit',
      'Kredit tidak akan luput.',
      'Kotak tebus di halaman profil',
    ],
    [
      'id',
      'Alat penerbitan dan sampul',
      'Kode dan tautan kredit',
      'Kredit tidak pernah kedaluwarsa.',
      'Kotak penukaran di halaman profil',
    ],
  ] as const)(
    "are listed and opened in the writer's language (%s)",
    async (lang, publishing, credits, note, feature) => {
      vi.stubGlobal('fetch', async (url: string) =>
        url.startsWith('/api/books')
          ? json({ books: [] })
          : url === '/api/generators'
            ? json({ generators: [] })
            : json({ error: { code: 'not_found', message: 'Not found' } }, 404),
      );
      renderPage(
        <Routes>
          <Route element={<Shell />}>
            <Route index element={<Dashboard />} />
          </Route>
        </Routes>,
        { user: { ...USER, lang }, accountLang: lang },
      );
      expect(await screen.findByText(publishing)).toBeTruthy();
      fireEvent.click(screen.getByText(credits));
      const dialog = await screen.findByTestId('update-detail');
      expect(within(dialog).getByText(note)).toBeTruthy();
      expect(within(dialog).getByText(feature)).toBeTruthy();
    },
  );
});
