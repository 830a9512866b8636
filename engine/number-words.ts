// How a language writes a number and a time ("12,345.5", "12.345,5"; "12.5 s", "12,5 s"), from its own words:
// languages/<code>/number-words.yaml. Intl.NumberFormat is not asked: for a language it does not know it falls back
// to another's separators, so a language added by its files alone would write its numbers in another's way.
import { catalogue, sayer, type Lang } from './languages/index.js';

const WORDS = catalogue('number-words', [
  'decimal',
  'group',
  'seconds',
  'minutes',
  'minutesSeconds',
  'hours',
  'hoursMinutes',
  'milliseconds',
]);
const say = sayer(WORDS);

/**
 * `n` as `lang` writes it: its thousands grouped by the language's `group`, its fraction after its `decimal`, with
 * `digits` places (rounded; by default as many as the number has).
 * @example numberIn(12345.5, 'en') // '12,345.5'; numberIn(12.5, 'id', 1) // '12,5'
 */
export function numberIn(n: number, lang: Lang, digits?: number): string {
  if (!Number.isFinite(n)) return String(n);
  const text = digits === undefined ? String(Math.abs(n)) : Math.abs(n).toFixed(digits);
  // (A number too large or too small for plain digits is written as JavaScript writes it.)
  if (/e/i.test(text)) return String(n);
  const [whole, fraction] = text.split('.') as [string, string | undefined];
  const sign = n < 0 && /[1-9]/.test(text) ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, say('group', lang));
  return `${sign}${grouped}${fraction ? `${say('decimal', lang)}${fraction}` : ''}`;
}

/**
 * A time in seconds as `lang` writes it: under a minute in seconds (one place under 10 s, or `digits`), under an
 * hour in minutes and seconds, else in hours and minutes.
 * @example secondsIn(12.5, 'en', 1) // '12.5 s'; secondsIn(12.5, 'id', 1) // '12,5 s'; secondsIn(125, 'en') // '2 min 5
 * s'
 */
export function secondsIn(seconds: number, lang: Lang, digits?: number): string {
  if (seconds < 60) return say('seconds', lang, { n: numberIn(seconds, lang, digits ?? (seconds < 10 ? 1 : 0)) });
  const m = Math.floor(seconds / 60);
  if (m < 60) return say('minutesSeconds', lang, { m, s: Math.round(seconds - m * 60) });
  return say('hoursMinutes', lang, { h: Math.floor(m / 60), m: m % 60 });
}

/**
 * A time left or taken as `lang` writes it, in whole seconds: `45 s`, `2 min 5 s`, `3 min`, `1 h 10 min`, `2 h`.
 * @example durationIn(125, 'en') // '2 min 5 s'
 */
export function durationIn(seconds: number, lang: Lang): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return say('seconds', lang, { n: s });
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? say('minutesSeconds', lang, { m, s: s % 60 }) : say('minutes', lang, { m });
  const h = Math.floor(m / 60);
  return m % 60 ? say('hoursMinutes', lang, { h, m: m % 60 }) : say('hours', lang, { h });
}

/** A time in milliseconds (a call's latency) as `lang` writes it: `1,234 ms`. */
export const millisecondsIn = (ms: number, lang: Lang): string =>
  say('milliseconds', lang, { n: numberIn(Math.round(ms), lang) });
