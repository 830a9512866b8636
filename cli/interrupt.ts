// Ctrl-C and SIGTERM for a command that writes a book: they abort the command's signal (calls in flight
// stop, finished parts stay saved) and are remembered, until the command releases them.

export interface Interrupt {
  readonly signal: AbortSignal;
  readonly isInterrupted: boolean;
  /** Stop listening (call in `finally`). */
  release(): void;
}

export function listenForInterrupt(): Interrupt {
  const controller = new AbortController();
  let isInterrupted = false;
  const onSignal = () => {
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
