// A small stand-in for Stripe's API (node:http) that the real `stripe` SDK talks to through
// STRIPE_API_BASE: it creates Checkout Sessions (recording the parameters it was given, as Stripe's
// form encoding spells them: `metadata[package]`, `line_items[0][price_data][unit_amount]`), serves a
// "checkout page" per session whose Pay link goes to the session's success_url as Stripe's redirect
// would, and builds the signed webhook deliveries Stripe would send (generateTestHeaderString).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_test_karya_fake';
export const SECRET_KEY = 'sk_test_karya_fake';

export interface FakeSession {
  id: string;
  /** The form parameters the SDK sent, flat (`metadata[package]` → `basic`). */
  params: Record<string, string>;
  /** The Authorization header the SDK sent. */
  authorization: string | undefined;
}

export interface FakeStripe {
  /** `http://127.0.0.1:PORT`: STRIPE_API_BASE. */
  url: string;
  sessions: FakeSession[];
  /** Make the next session creations fail with this status (Stripe down, bad key). */
  failNext(status: number): void;
  /**
   * The webhook delivery Stripe sends when a session is paid: the raw JSON body and its Stripe-Signature
   * header (signed with `secret`, WEBHOOK_SECRET by default).
   */
  delivery(input: {
    session: FakeSession;
    type?: string;
    paymentStatus?: string;
    eventId?: string;
    secret?: string;
    amountTotal?: number;
    currency?: string;
  }): { payload: string; signature: string };
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions: FakeSession[] = [];
  let failures: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${sessions.length}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const failure = failures.shift();
        if (failure)
          return json(failure, { error: { type: 'api_error', message: 'The fake Stripe was told to fail' } });
        const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const session: FakeSession = {
          id: `cs_test_fake${sessions.length + 1}`,
          params,
          authorization: req.headers.authorization,
        };
        sessions.push(session);
        return json(200, {
          id: session.id,
          object: 'checkout.session',
          mode: params.mode,
          url: `${address()}/pay/${session.id}`,
          payment_status: 'unpaid',
          status: 'open',
        });
      }
      const pay = /^\/pay\/(cs_test_\w+)$/.exec(url.pathname);
      const paid = pay && sessions.find((s) => s.id === pay[1]);
      if (req.method === 'GET' && paid) {
        const done = (paid.params.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', paid.id);
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Fake Stripe Checkout</title><h1>Fake ` +
            `Stripe Checkout</h1><p id="session">${paid.id}</p><a id="pay" ` +
            `href="${done.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">Pay</a>`,
        );
        return;
      }
      json(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let events = 0;
  return {
    url: address(),
    sessions,
    failNext(status) {
      failures = [...failures, status];
    },
    delivery({
      session,
      type = 'checkout.session.completed',
      paymentStatus = 'paid',
      eventId,
      secret = WEBHOOK_SECRET,
      amountTotal,
      currency,
    }) {
      events += 1;
      const p = session.params;
      const payload = JSON.stringify({
        id: eventId ?? `evt_test_${events}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: session.id,
            object: 'checkout.session',
            mode: p.mode,
            payment_status: paymentStatus,
            status: 'complete',
            client_reference_id: p.client_reference_id ?? null,
            metadata: { package: p['metadata[package]'] },
            amount_total: amountTotal ?? Number(p['line_items[0][price_data][unit_amount]'] ?? 0),
            currency: currency ?? p['line_items[0][price_data][currency]'] ?? 'usd',
          },
        },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
