// Ctrl-C and SIGTERM for a command that writes a book: they abort the command's signal (calls in flight
// stop, finished parts stay saved) and are remembered, until the command releases them. An interrupted
// command exits 128 + the signal's number, by convention: 130 after Ctrl-C (SIGINT), 143 after SIGTERM.

let lastSignal: NodeJS.Signals | undefined;

/** Remember which signal interrupted the command (its exit code depends on it). */
export function recordSignal(signal: NodeJS.Signals | undefined): void {
  if (signal === 'SIGINT' || signal === 'SIGTERM') lastSignal = signal;
}

/** The exit code of an interrupted command: 143 after SIGTERM, 130 after Ctrl-C (or when unknown). */
export function interruptedExitCode(): number {
  return lastSignal === 'SIGTERM' ? 143 : 130;
}

export interface Interrupt {
  readonly signal: AbortSignal;
  readonly isInterrupted: boolean;
  /** Stop listening (call in `finally`). */
  release(): void;
}

/**
 * Listen for Ctrl-C and SIGTERM: the first aborts the returned signal. Without `onSecond` a second one, of
 * either kind, ends the process as Node does (the first stops listening to both: a SIGTERM after a Ctrl-C was
 * swallowed, and the command went on); with it (a batch), the second runs `onSecond` (stop the progress bars,
 * flush the output) and exits at once with the interrupted exit code, and the first aborts with the
 * reason `interrupted` (the scheduler hands it to the calls it stops).
 */
export function listenForInterrupt(opts: { onSecond?: () => void } = {}): Interrupt {
  const controller = new AbortController();
  let isInterrupted = false;
  const stopListening = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  const onSignal = (signal?: NodeJS.Signals) => {
    recordSignal(signal);
    if (isInterrupted && opts.onSecond) {
      opts.onSecond();
      process.exit(interruptedExitCode());
    }
    isInterrupted = true;
    if (opts.onSecond) controller.abort(new Error('interrupted'));
    else {
      stopListening();
      controller.abort();
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    get isInterrupted() {
      return isInterrupted;
    },
    release: stopListening,
  };
}
