// The one Top Up page's own words (its packages' words are in payments.ts): the way back to the book.
import { studioCatalogue } from './catalogue.js';

export const TOPUP = studioCatalogue('studio-topup', [
  'topup.back',
  'topup.backAfter',
  'topup.balanceNow',
  'topup.loading',
]);
