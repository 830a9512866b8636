// Stop and the stopped draft: the server stops the book's step being written, keeps its text so far as
// the draft of that part (paid for once text had arrived; refunded before) and answers the book with it;
// the stream then ends with step_stopped. The draft card offers Continue, Rewrite…, Keep and Discard.
import { useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { toast } from 'react-hot-toast';
import type { BookSpec, BookView, Lang, StepRef } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { callShowingWaits } from '../lib/model-wait.js';
import { useAuth } from '../lib/auth.js';
import { draftPosition } from './Manuscript.js';
import type { StoppedAction } from './StoppedDraft.js';
import { useFailed } from './useBookEdits.js';
import { pageWord } from './words.js';
import { stepWord } from './stepWords.js';

export function useStopped(opts: {
  bookType: string;
  spec: BookSpec;
  ui: Lang;
  book: BookView | null;
  setBook: Dispatch<SetStateAction<BookView | null>>;
  /** No step is being written or followed here: a stopped draft is shown only then. */
  isQuiet: boolean;
  onStopped: () => void;
  resync: () => Promise<void>;
  dropDraft: (part: StepRef) => void;
}) {
  const { bookType, ui, setBook } = opts;
  const { setCredits } = useAuth();
  const failed = useFailed(ui);
  // While Stop is on its way the stream may end first: the book on hand still has the draft from before
  // (Continue writes on from it), so no draft is shown until the server answers with the one it kept.
  const [isStopping, setStopping] = useState(false);
  const kept = opts.isQuiet && !isStopping ? (opts.book?.stopped ?? null) : null;
  // The draft's part named in the page's words (`label`: the sentences around it are the page's, "Bab 3: draf yang
  // dihentikan", never an English book's "Chapter 3" in a Malay one); `bookLabel` the book's own (its heading while
  // it is written on).
  const stopped = useMemo(
    () => (kept ? { ...kept, label: stepWord(opts.spec, kept, ui), bookLabel: kept.label } : null),
    [kept, opts.spec, ui],
  );
  // After Stop the writer is with the draft: it is brought into view and its heading focused, once.
  const isStoppedShown = useRef(true);
  useEffect(() => {
    if (!stopped || isStoppedShown.current) return;
    isStoppedShown.current = true;
    requestAnimationFrame(() => {
      const draft = document.getElementById('part-stopped');
      draft?.scrollIntoView?.({ block: 'start' });
      draft?.querySelector<HTMLElement>('[data-part-heading]')?.focus({ preventScroll: true });
    });
  }, [stopped]);
  const stopStep = async () => {
    setStopping(true);
    try {
      const answer = await call('POST /progress/:bookType/stop', { params: { bookType }, body: {} });
      setBook(answer.book);
      opts.onStopped();
      setCredits(answer.credits_available);
      if (answer.stopped) isStoppedShown.current = false;
      toast(pageWord(answer.stopped ? 'stoppedKept' : 'stopped', ui), { id: 'generation-result' });
    } catch (e) {
      if (e instanceof ApiError && e.code === 'no_step_running') void opts.resync();
      else toast.error(pageWord('stopFailed', ui));
    } finally {
      setStopping(false);
    }
  };
  const finishStopped = async (
    part: StepRef,
    label: string,
    action: StoppedAction,
    note: string,
  ): Promise<string | null> => {
    const position = draftPosition(part);
    try {
      if (action === 'discard') {
        await call('DELETE /progress/:bookType/drafts/:position', { params: { bookType, position } });
        setBook((b) => (b ? { ...b, stopped: undefined } : b));
        toast(pageWord('stoppedDiscarded', ui), { id: 'generation-result' });
      } else {
        // Asked as events: what a continue or rewrite waits for (the model, a rate limit and its seconds) is shown
        // meanwhile.
        const answer = await callShowingWaits('POST /progress/:bookType/stopped', {
          params: { bookType },
          body: { part, action, ...(note ? { note } : {}) },
        });
        setBook(answer.book);
        setCredits(answer.credits_available);
        if (answer.restarted_version !== undefined)
          toast(pageWord('wroteMoreRestarted', ui, { n: answer.restarted_version }), {
            id: 'generation-result',
            duration: 10_000,
          });
        else toast.success(pageWord('stoppedFinished', ui, { part: label }), { id: 'generation-result' });
      }
      opts.dropDraft(part);
      return null;
    } catch (e) {
      return failed(e, 'stoppedFailed');
    }
  };
  return { stopped, stopStep, finishStopped };
}
