// A package's row in schedule.csv (karya batch --publish): whether it takes a release day, and how far it is
// from a store. A book too close to another of the owner's books is held back, as the stores would remove it;
// it takes no day, so the books after it keep theirs.
import type { Lang } from '../spec/types.js';
import { sharePercent, type Closeness, type CloseMatch } from './near-duplicate-check.js';
import type { Readiness } from './readiness-types.js';
import { readinessText, say } from './readiness-words.js';

/** The checks that keep a package from at least one channel (failed, or to be checked by hand), each named once. */
export function blockingChecks(readiness: Readiness): string[] {
  const ids = new Set<string>();
  for (const channel of Object.values(readiness.channels)) {
    for (const check of channel.checks) if (check.status === 'fail' || check.status === 'check') ids.add(check.id);
  }
  return [...ids];
}

/** The book a package is held back for: the closest of those it is too close to; undefined when it is not. */
export function heldFor(closeness: Closeness | undefined): CloseMatch | undefined {
  return closeness?.closeTo[0];
}

/** schedule.csv's status and readiness columns of a package, in the book's language. */
export function scheduleColumns(input: { readiness: Readiness; held?: CloseMatch; lang: Lang }): {
  status: string;
  readiness: string;
} {
  const { held, lang } = input;
  const blocking = blockingChecks(input.readiness).length;
  return {
    status: readinessText(
      held ? say('schedule.held', { share: sharePercent(held.share), book: held.book }) : say('schedule.scheduled'),
      lang,
    ),
    readiness: readinessText(blocking ? say('schedule.blocking', { n: blocking }) : say('schedule.ready'), lang),
  };
}
