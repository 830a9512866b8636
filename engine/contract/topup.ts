// The top-up page's packages, apart from the payment schemas (payments.ts) so the server's config can check
// KARYA_TOPUP_URLS without building the contract's zod schemas (every command that reads the config would), and
// each language's top-up offer: the `topup` section of its table (languages/<code>/topup.yaml), the currency the
// operator's payment forms charge a writer reading the studio in that language, each package's price in it and how
// it is paid. Data, not code: checked when the table is read (the server's start, `karya validate`, the studio's
// build), and the server answers the offer (GET /api/payments/options), so the studio shows no price of its own.
import { defineSection, LanguageWordsError, type Lang, type LanguageTable } from '../languages/index.js';

/** The top-up page's packages by credits (paid through the operator's own payment links, KARYA_TOPUP_URLS). */
export const TOPUP_CREDITS = [150, 300, 600] as const;
export type TopUpCredits = (typeof TOPUP_CREDITS)[number];

/** A package of a language's offer: its credits and its price in the offer's currency (a whole or decimal amount). */
export interface TopUpOfferPackage {
  readonly credits: TopUpCredits;
  readonly price: number;
  readonly isBestValue: boolean;
}

export interface TopUpOffer {
  /** ISO 4217 code of the currency the payment forms charge (MYR). */
  readonly currency: string;
  /**
   * How a price is written when the language's copy fixes it ("RM{amount}"); else Intl.NumberFormat writes it with the
   * currency.
   */
  readonly priceFormat?: string;
  readonly packages: readonly TopUpOfferPackage[];
  /** How the writer pays, in the language's words ("FPX or bank transfer"). */
  readonly paymentMethods: string;
  /** A plain note on the charge when it is not in the writer's own currency (optional). */
  readonly chargeNote?: string;
}

function refused(table: LanguageTable, key: string, expected: string): LanguageWordsError {
  return new LanguageWordsError(
    { language: table.code, catalogue: 'topup', key },
    `languages/${table.code}/topup.yaml: "${key}" must be ${expected}`,
  );
}

/** A currency Intl knows (its symbol and digits then follow the page's locale). */
function isCurrency(code: unknown): code is string {
  if (typeof code !== 'string' || !/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

const optionalText = (r: Record<string, unknown>, key: string, table: LanguageTable): string | undefined => {
  const v = r[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !v.trim()) throw refused(table, key, 'a text when given');
  return v;
};

function parsePackages(value: unknown, table: LanguageTable): TopUpOfferPackage[] {
  if (!Array.isArray(value) || value.length === 0) throw refused(table, 'packages', 'a list of { credits, price }');
  const seen = new Set<number>();
  return value.map((p: unknown, i) => {
    const pkg = (p ?? {}) as Record<string, unknown>;
    const credits = pkg.credits as TopUpCredits;
    if (!TOPUP_CREDITS.includes(credits) || seen.has(credits))
      throw refused(table, `packages.${i}.credits`, `one of ${TOPUP_CREDITS.join(', ')}, each once`);
    seen.add(credits);
    if (typeof pkg.price !== 'number' || !Number.isFinite(pkg.price) || pkg.price <= 0)
      throw refused(table, `packages.${i}.price`, 'a positive number');
    if (pkg.bestValue !== undefined && typeof pkg.bestValue !== 'boolean')
      throw refused(table, `packages.${i}.bestValue`, 'true or false');
    return { credits, price: pkg.price, isBestValue: pkg.bestValue === true };
  });
}

function parseTopUp(raw: unknown, table: LanguageTable): TopUpOffer {
  if (!raw || typeof raw !== 'object') throw refused(table, '*', 'a mapping');
  const r = raw as Record<string, unknown>;
  if (!isCurrency(r.currency)) throw refused(table, 'currency', 'an ISO 4217 currency code (MYR)');
  const priceFormat = optionalText(r, 'priceFormat', table);
  if (priceFormat !== undefined && !priceFormat.includes('{amount}'))
    throw refused(table, 'priceFormat', 'a text with {amount}');
  const paymentMethods = optionalText(r, 'paymentMethods', table);
  if (paymentMethods === undefined) throw refused(table, 'paymentMethods', 'a text');
  const chargeNote = optionalText(r, 'chargeNote', table);
  return {
    currency: r.currency,
    packages: parsePackages(r.packages, table),
    paymentMethods,
    ...(priceFormat !== undefined ? { priceFormat } : {}),
    ...(chargeNote !== undefined ? { chargeNote } : {}),
  };
}

/** The top-up offer to a writer whose studio speaks `lang`. */
export const topUpOffer: (lang: Lang) => TopUpOffer = defineSection('topup', parseTopUp);
