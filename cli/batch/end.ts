// How a batch stops: its bars and JSON lines closed early, or its end (the packages of --publish, the closing line,
// the JSON summary and the exit code).
import { CliExit, EXIT } from '../util.js';
import { interruptedExitCode } from '../interrupt.js';
import type { BatchResult } from './scheduler.js';
import type { PublishSpent } from './publish.js';
import type { HumanProgress } from './report.js';
import type { ndjsonWriter } from './ndjson.js';

export type JsonOut = ReturnType<typeof ndjsonWriter>;

/** Before the process ends early: the bars cleared and the JSON lines gathered so far written out. */
export function stopOutput(progress: HumanProgress | undefined, emitJson: JsonOut | undefined): void {
  progress?.stop();
  emitJson?.flush();
}

/**
 * The end of a batch: the packages of --publish, the bars' last line, the JSON summary, and the exit code
 * (interrupted 130 or 143, a failed book 1). The closing line and the summary count the publishing steps'
 * calls and tokens with the books': the packages are made first.
 */
export async function endBatch(
  result: BatchResult,
  progress: HumanProgress | undefined,
  emitJson: JsonOut | undefined,
  publish?: (spent: PublishSpent) => Promise<void>,
): Promise<void> {
  const exitCode = result.isInterrupted ? interruptedExitCode() : result.failed ? EXIT.failed : EXIT.ok;
  const spent: PublishSpent = { calls: 0, tokens: 0 };
  const totals = (): BatchResult => ({
    ...result,
    calls: result.calls + spent.calls,
    tokens: result.tokens + spent.tokens,
  });
  if (publish) {
    progress?.stop();
    try {
      await publish(spent);
    } catch (error) {
      progress?.finish(totals());
      throw error;
    }
  }
  progress?.finish(totals());
  emitJson?.({
    type: 'summary',
    ...totals(),
    exitCode,
    ...(progress ? { progress: { ...progress.figures(), calls: totals().calls, tokens: totals().tokens } } : {}),
  });
  emitJson?.flush();
  if (exitCode !== EXIT.ok) throw new CliExit(exitCode);
}
