// Buying credits: the purchase page (/upgrade, Stripe Checkout), the success landing
// (/claim/CREDIT{n}-SUCCESS), the top-up page (/topup, the operator's payment links), and the profile's
// API-keys panel (business and admin).
import { studioCatalogue } from './catalogue.js';

export const PAYMENTS = studioCatalogue('studio-payments', [
  'upgrade.title', 'upgrade.subtitle', 'upgrade.needs', 'upgrade.popular', 'upgrade.oneTime', 'upgrade.buy',
  'upgrade.checkoutOff', 'upgrade.redeemInstead', 'upgrade.redirecting', 'upgrade.failed', 'upgrade.signIn',
  'upgrade.securePayment', 'feature.credits', 'feature.allFeatures', 'feature.prioritySupport', 'feature.support247',
  'feature.apiAccess', 'unavailable.title', 'unavailable.body', 'unavailable.meanwhile', 'unavailable.close',
  'unavailable.redeem', 'purchase.title', 'purchase.waiting', 'purchase.waitingBody', 'purchase.slow',
  'purchase.added', 'purchase.addedBody', 'purchase.balance', 'purchase.noSession', 'purchase.notYours',
  'purchase.signIn', 'purchase.signInButton', 'purchase.dashboard', 'purchase.startWriting', 'topup.title',
  'topup.balance', 'topup.bestValue', 'topup.credits', 'topup.button', 'topup.save', 'topup.starter',
  'topup.opensTab', 'topup.notSet', 'topup.after', 'badge.neverExpire', 'badge.delivered',
  'badge.receipt', 'apiKeys.heading', 'apiKeys.intro', 'apiKeys.name', 'apiKeys.namePlaceholder', 'apiKeys.create',
  'apiKeys.creating', 'apiKeys.created', 'apiKeys.newKey', 'apiKeys.copy', 'apiKeys.copied', 'apiKeys.done',
  'apiKeys.none', 'apiKeys.loading', 'apiKeys.loadFailed', 'apiKeys.createdAt', 'apiKeys.lastUsed',
  'apiKeys.neverUsed', 'apiKeys.revoke', 'apiKeys.revokeLabel', 'apiKeys.revokeTitle', 'apiKeys.revokeBody',
  'apiKeys.revoked', 'apiKeys.cancel',
]);
