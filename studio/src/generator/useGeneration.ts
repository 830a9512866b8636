// One generation request from a generator page: its stream (useStepStream.ts: the words, then done or
// error; sent once, never again on its own), the 3-minute timer, the elapsed seconds for the slow hints, the
// outcome handed to the page, Retry, and cancelling when the page is left.
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { catalogueMessage, type DonePayload, type Lang } from '../engine.js';
import { ApiError } from '../lib/api.js';
import { pageWord } from './words.js';
import { studioMessage } from './messages.js';
import { useStepStream, type GenerationRequest } from './useStepStream.js';

export type { GenerationRequest } from './useStepStream.js';
export const GENERATION_TIMEOUT_MS = 180_000;

export type GenerationStatus = 'idle' | 'loading' | 'error' | 'success';

export interface GenerationCallbacks {
  onDone(payload: DonePayload): void;
  /**
   * A failure before or during the stream; return true when the page handled it fully (no error state).
   * `streamed`: the text that had arrived (a connection lost mid-stream: the server writes the step to its
   * end, so it is not asked again; the page follows the book instead, code `stream_lost`).
   */
  onFailure(error: ApiError, streamed: string): boolean | void;
}

export function useGeneration(generatorId: string, lang: Lang, callbacks: GenerationCallbacks) {
  const [status, setStatus] = useState<GenerationStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const { streaming, setStreaming, wait, stream } = useStepStream(generatorId);
  const elapsed = useElapsed(status === 'loading');
  const controllerRef = useRef<AbortController | null>(null);
  const lastRef = useRef<GenerationRequest | null>(null);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const langRef = useRef(lang);
  langRef.current = lang;

  // Leaving the page cancels the request (the server refunds it).
  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(
    async (request: GenerationRequest) => {
      const l = langRef.current;
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      lastRef.current = request;
      let isTimedOut = false;
      const timer = setTimeout(() => {
        isTimedOut = true;
        controller.abort();
      }, GENERATION_TIMEOUT_MS);
      // No loading toast (it covered the progress header for the whole stream): the preview says
      // "Generating content..." under the text being written, with its hints, and the button says so too.
      setStatus('loading');
      setError(null);
      setStreaming(request.draftText ?? '');
      const fail = (e: ApiError, streamed = '') => {
        clearTimeout(timer);
        setStreaming('');
        const isHandled = callbacksRef.current.onFailure(e, streamed) === true;
        setStatus(isHandled ? 'idle' : 'error');
        setError(isHandled ? null : studioMessage(e, l));
      };
      const outcome = await stream(request, controller.signal, l);
      if ('done' in outcome) {
        clearTimeout(timer);
        setStreaming('');
        setStatus('success');
        callbacksRef.current.onDone(outcome.done);
      } else if ('failure' in outcome) fail(outcome.failure, outcome.streamed);
      else if (controllerRef.current !== controller)
        return; // replaced by a newer request
      else if (isTimedOut) {
        toast.error(pageWord('timeoutToast', l));
        // The message names the studio's own limit (3 minutes).
        const wait = catalogueMessage('wait_minutes', l, { n: String(Math.ceil(GENERATION_TIMEOUT_MS / 60_000)) });
        fail(new ApiError(504, 'timeout', catalogueMessage('timeout_after', l, { wait })));
      } else clearTimeout(timer);
    },
    [stream],
  );

  const retry = useCallback(() => {
    if (lastRef.current) void run(lastRef.current);
  }, [run]);

  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setStatus('idle');
    setError(null);
    setStreaming('');
  }, []);

  return { status, isLoading: status === 'loading', streaming, wait, error, elapsed, run, retry, reset };
}

/** Whole seconds since `isRunning` last turned true (0 until then). */
function useElapsed(isRunning: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!isRunning) return;
    const started = Date.now();
    setElapsed(0);
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, [isRunning]);
  return elapsed;
}
