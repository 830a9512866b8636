// @vitest-environment jsdom
// The Publish panel against a stubbed server: the cost shown before spending (one credit less with the
// author named), publishing with the typed author, the readiness checks with what to fix, the package's
// download link, the package made last shown again, a refusal's message, and the Malay words.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { KdpPackage, Profile, PublishQuote, PublishResponse } from '../../engine/contract/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { PublishPanel } from '../../studio/src/generator/PublishPanel.js';
import { useStudioDom } from './dom.js';

useStudioDom();

const USER: Profile = { id: 'u1', email: 'ana@karya.test', name: 'Ana', bio: '', role: 'free', credits_available: 30, total_usage: 0, lang: 'en', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const STEPS: PublishQuote['steps'] = [
  { part: 'title', generator_id: 'book-title', cost: 0, skipped: 'book' },
  { part: 'author', generator_id: 'author-name', cost: 1 },
  { part: 'description', generator_id: 'amazon-pdp', cost: 1 },
  { part: 'keywords', generator_id: 'amazon-keywords', cost: 1 },
  { part: 'copyright', generator_id: 'copyright', cost: 1 },
  { part: 'cover', generator_id: 'kids-book-cover', cost: 6 },
];
const PACKAGE: KdpPackage = {
  title: 'Pip and the Moon', subtitle: '', author: 'Siti Aminah', ready: false,
  checks: [
    { id: 'book-complete', label: 'every part of the book is written', status: 'pass', detail: 'introduction to conclusion' },
    { id: 'keywords', label: 'keywords.txt has at most 7 lines', status: 'fail', detail: '"free book" is refused', fix: 'edit keywords.txt' },
    { id: 'print-length', label: 'a paperback has at least 24 pages', status: 'warn', detail: 'about 12 pages', fix: 'write more chapters' },
  ],
  steps: STEPS.map((s) => (s.part === 'author' ? { ...s, cost: 0, skipped: 'given' as const } : s)),
  cost: 9,
  files: ['manuscript.epub', 'manuscript.docx', 'cover.png', 'description.html', 'keywords.txt', 'metadata.json', 'readiness.json'],
  created_at: '2025-03-02T10:00:00.000Z',
};

function serve(opts: { quote?: Partial<PublishQuote>; publish?: () => Response } = {}) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, ...(init.body ? { body: JSON.parse(String(init.body)) as unknown } : {}) });
    if (url === '/api/me') return json(USER);
    if (url === '/api/books/children/publish' && method === 'GET') return json({ is_finished: true, steps: STEPS, cost: 10, package: null, ...opts.quote } satisfies PublishQuote);
    if (url === '/api/books/children/publish' && method === 'POST') return opts.publish?.() ?? json({ package: PACKAGE, credits_charged: 9, credits_available: 21 } satisfies PublishResponse);
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return calls;
}

const renderPanel = (lang: 'en' | 'ms' = 'en') =>
  render(
    <MemoryRouter>
      <AuthProvider initialUser={USER}>
        <PublishPanel bookType="children" lang={lang} />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
  );

describe('PublishPanel', () => {
  it('shows the cost before spending, publishes with the author named, then the checks and the download', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPanel();
    const panel = await screen.findByTestId('publish-panel');
    expect(within(panel).getByRole('heading', { name: 'Publish on Amazon KDP' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('publish-cost').textContent).toBe('Publishing costs 10 credits.'));
    expect(screen.getByTestId('publish-button').textContent).toBe('Publish (10 credits)');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Author name (optional)'), 'Siti Aminah');
    expect(screen.getByTestId('publish-cost').textContent).toBe('Publishing costs 9 credits.');
    await user.click(screen.getByTestId('publish-button'));
    await screen.findByText('Your KDP package is ready to download.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/books/children/publish', body: { author: 'Siti Aminah' } }]);

    const checks = await screen.findAllByTestId('readiness-check');
    expect(checks.map((c) => [c.getAttribute('data-check'), c.getAttribute('data-status')])).toEqual([['book-complete', 'pass'], ['keywords', 'fail'], ['print-length', 'warn']]);
    expect(checks[0]!.textContent).toBe('Passed: every part of the book is writtenintroduction to conclusion');
    expect(within(checks[1]!).getByTestId('readiness-fix').textContent).toBe('To fix: edit keywords.txt');
    expect(screen.getByTestId('readiness-summary').textContent).toBe('Not ready for KDP (1 failed)');
    const link = screen.getByRole('link', { name: 'Download package (.zip)' });
    expect([link.getAttribute('href'), link.hasAttribute('download')]).toEqual(['/api/books/children/publish/package', true]);
    expect(screen.getByTestId('publish-button').textContent).toBe('Publish again (9 credits)');
  });

  it('shows the package made last on the next visit', async () => {
    serve({ quote: { package: { ...PACKAGE, ready: true, checks: [PACKAGE.checks[0]!] } } });
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('readiness-summary').textContent).toBe('Ready for KDP'));
    expect(screen.getByRole('link', { name: 'Download package (.zip)' })).toBeTruthy();
    expect(screen.getByTestId('publish-button').textContent).toBe('Publish again (10 credits)');
  });

  it("shows the server's refusal and keeps the form", async () => {
    serve({ publish: () => new Response(JSON.stringify({ error: { code: 'book_not_finished', message: 'Finish your book before publishing it: Chapter 1 is next.' } }), { status: 409 }) });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByTestId('publish-button'));
    await screen.findByText('Finish your book before publishing it: Chapter 1 is next.');
    expect(screen.queryByTestId('readiness')).toBeNull();
    expect((screen.getByTestId('publish-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('speaks Malay in a Malay book', async () => {
    serve();
    renderPanel('ms');
    expect(await screen.findByRole('heading', { name: 'Terbitkan di Amazon KDP' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('publish-cost').textContent).toBe('Penerbitan menggunakan 10 kredit.'));
    expect(screen.getByLabelText('Nama pengarang (pilihan)')).toBeTruthy();
    expect(screen.getByTestId('publish-button').textContent).toBe('Terbitkan (10 kredit)');
  });
});
