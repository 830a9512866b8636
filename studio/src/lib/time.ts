// Relative ages for the dashboard's Recent Updates: Today, Yesterday, n days / weeks / months / years ago
// (in the studio language).
import type { Lang } from '../engine.js';
import { translate } from '../i18n/translate.js';
import '../i18n/dashboard.js'; // the studio-dashboard words it shows load with it (i18n/shared.ts)

const DAY = 24 * 60 * 60 * 1000;

export function relativeAge(date: Date | string, now: Date = new Date(), lang: Lang = 'en'): string {
  const then = typeof date === 'string' ? new Date(date) : date;
  const startOf = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((startOf(now) - startOf(then)) / DAY);
  if (days <= 0) return translate('age.today', lang);
  if (days === 1) return translate('age.yesterday', lang);
  if (days < 7) return translate('age.days', lang, { n: days });
  if (days < 30) return translate('age.weeks', lang, { n: Math.floor(days / 7) });
  if (days < 365) return translate('age.months', lang, { n: Math.floor(days / 30) });
  return translate('age.years', lang, { n: Math.floor(days / 365) });
}
