// Following a step this page is not streaming: one the server reports running (the writer came back
// during it), or one whose stream was lost. The book is read again every 1.5 s until the step has
// landed; the text streamed so far stays; offline and server-down are said in plain words.
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { savedProgressOf, type BookView, type Lang, type StepRef } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { pageWord } from './words.js';

/** A step followed rather than streamed here (a lost stream, a refused duplicate): its text so far. */
export type Following = { text: string; step: StepRef | null; label: string };
export type Connection = 'ok' | 'offline' | 'server';

/** Follow the running step of `book` (or the one set with setFollowing) while this page is not streaming. */
export function useFollowStep(
  bookType: string,
  ui: Lang,
  book: BookView | null,
  setBook: (book: BookView | null) => void,
  isStreaming: boolean,
  isBook: boolean,
) {
  const { refresh, setUser } = useAuth();
  const [following, setFollowing] = useState<Following | null>(null);
  const followingRef = useRef(following);
  followingRef.current = following;
  const serverRunning = isBook && !isStreaming ? (book?.running ?? null) : null;
  const isFollowing = !isStreaming && (following !== null || serverRunning !== null);
  const [connection, setConnection] = useState<Connection>('ok');
  useEffect(() => {
    if (!isFollowing) {
      setConnection('ok');
      return;
    }
    let isCurrent = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      clearTimeout(timer);
      try {
        const p = savedProgressOf(await call('GET /progress/:bookType', { params: { bookType } }));
        if (!isCurrent) return;
        setConnection('ok');
        setBook(p?.book ?? null);
        if (!p?.book?.running) {
          const wanted = followingRef.current?.step;
          const next = p?.book?.next;
          const isLanded = !wanted || !next || next.kind !== wanted.kind || next.position !== wanted.position;
          if (followingRef.current && !isLanded && followingRef.current.text)
            toast(pageWord('stepStopped', ui), { id: 'generation-result' });
          void refresh();
          setFollowing(null);
          return;
        }
      } catch (e) {
        if (!isCurrent) return;
        if (e instanceof ApiError && e.status === 401) {
          setUser(null);
          return;
        }
        setConnection(typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'server');
      }
      if (isCurrent) timer = setTimeout(() => void poll(), 1500);
    };
    const onOnline = () => void poll();
    window.addEventListener('online', onOnline);
    void poll();
    return () => {
      isCurrent = false;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one polling loop per following episode
  }, [isFollowing, bookType]);
  const followText =
    serverRunning && serverRunning.text.length >= (following?.text.length ?? 0)
      ? serverRunning.text
      : (following?.text ?? '');
  const followLabel = serverRunning?.label ?? following?.label ?? '';
  const followRef: StepRef | null = serverRunning
    ? {
        kind: serverRunning.kind,
        ...(serverRunning.position !== undefined ? { position: serverRunning.position } : {}),
      }
    : (following?.step ?? null);
  return { setFollowing, isFollowing, connection, followText, followLabel, followRef };
}
