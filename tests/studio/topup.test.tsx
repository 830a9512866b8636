// @vitest-environment jsdom
// Top Up holds the credit-code box: a writer sent there for being short of credits can redeem a
// code on the spot; the balance shown follows. In Malay the box is Malay.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { Profile as ProfileData } from '../../engine/contract/index.js';
import TopUp from '../../studio/src/pages/TopUp.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';
import { paymentOptions } from './topup-options.js';

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

function serve() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/payments/options') return json(paymentOptions('en'));
    if (url === '/api/credits/redeem') return json({ message: 'ok', credits_awarded: 25, credits_available: 25 });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return calls;
}

describe('Top Up', () => {
  it.each([
    ['en', 'Credit code', 'Redeem', 'Current balance: 25 credits'],
    ['ms', 'Kod kredit', 'Tebus', 'Baki semasa: 25 kredit'],
  ] as const)('redeems a credit code (%s) and shows the new balance', async (lang, label, button, balance) => {
    const calls = serve();
    renderPage(
      <>
        <TopUp />
        <Toaster />
      </>,
      { user: USER, accountLang: lang },
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(label), 'gift-2026');
    await user.click(screen.getByRole('button', { name: button }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/credits/redeem')).toBe(true));
    expect(calls.find((c) => c.url === '/api/credits/redeem')!.body).toEqual({ code: 'GIFT-2026' });
    await waitFor(() => expect(document.body.textContent).toContain(balance));
  });
});
