// How a local batch's heaps grow (cli/commands/batch-run.ts runLocal calls it once the batch's first calls are out).
import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/**
 * The young generation's largest size on a local batch's own thread. V8 doubles it (from 2 MB) while most of what is
 * made there lives past a collection, up to 64 MB (its two halves of 32 MB on a 64-bit machine), and a batch makes its
 * objects (a prompt, an answer, its checks' words) in bursts as answers come: the 64 MB were held to the end, and the
 * old generation, which grows with what the young one hands it, grew with them. Measured side by side (200-book prose
 * batch, load 22-29): peak RSS 461-463 MB left to grow, 374-380 stopped at 16 MB, 365-384 at 32 MB, CPU a call the
 * same (4.5-4.6 ms). Those runs stopped it once the modules had loaded, by which time it had grown to 32 MB while
 * they loaded; held small until then (bin/batch-heap.js), the 400-book prose batch (load 27-49, two runs each): at
 * 16 MB, the main thread's heap at the peak 90-91 MB against 105-120 at 32, peak RSS 321-335 against 332-350, CPU a
 * call 2.20-2.37 ms against 2.13-2.42; at 8 MB the old generation took what the young one no longer held (69-86 MB
 * against 62) for four times as many collections.
 */
export const MOST_NEW_SPACE_BYTES = 16 * 1024 * 1024;

/**
 * A local batch's heaps grow by half of what they hold at each collection (V8 read once per collection; left to
 * itself it grows them by up to four times while answers come in fast). A batch makes its garbage fast and keeps
 * little (the books in flight): its peak memory was mostly room grown for garbage. Measured on the shared 2-core
 * machine (load 17), 400-book prose batch: peak RSS 585 -> 485 MB at half, CPU 17.9 -> 18.5 s; at a quarter (load
 * 31-40, runs side by side): 349-376 MB against 377-386 at half, CPU a call 3.10 against 3.05 ms; at 15 %, 351 MB for
 * 3.41 ms a call.
 * Since raised to half again (session 43): the batch's resident peak had fallen to 248-266 MB (the state file's cache,
 * the book-end thread's prints) and a mark-compact costs more than its pause: V8's helper threads mark the ~45 MB that
 * live, and the old generation's pages, given back, are mapped anew (and faulted, ~12 µs a page on the shared 2-core
 * machine) as it grows again. At a quarter a 400-book prose batch ran 27-29 mark-compacts, at half 16-18; V8's helper
 * threads 4.9-5.2 s of CPU against 4.3-4.4, peak RSS 248-254 MB against 258-267 (load 13-17, three pairs).
 * The young generation grows again (bin/batch-heap.js held it while the modules loaded) and stops at
 * MOST_NEW_SPACE_BYTES: V8 reads its largest size only as the process starts (--max-semi-space-size), but the factor
 * it grows by at each collection (--semi-space-growth-factor) whenever it grows, so that factor is V8's own (2) until
 * the young generation has reached that size, then 1.
 */
export function growHeapSlowly(): void {
  releaseYoung();
  setFlagsFromString('--heap-growing-percent=50');
  const isGrown = () =>
    (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) >= MOST_NEW_SPACE_BYTES;
  const stopGrowing = () => setFlagsFromString('--semi-space-growth-factor=1');
  if (isGrown()) return stopGrowing();
  growYoungAsUsual();
  // Looked at after each collection (a young one grows it), until it has grown that far.
  const observer = new PerformanceObserver(() => {
    if (!isGrown()) return;
    stopGrowing();
    observer.disconnect();
  });
  observer.observe({ entryTypes: ['gc'] });
}

/** V8's own growth of the young generation (a batch that does not grow its heap slowly: bin/batch-heap.js held it). */
export function growYoungAsUsual(): void {
  releaseYoung();
  setFlagsFromString('--semi-space-growth-factor=2');
}

/**
 * The young generation no longer held by bin/batch-heap.js (its global mark cleared): that file stops loading Node's
 * own modules under V8's default flags, which are no longer the ones it set.
 */
function releaseYoung(): void {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('karya.batchHeap.youngHeld')];
}
