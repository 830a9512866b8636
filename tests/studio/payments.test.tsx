// @vitest-environment jsdom
// Buying credits in the studio against a stubbed server: Buy sends the browser to the Checkout page the
// server answered, a server without checkout opens "Checkout is not set up", the success landing polls
// until the purchase is granted and then shows "Credits added" with the balance, a purchase of another
// account says so, and the top-up page's savings follow its prices (the platform requirements, §9).
import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { Profile as ProfileData } from '../../engine/contract/index.js';
import Upgrade, { navigateTo } from '../../studio/src/pages/Upgrade.js';
import TopUp from '../../studio/src/pages/TopUp.js';
import Claim from '../../studio/src/pages/Claim.js';
import { topUpSavings } from '../../studio/src/data/packages.js';
import { paymentOptions } from './topup-options.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

// jsdom has no 2D canvas: the confetti is checked in the browser (tests/e2e/checkout.test.ts).
const confettiFired = vi.hoisted(() => ({ count: 0 }));
vi.mock('canvas-confetti', () => ({
  default: {
    create: () =>
      Object.assign(
        () => {
          confettiFired.count += 1;
          return null;
        },
        { reset() {} },
      ),
  },
}));

useStudioDom({ restoreMocks: true });

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
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(route: (method: string, url: string, body: unknown) => Response | undefined): string[] {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}${init.body ? ` ${String(init.body)}` : ''}`);
    if (url === '/api/auth/get-session')
      return json({ user: USER, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
    return (
      route(method, url, init.body ? JSON.parse(String(init.body)) : undefined) ??
      json({ error: { code: 'not_found', message: 'Not found' } }, 404)
    );
  });
  return calls;
}

function renderAt(path: string) {
  const routes = (
    <Routes>
      <Route path="/upgrade" element={<Upgrade />} />
      <Route path="/topup" element={<TopUp />} />
      <Route path="/romance" element={<p>The romance page</p>} />
      <Route path="/claim/:token" element={<Claim />} />
    </Routes>
  );
  return renderPage(
    <>
      {routes}
      <Toaster />
    </>,
    { path, accountLang: 'en' },
  );
}

/** The server's payment options: card checkout (Stripe) set up, or only the operator's RM links. */
const CARD = paymentOptions('en', { checkout: true, links: {} });
const LINKS = paymentOptions('en');
const withOptions = (
  options: unknown,
  route: (method: string, url: string) => Response | undefined = () => undefined,
) => serve((method, url) => (url === '/api/payments/options' ? json(options) : route(method, url)));

describe('the one Top Up page', () => {
  it('Buy asks the server for a Checkout Session of that package and goes to its page', async () => {
    const assign = vi.spyOn(navigateTo, 'assign').mockImplementation(() => undefined);
    const calls = withOptions(CARD, (method, url) =>
      method === 'POST' && url === '/api/checkout'
        ? json({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' })
        : undefined,
    );
    renderAt('/topup?return=%2Fromance');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Buy 1,000 Credits' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
    expect(calls).toContain('POST /api/checkout {"package":"business"}');
    expect(screen.getByText('API Access')).toBeTruthy();
  });

  it('a checkout the server turned off since: "Checkout is not set up", with the way to redeem a code', async () => {
    withOptions(CARD, (method, url) =>
      method === 'POST' && url === '/api/checkout'
        ? json({ error: { code: 'checkout_unavailable', message: 'Checkout is not set up on this server.' } }, 503)
        : undefined,
    );
    renderAt('/topup');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Buy 300 Credits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checkout is not set up' });
    expect(dialog.textContent).toContain('Online payment for Basic (300) is not set up on this server.');
    expect(screen.getByRole('link', { name: 'Redeem a code' }).getAttribute('href')).toBe('/profile/edit');
  });

  it(
    "a server with only the operator's payment links shows its " +
      'RM packages, no card packages, and the credit-code box',
    async () => {
      withOptions(LINKS);
      renderAt('/topup');
      const link = await screen.findByRole('link', { name: 'Top Up 150' });
      expect(link.getAttribute('href')).toBe('https://pay.example/karya-150');
      expect(screen.getByText('RM45')).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Buy / })).toBeNull();
      expect(screen.getByTestId('topup-redeem')).toBeTruthy();
    },
  );

  it('the old card page /upgrade is the same page, with the reason and the way back the writer came with', async () => {
    withOptions(CARD);
    renderPage(
      <Routes>
        <Route path="/upgrade" element={<Upgrade />} />
        <Route path="/topup" element={<TopUp />} />
        <Route path="/romance" element={<p>The romance page</p>} />
      </Routes>,
      { path: '/upgrade?return=%2Fromance', accountLang: 'en' },
    );
    expect(await screen.findByRole('button', { name: 'Buy 500 Credits' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Top Up Credits');
    expect(screen.getByTestId('topup-balance').textContent).toContain('Current balance: 0 credits');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to your book' }));
    expect(await screen.findByText('The romance page')).toBeTruthy();
  });

  it('a way back is only a page of the studio, never another site', async () => {
    withOptions(LINKS);
    renderAt('/topup?return=%2F%2Fevil.example%2Fx');
    await screen.findByRole('link', { name: 'Top Up 150' });
    expect(screen.queryByRole('link', { name: 'Back to your book' })).toBeNull();
  });
});

describe('the success landing /claim/CREDIT{n}-SUCCESS', () => {
  it('waits while the purchase is pending, then "Credits added" with the new balance', async () => {
    let polls = 0;
    serve((_m, url) => {
      if (url !== '/api/checkout/sessions/cs_test_9') return undefined;
      polls += 1;
      return json(
        polls < 2
          ? { status: 'pending', credits_available: 0 }
          : {
              status: 'granted',
              package: 'pro',
              credits_awarded: 500,
              credits_available: 500,
              message: 'Credits added',
            },
      );
    });
    renderAt('/claim/CREDIT500-SUCCESS?session_id=cs_test_9');
    expect(
      await screen.findByText(
        'Your 500 credits are added as soon as the payment is confirmed. This usually takes a few seconds.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Credits added' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('purchase-added').textContent).toBe('500 credits were added to your account.');
    expect(screen.getByTestId('purchase-balance').textContent).toBe('Your balance: 500 credits');
    await waitFor(() => expect(confettiFired.count).toBeGreaterThan(0));
  });

  it("another account's purchase says so; no session id says when credits arrive", async () => {
    serve((_m, url) =>
      url === '/api/checkout/sessions/cs_other'
        ? json({ error: { code: 'purchase_not_found', message: 'No purchase with this checkout session' } }, 404)
        : undefined,
    );
    renderAt('/claim/CREDIT300-SUCCESS?session_id=cs_other');
    expect(
      await screen.findByText('This purchase belongs to another account. Sign in with the account that paid.'),
    ).toBeTruthy();
    cleanup();
    renderAt('/claim/CREDIT300-SUCCESS');
    expect(await screen.findByText('Your 300 credits are delivered within 5 minutes and never expire.')).toBeTruthy();
  });
});

describe('top-up savings', () => {
  it('follow the prices (RM45, RM75, RM97): none for 150, RM15 for 300, RM53 and RM83 for 600', () => {
    const { topup } = paymentOptions('en');
    expect(topup.map((p) => [p.credits, topUpSavings(p, topup)])).toEqual([
      [150, []],
      [300, [{ amount: 15, count: 2, size: 150 }]],
      [
        600,
        [
          { amount: 53, count: 2, size: 300 },
          { amount: 83, count: 4, size: 150 },
        ],
      ],
    ]);
  });
});
