// Buying credits through Stripe Checkout against the real server app and the real `stripe` SDK, which
// talks to a fake Stripe API (tests/fake-stripe.ts, through STRIPE_API_BASE); webhook deliveries are
// signed as Stripe signs them. Expectations come from the platform requirements, §7 and §9.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_KEY, WEBHOOK_SECRET, startFakeStripe, type FakeSession, type FakeStripe } from '../fake-stripe.js';
import { signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

const PUBLIC_URL = 'https://karya.example';

/** The platform requirements, §9: basic 300 credits at 29.99, pro 500 at 49.99, business 1000 at 99.99 (US dollars). */
const PACKAGES = [
  ['basic', 300, '2999'],
  ['pro', 500, '4999'],
  ['business', 1000, '9999'],
] as const;

let stripe: FakeStripe;
let ts: TestServer;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ts = await startTestServer({
    config: {
      publicUrl: PUBLIC_URL,
      stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url },
    },
  });
});
afterAll(async () => {
  await ts?.close();
  await stripe?.close();
});

async function newUser(): Promise<{ cookie: string; id: string }> {
  const email = uniqueEmail('buyer');
  const cookie = await signUp(ts, email);
  return { cookie, id: (await ts.ctx.repos.users.findByEmail(email))!.id };
}

/** Buy a package as the user: the url the server answered and the session the fake Stripe recorded. */
async function checkout(cookie: string, pkg: string): Promise<{ url: string; session: FakeSession }> {
  const res = await ts.http.post('/api/checkout').set('cookie', cookie).send({ package: pkg });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const session = stripe.sessions.at(-1)!;
  return { url: res.body.url as string, session };
}

function deliver(payload: string, signature?: string) {
  const req = ts.http.post('/api/payments/webhook').set('content-type', 'application/json');
  return (signature === undefined ? req : req.set('stripe-signature', signature)).send(payload);
}

async function balanceOf(userId: string): Promise<number> {
  return (await ts.ctx.repos.credits.balanceOf(userId))!;
}

describe('POST /api/checkout', () => {
  it.each(PACKAGES)(
    '%s: a Checkout Session for %i credits at %s cents, landing on /claim/CREDIT{n}-SUCCESS',
    async (pkg, credits, cents) => {
      const user = await newUser();
      const { url, session } = await checkout(user.cookie, pkg);
      expect(url).toBe(`${stripe.url}/pay/${session.id}`);
      expect(session.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(session.params).toMatchObject({
        mode: 'payment',
        success_url: `${PUBLIC_URL}/claim/CREDIT${credits}-SUCCESS?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${PUBLIC_URL}/upgrade`,
        client_reference_id: user.id,
        'metadata[package]': pkg,
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'line_items[0][price_data][unit_amount]': cents,
      });
    },
  );

  it.each([['gold'], [''], [300]])(
    'refuses the package %j: 400 "Invalid credit package" (in Malay for a Malay account)',
    async (pkg) => {
      const { cookie } = await newUser();
      const before = stripe.sessions.length;
      const res = await ts.http.post('/api/checkout').set('cookie', cookie).send({ package: pkg });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid_package', message: 'Invalid credit package' });
      expect(res.body.error.fields.package).toContain('basic, pro, business');
      expect((await ts.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'ms' })).status).toBe(200);
      const ms = await ts.http.post('/api/checkout').set('cookie', cookie).send({});
      expect(ms.body.error).toMatchObject({ code: 'invalid_package', message: 'Pakej kredit tidak sah' });
      expect(stripe.sessions.length).toBe(before);
    },
  );

  it('refuses unknown fields next to a valid package (400 invalid_request naming the field)', async () => {
    const { cookie } = await newUser();
    const res = await ts.http.post('/api/checkout').set('cookie', cookie).send({ package: 'basic', credits: 99999 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(Object.keys(res.body.error.fields)).toEqual(['_']);
  });

  it('needs a signed-in user', async () => {
    expect((await ts.http.post('/api/checkout').send({ package: 'basic' })).status).toBe(401);
  });

  it('answers 502 "Failed to start checkout process" when Stripe refuses', async () => {
    const { cookie } = await newUser();
    stripe.failNext(400);
    const res = await ts.http.post('/api/checkout').set('cookie', cookie).send({ package: 'basic' });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: 'checkout_failed', message: 'Failed to start checkout process' });
  });

  it('says checkout is not set up (503) on a server without Stripe keys, and the options say so too', async () => {
    const bare = await startTestServer();
    try {
      const cookie = await signUp(bare);
      const res = await bare.http.post('/api/checkout').set('cookie', cookie).send({ package: 'basic' });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('checkout_unavailable');
      expect(res.body.error.message).toMatch(/not set up/);
      expect((await bare.http.get('/api/payments/options').set('cookie', cookie)).body).toMatchObject({
        checkout: false,
        topup: [
          { credits: 150, url: null },
          { credits: 300, url: null },
          { credits: 600, url: null },
        ],
      });
      expect(
        (await bare.http.post('/api/payments/webhook').set('content-type', 'application/json').send('{}')).status,
      ).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/payments/webhook', () => {
  it('grants the package once however often one event is delivered (10 deliveries, at once)', async () => {
    const user = await newUser();
    const { session } = await checkout(user.cookie, 'pro');
    const poll = () => ts.http.get(`/api/checkout/sessions/${session.id}`).set('cookie', user.cookie);
    expect((await poll()).body).toEqual({ status: 'pending', credits_available: 10 });

    const { payload, signature } = stripe.delivery({ session });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(payload, signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.body.granted === true)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(10 + 500);

    // Stripe may also resend the event later under a new event id: still the same session, still once.
    const again = stripe.delivery({ session });
    expect((await deliver(again.payload, again.signature)).body).toEqual({ received: true, granted: false });
    expect(await balanceOf(user.id)).toBe(510);

    const purchases = (await ts.ctx.repos.credits.ledger(user.id)).filter((t) => t.type === 'purchase');
    expect(purchases).toMatchObject([{ amount: 500, previous_balance: 10, new_balance: 510, reference: session.id }]);
    expect((await poll()).body).toEqual({
      status: 'granted',
      package: 'pro',
      credits_awarded: 500,
      credits_available: 510,
      message: 'Credits added',
    });
  });

  it(
    'refuses a tampered body, a missing signature, a wrong ' + 'secret and an old signature (400), granting nothing',
    async () => {
      const user = await newUser();
      const { session } = await checkout(user.cookie, 'basic');
      const { payload, signature } = stripe.delivery({ session });
      const tampered = payload.replace('"basic"', '"business"');
      expect(tampered).not.toBe(payload);
      const wrongSecret = stripe.delivery({ session, secret: 'whsec_someone_else' });
      const stale = Math.floor(Date.now() / 1000) - 3600;
      const { createHmac } = await import('node:crypto');
      const old = `t=${stale},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${stale}.${payload}`).digest('hex')}`;
      for (const [body, header] of [
        [tampered, signature],
        [payload, undefined],
        [payload, ''],
        [wrongSecret.payload, wrongSecret.signature],
        [payload, old],
        [payload, 'garbage'],
      ] as const) {
        const res = await deliver(body, header);
        expect(res.status, `${header}`).toBe(400);
        expect(res.body.error.code).toBe('invalid_signature');
      }
      expect(await balanceOf(user.id)).toBe(10);
      expect((await deliver(payload, signature)).body).toEqual({ received: true, granted: true });
      expect(await balanceOf(user.id)).toBe(310);
    },
  );

  it('grants nothing when the amount paid is below the package price or in another currency', async () => {
    const user = await newUser();
    const { session } = await checkout(user.cookie, 'business');
    const underpaid = stripe.delivery({ session, amountTotal: 100 });
    expect((await deliver(underpaid.payload, underpaid.signature)).body).toEqual({ received: true, granted: false });
    const otherCurrency = stripe.delivery({ session, currency: 'idr' });
    expect((await deliver(otherCurrency.payload, otherCurrency.signature)).body).toEqual({
      received: true,
      granted: false,
    });
    expect(await balanceOf(user.id)).toBe(10);
    // The full price (or more, with a tax) is granted.
    const full = stripe.delivery({ session, amountTotal: 9999 + 600 });
    expect((await deliver(full.payload, full.signature)).body).toEqual({ received: true, granted: true });
    expect(await balanceOf(user.id)).toBe(1010);
  });

  it('waits for the money: a completed session still unpaid grants nothing until async_payment_succeeded', async () => {
    const user = await newUser();
    const { session } = await checkout(user.cookie, 'business');
    const unpaid = stripe.delivery({ session, paymentStatus: 'unpaid' });
    expect((await deliver(unpaid.payload, unpaid.signature)).body).toEqual({ received: true, granted: false });
    expect(await balanceOf(user.id)).toBe(10);
    const cleared = stripe.delivery({ session, type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(cleared.payload, cleared.signature)).body).toEqual({ received: true, granted: true });
    expect(await balanceOf(user.id)).toBe(1010);
  });

  it('answers other events 2xx without granting', async () => {
    const user = await newUser();
    const { session } = await checkout(user.cookie, 'basic');
    const expired = stripe.delivery({ session, type: 'checkout.session.expired', paymentStatus: 'unpaid' });
    expect((await deliver(expired.payload, expired.signature)).body).toEqual({ received: true, granted: false });
    expect(await balanceOf(user.id)).toBe(10);
  });

  it("keeps a purchase private: another user's poll of the session is 404", async () => {
    const buyer = await newUser();
    const other = await newUser();
    const { session } = await checkout(buyer.cookie, 'basic');
    const { payload, signature } = stripe.delivery({ session });
    await deliver(payload, signature);
    const res = await ts.http.get(`/api/checkout/sessions/${session.id}`).set('cookie', other.cookie);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('purchase_not_found');
    expect((await ts.http.get('/api/checkout/sessions/not-an-id!').set('cookie', other.cookie)).status).toBe(400);
  });
});

describe('payment settings from the environment', () => {
  it('reads KARYA_TOPUP_URLS as credits=URL pairs and names a wrong entry', async () => {
    const { configFromEnv } = await import('../../server/core/config.js');
    expect(
      configFromEnv({ KARYA_TOPUP_URLS: '150=https://pay.example/a, 600=https://pay.example/c?x=1' }).topupUrls,
    ).toEqual({ 150: 'https://pay.example/a', 600: 'https://pay.example/c?x=1' });
    expect(() => configFromEnv({ KARYA_TOPUP_URLS: '200=https://pay.example/a' })).toThrow(
      /KARYA_TOPUP_URLS: "200=https:\/\/pay.example\/a" must be credits=URL with credits one of 150, 300, 600/,
    );
    expect(() => configFromEnv({ KARYA_TOPUP_URLS: '150=javascript:alert(1)' })).toThrow(
      /must start with https:\/\/ or http:\/\//,
    );
  });

  it('turns checkout on only with both Stripe secrets, and says which one is missing', async () => {
    const { configFromEnv } = await import('../../server/core/config.js');
    expect(configFromEnv({}).stripe).toBeUndefined();
    expect(
      configFromEnv({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111/' });
    expect(() => configFromEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET is missing/);
    expect(() => configFromEnv({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(/STRIPE_SECRET_KEY is missing/);
  });

  it('serves the top-up links to signed-in users', async () => {
    const linked = await startTestServer({ config: { topupUrls: { 300: 'https://pay.example/300' } } });
    try {
      const cookie = await signUp(linked);
      expect(
        (await linked.http.get('/api/payments/options').set('cookie', cookie)).body.topup.map(
          (p: { credits: number; url: string | null }) => [p.credits, p.url],
        ),
      ).toEqual([
        [150, null],
        [300, 'https://pay.example/300'],
        [600, null],
      ]);
      expect((await linked.http.get('/api/payments/options')).status).toBe(401);
      // Each language's offer (languages/<code>/topup.yaml), answered in the account's language. English and Malay:
      // the platform requirements' Malaysian offer (§9: 150 credits RM45, 300 RM75, 600 RM97 best value; FPX or bank
      // transfer). Indonesian: the same ringgit charge said plainly, paid by card (FPX is Malaysian banks' network).
      const offerIn = async (lang: string) => {
        expect((await linked.http.put('/api/me/lang').set('cookie', cookie).send({ lang })).status).toBe(200);
        return (await linked.http.get('/api/payments/options').set('cookie', cookie)).body as {
          topup: Array<{ credits: number; price: number; best_value: boolean }>;
          offer: Record<string, string>;
        };
      };
      const ringgit = [
        { credits: 150, price: 45, best_value: false },
        { credits: 300, price: 75, best_value: false },
        { credits: 600, price: 97, best_value: true },
      ];
      for (const [lang, methods] of [
        ['en', 'FPX or bank transfer'],
        ['ms', 'FPX atau pindahan bank'],
      ] as const) {
        const answer = await offerIn(lang);
        expect(answer.topup).toEqual(ringgit.map((p) => expect.objectContaining(p)));
        expect(answer.offer).toEqual({ currency: 'MYR', price_format: 'RM{amount}', payment_methods: methods });
      }
      const indonesian = await offerIn('id');
      expect(indonesian.topup).toEqual(ringgit.map((p) => expect.objectContaining(p)));
      expect(indonesian.offer.currency).toBe('MYR');
      expect(indonesian.offer.price_format).toBeUndefined();
      expect(indonesian.offer.payment_methods).toMatch(/kartu/i);
      expect(JSON.stringify(indonesian.offer)).not.toMatch(/FPX|\bRM\d/);
      expect(indonesian.offer.charge_note).toMatch(/ringgit Malaysia \(MYR\)/);
    } finally {
      await linked.close();
    }
  });
});
