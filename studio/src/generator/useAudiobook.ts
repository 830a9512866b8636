// The Audio edition panel's state (AudioPanel.tsx): how the book's audio edition stands, as the server says, asked
// again while the server makes it, and the balance shown again once a run ends.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AudiobookStatus } from '../engine.js';
import { call } from '../lib/api.js';

/** How often the panel asks how a run stands while the server makes the edition. */
const POLL_MS = 1_500;

/** The audio edition's status (`setStatus` for a run just asked for), whether it failed to load, whether it runs. */
export function useAudiobookStatus(bookId: number, refresh: () => Promise<unknown>) {
  const [status, setStatus] = useState<AudiobookStatus | null>(null);
  const [hasLoadFailed, setHasLoadFailed] = useState(false);
  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setStatus(await call('GET /books/:id/audiobook', { params: { id: bookId }, ...(signal ? { signal } : {}) }));
      } catch (error) {
        if ((error as Error).name !== 'AbortError') setHasLoadFailed(true);
      }
    },
    [bookId],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  // While the server makes it: asked again until it is made or has failed.
  const isRunning = status?.job?.state === 'waiting' || status?.job?.state === 'running';
  useEffect(() => {
    if (!isRunning) return;
    const timer = setTimeout(() => void load(), POLL_MS);
    return () => clearTimeout(timer);
  }, [isRunning, status, load]);
  // The run ended (made and charged, or failed and refunded): the balance shown again.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !isRunning) void refresh();
    wasRunning.current = isRunning;
  }, [isRunning, refresh]);
  return { status, setStatus, hasLoadFailed, isRunning };
}
