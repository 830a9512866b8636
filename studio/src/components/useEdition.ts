// The edition dialog's hooks (EditionDialog.tsx): the book's edition offers, and a run that makes one part by part,
// its progress told as it comes.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { call } from '../lib/api.js';
import { runEdition } from '../lib/editions.js';
import { useAuth } from '../lib/auth.js';
import { useT } from '../i18n/index.js';
import type { BookEditionsResponse, EditionDone, EditionOffer, RunSoFar } from '../engine.js';
import '../i18n/editions.js'; // the studio-editions words it shows load with it (i18n/shared.ts)

export type Running = { state: 'running'; line: string; done: number; total: number; soFar?: RunSoFar };
export type Run =
  | { state: 'idle' }
  | Running
  | { state: 'done'; answer: EditionDone }
  | { state: 'failed'; message: string; done: number; total: number };

/** The book's edition offers, read when the dialog opens and again (`reload`) once a run ends. */
export function useEditionOffers(bookId: number) {
  const [offer, setOffer] = useState<BookEditionsResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    call('GET /books/:id/editions', { params: { id: bookId }, signal: controller.signal }).then(
      setOffer,
      (e: Error) => e.name !== 'AbortError' && setLoadFailed(true),
    );
    return () => controller.abort();
  }, [bookId]);
  const reload = () => void call('GET /books/:id/editions', { params: { id: bookId } }).then(setOffer, () => undefined);
  return { offer, loadFailed, reload };
}

/**
 * Starts the edition of `offer`, its progress told through `setRun`. When paragraphs are left untranslated or it fails,
 * `reload` reads what is left to pay (the parts translated before a failure are kept): the button goes on from there.
 */
export function useStartEdition(
  bookId: number,
  setRun: Dispatch<SetStateAction<Run>>,
  { reload, onMade }: { reload: () => void; onMade: () => void },
) {
  const { t } = useT();
  const { refresh } = useAuth();
  const keepRunning = (r: Run, change: Partial<Running>): Run => (r.state === 'running' ? { ...r, ...change } : r);
  return async (offer: EditionOffer) => {
    const total = offer.cost.parts;
    let done = total - offer.cost.remaining / Math.max(1, offer.cost.per_part);
    setRun({ state: 'running', line: '', done, total });
    try {
      const answer = await runEdition(bookId, offer.to, {
        onProgress: (e) => {
          const words = { label: e.label, window: e.window, windows: e.windows };
          const line = t(e.is_again ? 'edition.askedAgain' : 'edition.progress', words);
          const soFar = e.so_far ? { soFar: e.so_far } : {};
          setRun({ state: 'running', line, done: e.parts_done, total: e.parts_total, ...soFar });
        },
        // A wait the model's server asked for, in its words ("Too many requests… retrying in 30 s"), until the next
        // part.
        onWaiting: (e) => e.message && setRun((r) => keepRunning(r, { line: e.message! })),
        onPart: (e) => {
          done = e.parts_done;
          const soFar = e.so_far ? { soFar: e.so_far } : {};
          setRun((r) => keepRunning(r, { done: e.parts_done, total: e.parts_total, ...soFar }));
        },
      });
      setRun({ state: 'done', answer });
      if (answer.untranslated.length) reload();
      onMade();
    } catch (error) {
      setRun({ state: 'failed', message: (error as Error).message, done, total });
      reload();
      onMade();
    } finally {
      void refresh();
    }
  };
}
