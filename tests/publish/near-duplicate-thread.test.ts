// A batch's near-duplicate reading in a thread of its own (engine/node/closeness/pool.ts): the same findings as
// on the caller's thread (shares, passages, reuse), and books finishing together are kept in the order they
// finished, however long each one's reading takes: the first one done is the original, the others its copies.
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueIndex, checkCloseness, textFingerprint } from '../../engine/index.js';
import { measureBook } from '../../engine/publish/index.js';
import { ClosenessPool } from '../../engine/node.js';
import { CLOSENESS_LIMITS } from '../../engine/node/closeness/pool.js';
import { WorkerPool, workerEntry, type PoolFailures } from '../../engine/node/worker-pool.js';
import { seededBook } from './seeded-book.js';

const book = seededBook;

const pool = new ClosenessPool();
afterAll(() => pool.close());

describe('near-duplicates read in a thread of their own', () => {
  it(
    "finds what the caller's thread finds: the copy, its " + "share, its passages and a book's reuse across its parts",
    async () => {
      const original = book(1);
      // The copy: the original's first two chapters and two of its own; its last chapter repeats its third.
      const own = book(2);
      const copy = [original[0]!, original[1]!, own[0]!, own[0]!];
      const check = async (reading?: ClosenessPool) => {
        const index = catalogueIndex([]);
        const partsOf = async (key: string) => (key === 'original' ? original : null);
        await checkCloseness({
          book: { key: 'original', book: 'original', title: 'Original' },
          parts: original,
          index,
          partsOf,
          ...(reading ? { reading } : {}),
        });
        return (
          await checkCloseness({
            book: { key: 'copy', book: 'copy', title: 'Copy' },
            parts: copy,
            index,
            partsOf,
            ...(reading ? { reading } : {}),
          })
        ).closeness;
      };
      const here = await check();
      const there = await check(pool);
      expect(there).toEqual(here);
      expect(there.closeTo.map((m) => m.book)).toEqual(['original']);
      expect(there.closeTo[0]!.share).toBeGreaterThan(0.3);
      expect(there.closeTo[0]!.passages.length).toBe(2);
      expect(original.join(' ')).toContain(there.closeTo[0]!.passages[0]!.text.replace(/ …$/, ''));
      expect(there.reuse.share).toBeGreaterThan(0.2);
      expect(there.reuse.example?.part).toBe(3);
    },
  );

  it(
    'reads a close book it did not measure (one kept by an ' + 'earlier batch) from the caller, and finds its passages',
    async () => {
      const earlier = book(21);
      const index = catalogueIndex([
        {
          key: 'earlier',
          book: 'earlier',
          title: 'Earlier',
          fingerprint: textFingerprint(earlier),
          keptAt: '2026-01-01T00:00:00.000Z',
        },
      ]);
      const asked: string[] = [];
      const partsOf = async (key: string) => {
        asked.push(key);
        return key === 'earlier' ? earlier : null;
      };
      const { closeness } = await checkCloseness({
        book: { key: 'again', book: 'again', title: 'Again' },
        parts: [...earlier],
        index,
        partsOf,
        reading: pool,
      });
      expect(asked).toEqual(['earlier']);
      expect(closeness.closeTo.map((m) => m.book)).toEqual(['earlier']);
      expect(closeness.closeTo[0]!.passages.length).toBe(2);
      // A close book that cannot be read is still named, without passages.
      const lost = catalogueIndex([
        {
          key: 'lost',
          book: 'lost',
          title: 'Lost',
          fingerprint: textFingerprint(earlier),
          keptAt: '2026-01-01T00:00:00.000Z',
        },
      ]);
      const gone = await checkCloseness({
        book: { key: 'again2', book: 'again2', title: 'Again' },
        parts: [...earlier],
        index: lost,
        partsOf,
        reading: pool,
      });
      expect(gone.closeness.closeTo.map((m) => [m.book, m.passages.length])).toEqual([['lost', 0]]);
    },
  );

  it('reads parts as they are written: the book at its end is named by them, with the same findings', async () => {
    const text = book(31);
    const index = catalogueIndex([]);
    const partsOf = async () => null;
    for (const part of text) pool.prepare(part);
    const ahead = await checkCloseness({
      book: { key: 'ahead', book: 'ahead', title: 'Ahead' },
      parts: text,
      index,
      partsOf,
      reading: pool,
    });
    const here = await checkCloseness({
      book: { key: 'here', book: 'here', title: 'Here' },
      parts: [...text],
      index: catalogueIndex([]),
      partsOf,
    });
    expect(ahead.entry.fingerprint).toEqual(here.entry.fingerprint);
    expect(ahead.closeness.reuse).toEqual(here.closeness.reuse);
    // A part sent ahead and then changed (rewritten before the end) is read as it is at the end.
    const changed = book(32);
    for (const part of changed) pool.prepare(part);
    const final = [changed[0]!, `${changed[1]!} A last line added.`, changed[2]!, changed[3]!];
    const read = await checkCloseness({
      book: { key: 'changed', book: 'changed', title: 'Changed' },
      parts: final,
      index: catalogueIndex([]),
      partsOf,
      reading: pool,
    });
    expect(read.entry.fingerprint).toEqual(textFingerprint(final));
  });

  it(
    'is given parts many at a time: it reads them while its ' +
      'caller is busy, not one for each answer its caller gets to',
    async () => {
      const failures: PoolFailures = {
        busy: () => new Error('busy'),
        tooSlow: () => new Error('slow'),
        tooLarge: () => new Error('large'),
        revive: (e) => new Error(e.message),
      };
      const entry = workerEntry(
        new URL('../../engine/node/closeness/pool.ts', import.meta.url).href,
        'closeness-worker',
      );
      const readWhileBusy = async (perThread: number) => {
        const thread = new WorkerPool<object, unknown>(entry, { ...CLOSENESS_LIMITS, perThread });
        try {
          await thread.run({ kind: 'parts', parts: [{ part: 0, text: 'The thread is loaded.' }] }, { failures });
          let read = 0;
          const parts = Array.from({ length: 8 }, (_, i) =>
            thread
              .run({ kind: 'parts', parts: [{ part: i + 1, text: book(60 + i).join('\n\n') }] }, { failures })
              .then(() => read++),
          );
          // The caller busy (a batch's thread with a hundred answers to check) far longer than the parts take.
          for (const until = Date.now() + 1500; Date.now() < until;);
          await new Promise((resolve) => setImmediate(resolve));
          const readThen = read;
          await Promise.all(parts);
          return readThen;
        } finally {
          await thread.close();
        }
      };
      expect(await readWhileBusy(1)).toBeLessThan(8);
      expect(CLOSENESS_LIMITS.perThread).toBeGreaterThanOrEqual(8);
      expect(await readWhileBusy(CLOSENESS_LIMITS.perThread!)).toBe(8);
    },
  );

  it(
    'keeps books that finish together in the order they finished: ' +
      'the first is the original, the later ones its copies',
    async () => {
      const text = book(7, 6, 120);
      const index = catalogueIndex([]);
      const partsOf = async () => text;
      // A longer book first: its reading takes longest, yet it finished first.
      const checks = [
        checkCloseness({
          book: { key: 'z-long', book: 'long', title: 'Long' },
          parts: [...text, ...book(8, 6, 120)],
          index,
          partsOf,
          reading: pool,
        }),
        checkCloseness({
          book: { key: 'b-second', book: 'second', title: 'Second' },
          parts: [...text],
          index,
          partsOf,
          reading: pool,
        }),
        checkCloseness({
          book: { key: 'a-third', book: 'third', title: 'Third' },
          parts: [...text],
          index,
          partsOf,
          reading: pool,
        }),
      ];
      const [long, second, third] = await Promise.all(checks);
      expect(long!.closeness.closeTo).toEqual([]);
      expect(second!.closeness.closeTo.map((m) => m.book)).toEqual(['long']);
      expect(third!.closeness.closeTo.map((m) => m.book).sort()).toEqual(['long', 'second']);
      expect(long!.entry.keptAt < second!.entry.keptAt && second!.entry.keptAt < third!.entry.keptAt).toBe(true);
    },
  );

  it('keeps them in the order given even when the readings come back the other way round', async () => {
    const text = book(9);
    const index = catalogueIndex([]);
    // A reading whose first answer comes back last.
    let delay = 60;
    const reading = {
      measure: async (b: { key: string; parts: readonly string[] }) => {
        const wait = (delay -= 25);
        await new Promise((r) => setTimeout(r, Math.max(0, wait)));
        return measureBook(b.parts);
      },
      passages: pool.passages.bind(pool),
    };
    const [first, second] = await Promise.all([
      checkCloseness({
        book: { key: 'z-first', book: 'first', title: 'First' },
        parts: text,
        index,
        partsOf: async () => text,
        reading,
      }),
      checkCloseness({
        book: { key: 'a-second', book: 'second', title: 'Second' },
        parts: [...text],
        index,
        partsOf: async () => text,
        reading,
      }),
    ]);
    expect(first!.closeness.closeTo).toEqual([]);
    expect(second!.closeness.closeTo.map((m) => m.book)).toEqual(['first']);
  });
});
