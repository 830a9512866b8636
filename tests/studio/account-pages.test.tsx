// @vitest-environment jsdom
// The account pages, against a scripted server: the change-password page offers to revoke the
// account's API keys and sends that choice, and a refused common password shows the server's message
// (Malay for a Malay account, as the server words it); the profile page tells the owner when sign-in to
// the account was slowed by wrong passwords from elsewhere, and dismisses the notice.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Profile } from '../../engine/contract/index.js';
import ChangePassword from '../../studio/src/pages/ChangePassword.js';
import { typeIn, useStudioDom } from './dom.js';
import { renderPage } from './page.js';

const at = '2026-01-01T00:00:00.000Z';
const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: '',
  bio: '',
  role: 'business',
  credits_available: 7,
  total_usage: 3,
  lang: 'en',
  created_at: at,
  updated_at: at,
};
const TOO_COMMON_MS =
  'Kata laluan ini antara yang paling biasa digunakan. Sila pilih yang lain (ayat pendek mudah diingat)';

useStudioDom({ clearStorage: true });

function serve(answer: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url === '/api/me/password') sent.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify(url === '/api/me/password' ? answer.body : {}), {
      status: url === '/api/me/password' ? answer.status : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

async function fillIn(labels: { current: RegExp; next: RegExp; confirm: RegExp }, password: string) {
  const user = userEvent.setup();
  await typeIn(user, screen.getByLabelText(labels.current), 'karya-secret1');
  await typeIn(user, screen.getByLabelText(labels.next), password);
  await typeIn(user, screen.getByLabelText(labels.confirm), password);
  return user;
}

const renderChangePassword = (profile: Profile) => renderPage(<ChangePassword />, { user: profile });

describe('change password', () => {
  it('says a new password ends the API keys, offers to keep them, unticked, and sends the choice', async () => {
    const sent = serve({ status: 200, body: { message: 'Password updated successfully' } });
    renderChangePassword(USER);
    const user = await fillIn(
      { current: /^Current Password/, next: /^New Password/, confirm: /^Confirm New Password/ },
      'a long new passphrase',
    );
    const keep = screen.getByRole('checkbox', {
      name: 'Keep my API keys working (a new password ends them otherwise, and scripts using them stop)',
    });
    expect((keep as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([
        { currentPassword: 'karya-secret1', newPassword: 'a long new passphrase', revokeApiKeys: true },
      ]),
    );
    await user.click(keep);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await vi.waitFor(() =>
      expect(sent.at(-1)).toEqual({
        currentPassword: 'karya-secret1',
        newPassword: 'a long new passphrase',
        revokeApiKeys: false,
      }),
    );
  });

  it('in Malay: the offer and a refused common password are in Malay', async () => {
    serve({
      status: 400,
      body: { error: { code: 'password_too_common', message: TOO_COMMON_MS, fields: { newPassword: TOO_COMMON_MS } } },
    });
    renderChangePassword({ ...USER, lang: 'ms' });
    const user = await fillIn(
      { current: /^Kata Laluan Semasa/, next: /^Kata Laluan Baharu/, confirm: /^Sahkan Kata Laluan Baharu/ },
      'password',
    );
    expect(
      screen.getByRole('checkbox', {
        name:
          'Kekalkan kunci API saya (kata laluan baharu menamatkannya ' +
          'jika tidak, dan skrip yang menggunakannya berhenti)',
      }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Kemas Kini Kata Laluan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TOO_COMMON_MS);
  });
});

describe('the sign-in notice on the profile page', () => {
  const renderProfile = async (profile: Profile) => {
    const { default: Profile } = await import('../../studio/src/pages/Profile.js');
    return renderPage(<Profile />, { user: profile });
  };

  function serveNotice() {
    const calls: string[] = [];
    let notice = { slowed_at: '2026-11-23T10:00:00.000Z', held_back: 30 };
    vi.stubGlobal('EventSource', undefined);
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === '/api/me/sign-in-notice') {
        if (method === 'DELETE') notice = { slowed_at: null as unknown as string, held_back: 0 };
        return new Response(JSON.stringify(notice), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      });
    });
    return calls;
  }

  it('tells the owner when sign-in was slowed, in Malay for a Malay account, and Tutup dismisses it', async () => {
    const calls = serveNotice();
    await renderProfile({ ...USER, lang: 'ms' });
    const notice = await screen.findByText(/^Seseorang mencuba kata laluan yang salah untuk akaun anda/);
    expect(notice.textContent).toContain('30 cubaan ditahan');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tutup' }));
    await vi.waitFor(() => expect(screen.queryByText(/^Seseorang mencuba/)).toBeNull());
    expect(calls).toContain('DELETE /api/me/sign-in-notice');
  });

  it('in English for an English account', async () => {
    serveNotice();
    await renderProfile(USER);
    expect((await screen.findByText(/^Someone tried wrong passwords for your account/)).textContent).toContain(
      '30 attempts held back',
    );
  });
});
