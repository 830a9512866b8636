// The near-duplicate check and keep, for both front ends (the studio's publish, `karya publish`, `karya batch`):
// the owner's catalogue of finished books' fingerprints read once, each book compared with the books kept
// before it and then kept among them. engine/publish/near-duplicate-check.ts compares; the store keeps.
import {
  catalogueIndex,
  checkCloseness,
  type CatalogueEntry,
  type Closeness,
  type ClosenessReading,
} from '../../engine/index.js';
import type { Repositories } from '../store/ports.js';

/**
 * The book whose fingerprint is kept under `key`: `book:<id>` on the server (the id stays with the book), the book's
 * key on the CLI.
 */
async function partsOf(
  repos: Pick<Repositories, 'books'>,
  owner: string,
  key: string,
): Promise<readonly string[] | null> {
  const id = /^book:(\d+)$/.exec(key)?.[1];
  if (id) return (await repos.books.find({ userId: owner, id: Number(id) }))?.state.content ?? null;
  return (await repos.books.load({ userId: owner, key }))?.state.content ?? null;
}

/** One book to check: the key its fingerprint is kept under, what names it to the writer, its title and parts. */
export interface NearDuplicateBook {
  key: string;
  book: string;
  title: string;
  parts: readonly string[];
  /** The share of a book's text found in another that makes it too close (the engine's default when not given). */
  threshold?: number;
}

/**
 * The owner's catalogue, read once: `check` compares a finished book with the books kept before it (and with
 * those checked here before it), then keeps its fingerprint. `nameOf` names a kept book to the writer (a batch
 * job's id, a saved book's id); by default the name the store keeps. `reading` reads the texts elsewhere (a batch:
 * a worker thread); by default on the caller's thread.
 */
export async function openNearDuplicates(
  repos: Pick<Repositories, 'books' | 'fingerprints'>,
  owner: string,
  opts: { nameOf?: (entry: CatalogueEntry) => string | undefined; reading?: ClosenessReading } = {},
): Promise<{ check(book: NearDuplicateBook): Promise<Closeness> }> {
  const catalogue = repos.fingerprints(owner);
  const index = catalogueIndex((await catalogue.list()).map((e) => ({ ...e, book: opts.nameOf?.(e) ?? e.book })));
  return {
    check: async ({ key, book, title, parts, threshold }) => {
      const { closeness, entry } = await checkCloseness({
        book: { key, book, title },
        parts,
        index,
        ...(threshold !== undefined ? { threshold } : {}),
        ...(opts.reading ? { reading: opts.reading } : {}),
        partsOf: (other) => partsOf(repos, owner, other),
      });
      await catalogue.save({
        key: entry.key,
        title: entry.title,
        fingerprint: entry.fingerprint,
        keptAt: entry.keptAt,
      });
      return closeness;
    },
  };
}
