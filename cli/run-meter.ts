// A long command's progress line on stderr: parts done, time left at this run's pace (engine/pace.ts) and the
// calls, tokens and credits spent so far. On a terminal one line redrawn in place under the command's own lines;
// to a pipe or a file plain lines, one a part and at most one every few seconds between parts.
import {
  countedProvider,
  durationIn,
  numberIn,
  runFigures,
  type Lang,
  type Provider,
  type RunFigures,
  type Tally,
} from '../engine/index.js';
import { progressWord as say } from './progress-words.js';
import { holdStatusLine } from './util.js';

/** Where the line goes: stderr, or a stream a test reads. */
export interface MeterStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface MeterOptions {
  lang: Lang;
  /** Parts the run's work has in all, and those done before it started (a resumed run's). */
  planned: number;
  done: number;
  /** Whether the command charges credits (a translation's parts, a book's steps): the line names them only then. */
  hasCredits?: boolean;
  stream?: MeterStream;
  /** The clock, in ms (a test's own). */
  now?: () => number;
  /** Plain lines between parts at most this often (ms). */
  plainEveryMs?: number;
  /** A terminal's line redrawn at most this often (ms) but for a part done. */
  redrawEveryMs?: number;
}

/** Counts one run's calls, tokens, credits and parts, and shows them. */
export class RunMeter {
  private lang: Lang;
  private readonly stream: MeterStream;
  private readonly isTty: boolean;
  private readonly now: () => number;
  private readonly startedMs: number;
  private doneAtStart: number;
  private readonly hasCredits: boolean;
  private readonly plainEveryMs: number;
  private readonly redrawEveryMs: number;
  private planned: number;
  private done: number;
  /** The requests sent and the tokens answered so far. */
  private readonly spent: Tally = { calls: 0, tokens: 0 };
  private credits = 0;
  private lastShownMs: number;
  private lastPlain = '';
  /** The figures of the last plain line but its time, which moves on its own. */
  private lastPlainFigures = '';
  private isDrawn = false;
  private isFinished = false;
  private release: (() => void) | undefined;

  constructor(opts: MeterOptions) {
    this.lang = opts.lang;
    this.stream = opts.stream ?? process.stderr;
    this.isTty = this.stream.isTTY === true;
    this.now = opts.now ?? Date.now;
    this.startedMs = this.now();
    // The first plain line comes with the first part, or a while after the start: not at the first call.
    this.lastShownMs = this.startedMs;
    this.planned = opts.planned;
    this.done = opts.done;
    this.doneAtStart = opts.done;
    this.hasCredits = opts.hasCredits === true;
    this.plainEveryMs = opts.plainEveryMs ?? 5_000;
    this.redrawEveryMs = opts.redrawEveryMs ?? 100;
    // The command's own lines (cli/util.ts info) go above the line drawn here, which is drawn again under them.
    if (this.isTty && this.stream === process.stderr)
      this.release = holdStatusLine({ clear: () => this.clear(), redraw: () => this.draw() });
  }

  /**
   * `provider` with every text request it sends counted, each retry of it too (the server saw one more request),
   * and the tokens its answer reports.
   */
  counted(provider: Provider): Provider {
    return countedProvider(provider, this.spent, () => this.tick());
  }

  /** A part done (and the credits it was charged): shown at once. */
  partDone(credits = 0): void {
    this.done++;
    this.credits += credits;
    this.show(true);
  }

  /**
   * Where the run starts, once known (the parts a resumed run found done, the book's language): before its first part.
   */
  startAt(done: number, planned: number, lang: Lang = this.lang): void {
    this.done = done;
    this.doneAtStart = done;
    this.planned = planned;
    this.lang = lang;
  }

  /** Something moved (a call ended): shown when the line is due. */
  tick(): void {
    this.show(false);
  }

  figures(): RunFigures {
    return runFigures({
      startedMs: this.startedMs,
      nowMs: this.now(),
      doneAtStart: this.doneAtStart,
      done: this.done,
      planned: this.planned,
      calls: this.spent.calls,
      tokens: this.spent.tokens,
      credits: this.credits,
    });
  }

  /** The line as the writer reads it. */
  text(): string {
    return meterText(this.figures(), this.lang, this.hasCredits);
  }

  /** The last line: on a terminal the one drawn is left in place; plain, the last figures unless just said. */
  finish(): void {
    // Once: a command that ends its line before its last lines (publish's files) ends it again on a failure.
    if (this.isFinished) return;
    this.isFinished = true;
    this.release?.();
    this.release = undefined;
    if (this.isTty) {
      this.draw();
      if (this.isDrawn) this.stream.write('\n');
      this.isDrawn = false;
      return;
    }
    // Only when a figure moved since the last line: the clock alone (a second more of "all done in") is no news.
    if (this.figuresKey() !== this.lastPlainFigures) this.stream.write(`  ${this.text()}\n`);
  }

  private figuresKey(): string {
    return `${this.done}/${this.planned}/${this.spent.calls}/${this.spent.tokens}/${this.credits}`;
  }

  private show(isPart: boolean): void {
    const at = this.now();
    if (this.isTty) {
      if (isPart || at - this.lastShownMs >= this.redrawEveryMs) {
        this.lastShownMs = at;
        this.draw();
      }
      return;
    }
    if (!isPart && at - this.lastShownMs < this.plainEveryMs) return;
    const line = this.text();
    if (line === this.lastPlain) return;
    this.lastShownMs = at;
    this.lastPlain = line;
    this.lastPlainFigures = this.figuresKey();
    this.stream.write(`  ${line}\n`);
  }

  private draw(): void {
    this.stream.write(`\r\x1b[K  ${this.text()}`);
    this.isDrawn = true;
  }

  private clear(): void {
    if (this.isDrawn) this.stream.write('\r\x1b[K');
    this.isDrawn = false;
  }
}

/**
 * "about 30 s left" (or "all done in 2 min 5 s", or that it is known once a part is done), in the writer's language.
 */
export function leftText(f: RunFigures, lang: Lang): string {
  if (f.done >= f.planned) return say('allDone', lang, { time: durationIn(f.elapsedSeconds, lang) });
  return f.etaSeconds === null ? say('leftUnknown', lang) : say('left', lang, { time: durationIn(f.etaSeconds, lang) });
}

/**
 * "so far: calls 4, tokens 1,200, credits 2" (credits only for a command that charges them), in the writer's language.
 */
export function spentText(f: RunFigures, lang: Lang, hasCredits: boolean): string {
  const n = (x: number) => numberIn(x, lang);
  return hasCredits
    ? say('spentCredits', lang, { calls: n(f.calls), tokens: n(f.tokens), credits: n(f.credits) })
    : say('spent', lang, { calls: n(f.calls), tokens: n(f.tokens) });
}

/** "2 of 5 parts · about 30 s left · so far: calls 4, tokens 1,200, credits 2", in the writer's language. */
export function meterText(f: RunFigures, lang: Lang, hasCredits: boolean): string {
  return (
    `${say('parts', lang, { done: numberIn(f.done, lang), planned: numberIn(f.planned, lang) })} ` +
    `· ${leftText(f, lang)} · ${spentText(f, lang, hasCredits)}`
  );
}
