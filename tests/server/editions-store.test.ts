// A source book's editions (server/store/queries/editions.ts) on both server stores: SQLite and Postgres (a
// throw-away cluster, skipped with its reason when absent). The link is by ids and dies with either book, the
// glossary is kept only for the owner's own book, the source hashes part by part, and a run's lease is one at a time.
import { describe, expect, it } from 'vitest';
import { storeAdapters, type OpenedStore } from './adapters.js';
import { romanceSaves } from '../translate/book.js';

describe.each(storeAdapters)('editions on $name', (adapter) => {
  it.skipIf(adapter.skip !== null)(
    'links a source to its edition by ids, with its glossary, hashes and one run at a time',
    async () => {
      const opened: OpenedStore = await adapter.open();
      try {
        const { repos } = opened;
        const source = await repos.books.saveImport({ userId: 'owner-a', key: 'romance', saves: romanceSaves('en') });
        const edition = await repos.books.saveImport({
          userId: 'owner-a',
          key: 'romance:edition-ms-of-1',
          saves: romanceSaves('ms'),
        });
        const mine = repos.editions('owner-a');
        const theirs = repos.editions('owner-b');
        // Another owner cannot attach anything to the book.
        await theirs.saveGlossary({ sourceId: source, lang: 'ms', glossary: [{ term: 'Aisha', rendering: 'X' }] });
        expect(await theirs.list()).toEqual([]);
        await mine.saveGlossary({ sourceId: source, lang: 'ms', glossary: [{ term: 'Daniel', rendering: 'Danial' }] });
        expect(await mine.find({ sourceId: source, lang: 'ms' })).toEqual({
          sourceId: source,
          lang: 'ms',
          editionId: null,
          glossary: [{ term: 'Daniel', rendering: 'Danial' }],
          hashes: {},
        });
        await mine.linkEdition({ sourceId: source, lang: 'ms', editionId: edition });
        await mine.keepHashes({ sourceId: source, lang: 'ms', position: 1, hashes: ['a', 'b'] });
        await mine.keepHashes({ sourceId: source, lang: 'ms', position: 2, hashes: ['c'] });
        expect(await mine.ofEdition(edition)).toMatchObject({
          sourceId: source,
          editionId: edition,
          hashes: { 1: ['a', 'b'], 2: ['c'] },
        });
        expect(await theirs.ofEdition(edition)).toBeNull();

        // One run at a time: a second claim fails while the lease holds (saying until when), a beat renews it only for
        // its holder, a release by its holder frees it.
        const lease = { sourceId: source, lang: 'ms' as const };
        expect(await mine.claim({ ...lease, holder: 'p1/a', now: 1_000, until: 2_000 })).toEqual({
          isClaimed: true,
          refunded: 0,
        });
        expect(await mine.claim({ ...lease, holder: 'p2/b', now: 1_500, until: 3_000 })).toEqual({
          isClaimed: false,
          heldUntil: 2_000,
        });
        expect(await mine.isRunning({ ...lease, now: 1_500 })).toBe(true);
        expect(await mine.beat({ ...lease, holder: 'p1/a', until: 9_000 })).toBe(true);
        expect(await mine.beat({ ...lease, holder: 'p2/b', until: 99_000 })).toBe(false);
        expect(await mine.claim({ ...lease, holder: 'p2/b', now: 5_000, until: 6_000 })).toEqual({
          isClaimed: false,
          heldUntil: 9_000,
        });
        // A lease past its time (a run whose process stopped beating) is taken over; the run that lost it learns so.
        expect(await mine.claim({ ...lease, holder: 'p2/b', now: 9_500, until: 10_000 })).toMatchObject({
          isClaimed: true,
        });
        expect(await mine.beat({ ...lease, holder: 'p1/a', until: 20_000 })).toBe(false);
        await mine.release({ ...lease, holder: 'p1/a' });
        expect(await mine.isRunning({ ...lease, now: 9_600 })).toBe(true);
        await mine.release({ ...lease, holder: 'p2/b' });
        expect(await mine.isRunning({ ...lease, now: 9_600 })).toBe(false);

        // Deleting the edition deletes its link (and the writer's glossary with it).
        expect(await repos.books.removeById({ userId: 'owner-a', id: edition })).toBe(true);
        expect(await mine.ofEdition(edition)).toBeNull();
        expect(await mine.list()).toEqual([]);
      } finally {
        await opened.close();
      }
    },
  );
});

describe.each(storeAdapters)('a dead run of an edition on $name', (adapter) => {
  it.skipIf(adapter.skip !== null)(
    'refunds the part it charged and did not deliver, when a start takes its lease over or the sweep frees it',
    async () => {
      const opened: OpenedStore = await adapter.open();
      try {
        const { repos } = opened;
        const user = (await repos.users.create({ email: 'lease@karya.test', passwordHash: 'hash', role: 'free' }))!;
        const balance = async () => (await repos.credits.balanceOf(user.id))!;
        const start = await balance();
        const source = await repos.books.saveImport({ userId: user.id, key: 'romance', saves: romanceSaves('en') });
        const mine = repos.editions(user.id);
        const lease = { sourceId: source, lang: 'ms' as const };
        const part = (n: number) => ({
          generatorId: 'romance',
          step: `translate:ms:chapter-${n}`,
          cost: 1,
          reason: `romance: ms edition (Chapter ${n})`,
        });

        // A run charges Chapter 1 and delivers it, charges Chapter 2, and its process is killed.
        expect(await mine.claim({ ...lease, holder: 'dead/run', now: 1_000, until: 4_000 })).toMatchObject({
          isClaimed: true,
        });
        const first = await mine.chargePart({ ...lease, holder: 'dead/run', start: part(1) });
        expect(first.status).toBe('charged');
        if (first.status !== 'charged') return;
        await repos.generations.commit({
          userId: user.id,
          charge: first.charge,
          usage: { promptType: 'romance', isPart: true, metadata: {} },
        });
        expect((await mine.chargePart({ ...lease, holder: 'dead/run', start: part(2) })).status).toBe('charged');
        expect(await balance()).toBe(start - 2);
        // Another run cannot charge under the lease it does not hold.
        expect((await mine.chargePart({ ...lease, holder: 'other/run', start: part(2) })).status).toBe('lost');

        // The next start after its beats ran out takes the lease over and gives Chapter 2 back: charged = delivered.
        expect(await mine.claim({ ...lease, holder: 'live/run', now: 5_000, until: 8_000 })).toEqual({
          isClaimed: true,
          refunded: 1,
        });
        expect(await balance()).toBe(start - 1);
        const ledger = await repos.credits.ledger(user.id);
        expect(ledger.filter((r) => r.type === 'refund').map((r) => r.reason)).toEqual([
          expect.stringMatching(/translate:ms:chapter-2 \(the run stopped\)/),
        ]);
        // The run that lost it cannot charge again.
        expect((await mine.chargePart({ ...lease, holder: 'dead/run', start: part(3) })).status).toBe('lost');

        // The sweep: a lease renewed is left alone; one not renewed in time is freed and its part refunded, once.
        expect((await mine.chargePart({ ...lease, holder: 'live/run', start: part(2) })).status).toBe('charged');
        expect(await repos.editionLeases.sweep({ now: 7_000 })).toEqual({ freed: 0, refunded: 0 });
        expect(await repos.editionLeases.sweep({ now: 8_000 })).toEqual({ freed: 1, refunded: 1 });
        expect(await repos.editionLeases.sweep({ now: 9_000 })).toEqual({ freed: 0, refunded: 0 });
        expect(await balance()).toBe(start - 1);
        expect(await mine.isRunning({ ...lease, now: 8_000 })).toBe(false);

        // A store one process opens (SQLite): at its start, every lease of another process is a dead run's, however far
        // ahead it was renewed.
        expect(await mine.claim({ ...lease, holder: 'before-restart/run', now: 10_000, until: 60_000 })).toMatchObject({
          isClaimed: true,
        });
        expect((await mine.chargePart({ ...lease, holder: 'before-restart/run', start: part(3) })).status).toBe(
          'charged',
        );
        expect(await repos.editionLeases.sweep({ now: 11_000, process: 'after-restart' })).toEqual({
          freed: 1,
          refunded: 1,
        });
        expect(await balance()).toBe(start - 1);
        expect(await mine.isRunning({ ...lease, now: 11_000 })).toBe(false);
      } finally {
        await opened.close();
      }
    },
  );
});
