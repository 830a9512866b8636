// Credit packages: the purchase page's (USD, sold through Stripe Checkout; the
// server's own table in engine/contract/payments.ts) and the top-up page's (RM, the operator's payment
// links). Both exist, as spec/ gives both.
import { PURCHASE_PACKAGES, PURCHASE_PACKAGE_IDS, type PurchasePackageId, type TopUpCredits } from '../engine.js';
import type { MessageKey } from '../i18n/index.js';

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
  return { id, name: p.name, credits: p.credits, priceCents: p.priceCents, isPopular: id === 'pro', features: FEATURES[id] };
});

export interface TopUpPackage {
  credits: TopUpCredits;
  priceRm: number;
  isBestValue: boolean;
}

export const TOPUP_PACKAGES: readonly TopUpPackage[] = [
  { credits: 150, priceRm: 45, isBestValue: false },
  { credits: 300, priceRm: 75, isBestValue: false },
  { credits: 600, priceRm: 97, isBestValue: true },
];

/**
 * What a package saves against buying the same credits in smaller packages, worked out from the prices
 * so the page can never claim more than it gives: 300 saves RM15 against 2 x 150; 600 saves RM53 against
 * 2 x 300 and RM83 against 4 x 150. (spec/'s copy claims RM48 and RM78, figures that fit a price of RM102,
 * not the RM97 it states: the page shows the true saving at the price it shows.)
 */
export function topUpSavings(pkg: TopUpPackage): Array<{ amount: number; count: number; size: number }> {
  return TOPUP_PACKAGES.filter((smaller) => smaller.credits < pkg.credits && pkg.credits % smaller.credits === 0)
    .map((smaller) => {
      const count = pkg.credits / smaller.credits;
      return { amount: count * smaller.priceRm - pkg.priceRm, count, size: smaller.credits };
    })
    .filter((s) => s.amount > 0)
    .sort((a, b) => a.amount - b.amount);
}

export const TRUST_BADGES: readonly MessageKey[] = ['badge.neverExpire', 'badge.delivered', 'badge.fpx', 'badge.receipt'];
