// How a batch tells people what happens: human progress on stderr (cli-progress bars on a terminal, plain lines
// otherwise; NO_COLOR honoured). The NDJSON events for programs (--json) are in ndjson.ts, a step's marks in
// step-marks.ts.
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { BatchEvent, BatchResult } from './scheduler.js';
import { formatSeconds } from './plan.js';
import { batchCount, batchWord, failedWords } from '../batch-words.js';
import { numberIn, sharePercent, type Lang, type RunFigures } from '../../engine/index.js';
import { BatchMeter } from './batch-meter.js';
import { batchedWriter } from './ndjson.js';
import { pad, stepLine, stepMark } from './step-marks.js';
import { closeMarkLines, type CloseMark } from './near-duplicates.js';
import { sharedLang } from '../saved-book-words.js';
import { writerLang } from '../langs.js';
import type { BatchJob } from './jobs.js';

/** Colours only on a terminal and only when NO_COLOR is unset or empty (https://no-color.org). */
export function shouldUseColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

type Paint = (code: number, text: string) => string;

/** " (HTTP 429)" after a failed call's code when the provider answered with a status, else ''. */
const httpOf = (status?: number) => (status ? ` (HTTP ${status})` : '');

export interface ProgressOptions {
  stream?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
  totalSteps: number;
  doneSteps: number;
  books: number;
  /** Most book bars shown at once under the overall bar. */
  maxBars?: number;
  cwd?: string;
  /** The language of the time left and the cost so far (the books' when they share one). */
  lang?: Lang;
  /** Credits a step of this job costs: the cost so far names credits when given. */
  creditsOf?: (job: string) => number;
  /** The clock of the time left, in ms (a test's own). */
  now?: () => number;
}

/** Human progress on stderr. */
export class HumanProgress {
  private readonly stream: NodeJS.WriteStream;
  private readonly isTty: boolean;
  private readonly paint: Paint;
  private readonly multibar?: cliProgress.MultiBar;
  private readonly overall?: cliProgress.SingleBar;
  private readonly bars = new Map<string, { bar: cliProgress.SingleBar; lastActive: number; isBusy: boolean }>();
  private readonly maxBars: number;
  private readonly cwd: string;
  private done: number;
  private succeeded = 0;
  private failed = 0;
  private readonly total: number;
  /** The books marked too close to another, for the closing lines. */
  private readonly marked: Array<{ job: string; closeTo: CloseMark[] }> = [];
  private isStopped = false;
  /** Steps done, time left and the cost so far (batch-meter.ts). */
  private readonly meter: BatchMeter;
  /** The language of every line (the books' when they share one). */
  private readonly lang: Lang;

  /** Lines to a pipe or file, gathered per turn of the event loop (a terminal shows bars instead). */
  private readonly out: { write(text: string): void; flush(): void };

  constructor(opts: ProgressOptions) {
    this.stream = opts.stream ?? process.stderr;
    this.out = batchedWriter(this.stream);
    this.isTty = this.stream.isTTY === true;
    const hasColor = shouldUseColor(this.stream, opts.env);
    this.paint = hasColor ? (code, text) => `\x1b[${code}m${text}\x1b[0m` : (_code, text) => text;
    this.maxBars = opts.maxBars ?? 8;
    this.cwd = opts.cwd ?? process.cwd();
    this.done = opts.doneSteps;
    this.total = opts.totalSteps;
    this.lang = opts.lang ?? writerLang();
    this.meter = new BatchMeter({
      total: this.total,
      done: this.done,
      lang: this.lang,
      ...(opts.creditsOf ? { creditsOf: opts.creditsOf } : {}),
      ...(opts.now ? { now: opts.now } : {}),
    });
    if (this.isTty) {
      this.multibar = new cliProgress.MultiBar(
        {
          stream: this.stream,
          hideCursor: true,
          clearOnComplete: false,
          barsize: 24,
          format: '  {name} {bar} {value}/{total} {step}',
        },
        cliProgress.Presets.shades_classic,
      );
      this.overall = this.multibar.create(
        this.total,
        this.done,
        { counts: this.counts(), meter: this.meter.tail() },
        {
          format:
            `${this.paint(1, batchWord('barName', this.lang))} {bar} ` +
            `{value}/{total} ${batchWord('barSteps', this.lang)} · {counts} · {duration_formatted} · {meter}`,
        },
      );
    } else {
      this.line(batchWord('start', this.lang, { books: opts.books, left: this.total - this.done, total: this.total }));
    }
  }

  /** The figures as they stand: steps, time left, calls, tokens, credits (--json gives them on each step's event). */
  figures(): RunFigures {
    return this.meter.figures();
  }

  handle(event: BatchEvent): void {
    this.meter.hear(event);
    this.showEvent(event);
    if (this.overall) this.overall.update(this.done, { counts: this.counts(), meter: this.meter.tail() });
    else if (event.type === 'step_done' && this.meter.isPlainDue()) this.line(`  ${this.meter.line()}`);
  }

  private showEvent(event: BatchEvent): void {
    switch (event.type) {
      case 'job_started':
        if (!this.isTty) {
          const lang = this.lang;
          const where =
            event.done >= event.steps
              ? batchWord('alreadyWritten', lang)
              : event.done
                ? batchWord('resumingAt', lang, { step: event.done + 1, steps: event.steps })
                : batchCount('steps', event.steps, lang);
          // The book's budget of model calls (engine/budget.ts), as `karya generate` prints its own.
          const calls = event.calls
            ? `; ${batchCount('callsPlanned', event.calls.planned, lang, { bound: event.calls.bound })}`
            : '';
          this.line(`▶ ${event.job} (${event.generator}, ${event.lang}): ${where}${calls}`);
        }
        return;
      case 'step_started':
        this.showBar(event.job, event.done, event.steps, `${event.step}…`);
        return;
      case 'step_done': {
        this.done++;
        this.overall?.update(this.done, { counts: this.counts() });
        const lang = this.lang;
        if (this.isTty) {
          const b = this.bars.get(event.job);
          if (b) {
            b.isBusy = false;
            b.lastActive = Date.now();
            b.bar.update(event.done, { name: pad(event.job), step: `${event.step} ${stepMark(event, lang)}` });
          }
        } else {
          this.line(stepLine(event, this.done, this.total, lang));
        }
        // What was done to the answers (asked again, assistant paragraphs out, the time-out): said on every terminal.
        for (const note of event.notes ?? []) this.line(`    ${event.job}: ${note}`);
        return;
      }
      case 'step_retry': {
        const retrying = batchWord('retrying', this.lang, {
          seconds: numberIn(event.waitSeconds, this.lang, 1),
          attempt: event.attempt + 1,
        });
        this.line(
          this.paint(33, `  ↻ ${event.job} · ${event.step}: ${event.code}${httpOf(event.status)}; ${retrying}`),
        );
        return;
      }
      case 'rate_limited':
        this.line(
          this.paint(
            33,
            `  … ${batchWord('rateLimited', this.lang, { seconds: numberIn(event.waitSeconds, this.lang, 1) })}`,
          ),
        );
        return;
      case 'job_done':
        this.succeeded++;
        this.dropBar(event.job);
        this.line(`${this.paint(32, '✓')} ${event.job} → ${this.relative(event.out)} (${this.jobFigures(event)})`);
        for (const line of closeMarkLines(event.closeTo, this.lang))
          this.line(this.paint(33, `  ⚠ ${event.job}: ${line}`));
        if (event.reused !== undefined)
          this.line(
            this.paint(
              33,
              `  ⚠ ${event.job}: ${batchWord('reused', this.lang, { share: sharePercent(event.reused) })}`,
            ),
          );
        if (event.closeTo.length) this.marked.push({ job: event.job, closeTo: event.closeTo });
        this.overall?.update(this.done, { counts: this.counts() });
        return;
      case 'job_failed':
        this.failed++;
        this.dropBar(event.job);
        this.line(
          `${this.paint(31, '✗')} ${event.job}${event.step ? ` · ${event.step}` : ''}: ` +
            `${event.code}${httpOf(event.status)}: ${failedWords(event, this.lang)}`,
        );
        this.overall?.update(this.done, { counts: this.counts() });
        return;
    }
  }

  /** Stop the bars and print the closing lines. */
  finish(result: BatchResult): void {
    this.stop();
    const lang = this.lang;
    const parts = [batchWord('booksWritten', lang, { done: result.succeeded, books: result.books })];
    if (result.failed) parts.push(this.paint(31, batchWord('failed', lang, { n: result.failed })));
    if (result.unfinished) parts.push(batchWord('unfinished', lang, { n: result.unfinished }));
    if (result.shortParts)
      parts.push(
        this.paint(33, batchWord('shortPartsWhy', lang, { parts: batchCount('shortParts', result.shortParts, lang) })),
      );
    if (result.repeatingParts)
      parts.push(
        this.paint(
          33,
          batchWord('repeatingPartsWhy', lang, { parts: batchCount('repeatingParts', result.repeatingParts, lang) }),
        ),
      );
    if (result.tooClose) parts.push(this.paint(33, batchWord('tooClose', lang, { n: result.tooClose })));
    parts.push(
      batchCount('calls', result.calls, lang),
      ...(result.retries ? [batchCount('retries', result.retries, lang)] : []),
      ...(result.tokens ? [batchCount('tokens', result.tokens, lang)] : []),
      formatSeconds(result.seconds, lang),
    );
    this.stream.write(`karya batch: ${parts.join(' · ')}\n`);
    // Stores remove a book not significantly different from another: each marked book, named again at the end.
    for (const { job, closeTo } of this.marked)
      for (const line of closeMarkLines(closeTo, lang)) this.stream.write(`  ⚠ ${job}: ${line}\n`);
    if (result.isInterrupted) this.stream.write(`karya: ${batchWord('interrupted', lang)}\n`);
    else if (result.failed) this.stream.write(`karya: ${batchWord('retryFailed', lang)}\n`);
  }

  /** A finished book's figures: its words, short and repeating parts, calls and time. */
  private jobFigures(event: Extract<BatchEvent, { type: 'job_done' }>): string {
    const lang = this.lang;
    const figures = [
      ...(event.words ? [batchCount('words', event.words, lang)] : []),
      ...(event.shortParts ? [batchCount('shortParts', event.shortParts, lang)] : []),
      ...(event.repeatingParts ? [batchCount('repeatingParts', event.repeatingParts, lang)] : []),
      batchCount('calls', event.calls, lang),
      formatSeconds(event.seconds, lang),
    ];
    return figures.join(', ');
  }

  /** Stop drawing at once (interrupt or error). */
  stop(): void {
    this.out.flush();
    // Once: a batch with --publish stops the bars before its packages, and closes with finish after them.
    if (this.isStopped) return;
    this.isStopped = true;
    this.multibar?.stop();
  }

  private showBar(job: string, value: number, total: number, step: string): void {
    if (!this.multibar) return;
    let b = this.bars.get(job);
    if (!b) {
      if (this.bars.size >= this.maxBars) {
        const idle = [...this.bars.entries()]
          .filter(([, x]) => !x.isBusy)
          .sort((x, y) => x[1].lastActive - y[1].lastActive)[0];
        if (!idle) return;
        this.dropBar(idle[0]);
      }
      b = { bar: this.multibar.create(total, value, { name: pad(job), step }), lastActive: Date.now(), isBusy: true };
      this.bars.set(job, b);
    }
    b.isBusy = true;
    b.lastActive = Date.now();
    b.bar.update(value, { name: pad(job), step });
  }

  private dropBar(job: string): void {
    const b = this.bars.get(job);
    if (!b || !this.multibar) return;
    this.multibar.remove(b.bar);
    this.bars.delete(job);
  }

  private counts(): string {
    const failed = this.failed ? `, ${this.paint(31, batchWord('failed', this.lang, { n: this.failed }))}` : '';
    return `${batchCount('booksDone', this.succeeded, this.lang)}${failed}`;
  }

  private line(text: string): void {
    if (this.multibar) this.multibar.log(`${text}\n`);
    else this.out.write(`${text}\n`);
  }

  private relative(file: string): string {
    const r = path.relative(this.cwd, file);
    return r && !r.startsWith('..') ? r : file;
  }
}

/** The progress' language (the books' when they share one) and each job's credits a step. */
export function meterOf(jobs: readonly BatchJob[]) {
  const cost = new Map(jobs.map((j) => [j.name, j.spec.cost]));
  return { lang: sharedLang(jobs), creditsOf: (job: string) => cost.get(job) ?? 0 };
}
