// The release schedule of many books: KDP creates at most three new titles a day per account, so a catalogue
// published at once is spread over the days from today, in order, at most `perDay` titles a day. Pure:
// dates are ISO days (yyyy-mm-dd) counted in UTC from the caller's today.

/** New titles a day per store account: KDP's limit by default, and the range a writer may set. */
export const RELEASES_PER_DAY = { default: 3, min: 1, max: 50 } as const;

/** Where the daily limit comes from. */
export const RELEASE_LIMIT_SOURCE =
  'KDP Community forum, announcement of 18 September 2023 on title creation limits ' +
  '("we are lowering the volume limits we have in place on new title creations"; ' +
  'three new titles a day per account, as Amazon told The Guardian, 20 September 2023)';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a whole number of new titles a day within RELEASES_PER_DAY. */
export function isReleasesPerDay(value: number): boolean {
  return Number.isInteger(value) && value >= RELEASES_PER_DAY.min && value <= RELEASES_PER_DAY.max;
}

/** A day as ISO yyyy-mm-dd, in the local calendar of the Date given (the writer's today). */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The ISO day `days` after an ISO day. */
export function addDays(day: string, days: number): string {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`"${day}" is not a day written yyyy-mm-dd`);
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** One book's place in the schedule: its day, and its number among that day's titles (from 1). */
export interface ScheduledRelease {
  publishOn: string;
  nthThatDay: number;
}

/**
 * The day each book may be published on or after, in the books' order: `perDay` titles a day from
 * `today`, less the titles already scheduled on a day (`taken`, by ISO day: the account's packages made
 * before).
 * @example releaseSchedule(Array(10).fill(b), 3, '2025-01-30').map((r) => r.publishOn) // 3 × 01-30, 3 × 01-31, 3 ×
 * 02-01, 1 × 02-02
 */
export function releaseSchedule<T>(
  books: readonly T[],
  perDay: number,
  today: string,
  taken: Readonly<Record<string, number>> = {},
): ScheduledRelease[] {
  if (!isReleasesPerDay(perDay))
    throw new RangeError(
      `perDay ${perDay} is not a whole number from ${RELEASES_PER_DAY.min} to ${RELEASES_PER_DAY.max}`,
    );
  addDays(today, 0);
  const schedule: ScheduledRelease[] = [];
  let day = today;
  let used = taken[day] ?? 0;
  for (let i = 0; i < books.length; i++) {
    while (used >= perDay) {
      day = addDays(day, 1);
      used = taken[day] ?? 0;
    }
    used += 1;
    schedule.push({ publishOn: day, nthThatDay: used });
  }
  return schedule;
}

/** A CSV field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row of schedule.csv. */
export interface ScheduleRow {
  /** The package's folder, relative to the schedule. */
  folder: string;
  title: string;
  author: string;
  language: string;
  /** `scheduled`, or why the book takes no release day (`held: 100 % like first`), in the book's language. */
  status: string;
  /** `ready`, or how many checks keep it from a store (`2 blocking`), in the book's language. */
  readiness: string;
  /** The day it may be published on or after; empty for a book held back. */
  publishOn: string;
}

/** schedule.csv: a header, then one row per title with its date last (none for a book held back). */
export function scheduleCsv(rows: readonly ScheduleRow[]): string {
  const lines = [
    ['folder', 'title', 'author', 'language', 'status', 'readiness', 'publish_on'],
    ...rows.map((r) => [r.folder, r.title, r.author, r.language, r.status, r.readiness, r.publishOn]),
  ];
  return lines.map((l) => l.map(csvField).join(',')).join('\r\n') + '\r\n';
}
