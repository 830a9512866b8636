// What the server answers GET /api/payments/options with, for the studio's tests (tests/server/checkout.test.ts checks
// the server answers these): checkout set up or not, and the top-up offer of the account's language
// (languages/<code>/topup.yaml): English and Malay the platform requirements' (§9: 150 credits RM45, 300 RM75, 600 RM97
// best value; FPX or bank transfer), Indonesian the same ringgit charge, paid by card and said plainly.
const RINGGIT = [
  { credits: 150, price: 45, best_value: false },
  { credits: 300, price: 75, best_value: false },
  { credits: 600, price: 97, best_value: true },
] as const;

const OFFERS = {
  en: { currency: 'MYR', price_format: 'RM{amount}', payment_methods: 'FPX or bank transfer' },
  ms: { currency: 'MYR', price_format: 'RM{amount}', payment_methods: 'FPX atau pindahan bank' },
  id: {
    currency: 'MYR',
    payment_methods: 'Kartu debit atau kredit',
    charge_note:
      'Harga dalam ringgit Malaysia (MYR). Kartu Anda ditagih dalam ' +
      'ringgit; bank Anda mengonversinya ke rupiah dengan kursnya sendiri.',
  },
} as const;

/** The options in `lang`: the 150-credit package's link set (the others not yet), checkout as given. */
export function paymentOptions(
  lang: keyof typeof OFFERS,
  opts: { checkout?: boolean; links?: Partial<Record<150 | 300 | 600, string>> } = {},
) {
  const links = opts.links ?? { 150: 'https://pay.example/karya-150' };
  return {
    checkout: opts.checkout ?? false,
    topup: RINGGIT.map((p) => ({ ...p, url: links[p.credits] ?? null })),
    offer: OFFERS[lang],
  };
}
