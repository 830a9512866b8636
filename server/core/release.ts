// An owner's release schedule, for both front ends (the studio's publish and `karya batch --publish`): new
// titles from today at most `perDay` a day, counting the days the owner's packages made before already took
// (a book being published again keeps no day of its own: its day is replaced). engine/publish/release.ts
// spreads the books; the days taken are the store's.
import { releaseSchedule, type ScheduledRelease } from '../../engine/index.js';
import type { BookRepository } from '../store/ports.js';

/** Where each of `bookIds` may be published on or after, in their order, after the owner's days already taken. */
export async function scheduleReleases(
  books: Pick<BookRepository, 'releaseDaysFrom'>,
  input: { userId: string; bookIds: readonly number[]; perDay: number; today: string },
): Promise<ScheduledRelease[]> {
  const taken = await books.releaseDaysFrom({ userId: input.userId, from: input.today, exceptBookIds: input.bookIds });
  return releaseSchedule(input.bookIds, input.perDay, input.today, taken);
}
