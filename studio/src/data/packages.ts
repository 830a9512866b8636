// Credit packages: the purchase page's (USD, sold through Stripe Checkout; the
// server's own table in engine/contract/payments.ts) and the top-up page's savings (its packages and prices are the
// writer's language's offer, answered by the server: languages/<code>/topup.yaml). Both exist, as spec/ gives both.
import { PURCHASE_PACKAGES, PURCHASE_PACKAGE_IDS, type PurchasePackageId, type TopUpCredits } from '../engine.js';
import type { MessageKey } from '../i18n/index.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)

export interface UpgradePackage {
  id: PurchasePackageId;
  name: string;
  credits: number;
  /** Its price in US cents (formatUsd writes it in the page's language). */
  priceCents: number;
  isPopular: boolean;
  features: MessageKey[];
}

/** What each package lists after its credits. */
const FEATURES: Record<PurchasePackageId, MessageKey[]> = {
  basic: ['feature.allFeatures', 'feature.prioritySupport'],
  pro: ['feature.allFeatures', 'feature.prioritySupport', 'feature.support247'],
  business: ['feature.allFeatures', 'feature.prioritySupport', 'feature.support247', 'feature.apiAccess'],
};

export const UPGRADE_PACKAGES: readonly UpgradePackage[] = PURCHASE_PACKAGE_IDS.map((id) => {
  const p = PURCHASE_PACKAGES[id];
  return {
    id,
    name: p.name,
    credits: p.credits,
    priceCents: p.priceCents,
    isPopular: id === 'pro',
    features: FEATURES[id],
  };
});

/**
 * A package of the Top Up page's offer, as the server answers it (GET /payments/options: the language's topup.yaml).
 */
export interface TopUpPackage {
  credits: TopUpCredits;
  /** In the offer's currency. */
  price: number;
  best_value: boolean;
}

/**
 * What a package saves against buying the same credits in smaller packages of the same offer, worked out from its
 * prices so the page can never claim more than it gives: at RM45, RM75 and RM97, 300 saves RM15 against 2 x 150;
 * 600 saves RM53 against 2 x 300 and RM83 against 4 x 150. (spec/'s copy claims RM48 and RM78, figures that fit a
 * price of RM102, not the RM97 it states: the page shows the true saving at the price it shows.)
 */
export function topUpSavings(
  pkg: TopUpPackage,
  packages: readonly TopUpPackage[],
): Array<{ amount: number; count: number; size: number }> {
  return packages
    .filter((smaller) => smaller.credits < pkg.credits && pkg.credits % smaller.credits === 0)
    .map((smaller) => {
      const count = pkg.credits / smaller.credits;
      return { amount: count * smaller.price - pkg.price, count, size: smaller.credits };
    })
    .filter((s) => s.amount > 0)
    .sort((a, b) => a.amount - b.amount);
}
