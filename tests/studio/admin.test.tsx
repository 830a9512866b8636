// @vitest-environment jsdom
// The admin portal's details, against a scripted server: a role change is confirmed in a
// dialog that states the credit consequence (the platform requirements, §6: changing a role resets the credits to
// the role's amount) and is only sent after the confirmation; Roll back is not offered on the running
// version; the page speaks Malay for a Malay administrator.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Profile } from '../../engine/contract/index.js';
import Admin from '../../studio/src/pages/Admin.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

const at = '2026-01-01T00:00:00.000Z';
const ADMIN: Profile = {
  id: 'a1',
  email: 'admin@karya.test',
  name: '',
  bio: '',
  role: 'admin',
  credits_available: 9999,
  total_usage: 0,
  lang: 'en',
  created_at: at,
  updated_at: at,
};
const ANA: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: '',
  bio: '',
  role: 'free',
  credits_available: 7,
  total_usage: 3,
  lang: 'en',
  created_at: at,
  updated_at: at,
};
const DEPLOYMENTS = [
  {
    id: 3,
    version: 'v1.2.0',
    status: 'success',
    url: 'https://karya.test',
    created_at: '2026-03-01T00:00:00.000Z',
    metadata: null,
  },
  {
    id: 2,
    version: 'v1.1.1',
    status: 'failed',
    url: 'https://karya.test',
    created_at: '2026-02-01T00:00:00.000Z',
    metadata: null,
  },
  {
    id: 1,
    version: 'v1.1.0',
    status: 'success',
    url: 'https://karya.test',
    created_at: '2026-01-01T00:00:00.000Z',
    metadata: null,
  },
];

useStudioDom({ clearStorage: true });

function serve() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/admin/users' && method === 'GET') return json({ users: [ANA, ADMIN] });
    if (url === '/api/admin/users/u1' && method === 'PATCH')
      return json({ message: 'User role updated successfully', user: { ...ANA, role: 'pro', credits_available: 150 } });
    if (url === '/api/admin/deployments') return json({ deployments: DEPLOYMENTS });
    if (url === '/api/admin/ai-config') {
      return json({
        active: 'openai',
        configs: [
          {
            name: 'openai',
            model: 'llama3.1',
            endpoint: '127.0.0.1:11434',
            has_key: true,
            is_active: true,
            context_tokens: 16384,
          },
          {
            name: 'offline',
            model: 'offline-demo',
            endpoint: null,
            has_key: false,
            is_active: false,
            context_tokens: null,
          },
        ],
        openai_config: { useAzure: false },
      });
    }
    if (url === '/api/admin/credit-links') return json({ links: [] });
    if (url === '/api/admin/credit-codes') return json({ codes: [] });
    if (url === '/api/admin/claims') return json({ code_claims: [], link_claims: [] });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return calls;
}

const renderAdmin = (user: Profile = ADMIN) => renderPage(<Admin />, { user });

describe('admin portal', () => {
  it(
    'a role change asks first, says the credits are reset ' + 'to the role’s amount, and is sent only when confirmed',
    async () => {
      const calls = serve();
      const user = userEvent.setup();
      renderAdmin();
      const select = await screen.findByLabelText('Role of ana@karya.test');
      await user.selectOptions(select, 'pro');
      const dialog = screen.getByRole('dialog', { name: 'Change role?' });
      expect(dialog.textContent).toContain(
        'ana@karya.test becomes Pro. Changing the role resets the ' +
          'credit balance to the Pro amount: 150 credits (now 7).',
      );
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
      expect((select as HTMLSelectElement).value).toBe('free');

      await user.selectOptions(select, 'business');
      await user.click(
        within(screen.getByRole('dialog', { name: 'Change role?' })).getByRole('button', { name: 'Change role' }),
      );
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
          { method: 'PATCH', url: '/api/admin/users/u1', body: { role: 'business' } },
        ]),
      );
    },
  );

  it("shows the model's context window beside the AI service (issue 36)", async () => {
    serve();
    renderAdmin();
    const shown = await screen.findAllByTestId('ai-context');
    expect(shown.map((e) => e.textContent)).toEqual([' · context window of 16,384 tokens']);
  });

  it('offers Roll back on earlier successful versions only, not on the running one', async () => {
    serve();
    renderAdmin();
    const list = await screen.findByTestId('deployments');
    const row = (version: string) => list.querySelector(`[data-version="${version}"]`) as HTMLElement;
    expect(within(row('v1.2.0')).queryByRole('button')).toBeNull();
    expect(within(row('v1.2.0')).getByText('Running')).toBeTruthy();
    expect(within(row('v1.1.1')).queryByRole('button')).toBeNull();
    expect(within(row('v1.1.0')).getByRole('button', { name: 'Roll back to v1.1.0' })).toBeTruthy();
  });

  it('speaks Malay to a Malay administrator', async () => {
    serve();
    renderAdmin({ ...ADMIN, lang: 'ms' });
    expect(await screen.findByRole('heading', { name: 'Portal Pentadbir' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pengurusan Pengguna' })).toBeTruthy();
    expect(await screen.findByLabelText('Peranan ana@karya.test')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Laraskan kredit ana@karya.test' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kembalikan ke v1.1.0' })).toBeTruthy();
  });

  it(
    "says things in the administrator's terms: no config keys, " +
      'command flags or file paths, in English or Malay (issue 38)',
    async () => {
      for (const lang of ['en', 'ms'] as const) {
        serve();
        const { unmount } = renderAdmin({ ...ADMIN, lang });
        await screen.findByTestId('ai-active');
        await screen.findByTestId('deployments');
        const text = document.body.textContent ?? '';
        expect(text).toContain(
          lang === 'en'
            ? 'Write with your Microsoft Azure copy of the AI model'
            : 'Tulis dengan salinan model AI anda di Microsoft Azure',
        );
        for (const jargon of [
          /openai_config/,
          /useAzure/,
          /\s--[a-z]/,
          /\b[\w/-]+\.(ts|yaml|js)\b/,
          /\b[A-Z]+_[A-Z_]+\b/,
        ])
          expect(text).not.toMatch(jargon);
        unmount();
      }
    },
  );
});
