// What the studio reads of each language's table besides its catalogues: the `studio` section
// (languages/<code>/studio.yaml), parsed and checked by the engine (engine/studio-language.ts) so the server's
// start, `karya validate` and the studio's build refuse a bad one as the studio would. Here: numbers and prices
// written in a page's locale.
import { localeOf, type Lang } from '../engine.js';

export {
  editionName,
  languageLabel,
  localeOf,
  makeEditionWords,
  shortName,
  studioLanguage,
  type StudioLanguage,
} from '../engine.js';

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as a page in `lang` writes it, by its table's locale: 1,500 and 12.5 in English and Malay, 1.500 and
 * 12,5 in Indonesian. Formats are made once per locale and options (each costs ICU's number data).
 * @example formatNumber(1500, 'id') // "1.500"
 */
export function formatNumber(n: number, lang: Lang, options?: Intl.NumberFormatOptions): string {
  const locale = localeOf(lang);
  const key = options ? `${locale} ${JSON.stringify(options)}` : locale;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format.format(n);
}

/** A price in US dollars as a page in `lang` writes it: $29.99, or $29,99 in Indonesian. */
export const formatUsd = (amount: number, lang: Lang): string =>
  formatNumber(amount, lang, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' });

/**
 * A top-up price as a page in `lang` writes it: by the offer's `format` when its language fixes one ("RM{amount}":
 * RM45, the requirements' copy), else by Intl.NumberFormat in the page's locale with the offer's currency (MYR 45 in
 * Indonesian); whole amounts without decimals.
 */
export function formatPrice(
  amount: number,
  lang: Lang,
  offer: { currency: string; format?: string | undefined },
): string {
  const digits = Number.isInteger(amount)
    ? { maximumFractionDigits: 0 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  if (offer.format) return offer.format.replace('{amount}', formatNumber(amount, lang, digits));
  return formatNumber(amount, lang, { style: 'currency', currency: offer.currency, ...digits });
}
