// The near-duplicate reading a thread does (pool.ts): a book's fingerprint and reuse across its parts, and the passages
// it shares with the close books, read there (each part as it is written, its print kept until the book's end gives
// its text again) instead of on the thread that schedules a batch's calls. The books measured are kept (the last
// BOOKS_KEPT, with their texts), so a close book of the same batch is neither sent nor read again for its passages. Its
// own thread's entry is closeness-worker.ts; a batch's book-end thread answers these requests too
// (cli/batch/book-end-worker.ts), one thread for both.
// The near-duplicate modules themselves, not the publishing door's index: a book-end thread loads only these.
import { keepPartPrint, readPart, type PartPrint } from '../../publish/near-duplicate.js';
import { measureBook, passagesWith } from '../../publish/near-duplicate-check.js';
import { forgetTexts } from '../../text-cache.js';
import { serializeError, type WorkerReply } from '../worker-thread.js';
import { PARTS_KEPT, type ClosenessRequest, type MeasureReply, type PassagesReply } from './protocol.js';

/**
 * The prints of the parts sent ahead, by the number the caller gave each (the last PARTS_KEPT): their texts are not
 * kept (a 400-book prose batch's parts in flight, ~600, were ~10 MB of this thread's heap and their runs 3.5 MB more;
 * a print is ~6.5 KB a part). The book's end gives them again, each with its number.
 */
const partsSent = new Map<number, PartPrint>();

function measure(request: ClosenessRequest & { kind: 'measure' }): MeasureReply {
  const { parts } = request;
  request.sent.forEach((part, i) => {
    const print = partsSent.get(part);
    if (!print) return;
    // Named once (its caller no longer names it): its print read with its text, which is kept with the book.
    partsSent.delete(part);
    keepPartPrint(parts[i]!, print);
  });
  keep(request.key, parts);
  const measured = measureBook(parts);
  // Measured, a book's parts are read again only for passages (a book found close to another: seldom), and read
  // anew then: the caches let go of their runs (kept, a 400-book batch's made up most of this thread's heap).
  forgetTexts(parts);
  return measured;
}

/**
 * Books kept for passages: those that finished last, about 80 KB each with their strings' share of the thread's heap.
 * A book no longer here is sent by the caller when asked (its passages' `missing`), read from the saved books. All of
 * a 400-book batch's, kept, were ~20 MB; 64 of them 5 MB of the thread's 36 MB live (a heap snapshot at a 400-book
 * prose batch's 3,000th call). At 16, the thread's heap at the batch's peak was 57-62 MB against 67-75 (two runs
 * each, load 27-49; with the main thread's young generation held at 16 MB, cli/batch/heap.ts).
 */
const BOOKS_KEPT = 16;
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

/** A request's reply, as its thread posts it back (its error as data). */
export function closenessReply(request: ClosenessRequest): WorkerReply<unknown> {
  try {
    let value: unknown;
    if (request.kind === 'parts') {
      for (const { part, text } of request.parts) {
        partsSent.set(part, readPart(text));
        if (partsSent.size > PARTS_KEPT) partsSent.delete(partsSent.keys().next().value!);
      }
    } else if (request.kind === 'measure') value = measure(request);
    else value = passages(request);
    return { id: request.id, value };
  } catch (error) {
    return { id: request.id, error: serializeError(error) };
  }
}
