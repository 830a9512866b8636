// @vitest-environment jsdom
// The writer's own cover in the Publish panel against a stubbed server: a picture chosen is sent as it is to
// PUT /api/books/:id/cover (its name in ?file=, its own content type), then the quote is asked again and the
// kept picture shown (its preview named with the file and size) and the cost without the cover step; a refusal
// shows the server's reason as an alert and keeps what was kept; Remove sends DELETE; the words in Malay.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { BookCover, Profile, PublishQuote } from '../../engine/contract/index.js';
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
const COVER: BookCover = {
  format: 'jpeg',
  width: 1600,
  height: 2560,
  file_name: 'harbour.jpg',
  bytes: 420_000,
  created_at: '2025-03-02T10:00:00.000Z',
};
const DRAWN = CHILDREN_BOOK_PUBLISH_STEPS.find((s) => s.part === 'cover')!;

/** A server whose book 7 has no cover until one is put; `refuse` answers the PUT with that refusal instead. */
function serve(opts: { refuse?: { status: number; code: string; message: string } } = {}) {
  const calls: Array<{ method: string; url: string; type?: string; body?: unknown }> = [];
  let kept: BookCover | null = null;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const type = (init.headers as Record<string, string> | undefined)?.['content-type'];
    calls.push({ method, url, ...(type ? { type } : {}), ...(init.body ? { body: init.body } : {}) });
    if (url === '/api/me') return json(USER);
    if (url === '/api/books/children/publish' && method === 'GET') {
      const steps = CHILDREN_BOOK_PUBLISH_STEPS.map((s) =>
        s.part === 'cover' && kept ? { ...s, cost: 0, skipped: 'own_cover' as const } : s,
      );
      return json({
        is_finished: true,
        steps,
        cost: 10 - (kept ? DRAWN.cost : 0),
        trim: '5.5x8.5',
        package: null,
        book_id: 7,
        cover: kept,
      } satisfies PublishQuote);
    }
    if (url.startsWith('/api/books/7/cover') && method === 'PUT') {
      if (opts.refuse)
        return json({ error: { code: opts.refuse.code, message: opts.refuse.message } }, opts.refuse.status);
      kept = COVER;
      return json({ cover: kept });
    }
    if (url === '/api/books/7/cover' && method === 'DELETE') {
      kept = null;
      return json({ cover: null });
    }
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return calls;
}

const renderPanel = (lang: 'en' | 'ms' = 'en') =>
  render(
    <MemoryRouter>
      <AuthProvider initialUser={USER}>
        <PublishPanel bookType="children" lang={lang} />
      </AuthProvider>
    </MemoryRouter>,
  );

const picture = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'harbour.jpg', { type: 'image/jpeg' });

describe("the writer's own cover in the Publish panel", () => {
  it(
    'sends the picture chosen, then shows it kept and ' + 'the cost without the cover step; Remove lets it go',
    async () => {
      const calls = serve();
      renderPanel();
      await screen.findByText('Publishing costs 10 credits.');
      const user = userEvent.setup();
      await user.upload(screen.getByLabelText('Choose a cover picture'), picture());
      await screen.findByText('harbour.jpg is your cover: the next package uses it.');
      const put = calls.find((c) => c.method === 'PUT')!;
      expect(put).toMatchObject({ url: '/api/books/7/cover?file=harbour.jpg', type: 'image/jpeg' });
      expect(put.body).toBeInstanceOf(File);
      const preview = await screen.findByAltText('Your cover: harbour.jpg, 1600 × 2560 px');
      expect(preview.getAttribute('src')).toBe(`/api/books/7/cover?v=${encodeURIComponent(COVER.created_at)}`);
      await screen.findByText(`Publishing costs ${10 - DRAWN.cost} credits.`);
      expect(screen.getByLabelText('Choose another picture')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Remove my cover' }));
      await screen.findByText('Your cover is removed: the next package has one drawn or lettered for you.');
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/books/7/cover')).toBe(true);
      await screen.findByText('Publishing costs 10 credits.');
      expect(screen.queryByTestId('cover-preview')).toBeNull();
    },
  );

  it("a refused picture shows the server's reason as an alert; the words are Malay in a Malay studio", async () => {
    const reason =
      'sneaky.png ialah lukisan SVG (atau fail teks lain), bukan gambar: lukisan boleh membawa ' +
      'skrip, dan tiada kedai menerimanya sebagai kulit buku. Berikan fail JPEG atau PNG.';
    serve({ refuse: { status: 422, code: 'cover_svg', message: reason } });
    renderPanel('ms');
    const box = await screen.findByTestId('cover-upload');
    expect(within(box).getByText('Kulit buku anda sendiri (pilihan)')).toBeTruthy();
    await userEvent
      .setup()
      .upload(
        within(box).getByLabelText('Pilih gambar kulit buku'),
        new File(['<svg/>'], 'sneaky.png', { type: 'image/png' }),
      );
    await waitFor(() => expect(within(box).getByRole('alert').textContent).toBe(reason));
    expect(within(box).queryByTestId('cover-preview')).toBeNull();
  });

  it("a picture over 10 MB is refused before a byte is sent, with the server's own reason", async () => {
    const calls = serve();
    renderPanel();
    const box = await screen.findByTestId('cover-upload');
    const huge = new File([new Uint8Array(30 * 1024 * 1024)], 'scan.png', { type: 'image/png' });
    await userEvent.setup().upload(within(box).getByLabelText('Choose a cover picture'), huge);
    await waitFor(() =>
      expect(within(box).getByRole('alert').textContent).toBe(
        'scan.png is larger than 10 MB: a cover picture is sent at 10 MB ' +
          'at most. Save it as a JPEG (1,600 × 2,560 px is a few megabytes).',
      ),
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
