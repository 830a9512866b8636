// @vitest-environment jsdom
// The Publish panel's package editor against a stubbed server: the keywords and description of the
// kept package are editable where they are shown, "Save and check again" sends them and the report shows the
// readiness the server checked again, said to be free; a failing keywords check's fix moves the focus to the
// keywords; a refused edit says why; a failed publish stays on the page with the next step until dismissed.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { KdpPackage, Profile, PublishQuote } from '../../engine/contract/index.js';
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
const check = (id: string, status: 'pass' | 'fail', extra: { detail?: string; fix?: string } = {}) => ({
  id,
  label: `${id} label`,
  status,
  source: `${id} rule`,
  ...extra,
});
const channelsWith = (keywords: 'pass' | 'fail'): KdpPackage['channels'] => {
  const kdp =
    keywords === 'pass'
      ? [check('keywords', 'pass', { detail: '3 keywords' }), check('description', 'pass')]
      : [
          check('keywords', 'fail', { detail: '"free book" is refused', fix: 'use phrases a reader searches for' }),
          check('description', 'pass'),
        ];
  const ready = keywords === 'pass';
  return {
    kdp_ebook: { name: 'Amazon KDP (Kindle eBook)', ready, checks: kdp },
    kdp_paperback: { name: 'Amazon KDP (paperback)', ready, checks: kdp },
    google_play: { name: 'Google Play Books', ready: true, checks: [check('description', 'pass')] },
    kobo: { name: 'Kobo Writing Life', ready: true, checks: [check('description', 'pass')] },
  };
};
const PACKAGE: KdpPackage = {
  title: 'Pip and the Moon',
  subtitle: '',
  author: 'Siti Aminah',
  ready: false,
  channels: channelsWith('fail'),
  description: '<p>Pip flies to the Moon and back.</p>',
  keywords: ['free book', 'moon adventure'],
  steps: STEPS,
  cost: 10,
  files: ['manuscript.epub', 'cover.jpg', 'description.html', 'keywords.txt', 'metadata.json', 'readiness.json'],
  created_at: '2025-03-02T10:00:00.000Z',
};

function serve(
  opts: {
    edit?: (body: { keywords?: string[]; description?: string }) => Response;
    publish?: () => Response;
    credits?: number;
  } = {},
) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body
      ? (JSON.parse(String(init.body)) as { keywords?: string[]; description?: string })
      : undefined;
    calls.push({ method, url, ...(body ? { body } : {}) });
    if (url === '/api/me') return json({ ...USER, credits_available: opts.credits ?? 30 });
    if (url === '/api/books/children/publish' && method === 'GET')
      return json({
        is_finished: true,
        steps: STEPS,
        cost: 10,
        trim: '5.5x8.5',
        package: PACKAGE,
      } satisfies PublishQuote);
    if (url === '/api/books/children/publish/package' && method === 'PUT') {
      return (
        opts.edit?.(body!) ??
        json({
          package: {
            ...PACKAGE,
            keywords: body!.keywords!,
            description: body!.description!,
            ready: true,
            channels: channelsWith('pass'),
          },
          credits_charged: 0,
        })
      );
    }
    if (url === '/api/books/children/publish' && method === 'POST')
      return opts.publish?.() ?? json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return calls;
}

const renderPanel = (lang: 'en' | 'ms' | 'id' = 'en') =>
  render(
    <MemoryRouter>
      <AuthProvider initialUser={USER}>
        <PublishPanel bookType="children" lang={lang} />
      </AuthProvider>
    </MemoryRouter>,
  );

const kdpEbook = () => screen.getAllByTestId('channel').find((c) => c.getAttribute('data-channel') === 'kdp_ebook')!;

describe('the package editor', () => {
  it('keywords edited here turn the KDP keywords check green, said to be free, with no publish', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderPanel();
    const keywords = (await screen.findByLabelText('Keywords (one a line, at most 7)')) as HTMLTextAreaElement;
    expect(keywords.value).toBe('free book\nmoon adventure');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', '<p>Pip flies to the Moon and back.</p>');
    expect(screen.getByTestId('package-edit-cost').textContent).toBe(
      'Free: no credits are used and nothing is written again.',
    );
    expect(kdpEbook().getAttribute('data-ready')).toBe('false');

    // The failing check's fix leads to the field where it is fixed.
    await user.click(within(kdpEbook()).getByRole('button', { name: 'Edit the keywords' }));
    expect(document.activeElement).toBe(keywords);

    await user.clear(keywords);
    await user.type(keywords, 'bedtime story{enter}moon adventure{enter}{enter}space picture book');
    await user.click(screen.getByRole('button', { name: 'Save and check again' }));
    await screen.findByText('Saved and checked again: the readiness below is up to date.');

    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      {
        method: 'PUT',
        url: '/api/books/children/publish/package',
        body: {
          keywords: ['bedtime story', 'moon adventure', 'space picture book'],
          description: '<p>Pip flies to the Moon and back.</p>',
        },
      },
    ]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await waitFor(() => expect(kdpEbook().getAttribute('data-ready')).toBe('true'));
    expect(screen.getByTestId('readiness-summary').textContent).toBe('Ready for every store');
    expect(
      within(screen.getByTestId('package-keywords'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['bedtime story', 'moon adventure', 'space picture book']);
  });

  it("a refused edit says why, in the server's words, and keeps what was typed", async () => {
    serve({
      edit: () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'package_keywords_too_many',
              message: 'KDP takes at most 7 keywords',
              fields: { keywords: 'KDP takes at most 7 keywords' },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    });
    const user = userEvent.setup();
    renderPanel();
    const keywords = await screen.findByTestId('package-edit-keywords');
    await user.type(keywords, '{enter}one{enter}two{enter}three{enter}four{enter}five{enter}six');
    await user.click(screen.getByTestId('package-edit-save'));
    expect((await screen.findByTestId('package-edit-error')).textContent).toBe(
      'Could not save: KDP takes at most 7 keywords',
    );
    expect((keywords as HTMLTextAreaElement).value.split('\n')).toHaveLength(8);
    expect(kdpEbook().getAttribute('data-ready')).toBe('false');
  });

  it('speaks Malay and Indonesian', async () => {
    for (const [lang, label, save] of [
      ['ms', 'Kata kunci (satu sebaris, paling banyak 7)', 'Simpan dan semak semula'],
      ['id', 'Kata kunci (satu per baris, paling banyak 7)', 'Simpan dan periksa lagi'],
    ] as const) {
      serve();
      const view = renderPanel(lang);
      expect(await screen.findByLabelText(label)).toBeTruthy();
      expect(screen.getByRole('button', { name: save })).toBeTruthy();
      view.unmount();
    }
  });
});

describe('a failed publish', () => {
  it('stays on the page with the next step until dismissed', async () => {
    serve({
      publish: () =>
        new Response(
          JSON.stringify({
            error: { code: 'service_unavailable', message: 'The writing service is busy. Please try again.' },
          }),
          { status: 503, headers: { 'content-type': 'application/json' } },
        ),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByTestId('publish-button'));
    const alert = await screen.findByTestId('publish-failure');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('The package was not made');
    expect(alert.textContent).toContain('The writing service is busy. Please try again.');
    expect(alert.textContent).toContain('Next: nothing is charged for the step that failed.');
    // Still there after the panel reloads its quote (no toast that goes by itself).
    await waitFor(() => expect(screen.getByTestId('publish-button').hasAttribute('disabled')).toBe(false));
    expect(screen.getByTestId('publish-failure')).toBeTruthy();
    // The package made before is still shown below it.
    expect(screen.getByTestId('readiness')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('publish-failure')).toBeNull();
  });
});
