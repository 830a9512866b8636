// @vitest-environment jsdom
// Top Up's offer follows the studio language only once the account's new language is saved: switching from
// English to Malay (or Indonesian) on the page asks the server for the offer again after PUT /api/me/lang has
// landed, never while it is on its way (the server answers the offer in the account's saved language, so an ask
// sent before would come back in the old one), and that ask is worded in the new language. The fake server holds
// the PUT until the test lets it go.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Profile as ProfileData } from '../../engine/contract/index.js';
import TopUp from '../../studio/src/pages/TopUp.js';
import { LanguageSwitch } from '../../studio/src/components/LanguageSwitch.js';
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

type Call = { method: string; url: string; lang: string | null; at: 'sent' | 'answered' };

/** A server whose offer is in the account's saved language; the language's PUT held until `land()`. */
function serve() {
  const calls: Call[] = [];
  let saved: 'en' | 'ms' | 'id' = 'en';
  let land = () => undefined as void;
  const landed = new Promise<void>((resolve) => {
    land = resolve;
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const lang = new Headers(init.headers).get('accept-language');
    calls.push({ method, url, lang, at: 'sent' });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/payments/options') return json(paymentOptions(saved));
    if (url === '/api/me/lang') {
      await landed;
      saved = (JSON.parse(String(init.body)) as { lang: typeof saved }).lang;
      calls.push({ method, url, lang, at: 'answered' });
      return json({ ...USER, lang: saved });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return { calls, land: () => land() };
}

describe('Top Up after the studio language is switched', () => {
  it.each([
    ['ms', 'FPX atau pindahan bank'],
    ['id', 'Kartu debit atau kredit'],
  ] as const)('%s: the offer is asked again once the account is saved, in the new language', async (lang, methods) => {
    const server = serve();
    renderPage(
      <>
        <LanguageSwitch />
        <TopUp />
      </>,
      { user: USER },
    );
    await screen.findByText(/FPX or bank transfer/);
    const asks = () => server.calls.filter((c) => c.url === '/api/payments/options');
    expect(asks()).toHaveLength(1);
    await userEvent.setup().selectOptions(screen.getByTestId('language-switch'), lang);
    await waitFor(() => expect(server.calls.some((c) => c.url === '/api/me/lang' && c.at === 'sent')).toBe(true));
    // The PUT is on its way: nothing asked again yet, the page still in English.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asks()).toHaveLength(1);
    server.land();
    await screen.findByText(new RegExp(methods));
    // Asked once more, after the account's language was saved, and worded in it.
    expect(asks()).toHaveLength(2);
    expect(server.calls.indexOf(asks()[1]!)).toBeGreaterThan(
      server.calls.findIndex((c) => c.url === '/api/me/lang' && c.at === 'answered'),
    );
    expect(asks()[1]!.lang).toBe(lang);
    expect(screen.queryByText(/FPX or bank transfer/)).toBeNull();
  });
});
