// Buying credits. /api/checkout: a Stripe Checkout Session for a package, and the success landing's poll
// (has the webhook granted this session to me yet?). /api/payments: the Stripe webhook (signed; its raw
// body is kept for the signature, WEBHOOK_PATH, which app.ts leaves to the route) and the payment options the studio
// shows.
import express, { type Request } from 'express';
import { PURCHASE_PACKAGES, isPurchasePackage, topUpOffer, type PaymentOptions } from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import { requestLang, requireUser, sessionOf } from '../auth/middleware.js';
import { ApiError } from '../errors/api-error.js';
import { amountMismatch, paidSessionOf } from '../core/payments.js';
import { ApiRoutes, type Handler } from '../http/routes.js';
import { storeLimiter } from '../http/security.js';

/** The webhook's path under /api: express.json must leave its body alone (app.ts). */
export const WEBHOOK_PATH = '/payments/webhook';

export function checkoutRoutes(ctx: AppContext): ApiRoutes {
  const { repos, logger } = ctx;
  const router = new ApiRoutes();
  router.use(requireUser(repos.auth));

  // Each checkout asks Stripe for a session: a few a minute per user, counted in the store.
  const limit = storeLimiter(repos.limits, {
    rate: { capacity: ctx.config.checkoutRate.burst, refillMs: ctx.config.checkoutRate.refillMs },
    key: (req) => `checkout:${sessionOf(req).user.id}`,
  });
  router.on('POST /checkout', limit, checkoutOpen(ctx), async (req, res) => {
    const { package: packageId } = req.input.body;
    let url: string;
    try {
      url = await checkoutOf(ctx).createSession({ packageId, user: sessionOf(req).user });
    } catch (error) {
      logger.error({ err: error, package: packageId }, 'Stripe refused to create a Checkout Session');
      throw ApiError.catalogue(502, 'checkout_failed');
    }
    res.json({ url });
  });

  router.on('GET /checkout/sessions/:sessionId', async (req, res) => {
    const { sessionId } = req.input.params;
    const { user } = sessionOf(req);
    const purchase = await repos.purchases.find(sessionId);
    const creditsAvailable = (await repos.credits.balanceOf(user.id)) ?? 0;
    if (!purchase) {
      res.json({ status: 'pending', credits_available: creditsAvailable });
      return;
    }
    if (purchase.userId !== user.id || !isPurchasePackage(purchase.packageId))
      throw ApiError.catalogue(404, 'purchase_not_found');
    res.json({
      status: 'granted',
      package: purchase.packageId,
      credits_awarded: purchase.credits,
      credits_available: creditsAvailable,
      message: catalogueMessage('credits_added', requestLang(req)),
    });
  });

  return router;
}

/** The checkout service; 503 checkout_unavailable when Stripe is not configured. */
function checkoutOf(ctx: AppContext): NonNullable<AppContext['checkout']> {
  if (!ctx.checkout) throw ApiError.catalogue(503, 'checkout_unavailable');
  return ctx.checkout;
}

/**
 * Before a checkout's body is read: 503 when Stripe is not configured, then an unknown package answers
 * its own refusal (invalid_package, listing the packages); anything else wrong with the body (an unknown
 * field) is the usual validation answer.
 */
function checkoutOpen(ctx: AppContext): Handler {
  return (req, _res, next) => {
    checkoutOf(ctx);
    const packageId: unknown = (req.body as { package?: unknown } | undefined)?.package;
    if (isPurchasePackage(packageId)) return next();
    const message = catalogueMessage('invalid_package', requestLang(req));
    throw new ApiError(400, 'invalid_package', message, {
      package: `${message} (${Object.keys(PURCHASE_PACKAGES).join(', ')})`,
    });
  };
}

function signatureOf(req: Request): string | undefined {
  return req.get('stripe-signature') || undefined;
}

export function paymentRoutes(ctx: AppContext): ApiRoutes {
  const { repos, config, logger } = ctx;
  const router = new ApiRoutes();

  // The raw bytes Stripe signed: parsed JSON re-serialised would not match the signature.
  router.on('POST /payments/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const checkout = ctx.checkout;
    if (!checkout) throw ApiError.of(503, 'webhook_unconfigured');
    const signature = signatureOf(req);
    if (!signature || !Buffer.isBuffer(req.body)) throw ApiError.of(400, 'invalid_signature');
    let event;
    try {
      event = checkout.verifyEvent(req.body, signature);
    } catch (error) {
      logger.warn({ err: error }, 'Stripe webhook refused: bad signature');
      throw ApiError.of(400, 'invalid_signature');
    }
    const paid = paidSessionOf(event);
    if (!paid) {
      res.json({ received: true, granted: false });
      return;
    }
    // Credits only for the package's full price, whatever the session says it is for.
    const mismatch = amountMismatch(paid);
    if (mismatch) {
      logger.error(
        {
          session: paid.sessionId,
          user: paid.userId,
          package: paid.packageId,
          amount: paid.amountTotal,
          currency: paid.currency,
          reason: mismatch,
        },
        'payment does not match its package: nothing granted (check the session in Stripe)',
      );
      res.json({ received: true, granted: false });
      return;
    }
    const grant = await repos.purchases.grant(paid);
    if (grant.status === 'granted')
      logger.info(
        { session: paid.sessionId, user: paid.userId, package: paid.packageId, credits: paid.credits },
        'purchase granted',
      );
    else if (grant.status === 'no_user')
      logger.error(
        { session: paid.sessionId, user: paid.userId, package: paid.packageId },
        'purchase for a user that no longer exists: nothing granted (refund it in Stripe)',
      );
    // A replay (already granted) is answered 2xx too, so Stripe stops retrying.
    res.json({ received: true, granted: grant.status === 'granted' });
  });

  // The offer of the writer's language (languages/<code>/topup.yaml, checked when the table was read at the start):
  // its packages with their prices and links; a link is answered only for a package the offer has.
  router.on('GET /payments/options', requireUser(repos.auth), (req, res) => {
    const offer = topUpOffer(requestLang(req));
    const options: PaymentOptions = {
      checkout: ctx.checkout !== undefined,
      topup: offer.packages.map((p) => ({
        credits: p.credits,
        price: p.price,
        best_value: p.isBestValue,
        url: config.topupUrls[p.credits] ?? null,
      })),
      offer: {
        currency: offer.currency,
        payment_methods: offer.paymentMethods,
        ...(offer.priceFormat ? { price_format: offer.priceFormat } : {}),
        ...(offer.chargeNote ? { charge_note: offer.chargeNote } : {}),
      },
    };
    res.json(options);
  });

  return router;
}
