// Buying credits: the purchase page's packages as the one table the server grants
// from and the studio shows, POST /api/checkout (a Stripe Checkout Session), the success landing's poll,
// the Stripe webhook's answer, and the payment options (is checkout set up; the top-up page's links).
import * as z from 'zod';
import { TOPUP_CREDITS } from './topup.js';

export { TOPUP_CREDITS, type TopUpCredits } from './topup.js';

/** The purchase page's one-time packages: basic 300 credits at $29.99, pro 500 at $49.99, business 1000 at $99.99. */
export const PURCHASE_PACKAGES = {
  basic: { name: 'Basic', credits: 300, priceCents: 2999 },
  pro: { name: 'Pro', credits: 500, priceCents: 4999 },
  business: { name: 'Business', credits: 1000, priceCents: 9999 },
} as const satisfies Record<string, { name: string; credits: number; priceCents: number }>;

export type PurchasePackageId = keyof typeof PURCHASE_PACKAGES;
export const PURCHASE_PACKAGE_IDS = Object.keys(PURCHASE_PACKAGES) as [PurchasePackageId, ...PurchasePackageId[]];
/** Prices are in US dollars. */
export const PURCHASE_CURRENCY = 'usd';

export function isPurchasePackage(id: unknown): id is PurchasePackageId {
  return typeof id === 'string' && Object.hasOwn(PURCHASE_PACKAGES, id);
}

/** `POST /api/checkout`: which package to buy. */
export const CheckoutBodySchema = z.strictObject({ package: z.enum(PURCHASE_PACKAGE_IDS) });

/** Where to send the browser: the Checkout Session's page. */
export const CheckoutResponseSchema = z.strictObject({ url: z.url() });

/** A Checkout Session id as Stripe writes them (`cs_test_…`, `cs_live_…`). */
export const CheckoutSessionParamsSchema = z.strictObject({ sessionId: z.string().regex(/^[A-Za-z0-9_]{1,255}$/) });

/**
 * `GET /api/checkout/sessions/:sessionId`: has this purchase of the signed-in user been granted yet (the
 * webhook landed)? `pending` until then; `granted` with the package's credits and the balance now.
 */
export const PurchaseStatusSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('pending'), credits_available: z.number().int().min(0) }),
  z.strictObject({
    status: z.literal('granted'),
    package: z.enum(PURCHASE_PACKAGE_IDS),
    credits_awarded: z.number().int().positive(),
    credits_available: z.number().int().min(0),
    message: z.string().min(1),
  }),
]);

/** `POST /api/payments/webhook` (called by Stripe): received, and whether this delivery granted credits. */
export const WebhookResponseSchema = z.strictObject({ received: z.literal(true), granted: z.boolean() });

/**
 * `GET /api/payments/options`: whether checkout is set up, and the top-up offer to the writer's language
 * (languages/<code>/topup.yaml: engine/contract/topup.ts): each package's credits, price in the offer's currency,
 * best value or not and payment link (null: not set), and how a price is written and paid. The studio shows these
 * prices; it sends none.
 */
export const PaymentOptionsSchema = z.strictObject({
  checkout: z.boolean(),
  topup: z.array(
    z.strictObject({
      credits: z.literal(TOPUP_CREDITS),
      price: z.number().positive(),
      best_value: z.boolean(),
      url: z.url().nullable(),
    }),
  ),
  offer: z.strictObject({
    currency: z.string().length(3),
    price_format: z.string().optional(),
    payment_methods: z.string(),
    charge_note: z.string().optional(),
  }),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;
