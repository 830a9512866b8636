// Stripe Checkout: a Checkout Session for one of the server's own packages, and the webhook's event
// verified against the raw body. Credits always come from PURCHASE_PACKAGES, never from what an event
// says; the session's metadata only names the package.
import Stripe from 'stripe';
import {
  PURCHASE_CURRENCY,
  PURCHASE_PACKAGES,
  isPurchasePackage,
  type PurchasePackageId,
} from '../../engine/contract/index.js';
import type { StripeConfig } from './config.js';

/** A paid Checkout Session of one of our packages, read from a verified event. */
export interface PaidSession {
  sessionId: string;
  userId: string;
  packageId: PurchasePackageId;
  credits: number;
  amountTotal: number | null;
  currency: string | null;
}

export interface Checkout {
  /** The Checkout Session's page for `packageId`, bought by `user`. */
  createSession(input: { packageId: PurchasePackageId; user: { id: string; email: string } }): Promise<string>;
  /** The event of a webhook delivery; throws when the signature is missing or does not match the raw body. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event;
}

/**
 * The success landing: `{publicUrl}/claim/CREDIT{credits}-SUCCESS?session_id={CHECKOUT_SESSION_ID}` (Stripe fills the
 * id in).
 */
export function successUrl(publicUrl: string, credits: number): string {
  return `${publicUrl}/claim/CREDIT${credits}-SUCCESS?session_id={CHECKOUT_SESSION_ID}`;
}

export function createCheckout(input: { config: StripeConfig; publicUrl: string }): Checkout {
  const { config, publicUrl } = input;
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  const stripe = new Stripe(config.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Karya' },
  });
  return {
    async createSession({ packageId, user }) {
      const pkg = PURCHASE_PACKAGES[packageId];
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: PURCHASE_CURRENCY,
              unit_amount: pkg.priceCents,
              product_data: { name: `Karya ${pkg.name}: ${pkg.credits} credits` },
            },
          },
        ],
        success_url: successUrl(publicUrl, pkg.credits),
        cancel_url: `${publicUrl}/upgrade`,
        client_reference_id: user.id,
        customer_email: user.email,
        metadata: { package: packageId },
      });
      if (!session.url) throw new Error(`Stripe answered Checkout Session ${session.id} without a url`);
      return session.url;
    },
    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
    },
  };
}

/**
 * The paid session an event reports, or null: `checkout.session.completed` with payment_status paid
 * (card payments), or `checkout.session.async_payment_succeeded` (bank debits that clear later), in
 * payment mode, for a known package and a user.
 */
export function paidSessionOf(event: Stripe.Event): PaidSession | null {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
    return null;
  const session = event.data.object;
  if (session.mode !== 'payment' || session.payment_status !== 'paid') return null;
  const packageId = session.metadata?.package;
  if (!isPurchasePackage(packageId) || !session.client_reference_id) return null;
  return {
    sessionId: session.id,
    userId: session.client_reference_id,
    packageId,
    credits: PURCHASE_PACKAGES[packageId].credits,
    amountTotal: session.amount_total ?? null,
    currency: session.currency ?? null,
  };
}

/**
 * Why a paid session must not be granted, or undefined: less paid than the package's price, or another
 * currency (a session edited in the Stripe dashboard, a promotion code, a forged package name). Paying
 * more (a tax Stripe added) is fine.
 */
export function amountMismatch(paid: PaidSession): string | undefined {
  const pkg = PURCHASE_PACKAGES[paid.packageId];
  if (paid.currency?.toLowerCase() !== PURCHASE_CURRENCY)
    return `paid in ${paid.currency ?? 'no currency'}, the package is priced in ${PURCHASE_CURRENCY}`;
  if (paid.amountTotal === null || paid.amountTotal < pkg.priceCents)
    return `paid ${paid.amountTotal ?? 'nothing'}, the package costs ${pkg.priceCents}`;
  return undefined;
}
