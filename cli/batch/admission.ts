// How many books of a local batch run at once. Every call of a book waits for the one before it, so a batch of
// many books keeps its calls in flight either way; started all at once (and each call given to the book with the
// most steps left), every book advances a step at a time together and every book ends in the batch's last
// second: each book's end (its files, its continuity, its near-duplicate check) then waits behind all the
// others, after the last call. When the batch is several rounds of its longest book, it runs in waves of as
// many books as keep the calls in flight, and books end all along the run, their ends overlapping the calls.
import type { BookProgress, BookRun } from './book-run.js';

/**
 * Books run beyond the calls in flight, as a share of them: answers come back together, and while a book waits
 * for its answer to be checked and saved, a spare book's call takes its place. Measured on two cores (medians of
 * runs): a twentieth spare cost a batch of 80 books at 20 in flight 7 % of its time against no waves at all;
 * half as many again as the calls kept it within 1 %, and the 400-book batch its ends along the run.
 */
const SPARE_SHARE = 0.5;

/**
 * Steps to spare when the batch's last books start (bookAdmission). A book started at the end takes longer alone than
 * its steps' calls: it waits for a slot at each call, and the slots come free together, as the books that hold them
 * advance together (about 40 ms a call at 20 in flight, a fifth of a 200 ms call). With one step to spare, most
 * runs of 120 books at 20 in flight ended with one to three books' last calls alone, a call's time after all the
 * others (1.051-1.062× their bound); with two, none did (1.042-1.047×). 80 and 400 books: no change.
 */
const END_SPARE_STEPS = 2;

/**
 * How many of these books (steps left each) run at once, with `concurrency` calls in flight: all of them
 * unless the batch is at least two rounds of its longest book; then the books of one wave (the longest book
 * still fits in the time the calls of all of them take, so the batch's bound is kept).
 * @example booksAtOnce(Array(400).fill(10), 100) // 151: waves of 100 books, and 51 spare
 */
export function booksAtOnce(stepsLeft: readonly number[], concurrency: number): number {
  const books = stepsLeft.filter((n) => n > 0);
  const longest = books.reduce((m, n) => Math.max(m, n), 0);
  const rounds = books.reduce((s, n) => s + n, 0) / Math.max(1, concurrency);
  const waves = longest ? Math.floor(rounds / longest) : 0;
  if (waves < 2) return Math.max(1, books.length);
  return Math.min(books.length, Math.ceil(books.length / waves) + Math.ceil(concurrency * SPARE_SHARE) + 1);
}

/**
 * A batch's admission: `admit(book, run)` runs a book once fewer than booksAtOnce books are making calls, the
 * books waiting taken most steps left first (in the jobs file's order among equals). `run` is given the book's
 * progress to tell: each step done, and when its calls are done (its place is free then: its files and checks need
 * no call slot; at the latest when it ends). At the batch's end every book still waiting starts at once, as soon as
 * the steps left would no longer keep the calls in flight for as long as the longest of them takes alone, with
 * END_SPARE_STEPS to spare (their calls then go to the book with the most steps left, so they end together): started
 * any later, as the books before them end, the last books' calls go one after another with the slots beside them
 * empty (a batch of 120 books at 20 in flight spent its last 1.5 s so, 1.20× its bound). Asked at every step done:
 * books that share the slots advance together and end together, so a wave can run for seconds without one ending.
 * A finished book and a series' book (which waits for the book before it) are not held.
 */
export function bookAdmission(
  books: readonly BookRun[],
  concurrency: number,
): <T>(book: BookRun, run: (progress: BookProgress) => Promise<T>) => Promise<T> {
  const held = (b: BookRun) => !b.isComplete && !b.job.series;
  const stepsLeft = books.filter(held).map((b) => b.totalSteps - b.doneSteps);
  const limit = booksAtOnce(stepsLeft, concurrency);
  let running = 0;
  const waiting: Array<{ steps: number; start: () => void }> = [];
  // The steps left in the held books, started or waiting, as they are done.
  let left = stepsLeft.reduce((n, s) => n + Math.max(0, s), 0);
  const next = () => {
    // The batch's end: the steps left would keep the calls in flight no longer than the longest book waiting takes
    // alone, and END_SPARE_STEPS more.
    const isEnd = waiting.length > 0 && left <= concurrency * (waiting[0]!.steps + END_SPARE_STEPS);
    while ((running < limit || isEnd) && waiting.length) {
      running++;
      waiting.shift()!.start();
    }
  };
  return async (book, run) => {
    if (!held(book)) return run({ stepDone: () => undefined, callsDone: () => undefined });
    const steps = book.totalSteps - book.doneSteps;
    await new Promise<void>((start) => {
      const at = waiting.findIndex((w) => w.steps < steps);
      waiting.splice(at < 0 ? waiting.length : at, 0, { steps, start });
      next();
    });
    let stepsToDo = steps;
    let isDone = false;
    const callsDone = () => {
      if (isDone) return;
      isDone = true;
      running--;
      // A book that stopped early (failed, stopped) leaves its other steps undone.
      left -= stepsToDo;
      next();
    };
    const stepDone = () => {
      if (isDone || stepsToDo === 0) return;
      stepsToDo--;
      left--;
      if (waiting.length) next();
    };
    try {
      return await run({ stepDone, callsDone });
    } finally {
      callsDone();
    }
  };
}
