// A batch's translation jobs (`- translate: {book: 12, to: ms}`): checked with the other jobs before anything
// is spent, run after the books of the batch are written (an edition of a book the batch writes needs the book),
// one at a time through `karya translate` (resumable like it: a rerun of the file goes on where it stopped).
import { isLang, langs, type Lang } from '../../engine/index.js';
import type { RawJob } from './jobs-file.js';
import { CliExit, EXIT, wholeNumber } from '../util.js';
import { translateBook } from '../commands/index.js';
import { jobIssue, jobLabel, jobWords, type JobIssue, type JobWords } from './job-words.js';

export interface TranslateJob {
  readonly index: number;
  readonly line: number;
  readonly book: number;
  readonly to: Lang;
  readonly glossary?: string;
}

/** An event of a translation job on --json's stream. */
export type TranslateEvent =
  | { type: 'translated'; job: number; book: number; to: string }
  | { type: 'translate_failed'; job: number; book: number; to: string; exitCode: number };

/**
 * The jobs that translate, taken out of the file's jobs, and what is wrong with them (said as the other jobs' issues:
 * issueLine).
 */
export function translateJobsOf(raw: readonly RawJob[]): { jobs: TranslateJob[]; rest: RawJob[]; issues: JobIssue[] } {
  const jobs: TranslateJob[] = [];
  const rest: RawJob[] = [];
  const issues: JobIssue[] = [];
  for (const item of raw) {
    const value = item.value as Record<string, unknown> | null;
    if (!value || typeof value !== 'object' || !('translate' in value)) {
      rest.push(item);
      continue;
    }
    const label = jobLabel(item.index, undefined);
    const add = (field: string, words: JobWords) => issues.push(jobIssue({ label, line: item.line, field, words }));
    const t = value.translate as Record<string, unknown> | null;
    const others = Object.keys(value).filter((k) => k !== 'translate');
    if (others.length) add('', jobWords('translateOnly', { others: others.join(', ') }));
    else if (!t || typeof t !== 'object') add('translate', jobWords('translateShape', { langs: langs().join('|') }));
    else {
      const book = typeof t.book === 'number' ? t.book : wholeNumber(String(t.book ?? ''));
      if (book === undefined || !Number.isInteger(book) || book < 1)
        add('translate.book', jobWords('translateBook', { value: String(t.book ?? '') }));
      // The languages Karya writes, joined as the batch's language joins choices (`en, ms, or id`; `en, ms atau id`).
      else if (!isLang(t.to))
        add(
          'translate.to',
          jobWords('translateTo', { value: String(t.to ?? ''), langs: { list: langs(), join: 'or' } }),
        );
      else if (t.glossary !== undefined && typeof t.glossary !== 'string')
        add('translate.glossary', jobWords('translateGlossary'));
      else
        jobs.push({
          index: item.index,
          line: item.line,
          book,
          to: t.to,
          ...(typeof t.glossary === 'string' ? { glossary: t.glossary } : {}),
        });
    }
  }
  return { jobs, rest, issues };
}

/**
 * Run the translation jobs one after another; the number that failed (each failure said on stderr by karya translate).
 */
export async function runTranslateJobs(
  jobs: readonly TranslateJob[],
  opts: { state?: string; emit?: (event: TranslateEvent) => void },
): Promise<number> {
  let failed = 0;
  for (const job of jobs) {
    try {
      await translateBook(
        {
          book: String(job.book),
          to: job.to,
          ...(opts.state !== undefined ? { state: opts.state } : {}),
          ...(job.glossary ? { glossary: job.glossary } : {}),
        },
        { stdout: (text) => (opts.emit ? undefined : void process.stdout.write(text)) },
      );
      opts.emit?.({ type: 'translated', job: job.index, book: job.book, to: job.to });
    } catch (error) {
      if (!(error instanceof CliExit)) throw error;
      // An interrupt stops the batch; anything else is this job's failure, and the next one runs.
      if (error.exitCode !== EXIT.failed && error.exitCode !== EXIT.badInput) throw error;
      failed++;
      opts.emit?.({ type: 'translate_failed', job: job.index, book: job.book, to: job.to, exitCode: error.exitCode });
    }
  }
  return failed;
}
