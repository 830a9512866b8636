// How far a long run is and what it has cost so far: the parts done of those planned, the time left at the pace
// of this run, and the calls, tokens and credits spent. One rule for every caller (the CLI's progress lines,
// the server's events, the studio); the caller reads the clock and passes the times in.
import { providerThrough, type Provider, type TextRequest } from './provider.js';

/** A run's progress as every report gives it (the CLI's `--json`, the server's events). */
export interface RunFigures {
  /** Parts done, those done before this run included. */
  readonly done: number;
  /** Parts the run's work has in all. */
  readonly planned: number;
  /** Model requests sent by this run. */
  readonly calls: number;
  /** Tokens their answers reported (prompt and answer). */
  readonly tokens: number;
  /** Credits charged by this run. */
  readonly credits: number;
  /** Seconds since the run started. */
  readonly elapsedSeconds: number;
  /** Seconds left at this run's pace; null until this run has done a part (no pace yet), 0 once every part is done. */
  readonly etaSeconds: number | null;
}

/** What a run's figures are computed from: its counts and the clock readings, in ms, of its start and of now. */
export interface PaceInput {
  startedMs: number;
  nowMs: number;
  /** Parts already done when the run started (a resumed run's): they took none of its time. */
  doneAtStart: number;
  done: number;
  planned: number;
  calls?: number;
  tokens?: number;
  credits?: number;
}

/**
 * The run's figures: the time left is the parts still to do at the mean time of the parts this run did (a
 * second at least while any is left).
 * @example runFigures({ startedMs: 0, nowMs: 20_000, doneAtStart: 0, done: 2, planned: 5 }).etaSeconds // 30
 */
export function runFigures(input: PaceInput): RunFigures {
  const elapsedMs = Math.max(0, input.nowMs - input.startedMs);
  const doneHere = input.done - input.doneAtStart;
  const left = Math.max(0, input.planned - input.done);
  const eta =
    doneHere > 0 && left > 0
      ? Math.max(1, Math.round(((elapsedMs / doneHere) * left) / 1000))
      : left === 0 && input.done > 0
        ? 0
        : null;
  return {
    done: input.done,
    planned: input.planned,
    calls: input.calls ?? 0,
    tokens: input.tokens ?? 0,
    credits: input.credits ?? 0,
    elapsedSeconds: Math.round(elapsedMs / 100) / 10,
    etaSeconds: eta,
  };
}

/** The requests a run sent and the tokens their answers reported, as they are counted. */
export interface Tally {
  calls: number;
  tokens: number;
}

/**
 * `provider` with every request it sends counted in `tally`: each text request and each retry of it (the server
 * saw one more request), each image request, and the tokens each answer reports. `onCall` runs as each ends.
 */
export function countedProvider(provider: Provider, tally: Tally, onCall: () => void = () => undefined): Provider {
  return providerThrough(provider, {
    text: async (request: TextRequest, send) => {
      tally.calls++;
      const asked: TextRequest = {
        ...request,
        onRetry: (notice) => {
          tally.calls++;
          request.onRetry?.(notice);
        },
      };
      try {
        const answer = await send(asked);
        tally.tokens += answer.usage?.totalTokens ?? 0;
        return answer;
      } finally {
        onCall();
      }
    },
    image: async (request, send) => {
      tally.calls++;
      try {
        return await send(request);
      } finally {
        onCall();
      }
    },
  });
}
