// Field error messages from the engine's schema ("is required", "must be a number between 1900 and
// 2100", …) as sentences naming the field, in the page's language.
import type { Lang } from '../../../engine/browser.js';
import { pageWord } from './words.js';

const RANGE_MS: Array<[RegExp, string]> = [
  [/^between (\S+) and (\S+)$/, 'antara $1 dan $2'],
  [/^at least (\S+)$/, 'sekurang-kurangnya $1'],
  [/^at most (\S+)$/, 'paling banyak $1'],
  [/^a number$/, ''],
];

/** One schema message for one field, as the studio shows it. */
export function fieldMessage(label: string, message: string, lang: Lang): string {
  if (message === 'is required') return pageWord('required', lang, { label });
  const number = /^must be a number ?(.*)$/.exec(message);
  if (number) {
    let range = number[1] ?? '';
    if (lang === 'ms') for (const [re, to] of RANGE_MS) range = range.replace(re, to);
    return pageWord('numberRange', lang, { label, range }).trim();
  }
  const tooLong = /^must be at most (\d+) characters$/.exec(message);
  if (tooLong) return pageWord('tooLong', lang, { label, n: tooLong[1]! });
  if (/is not one of|must be one of/.test(message)) return pageWord('notAnOption', lang, { label });
  return `${label} ${message}`;
}
