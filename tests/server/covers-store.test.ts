// A writer's own cover pictures (server/store/queries/covers.ts) on both server stores: SQLite and Postgres (a
// throw-away cluster, skipped with its reason when absent). One picture per book, kept byte for byte, only for
// the book's owner, replaced by the next (a 9.8 MB one as well), gone with its book.
import { describe, expect, it } from 'vitest';
import { storeAdapters, type OpenedStore } from './adapters.js';
import { romanceSaves } from '../translate/book.js';

describe.each(storeAdapters)('cover pictures on $name', (adapter) => {
  it.skipIf(adapter.skip !== null)(
    "keeps one per book of the owner's, replaced by the next, gone with the book",
    async () => {
      const opened: OpenedStore = await adapter.open();
      try {
        const { repos } = opened;
        const book = await repos.books.saveImport({ userId: 'owner-a', key: 'romance', saves: romanceSaves('en') });
        const mine = repos.covers('owner-a');
        const theirs = repos.covers('owner-b');
        const image = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3, 255]);
        expect(await mine.hasBook(book)).toBe(true);
        expect(await theirs.hasBook(book)).toBe(false);
        // Another owner cannot give the book a cover.
        expect(
          await theirs.save({ bookId: book, image, format: 'jpeg', width: 1600, height: 2560, fileName: 'x.jpg' }),
        ).toBe(false);
        expect(await mine.find(book)).toBeNull();

        expect(
          await mine.save({ bookId: book, image, format: 'jpeg', width: 1600, height: 2560, fileName: 'harbour.jpg' }),
        ).toBe(true);
        const kept = await mine.find(book);
        expect(kept).toMatchObject({
          bookId: book,
          format: 'jpeg',
          width: 1600,
          height: 2560,
          fileName: 'harbour.jpg',
          bytes: image.length,
        });
        expect([...kept!.image]).toEqual([...image]);
        expect(kept!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        expect(await theirs.find(book)).toBeNull();

        // The next picture replaces it.
        const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 7, 7]);
        expect(
          await mine.save({ bookId: book, image: png, format: 'png', width: 2000, height: 3200, fileName: 'sea.png' }),
        ).toBe(true);
        expect(await mine.factsOf([book, book + 100])).toEqual([
          expect.objectContaining({ bookId: book, format: 'png', width: 2000, bytes: png.length }),
        ]);
        expect(await theirs.remove(book)).toBe(false);
        expect(await mine.remove(book)).toBe(true);
        expect(await mine.find(book)).toBeNull();

        // A camera's 9.8 MB picture is kept byte for byte too (on SQLite written from a thread of its own, handed over
        // whole).
        const large = new Uint8Array(Math.round(9.8 * 1024 * 1024));
        for (let i = 0; i < large.length; i += 4093) large[i] = i % 251;
        large.set([0xff, 0xd8, 0xff, 0xe0]);
        const copy = Buffer.from(large);
        expect(
          await mine.save({
            bookId: book,
            image: large,
            format: 'jpeg',
            width: 1600,
            height: 2560,
            fileName: 'camera.jpg',
          }),
        ).toBe(true);
        const camera = await mine.find(book);
        expect(camera).toMatchObject({ fileName: 'camera.jpg', bytes: copy.length });
        expect(Buffer.from(camera!.image).equals(copy)).toBe(true);

        // Gone with its book.
        await mine.save({ bookId: book, image, format: 'jpeg', width: 1600, height: 2560, fileName: 'harbour.jpg' });
        expect(await repos.books.removeById({ userId: 'owner-a', id: book })).toBe(true);
        expect(await mine.find(book)).toBeNull();
      } finally {
        await opened.close();
      }
    },
  );
});
