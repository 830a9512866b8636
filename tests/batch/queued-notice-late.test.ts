// A queued batch reads a book's end from the table, and its calls from the worker's notice, which comes over another
// connection (Postgres NOTIFY): the table can say a book failed before its notice arrives. The book's line and the
// batch's summary must still count the calls its last attempt sent (a CI run printed "calls: 0" for a book the model
// server had answered three times). Here the notice is made to come late on purpose, without Postgres: the command's
// own handling of a book's end (cli/batch/queued-ends.ts) with a stand-in for the queue.
import { describe, expect, it } from 'vitest';
import { bookEnder, hearNotices } from '../../cli/batch/queued-ends.js';
import { withSpent } from '../../cli/batch/spent.js';
import type { Progress, QueuedRun } from '../../cli/batch/queued-run.js';
import type { BatchEvent } from '../../cli/batch/scheduler.js';
import type { BatchNotice } from '../../server/index.js';

function queuedBatch(signal: AbortSignal) {
  const events: BatchEvent[] = [];
  let tell: (notice: BatchNotice) => void = () => undefined;
  const progress: Progress = {
    queued: new Set(['book-1']),
    written: new Map(),
    stepsDone: new Map(),
    startedAt: new Map([['book-1', performance.now()]]),
    totals: { calls: 0, tokens: 0, retries: 0, shortParts: 0, repeatingParts: 0, tooClose: 0 },
  };
  const input = {
    jobs: [],
    signal,
    onEvent: withSpent(progress.totals, (event) => events.push(event)),
    onNotice: (handle: (notice: BatchNotice) => void) => (tell = handle),
  } as unknown as QueuedRun;
  const wakeUp = hearNotices(input, progress.totals);
  const job = { key: 'book-1', name: 'first', index: 0, spec: { kind: 'book', id: 'romance' } };
  const endBook = bookEnder(
    input,
    {
      byKey: new Map([['book-1', job as never]]),
      nearDuplicates: (() => Promise.resolve({ closeTo: [] })) as never,
      bookEnds: { end: () => Promise.resolve({}) } as never,
      nextInSeries: () => Promise.resolve(),
      wakeUp,
    },
    progress,
  );
  const failedRow = {
    job_key: 'book-1',
    status: 'failed' as const,
    error_code: 'rate_limited',
    message: 'The model is busy',
    png: null,
  };
  const failedNotice: BatchNotice = {
    type: 'book_failed',
    job: 'first',
    key: 'book-1',
    step: 'outline',
    code: 'rate_limited',
    message: 'The model is busy',
    sent: { calls: 3, tokens: 0 },
  };
  return { events, progress, endBook, failedRow, tell: (notice: BatchNotice) => tell(notice), failedNotice };
}

describe('a queued book whose end notice comes after the table says it ended', () => {
  it('its failure line and the totals count the calls its notice tells', async () => {
    const batch = queuedBatch(new AbortController().signal);
    const ending = batch.endBook(batch.failedRow, undefined);
    // The table was read first; the notice comes a moment later.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batch.events).toEqual([]);
    batch.tell(batch.failedNotice);
    await ending;
    expect(batch.progress.totals.calls).toBe(3);
    expect(batch.events).toEqual([
      expect.objectContaining({
        type: 'job_failed',
        job: 'first',
        code: 'rate_limited',
        spent: { calls: 3, tokens: 0 },
      }),
    ]);
    expect(batch.progress.written.get('book-1')).toBe('failed');
  });

  it('a notice that came first is not waited for again', async () => {
    const batch = queuedBatch(new AbortController().signal);
    batch.tell(batch.failedNotice);
    await batch.endBook(batch.failedRow, undefined);
    expect(batch.progress.totals.calls).toBe(3);
    expect(batch.events).toHaveLength(1);
  });

  it('an interrupted batch does not wait for a notice that may never come', async () => {
    const stop = new AbortController();
    const batch = queuedBatch(stop.signal);
    const ending = batch.endBook(batch.failedRow, undefined);
    stop.abort();
    await ending;
    expect(batch.events).toEqual([expect.objectContaining({ type: 'job_failed', spent: { calls: 0, tokens: 0 } })]);
  });
});
