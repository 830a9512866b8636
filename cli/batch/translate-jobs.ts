// A batch's translation jobs (`- translate: {book: 12, to: ms}`): checked with the other jobs before anything
// is spent, run after the books of the batch are written (an edition of a book the batch writes needs the book),
// one at a time through `karya translate` (resumable like it: a rerun of the file goes on where it stopped).
import { isLang, langs, type Lang } from '../../engine/index.js';
import type { RawJob } from './jobs-file.js';
import { CliExit, EXIT, wholeNumber } from '../util.js';
import { translateBook } from '../commands/index.js';
import { langList } from '../langs.js';

export interface TranslateJob {
  readonly index: number;
  readonly line: number;
  readonly book: number;
  readonly to: Lang;
  readonly glossary?: string;
}

/** An event of a translation job on --json's stream. */
export type TranslateEvent = { type: 'translated'; job: number; book: number; to: string } | { type: 'translate_failed'; job: number; book: number; to: string; exitCode: number };

/** The jobs that translate, taken out of the file's jobs, and what is wrong with them (`file:line: message`). */
export function translateJobsOf(raw: readonly RawJob[], file: string): { jobs: TranslateJob[]; rest: RawJob[]; issues: string[] } {
  const jobs: TranslateJob[] = [];
  const rest: RawJob[] = [];
  const issues: string[] = [];
  for (const item of raw) {
    const value = item.value as Record<string, unknown> | null;
    if (!value || typeof value !== 'object' || !('translate' in value)) {
      rest.push(item);
      continue;
    }
    const where = `${file}:${item.line}: job ${item.index}`;
    const t = value.translate as Record<string, unknown> | null;
    const others = Object.keys(value).filter((k) => k !== 'translate');
    if (others.length) issues.push(`${where}: a translate job has only translate: {book, to, glossary}; ${others.join(', ')} belong to a book job`);
    else if (!t || typeof t !== 'object') issues.push(`${where}: translate: expected {book: ID, to: ${langs().join('|')}}`);
    else {
      const book = typeof t.book === 'number' ? t.book : wholeNumber(String(t.book ?? ''));
      if (book === undefined || !Number.isInteger(book) || book < 1) issues.push(`${where}: translate.book: "${String(t.book ?? '')}" is not a book id (karya books lists them)`);
      // A jobs file's lines are the operator's, in English as the batch's others say theirs ('en', not the table's
      // first language, whose order is data): the list joined in English too.
      else if (!isLang(t.to)) issues.push(`${where}: translate.to: "${String(t.to ?? '')}" is not a language Karya writes; use ${langList('en')}`);
      else if (t.glossary !== undefined && typeof t.glossary !== 'string') issues.push(`${where}: translate.glossary: the path of a YAML glossary file`);
      else jobs.push({ index: item.index, line: item.line, book, to: t.to, ...(typeof t.glossary === 'string' ? { glossary: t.glossary } : {}) });
    }
  }
  return { jobs, rest, issues };
}

/** Run the translation jobs one after another; the number that failed (each failure said on stderr by karya translate). */
export async function runTranslateJobs(jobs: readonly TranslateJob[], opts: { state?: string; emit?: (event: TranslateEvent) => void }): Promise<number> {
  let failed = 0;
  for (const job of jobs) {
    try {
      await translateBook({ book: String(job.book), to: job.to, ...(opts.state !== undefined ? { state: opts.state } : {}), ...(job.glossary ? { glossary: job.glossary } : {}) }, { stdout: (text) => (opts.emit ? undefined : void process.stdout.write(text)) });
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
