// How a batch tells people and programs what happens: NDJSON events on stdout (--json) and human
// progress on stderr (cli-progress bars on a terminal, plain lines otherwise; NO_COLOR honoured).
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { BatchEvent, BatchResult } from './scheduler.js';
import { formatSeconds } from './plan.js';
import { batchCount, batchWord, failedWords } from '../batch-words.js';
import { numberIn, secondsIn, word } from '../../engine/index.js';
import { sharePercent, type Lang, type RunFigures, type VoiceMarks } from '../../engine/index.js';
import { BatchMeter } from './batch-meter.js';
import type { PublishEvent } from './publish.js';
import { closeMarkLines, type CloseMark } from './near-duplicates.js';
import { sharedLang } from '../saved-book-words.js';
import { writerLang } from '../langs.js';
import type { BatchJob } from './jobs.js';

/** The events --json prints (step_started and rate_limited are for the progress display only). */
export type PublicEvent = Exclude<BatchEvent, { type: 'step_started' }> | ({ type: 'summary'; exitCode: number } & BatchResult) | PublishEvent;

export function isPublicEvent(event: BatchEvent): event is Exclude<BatchEvent, { type: 'step_started' }> {
  return event.type !== 'step_started';
}

/**
 * An event as --json prints it: a step's event with the batch's figures as they stand after it (`progress`: steps
 * done and planned, calls, tokens, credits, elapsed and eta seconds); what was sent since the event before is in them.
 */
export function jsonEvent(event: Exclude<BatchEvent, { type: 'step_started' }>, progress: { figures(): RunFigures } | undefined): PublicEvent {
  if (!('spent' in event)) return event;
  const { spent: _spent, ...rest } = event;
  return (event.type === 'step_done' && progress ? { ...rest, progress: progress.figures() } : rest) as PublicEvent;
}

/** One JSON object per line on a stream. */
export function ndjsonWriter(stream: NodeJS.WritableStream = process.stdout): ((event: PublicEvent) => void) & { flush(): void } {
  const out = batchedWriter(stream);
  return Object.assign((event: PublicEvent) => out.write(`${JSON.stringify(event)}\n`), { flush: out.flush });
}

/**
 * Writes gathered per turn of the event loop: lines written while many calls finish at once go out in one
 * write (a batch of 100 calls in flight would otherwise make a write per line to a pipe or file). Flushed
 * at the latest on the next turn, at 64 KiB, and by `flush()` (before exiting).
 */
export function batchedWriter(stream: NodeJS.WritableStream): { write(text: string): void; flush(): void } {
  let pending: string[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const flush = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (!pending.length) return;
    const text = pending.join('');
    pending = [];
    size = 0;
    stream.write(text);
  };
  return {
    write(text) {
      pending.push(text);
      size += text.length;
      if (size >= 64 * 1024) flush();
      else scheduled ??= setImmediate(flush);
    },
    flush,
  };
}

/** Colours only on a terminal and only when NO_COLOR is unset or empty (https://no-color.org). */
export function shouldUseColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR;
}

type Paint = (code: number, text: string) => string;

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
    this.meter = new BatchMeter({ total: this.total, done: this.done, lang: this.lang, ...(opts.creditsOf ? { creditsOf: opts.creditsOf } : {}), ...(opts.now ? { now: opts.now } : {}) });
    if (this.isTty) {
      this.multibar = new cliProgress.MultiBar(
        { stream: this.stream, hideCursor: true, clearOnComplete: false, barsize: 24, format: '  {name} {bar} {value}/{total} {step}' },
        cliProgress.Presets.shades_classic,
      );
      this.overall = this.multibar.create(this.total, this.done, { counts: this.counts(), meter: this.meter.tail() }, { format: `${this.paint(1, batchWord('barName', this.lang))} {bar} {value}/{total} ${batchWord('barSteps', this.lang)} · {counts} · {duration_formatted} · {meter}` });
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
          const where = event.done >= event.steps ? batchWord('alreadyWritten', lang) : event.done ? batchWord('resumingAt', lang, { step: event.done + 1, steps: event.steps }) : batchCount('steps', event.steps, lang);
          // The book's budget of model calls (engine/budget.ts), as `karya generate` prints its own.
          const calls = event.calls ? `; ${batchCount('callsPlanned', event.calls.planned, lang, { bound: event.calls.bound })}` : '';
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
        const tokens = event.tokens ? ` · ${batchCount('tokens', event.tokens.total, lang)}` : '';
        if (this.isTty) {
          const b = this.bars.get(event.job);
          if (b) {
            b.isBusy = false;
            b.lastActive = Date.now();
            b.bar.update(event.done, { name: pad(event.job), step: `${event.step} ${stepMark(event, lang)}` });
          }
        } else {
          const w = String(this.total).length;
          this.line(`  [${String(this.done).padStart(w)}/${this.total}] ${event.job} · ${event.step}${event.kind === 'image' ? '' : ` · ${batchCount('words', event.words, lang)}`}${event.short ? ` (${batchWord('shortTarget', lang, { target: event.target ?? '' })})` : ''}${event.repeats ? ` (${batchWord('markRepeats', lang)})` : ''}${voiceNote(event, lang)}${tokens} · ${secondsIn(event.seconds, lang, 1)}`);
        }
        // What was done to the answers (asked again, assistant paragraphs out, the time-out): said on every terminal.
        for (const note of event.notes ?? []) this.line(`    ${event.job}: ${note}`);
        return;
      }
      case 'step_retry':
        this.line(this.paint(33, `  ↻ ${event.job} · ${event.step}: ${event.code}${event.status ? ` (HTTP ${event.status})` : ''}; ${batchWord('retrying', this.lang, { seconds: numberIn(event.waitSeconds, this.lang, 1), attempt: event.attempt + 1 })}`));
        return;
      case 'rate_limited':
        this.line(this.paint(33, `  … ${batchWord('rateLimited', this.lang, { seconds: numberIn(event.waitSeconds, this.lang, 1) })}`));
        return;
      case 'job_done':
        this.succeeded++;
        this.dropBar(event.job);
        this.line(`${this.paint(32, '✓')} ${event.job} → ${this.relative(event.out)} (${this.jobFigures(event)})`);
        for (const line of closeMarkLines(event.closeTo, this.lang)) this.line(this.paint(33, `  ⚠ ${event.job}: ${line}`));
        if (event.reused !== undefined) this.line(this.paint(33, `  ⚠ ${event.job}: ${batchWord('reused', this.lang, { share: sharePercent(event.reused) })}`));
        if (event.closeTo.length) this.marked.push({ job: event.job, closeTo: event.closeTo });
        this.overall?.update(this.done, { counts: this.counts() });
        return;
      case 'job_failed':
        this.failed++;
        this.dropBar(event.job);
        this.line(`${this.paint(31, '✗')} ${event.job}${event.step ? ` · ${event.step}` : ''}: ${event.code}${event.status ? ` (HTTP ${event.status})` : ''}: ${failedWords(event, this.lang)}`);
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
    if (result.shortParts) parts.push(this.paint(33, batchWord('shortPartsWhy', lang, { parts: batchCount('shortParts', result.shortParts, lang) })));
    if (result.repeatingParts) parts.push(this.paint(33, batchWord('repeatingPartsWhy', lang, { parts: batchCount('repeatingParts', result.repeatingParts, lang) })));
    if (result.tooClose) parts.push(this.paint(33, batchWord('tooClose', lang, { n: result.tooClose })));
    parts.push(batchCount('calls', result.calls, lang), ...(result.retries ? [batchCount('retries', result.retries, lang)] : []), ...(result.tokens ? [batchCount('tokens', result.tokens, lang)] : []), formatSeconds(result.seconds, lang));
    this.stream.write(`karya batch: ${parts.join(' · ')}\n`);
    // Stores remove a book not significantly different from another: each marked book, named again at the end.
    for (const { job, closeTo } of this.marked) for (const line of closeMarkLines(closeTo, lang)) this.stream.write(`  ⚠ ${job}: ${line}\n`);
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
        const idle = [...this.bars.entries()].filter(([, x]) => !x.isBusy).sort((x, y) => x[1].lastActive - y[1].lastActive)[0];
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
    return `${batchCount('booksDone', this.succeeded, this.lang)}${this.failed ? `, ${this.paint(31, batchWord('failed', this.lang, { n: this.failed }))}` : ''}`;
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

function pad(name: string): string {
  return name.length > 28 ? `${name.slice(0, 27)}…` : name.padEnd(28);
}

/** A book's bar's mark after a step: ⚠ and what marks it (short, repeats, voice, overused), else ✓. */
function stepMark(event: VoiceMarks & { short?: unknown; repeats?: unknown }, lang: Lang): string {
  const mark = event.short ? 'markShort' : event.repeats ? 'markRepeats' : event.voiceDrifts ? 'markVoice' : event.overused ? 'markOverused' : undefined;
  return mark ? `⚠ ${batchWord(mark, lang)}` : '✓';
}

/**
 * " (drifts from your voice: …)" and " (overused phrases: 6.2 per 1,000 words (…))" for a step's line, in `lang`; ''
 * when neither.
 */
function voiceNote(event: VoiceMarks, lang: Lang): string {
  const drifts = event.voiceDrifts ? ` (${word('voiceDrifts', lang, { notes: event.voiceDrifts.join(', ') })})` : '';
  const o = event.overused;
  return `${drifts}${o ? ` (${word('overusedMark', lang, { rate: numberIn(o.perThousand, lang, 1), phrases: o.phrases.slice(0, 4).map((p) => `"${p}"`).join(', ') })})` : ''}`;
}

/** The progress' language (the books' when they share one) and each job's credits a step. */
export function meterOf(jobs: readonly BatchJob[]) {
  const cost = new Map(jobs.map((j) => [j.name, j.spec.cost]));
  return { lang: sharedLang(jobs), creditsOf: (job: string) => cost.get(job) ?? 0 };
}
