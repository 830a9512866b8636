// One generation request from a generator page: the event stream (deltas, then done or error), the
// loading toast, the 3-minute timer, automatic retries after a network failure (3, with a toast each),
// the elapsed seconds for the slow hints, and cancelling when the page is left.
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { toast } from 'react-hot-toast';
import { catalogueMessage, sleep, type DonePayload, type GenerateBody, type Lang } from '../engine.js';
import { ApiError, postEventStream, routeUrl } from '../lib/api.js';
import { pageWord } from './words.js';
import { studioMessage } from './messages.js';

export const GENERATION_TIMEOUT_MS = 180_000;
export const NETWORK_RETRIES = 3;
export const NETWORK_RETRY_DELAY_MS = 2000;

export type GenerationRequest = GenerateBody & { settings: Record<string, unknown> };

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
  const [streaming, setStreaming] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const controllerRef = useRef<AbortController | null>(null);
  const toastRef = useRef<string | undefined>(undefined);
  const lastRef = useRef<GenerationRequest | null>(null);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const langRef = useRef(lang);
  langRef.current = lang;

  // Leaving the page cancels the request (the server refunds it) and dismisses the loading toast.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
      if (toastRef.current) toast.dismiss(toastRef.current);
    },
    [],
  );

  useEffect(() => {
    if (status !== 'loading') return;
    const started = Date.now();
    setElapsed(0);
    const t = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, [status]);

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
      setStatus('loading');
      setError(null);
      setStreaming('');
      // No loading toast (it covered the progress header for the whole stream): the preview says
      // "Generating content..." under the text being written, with its hints, and the button says so too.
      if (toastRef.current) toast.dismiss(toastRef.current);
      toastRef.current = undefined;
      const finish = () => {
        clearTimeout(timer);
        if (toastRef.current) toast.dismiss(toastRef.current);
        toastRef.current = undefined;
      };
      const fail = (e: ApiError, streamed = '') => {
        finish();
        setStreaming('');
        const isHandled = callbacksRef.current.onFailure(e, streamed) === true;
        setStatus(isHandled ? 'idle' : 'error');
        setError(isHandled ? null : studioMessage(e, l));
      };

      for (let attempt = 0; ; attempt++) {
        let text = '';
        let outcome: { done?: DonePayload; error?: ApiError } = {};
        try {
          await postEventStream(
            routeUrl('POST /generators/:id/generate', { params: { id: generatorId } })[1],
            { settings: request.settings, ...(request.chapterTitle ? { chapterTitle: request.chapterTitle } : {}), step: request.step },
            (event) => {
              if (event.event === 'delta') {
                const isFirst = text === '';
                text += (event.data as { text?: string }).text ?? '';
                // The first words show at once; later ones render with React's normal batching.
                if (isFirst) flushSync(() => setStreaming(text));
                else setStreaming(text);
              } else if (event.event === 'done') {
                outcome = { done: event.data as DonePayload };
              } else if (event.event === 'error') {
                const d = event.data as { code?: string; message?: string };
                outcome = { error: new ApiError(502, d.code ?? 'generation_failed', d.message ?? catalogueMessage('generation_failed', l)) };
              }
            },
            controller.signal,
          );
        } catch (e) {
          if (controller.signal.aborted) {
            if (controllerRef.current !== controller) return; // replaced by a newer request
            if (isTimedOut) {
              toast.error(pageWord('timeoutToast', l));
              fail(new ApiError(504, 'timeout', catalogueMessage('timeout', l)));
            } else finish();
            return;
          }
          const error = e instanceof ApiError ? e : new ApiError(0, 'network', String(e));
          // Text had arrived: the server keeps writing the step (it is charged and kept), so asking again
          // would only be refused. The page follows the book's state instead, keeping the text.
          if (error.isNetwork && text !== '') {
            fail(new ApiError(0, 'stream_lost', error.message), text);
            return;
          }
          if (error.isNetwork && attempt < NETWORK_RETRIES) {
            toast.error(catalogueMessage('connection_retry', l, { n: String(attempt + 1), max: String(NETWORK_RETRIES) }), { id: 'connection-retry' });
            try {
              await sleep(NETWORK_RETRY_DELAY_MS, controller.signal);
            } catch {
              finish();
              return;
            }
            continue;
          }
          if (error.isNetwork) {
            // In plain words: offline, or the server cannot be reached (not "Maximum retry attempts reached").
            const plain = pageWord(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offlineNow' : 'serverUnreachable', l);
            toast.error(plain, { id: 'connection-retry' });
            fail(new ApiError(0, 'connection_lost', plain));
            return;
          }
          fail(error);
          return;
        }
        if (outcome.done) {
          finish();
          setStreaming('');
          setStatus('success');
          callbacksRef.current.onDone(outcome.done);
        } else {
          const e = outcome.error ?? new ApiError(502, 'no_content', catalogueMessage('no_content', l));
          // A stop the writer asked for is no failure to announce: the page shows the draft kept.
          if (e.code !== 'step_stopped') toast.error(studioMessage(e, l));
          fail(e);
        }
        return;
      }
    },
    [generatorId],
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

  return { status, isLoading: status === 'loading', streaming, error, elapsed, run, retry, reset };
}
