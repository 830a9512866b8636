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

export function listenForInterrupt(): Interrupt {
  const controller = new AbortController();
  let isInterrupted = false;
  const onSignal = (signal?: NodeJS.Signals) => {
    recordSignal(signal);
    isInterrupted = true;
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    get isInterrupted() {
      return isInterrupted;
    },
    release() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}
