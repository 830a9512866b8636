// The near-duplicate reading thread (pool.ts): a book's fingerprint and reuse across its parts, and the passages
// it shares with the close books, read here (each part as it is written, the book at its end) instead of on the
// thread that schedules a batch's calls; at a book's end, its whole check on a copy of the caller's index. The books measured here are kept (the last BOOKS_KEPT, with their
// texts' runs: engine/publish/near-duplicate.ts runsOfText), so a close book of the same batch is neither sent
// nor read again for its passages.
import { parentPort } from 'node:worker_threads';
import { catalogueIndex, CLOSE_BOOKS_READ, compareAndKeep, measureBook, passagesWith, preparePart, type CatalogueEntry, type FingerprintIndex } from '../../publish/index.js';
import { serializeError, type WorkerReply } from '../worker-pool.js';
import { PARTS_KEPT, type CheckReply, type ClosenessRequest, type MeasureReply, type PassagesReply } from './protocol.js';

/** The parts sent ahead, by the number the caller gave each (the last PARTS_KEPT). */
const partsSent = new Map<number, string>();

/** A book's parts, each its text or the number of a part sent ahead; undefined when one of those is no longer here. */
function partsNamed(named: ReadonlyArray<string | number>): string[] | undefined {
  const parts: string[] = [];
  for (const p of named) {
    const text = typeof p === 'number' ? partsSent.get(p) : p;
    if (text === undefined) return undefined;
    parts.push(text);
  }
  return parts;
}

function measure(request: ClosenessRequest & { kind: 'measure' }): MeasureReply {
  const parts = partsNamed(request.parts);
  if (!parts) return { missing: true };
  keep(request.key, parts);
  return measureBook(parts);
}

/** The callers' indexes, copied here by the number each was given (the last COPIES_KEPT). */
const COPIES_KEPT = 16;
const copies = new Map<number, FingerprintIndex<CatalogueEntry>>();

/**
 * A book's whole check on the copy of its caller's index: kept there as compareAndKeep keeps it in the caller's, so
 * the copy holds the same books in the same order. A book it cannot check drops the copy, and every book given after
 * it is then checked by the caller: none is compared with a copy that lacks one kept before it.
 */
function check(request: ClosenessRequest & { kind: 'check' }): CheckReply {
  if (request.entries) {
    copies.delete(request.copy);
    copies.set(request.copy, catalogueIndex(request.entries));
    if (copies.size > COPIES_KEPT) copies.delete(copies.keys().next().value!);
  }
  const index = copies.get(request.copy);
  if (!index) return { missing: 'copy' };
  const parts = partsNamed(request.parts);
  if (!parts) {
    copies.delete(request.copy);
    return { missing: 'part' };
  }
  try {
    keep(request.book.key, parts);
    const { fingerprint, reuse } = measureBook(parts);
    const { entry, compared, close } = compareAndKeep(index, request.book, fingerprint, request.threshold);
    const read = close.slice(0, CLOSE_BOOKS_READ).map((m) => books.get(m.key.key));
    const passages = read.every((p) => p !== undefined) ? passagesWith(parts, read as Array<readonly string[]>, 2) : undefined;
    for (const m of close.slice(0, CLOSE_BOOKS_READ)) if (books.has(m.key.key)) keep(m.key.key, books.get(m.key.key)!);
    return { checked: { entry, compared, close: close.map((m) => ({ key: m.key.key, share: m.share })), reuse, ...(passages ? { passages } : {}) } };
  } catch (error) {
    copies.delete(request.copy);
    throw error;
  }
}

/** Books kept: more than a batch has in flight, about 50 KB each. */
const BOOKS_KEPT = 512;
const books = new Map<string, readonly string[]>();

function keep(key: string, parts: readonly string[]): void {
  books.delete(key);
  books.set(key, parts);
  if (books.size > BOOKS_KEPT) books.delete(books.keys().next().value!);
}

function partsOf(key: string, given: ClosenessRequest & { kind: 'passages' }): readonly string[] | null | undefined {
  if (given.given && key in given.given) return given.given[key]!;
  const parts = books.get(key);
  if (parts) keep(key, parts);
  return parts;
}

function passages(request: ClosenessRequest & { kind: 'passages' }): PassagesReply {
  const own = partsOf(request.key, request);
  const others = request.others.map((key) => partsOf(key, request));
  const missing = [request.key, ...request.others].filter((key, i) => (i === 0 ? own : others[i - 1]) === undefined);
  if (missing.length || !own) return { missing };
  const read = others.filter((p): p is readonly string[] => !!p);
  const found = passagesWith(own, read, request.count);
  let at = 0;
  return { passages: others.map((p) => (p ? found[at++]! : [])) };
}

parentPort?.on('message', (request: ClosenessRequest) => {
  try {
    let value: unknown;
    if (request.kind === 'parts') {
      for (const { part, text } of request.parts) {
        preparePart(text);
        partsSent.set(part, text);
        if (partsSent.size > PARTS_KEPT) partsSent.delete(partsSent.keys().next().value!);
      }
    } else if (request.kind === 'measure') value = measure(request);
    else if (request.kind === 'check') value = check(request);
    else value = passages(request);
    parentPort!.postMessage({ id: request.id, value } satisfies WorkerReply<unknown>);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: serializeError(error) } satisfies WorkerReply<unknown>);
  }
});
