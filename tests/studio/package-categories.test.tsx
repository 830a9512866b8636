// @vitest-environment jsdom
// The Publish panel's package editor, categories: KDP asks for up to 3 categories at setup, and the kept package's
// suggested ones (metadata.json's) are editable beside the keywords and description, one a line, the limits said
// (at most 3, each at most 200 characters, at least one). A failing categories check's fix moves the focus to the
// field; "Save and check again" sends them and the report shows the check passed, free; more than 3 are refused in
// the server's words, what was typed kept. English, Malay and Indonesian. Against a stubbed server.
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
const channelsWith = (categories: 'pass' | 'fail'): KdpPackage['channels'] => {
  const kdp =
    categories === 'pass'
      ? [check('keywords', 'pass'), check('categories', 'pass', { detail: 'Juvenile Fiction / Animals / General' })]
      : [
          check('keywords', 'pass'),
          check('categories', 'fail', { detail: 'none suggested', fix: 'name one to three categories' }),
        ];
  const ready = categories === 'pass';
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
  keywords: ['bedtime story', 'moon adventure'],
  categories: [],
  steps: STEPS,
  cost: 10,
  files: ['manuscript.epub', 'cover.jpg', 'description.html', 'keywords.txt', 'metadata.json', 'readiness.json'],
  created_at: '2025-03-02T10:00:00.000Z',
};

type Edit = { keywords?: string[]; description?: string; categories?: string[] };
function serve(opts: { edit?: (body: Edit) => Response; publish?: () => Response; credits?: number } = {}) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Edit) : undefined;
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
            categories: body!.categories ?? [],
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

describe('categories in the package editor', () => {
  it(
    'a failing categories check leads to the field; the ' + 'categories typed are sent and the check turns green, free',
    async () => {
      const calls = serve();
      const user = userEvent.setup();
      renderPanel();
      const field = (await screen.findByLabelText('Categories (one a line, at most 3)')) as HTMLTextAreaElement;
      expect(field.value).toBe('');
      expect(screen.getByText(/each at most 200 characters; at least one\./)).toBeTruthy();
      expect(screen.getByTestId('package-edit-cost').textContent).toBe(
        'Free: no credits are used and nothing is written again.',
      );
      await user.click(within(kdpEbook()).getByRole('button', { name: 'Edit the categories' }));
      expect(document.activeElement).toBe(field);
      await user.type(field, 'Juvenile Fiction / Animals / General{enter}{enter} Juvenile Fiction / Bedtime & Dreams ');
      await user.click(screen.getByRole('button', { name: 'Save and check again' }));
      await screen.findByText('Saved and checked again: the readiness below is up to date.');
      const put = calls.filter((c) => c.method === 'PUT');
      expect(put).toHaveLength(1);
      expect((put[0]!.body as Edit).categories).toEqual([
        'Juvenile Fiction / Animals / General',
        'Juvenile Fiction / Bedtime & Dreams',
      ]);
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      await waitFor(() => expect(kdpEbook().getAttribute('data-ready')).toBe('true'));
    },
  );

  it("more than 3 are refused in the server's words, and what was typed stays", async () => {
    serve({
      edit: () =>
        new Response(
          JSON.stringify({
            error: {
              code: 'package_categories_too_many',
              message: 'KDP takes at most 3 categories',
              fields: { categories: 'KDP takes at most 3 categories' },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    });
    const user = userEvent.setup();
    renderPanel();
    const field = (await screen.findByTestId('package-edit-categories')) as HTMLTextAreaElement;
    await user.type(field, 'One{enter}Two{enter}Three{enter}Four');
    await user.click(screen.getByTestId('package-edit-save'));
    expect((await screen.findByTestId('package-edit-error')).textContent).toBe(
      'Could not save: KDP takes at most 3 categories',
    );
    expect(field.value.split('\n')).toHaveLength(4);
  });

  it('speaks Malay and Indonesian', async () => {
    for (const [lang, label, button] of [
      ['ms', 'Kategori (satu sebaris, paling banyak 3)', 'Sunting kategori'],
      ['id', 'Kategori (satu per baris, paling banyak 3)', 'Sunting kategori'],
    ] as const) {
      serve();
      const view = renderPanel(lang);
      expect(await screen.findByLabelText(label)).toBeTruthy();
      expect(within(kdpEbook()).getByRole('button', { name: button })).toBeTruthy();
      view.unmount();
    }
  });
});
