// @vitest-environment jsdom
// The Publish panel's dual-language choice against a stubbed server: offered only when the quote says the book is
// a translated edition, named with its two languages (the source's first) in the studio's language; ticked, the
// publish asks for the bilingual package; left alone, it does not.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { KdpPackage, Profile, PublishQuote, PublishResponse } from '../../engine/contract/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { PublishPanel } from '../../studio/src/generator/PublishPanel.js';
import { useStudioDom } from './dom.js';
import { CHILDREN_BOOK_PUBLISH_STEPS } from '../publish-steps.js';

useStudioDom();

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 30,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const STEPS: PublishQuote['steps'] = [...CHILDREN_BOOK_PUBLISH_STEPS];
const PACKAGE: KdpPackage = {
  title: 'Senja di Pelabuhan',
  subtitle: '',
  author: 'Siti Aminah',
  ready: true,
  channels: {
    kdp_ebook: { name: 'Amazon KDP (Kindle eBook)', ready: true, checks: [] },
    kdp_paperback: { name: 'Amazon KDP (paperback)', ready: true, checks: [] },
    google_play: { name: 'Google Play Books', ready: true, checks: [] },
    kobo: { name: 'Kobo Writing Life', ready: true, checks: [] },
  },
  description: '<p>Dua bahasa.</p>',
  keywords: ['romance'],
  steps: STEPS,
  cost: 9,
  files: ['manuscript.epub'],
  created_at: '2025-03-02T10:00:00.000Z',
};

/** The panel's server: the quote (with `edition` for a translated edition) and the publish, whose bodies are kept. */
function serve(quote: Partial<PublishQuote> = {}) {
  const posted: unknown[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/me') return json(USER);
    if (url === '/api/books/romance/publish' && method === 'GET')
      return json({
        is_finished: true,
        steps: STEPS,
        cost: 10,
        trim: '6x9',
        package: null,
        ...quote,
      } satisfies PublishQuote);
    if (url === '/api/books/romance/publish' && method === 'POST') {
      posted.push(JSON.parse(String(init.body)) as unknown);
      return json({ package: PACKAGE, credits_charged: 9, credits_available: 21 } satisfies PublishResponse);
    }
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return posted;
}

const renderPanel = (lang: 'en' | 'ms') =>
  render(
    <MemoryRouter>
      <AuthProvider initialUser={USER}>
        <PublishPanel bookType="romance" lang={lang} />
      </AuthProvider>
    </MemoryRouter>,
  );

describe('PublishPanel: the dual-language edition', () => {
  it('is not offered for a book that is no edition, and its publish asks for no bilingual package', async () => {
    const posted = serve();
    renderPanel('en');
    await screen.findByTestId('publish-button');
    expect(screen.queryByTestId('publish-bilingual')).toBeNull();
    expect(screen.queryByLabelText(/Dual-language edition/)).toBeNull();
    await userEvent.setup().click(screen.getByTestId('publish-button'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).not.toHaveProperty('bilingual');
  });

  it(
    'is offered for a Malay edition of an English book, ' +
      'unticked; ticked, the publish asks for the bilingual package',
    async () => {
      const posted = serve({ book_id: 7, edition: { lang: 'ms', source_lang: 'en' } });
      renderPanel('en');
      const box = (await screen.findByLabelText('Dual-language edition (English and Malay)')) as HTMLInputElement;
      expect(box.type).toBe('checkbox');
      expect(box.checked).toBe(false);
      expect(box.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
        /each paragraph of the original followed by its translation/,
      );
      const user = userEvent.setup();
      await user.click(box);
      expect(box.checked).toBe(true);
      await user.click(screen.getByTestId('publish-button'));
      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]).toMatchObject({ bilingual: true });
    },
  );

  it('speaks Malay in a Malay studio, the source language named first', async () => {
    serve({ book_id: 7, edition: { lang: 'en', source_lang: 'ms' } });
    renderPanel('ms');
    const box = (await screen.findByLabelText('Edisi dwibahasa (Melayu dan Inggeris)')) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /setiap perenggan asal diikuti terjemahannya/,
    );
  });
});
