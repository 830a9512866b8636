// @vitest-environment jsdom
// The edition's glossary table lists the terms it holds fast and a gender for each (she, he, he or she: how Malay
// "dia" is read), the story bible's where it says one; the writer sets it and saves it with the glossary. In
// Malay the column is Malay.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Profile as ProfileData } from '../../engine/contract/index.js';
import { GlossaryTable } from '../../studio/src/components/GlossaryTable.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

const USER: ProfileData = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 0,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const TERMS = [
  { term: 'Aisha', rendering: 'Aisha', gender: 'female' },
  { term: 'Daniel', rendering: 'Daniel' },
];

function serve() {
  const saved: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/books/7/editions/ms/glossary' && (init.method ?? 'GET') === 'GET')
      return json({ terms: TERMS, is_writers: false, max_terms: 200 });
    if (url === '/api/books/7/editions/ms/glossary' && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { terms: unknown[] };
      saved.push(body);
      return json({ terms: body.terms, is_writers: true, max_terms: 200 });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return saved;
}

describe("the glossary table's gender", () => {
  it.each([
    ['en', 'Gender', 'Gender of term 2', 'he', 'she', 'Save glossary'],
    ['ms', 'Jantina', 'Jantina istilah 2', 'lelaki', 'perempuan', 'Simpan glosari'],
  ] as const)(
    'lists the terms with their gender (%s), and saves the one the writer sets',
    async (lang, column, label, he, she, saveName) => {
      const saved = serve();
      renderPage(<GlossaryTable bookId={7} to="ms" from="en" isRunning={false} />, {
        user: { ...USER, lang },
        accountLang: lang,
      });
      const rows = await screen.findAllByTestId('glossary-row');
      expect(rows).toHaveLength(2);
      expect(screen.getByRole('columnheader', { name: column })).toBeTruthy();
      const first = within(rows[0]!).getByTestId('glossary-gender') as HTMLSelectElement;
      expect(first.selectedOptions[0]!.textContent).toBe(she);
      const user = userEvent.setup();
      await user.selectOptions(screen.getByLabelText(label), he);
      await user.click(screen.getByRole('button', { name: saveName }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toEqual({
        terms: [
          { term: 'Aisha', rendering: 'Aisha', gender: 'female' },
          { term: 'Daniel', rendering: 'Daniel', gender: 'male' },
        ],
      });
    },
  );
});
