// A source book's editions (server/store/queries/editions.ts) on both server stores: SQLite and Postgres (a
// throw-away cluster, skipped with its reason when absent). The link is by ids and dies with either book, the
// glossary is kept only for the owner's own book, the source hashes part by part, and a run's lease is one at a time.
import { describe, expect, it } from 'vitest';
import { storeAdapters, type OpenedStore } from './adapters.js';
import { romanceSaves } from '../translate/book.js';

describe.each(storeAdapters)('editions on $name', (adapter) => {
  it.skipIf(adapter.skip !== null)('links a source to its edition by ids, with its glossary, hashes and one run at a time', async () => {
    const opened: OpenedStore = await adapter.open();
    try {
      const { repos } = opened;
      const source = await repos.books.saveImport({ userId: 'owner-a', key: 'romance', saves: romanceSaves('en') });
      const edition = await repos.books.saveImport({ userId: 'owner-a', key: 'romance:edition-ms-of-1', saves: romanceSaves('ms') });
      const mine = repos.editions('owner-a');
      const theirs = repos.editions('owner-b');
      // Another owner cannot attach anything to the book.
      await theirs.saveGlossary({ sourceId: source, lang: 'ms', glossary: [{ term: 'Aisha', rendering: 'X' }] });
      expect(await theirs.list()).toEqual([]);
      await mine.saveGlossary({ sourceId: source, lang: 'ms', glossary: [{ term: 'Daniel', rendering: 'Danial' }] });
      expect(await mine.find({ sourceId: source, lang: 'ms' })).toEqual({ sourceId: source, lang: 'ms', editionId: null, glossary: [{ term: 'Daniel', rendering: 'Danial' }], hashes: {} });
      await mine.linkEdition({ sourceId: source, lang: 'ms', editionId: edition });
      await mine.keepHashes({ sourceId: source, lang: 'ms', position: 1, hashes: ['a', 'b'] });
      await mine.keepHashes({ sourceId: source, lang: 'ms', position: 2, hashes: ['c'] });
      expect(await mine.ofEdition(edition)).toMatchObject({ sourceId: source, editionId: edition, hashes: { 1: ['a', 'b'], 2: ['c'] } });
      expect(await theirs.ofEdition(edition)).toBeNull();

      // One run at a time: a second claim fails while the lease holds, a renewal extends it, a release frees it.
      expect(await mine.claim({ sourceId: source, lang: 'ms', now: 1_000, until: 2_000 })).toBe(true);
      expect(await mine.claim({ sourceId: source, lang: 'ms', now: 1_500, until: 3_000 })).toBe(false);
      expect(await mine.isRunning({ sourceId: source, lang: 'ms', now: 1_500 })).toBe(true);
      expect(await mine.claim({ sourceId: source, lang: 'ms', now: 1_900, until: 9_000, isRenewal: true })).toBe(true);
      expect(await mine.claim({ sourceId: source, lang: 'ms', now: 5_000, until: 6_000 })).toBe(false);
      // A lease past its time (a run that crashed) is taken over.
      expect(await mine.claim({ sourceId: source, lang: 'ms', now: 9_500, until: 10_000 })).toBe(true);
      await mine.release({ sourceId: source, lang: 'ms' });
      expect(await mine.isRunning({ sourceId: source, lang: 'ms', now: 9_600 })).toBe(false);

      // Deleting the edition deletes its link (and the writer's glossary with it).
      expect(await repos.books.removeById({ userId: 'owner-a', id: edition })).toBe(true);
      expect(await mine.ofEdition(edition)).toBeNull();
      expect(await mine.list()).toEqual([]);
    } finally {
      await opened.close();
    }
  });
});
