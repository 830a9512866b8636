// A batch's figures as it runs: steps done of those planned, time left at this run's pace (engine/pace.ts) and the
// calls, tokens and credits spent so far, added up from its events (each says what was sent since the one before:
// spent.ts). The progress shows them (report.ts) and --json gives them on each step's event.
import { runFigures, type Lang, type RunFigures } from '../../engine/index.js';
import { leftText, meterText, spentText } from '../run-meter.js';
import type { BatchEvent } from './book-run.js';

export interface BatchMeterOptions {
  total: number;
  done: number;
  lang: Lang;
  /** Credits a step of this job costs (its generator's cost per step). */
  creditsOf?: (job: string) => number;
  now?: () => number;
  /** A plain line at most this often (ms) between the steps that are due one. */
  plainEveryMs?: number;
}

export class BatchMeter {
  private readonly now: () => number;
  private readonly startedMs: number;
  private readonly doneAtStart: number;
  private readonly lang: Lang;
  private readonly creditsOf: ((job: string) => number) | undefined;
  private readonly plainEveryMs: number;
  /** Steps between plain lines: about ten lines for the run's steps. */
  private readonly plainSteps: number;
  private readonly total: number;
  private done: number;
  private calls = 0;
  private tokens = 0;
  private credits = 0;
  private lastPlainMs: number;
  private lastPlainDone: number;

  constructor(opts: BatchMeterOptions) {
    this.now = opts.now ?? Date.now;
    this.startedMs = this.now();
    this.total = opts.total;
    this.done = opts.done;
    this.doneAtStart = opts.done;
    this.lang = opts.lang;
    this.creditsOf = opts.creditsOf;
    this.plainEveryMs = opts.plainEveryMs ?? 5_000;
    this.plainSteps = Math.max(1, Math.ceil((opts.total - opts.done) / 10));
    this.lastPlainMs = this.startedMs;
    this.lastPlainDone = opts.done;
  }

  /** The event counted: its calls and tokens, and a step done with its credits. */
  hear(event: BatchEvent): void {
    if ('spent' in event && event.spent) {
      this.calls += event.spent.calls;
      this.tokens += event.spent.tokens;
    }
    if (event.type === 'step_done') {
      this.done++;
      this.credits += this.creditsOf?.(event.job) ?? 0;
    }
  }

  figures(): RunFigures {
    return runFigures({
      startedMs: this.startedMs,
      nowMs: this.now(),
      doneAtStart: this.doneAtStart,
      done: this.done,
      planned: this.total,
      calls: this.calls,
      tokens: this.tokens,
      credits: this.credits,
    });
  }

  /** The whole line: steps done, time left, spent so far. */
  line(): string {
    return meterText(this.figures(), this.lang, this.creditsOf !== undefined);
  }

  /** Time left and spent so far, for a bar that shows the steps itself. */
  tail(): string {
    const f = this.figures();
    return `${leftText(f, this.lang)} · ${spentText(f, this.lang, this.creditsOf !== undefined)}`;
  }

  /**
   * Whether a plain line is due after a step: every tenth of the run's steps, at most every few seconds between, and
   * the last.
   */
  isPlainDue(): boolean {
    const at = this.now();
    const isDue =
      this.done >= this.total ||
      this.done - this.lastPlainDone >= this.plainSteps ||
      (this.done > this.lastPlainDone && at - this.lastPlainMs >= this.plainEveryMs);
    if (isDue) {
      this.lastPlainMs = at;
      this.lastPlainDone = this.done;
    }
    return isDue;
  }
}
