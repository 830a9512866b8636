// The near-duplicate check on the command line (`karya batch`, `karya publish`): the owner's catalogue of
// finished books' fingerprints read from the state file, each finished book checked against it and kept in
// it, and --close-threshold read.
import { DEFAULT_CLOSE_THRESHOLD, catalogueIndex, catalogueMessage, checkCloseness, parseCloseThreshold, type CatalogueEntry, type Closeness, type FingerprintIndex, type Lang } from '../engine/index.js';
import type { StateFile } from '../server/index.js';
import { fail } from './util.js';

/** --close-threshold as a share (default 15 %); exits 2 naming the flag and the range when out of it. */
export function closeThresholdOrExit(value: string | undefined, lang: Lang = 'en'): number {
  if (value === undefined) return DEFAULT_CLOSE_THRESHOLD;
  const parsed = parseCloseThreshold(value);
  return 'threshold' in parsed ? parsed.threshold : fail(catalogueMessage(parsed.code, lang, parsed.params));
}

/** The owner's catalogue as an index; a book of `names` (key → job id) is named by its job. */
export async function openCatalogue(store: Pick<StateFile, 'fingerprints'>, owner: string, names: ReadonlyMap<string, string> = new Map()): Promise<FingerprintIndex<CatalogueEntry>> {
  const entries = await store.fingerprints(owner).list();
  return catalogueIndex(entries.map((e) => ({ ...e, book: names.get(e.key) ?? e.book })));
}

/** Check a finished book against the catalogue and keep its fingerprint (in the index and the state file). */
export async function checkBook(store: Pick<StateFile, 'fingerprints' | 'load'>, owner: string, index: FingerprintIndex<CatalogueEntry>, book: { key: string; book: string; title: string; parts: readonly string[]; threshold: number }): Promise<Closeness> {
  const { closeness, entry } = await checkCloseness({
    book: { key: book.key, book: book.book, title: book.title }, parts: book.parts, index, threshold: book.threshold,
    partsOf: async (key) => (await store.load(owner, key))?.state.content ?? null,
  });
  await store.fingerprints(owner).save({ key: entry.key, title: entry.title, fingerprint: entry.fingerprint, keptAt: entry.keptAt });
  return closeness;
}
