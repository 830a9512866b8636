// One step's event stream from the server: the words as they arrive (the first at once), then its done or
// error event. A generation request is never sent again on its own: the model's failures are retried by the
// server's provider alone (engine/providers/retry.ts), and a POST sent again may be a step asked and paid twice.
// A connection lost before any text says so in plain words (the writer has Retry); lost mid-stream, the step is
// left to the server (stream_lost: the page follows the book). It answers how the stream ended.
import { useCallback, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'react-hot-toast';
import { catalogueMessage, type DonePayload, type GenerateBody, type Lang } from '../engine.js';
import { ApiError, routeUrl } from '../lib/api.js';
import { postEventStream, refusalStatus } from '../lib/events.js';
import { pageWord } from './words.js';
import { studioMessage } from './messages.js';

/**
 * What the step waits for, in the server's words: a retry its model's server asked for (`isRetry`), or a slow model.
 */
export interface StepWait {
  message: string;
  isRetry: boolean;
}

/** `draftText`: a stopped draft written on (`fromDraft`): shown first, the streamed words after it (not sent). */
export type GenerationRequest = GenerateBody & { settings: Record<string, unknown>; draftText?: string };

/** How a step's stream ended: the step's result, a failure (with the text that had arrived), or aborted here. */
export type StreamOutcome = { done: DonePayload } | { failure: ApiError; streamed?: string } | { isAborted: true };

/**
 * The text streamed so far, what the step waits for before its first words (the server's `waiting` event in its
 * words: a rate limit and its seconds, a slow model), and `stream`, which runs one request to its outcome (sent once).
 */
export function useStepStream(generatorId: string) {
  const [streaming, setStreaming] = useState('');
  const [wait, setWait] = useState<StepWait | null>(null);
  const stream = useCallback(
    async (request: GenerationRequest, signal: AbortSignal, l: Lang): Promise<StreamOutcome> => {
      const sent = await attemptOnce(generatorId, request, signal, l, setStreaming, setWait).finally(() =>
        setWait(null),
      );
      if (!('thrown' in sent)) return sent;
      if (signal.aborted) return { isAborted: true };
      const error = sent.thrown instanceof ApiError ? sent.thrown : new ApiError(0, 'network');
      // Text had arrived: the server keeps writing the step (it is charged and kept), so asking again
      // would only be refused. The page follows the book's state instead, keeping the text.
      if (error.isNetwork && sent.text !== '')
        return {
          failure: new ApiError(0, 'stream_lost', error.message),
          streamed: (request.draftText ?? '') + sent.text,
        };
      if (!error.isNetwork) return { failure: error };
      // In plain words: offline, or the server cannot be reached (not "Maximum retry attempts reached").
      const plain = pageWord(
        typeof navigator !== 'undefined' && navigator.onLine === false ? 'offlineNow' : 'serverUnreachable',
        l,
      );
      toast.error(plain, { id: 'connection-retry' });
      return { failure: new ApiError(0, 'connection_lost', plain) };
    },
    [generatorId],
  );
  return { streaming, setStreaming, wait, stream };
}

/** One request's stream: its outcome, or what it threw with the text that had arrived before. */
async function attemptOnce(
  generatorId: string,
  request: GenerationRequest,
  signal: AbortSignal,
  l: Lang,
  show: (text: string) => void,
  showWait: (wait: StepWait | null) => void,
): Promise<StreamOutcome | { thrown: unknown; text: string }> {
  let text = '';
  let outcome: { done?: DonePayload; error?: ApiError; refused?: ApiError } = {};
  try {
    await postEventStream(
      routeUrl('POST /generators/:id/generate', { params: { id: generatorId } })[1],
      {
        settings: request.settings,
        ...(request.chapterTitle ? { chapterTitle: request.chapterTitle } : {}),
        step: request.step,
        ...(request.fromDraft ? { fromDraft: request.fromDraft } : {}),
      },
      (event) => {
        if (event.event === 'waiting') {
          // Its words until the first words come (a bare "waiting for the model" has none: the usual working line).
          const { message, reason } = event.data as { message?: string; reason?: string };
          if (message) showWait({ message, isRetry: reason !== 'slow_model' });
          // Its turn came (another step of the book ended, a worker took it): the usual working line again.
          else if (reason === 'model') showWait(null);
        } else if (event.event === 'delta') {
          showWait(null);
          const isFirst = text === '';
          text += (event.data as { text?: string }).text ?? '';
          // The first words show at once; later ones render with React's normal batching.
          const shown = (request.draftText ?? '') + text;
          if (isFirst) flushSync(() => show(shown));
          else show(shown);
        } else if (event.event === 'done') {
          outcome = { done: event.data as DonePayload };
        } else if (event.event === 'error') {
          const d = event.data as { code?: string; message?: string; fields?: Record<string, string> };
          // A refusal before any words (the step waited its turn, then was refused: 402, a step that moved on) is
          // handled as the same refusal answered with its status.
          const status = text === '' && d.code ? refusalStatus(d.code) : undefined;
          if (status && d.code) outcome = { refused: new ApiError(status, d.code, d.message ?? '', d.fields) };
          else
            outcome = {
              error: new ApiError(
                502,
                d.code ?? 'generation_failed',
                d.message ?? catalogueMessage('generation_failed', l),
              ),
            };
        }
      },
      signal,
    );
  } catch (e) {
    return { thrown: e, text };
  }
  if (outcome.refused) return { thrown: outcome.refused, text };
  if (outcome.done) return { done: outcome.done };
  const e = outcome.error ?? new ApiError(502, 'no_content', catalogueMessage('no_content', l));
  // A stop the writer asked for is no failure to announce: the page shows the draft kept.
  if (e.code !== 'step_stopped') toast.error(studioMessage(e, l));
  return { failure: e };
}
