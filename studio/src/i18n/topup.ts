// The one Top Up page's own words (its packages' words are in payments.ts): the way back to the book.
import { studioCatalogue } from './catalogue.js';

export const TOPUP = studioCatalogue('studio-topup', {
  'topup.back': { en: 'Back to your book', ms: 'Kembali ke buku anda' },
  'topup.backAfter': { en: 'Back to your book', ms: 'Kembali ke buku anda' },
  'topup.balanceNow': { en: { one: 'Current balance: {n} credit', other: 'Current balance: {n} credits' }, ms: 'Baki semasa: {n} kredit' },
  'topup.loading': { en: 'Loading the ways to pay', ms: 'Memuatkan cara pembayaran' },
});
