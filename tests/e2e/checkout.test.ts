// End to end, buying credits: `karya serve` with Stripe pointed at a fake Stripe API (tests/fake-stripe.ts:
// the real SDK creates the Checkout Session there; its "checkout page" has a Pay link to the session's
// success_url, as Stripe's redirect), driven in Debian's chromium. A user out of credits is sent to the one
// Top Up page (/topup, with the book to return to), buys a package, comes back to the landing page, which waits
// for the signed webhook and then shows "Credits added" with the new balance and confetti drawn under the
// server's CSP, and leads back to the book. Also the API-keys panel of the profile. (The operator's RM payment
// links, the Top Up page of a server without card checkout: tests/e2e/studio-gaps.test.ts.)
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SECRET_KEY, WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../fake-stripe.js';
import { describeInChromium, freePort, grantCredits, keepScreenshot, ROOT, signUp, waitForText } from './helpers.js';
import { signInPage, signInWriter } from './seed.js';

const PASSWORD = 'secret12';
const BUYER = 'bima.buyer@e2e.test';
const balance = '[data-testid="credit-balance"] span';

/** Record every Content-Security-Policy violation the page reports. */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

/** axe-core's serious and critical violations on the page as it is now (the panel with a new key shown). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: string[] }> }> }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

let stripe: FakeStripe;
/** Stripe pointed at the fake; the public address (so the server's port) is known before it starts. */
const withFakeStripe = async () => {
  stripe = await startFakeStripe();
  const port = await freePort();
  return {
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      KARYA_PUBLIC_URL: `http://127.0.0.1:${port}`,
      KARYA_TOPUP_URLS: '150=https://pay.example/karya-150',
    },
    port,
  };
};

describeInChromium('buying credits end to end', { what: 'fake Stripe', serve: withFakeStripe }, (app) => {
  let page: Page;

  beforeAll(async () => {
    page = await app.open();
    await watchCsp(page);
  });

  afterAll(() => stripe?.close());

  it(
    'out of credits → Top Up → Buy → Stripe → back: the landing waits for the webhook, ' +
      'then "Credits added" with the new balance and confetti, and leads back to the book',
    async () => {
      await signUp(page, app.base, BUYER, PASSWORD);
      await grantCredits(app.base, { email: app.karya.adminEmail, password: PASSWORD }, BUYER, 0);
      await page.goto(`${app.base}/romance`);
      await page.click('[data-testid="generate-button"]');
      await page.waitForURL((u) => u.pathname === '/topup' && u.searchParams.get('return') === '/romance');
      await waitForText(page, balance, '0');

      await page.getByRole('button', { name: 'Buy 500 Credits' }).click();
      await page.waitForURL((u) => u.href.startsWith(`${stripe.url}/pay/`));
      const session = stripe.sessions.at(-1)!;
      expect(session.params).toMatchObject({
        success_url: `${app.base}/claim/CREDIT500-SUCCESS?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${app.base}/upgrade`,
        'metadata[package]': 'pro',
      });

      // Stripe sends the buyer back before its webhook has arrived: the landing waits.
      await page.getByRole('link', { name: 'Pay' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/claim/CREDIT500-SUCCESS' && u.searchParams.get('session_id') === session.id,
      );
      await page
        .getByText('Your 500 credits are added as soon as the payment is confirmed.', { exact: false })
        .waitFor();

      const { payload, signature } = stripe.delivery({ session });
      const delivered = await fetch(`${app.base}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      expect(await delivered.json()).toEqual({ received: true, granted: true });

      await page.getByRole('heading', { name: 'Credits added' }).waitFor();
      await waitForText(page, '[data-testid="purchase-added"]', '500 credits were added to your account.');
      await waitForText(page, '[data-testid="purchase-balance"]', 'Your balance: 500 credits');
      // Confetti: a canvas on the page with something drawn on it (canvas-confetti without its blob: worker,
      // which the CSP refuses), or else the CSP violation that stopped it.
      const drawn = () => {
        const w = window as unknown as { __csp: string[] };
        const isDrawn = [...document.querySelectorAll('body > canvas')].some((c) => {
          try {
            const canvas = c as HTMLCanvasElement;
            const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
            return !!data && data.some((v, i) => i % 4 === 3 && v > 0);
          } catch {
            return false;
          }
        });
        return isDrawn || w.__csp.length > 0 ? { isDrawn, csp: w.__csp } : null;
      };
      expect(await (await page.waitForFunction(drawn)).jsonValue()).toEqual({ isDrawn: true, csp: [] });
      await keepScreenshot(page, 'purchase-landing.png');

      // The same event delivered again (Stripe retries) grants nothing more; tampered or unsigned is 400.
      const post = (body: string, sig?: string) =>
        fetch(`${app.base}/api/payments/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(sig ? { 'stripe-signature': sig } : {}) },
          body,
        });
      const replays = await Promise.all(Array.from({ length: 9 }, async () => (await post(payload, signature)).json()));
      expect(replays).toEqual(Array(9).fill({ received: true, granted: false }));
      expect((await post(payload.replace('"pro"', '"business"'), signature)).status).toBe(400);
      expect((await post(payload)).status).toBe(400);

      await page.getByRole('link', { name: 'Back to your book' }).click();
      await page.waitForURL((u) => u.pathname === '/romance');
      await waitForText(page, balance, '500');
    },
    120_000,
  );

  it('the profile of a business or admin account makes an API key (shown once), lists it, and revokes it', async () => {
    const admin = await app.open();
    // Signed in over the API (tests/e2e/seed.ts; the sign-in page is walked in tests/e2e/studio.test.ts).
    await signInPage(admin, await signInWriter(app.base, app.karya.adminEmail, PASSWORD));
    await admin.goto(`${app.base}/profile/edit`);
    const panel = admin.getByTestId('api-keys');
    await panel.getByText('No API keys yet.').waitFor();
    await panel.getByLabel('Key name').fill('Publishing script');
    await panel.getByRole('button', { name: 'Create key' }).click();
    const shown = admin.getByTestId('new-api-key').locator('input');
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^karya_[A-Za-z0-9_-]{43}$/);
    await panel.getByRole('button', { name: 'Revoke Publishing script' }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    const history = await fetch(`${app.base}/api/history`, { headers: { authorization: `Bearer ${key}` } });
    expect(history.status).toBe(200);

    await panel.getByRole('button', { name: 'I have copied it' }).click();
    expect(await admin.getByTestId('new-api-key').count()).toBe(0);
    await panel.getByText('Publishing script').waitFor();
    expect(await panel.textContent()).not.toContain(key.slice(10));

    await panel.getByRole('button', { name: 'Revoke Publishing script' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await panel.getByText('No API keys yet.').waitFor();
    expect((await fetch(`${app.base}/api/history`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);

    // A free account has no such panel.
    await page.goto(`${app.base}/profile/edit`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await page.getByTestId('api-keys').count()).toBe(0);
  }, 60_000);
});
