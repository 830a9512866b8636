// A batch thread's own failures as data (a code and its params), worded in the reader's language when they reach
// a screen: the book-end thread lost (book-end.ts, whose books' ends are then done on the calling thread), a thread
// that found the jobs invalid (thread-worker.ts) or ended before its books were done (threads.ts). The words are in
// languages/<code>/cli-batch-threads.yaml, English's too.
import { catalogue, KaryaError, sayer, type ErrorParams, type Lang } from '../../engine/index.js';

const WORDS = catalogue('cli-batch-threads', [
  'book_end_busy',
  'book_end_too_slow',
  'book_end_too_large',
  'batch_thread_jobs_invalid',
  'batch_thread_ended',
]);
const say = sayer(WORDS);

export type BatchThreadCode = keyof typeof WORDS;

/** Whether a code (sent across threads as text) is one of a batch thread's failures. */
export const isBatchThreadCode = (code: unknown): code is BatchThreadCode =>
  typeof code === 'string' && Object.hasOwn(WORDS, code);

/** A batch thread's failure: its `message` is its code (for logs); `messageIn` words it in a language. */
export class BatchThreadError extends KaryaError {
  constructor(
    readonly code: BatchThreadCode,
    override readonly params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'BatchThreadError';
  }

  override messageIn(lang: Lang): string {
    return say(this.code, lang, this.params ?? {});
  }
}
