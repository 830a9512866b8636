// The book as the server holds it: the saved book (books) or the last piece (short pieces), shown at once
// on entry (a writer who comes back finds the book as they left it, with a note that offers a new one
// unless they came for it from My Books or a step is being written), read again after a conflict, and
// cleared by Start New.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { savedProgressOf, type BookView, type FormModel, type Lang, type SavedProgress } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { isContinuedBook } from '../lib/books.js';
import { seriesNextOf } from '../components/NextInSeries.js';
import { valuesFromSettings, type SettingsFormApi } from './form.js';
import { pageWord } from './words.js';
import { translate } from '../i18n/translate.js';

export type Output = { text: string; image?: string };

/** How often the book is read again while its story bible is being updated after an edit. */
const BIBLE_POLL_MS = 2500;

export function useSavedBook(form: FormModel, isBook: boolean, methods: SettingsFormApi['methods'], ui: Lang) {
  const location = useLocation();
  // The book as the server last answered it (books only).
  const [book, setBook] = useState<BookView | null>(null);
  const [output, setOutput] = useState<Output | null>(null);
  // The book found on entry, named by the note above the page until a step is written or a new book started.
  const [resumed, setResumed] = useState<SavedProgress | null>(null);
  // The saved book's id (its story map's address), known once the book is read from the server.
  const [bookId, setBookId] = useState<number | null>(null);
  const [hasNoCurrentBook, setHasNoCurrentBook] = useState(false);

  // Resume: the saved progress found on entry is the page's book at once.
  useEffect(() => {
    if (!form.flow.savesProgress) return;
    let isCurrent = true;
    call('GET /progress/:bookType', { params: { bookType: form.bookType } }).then(
      (answer) => {
        const p = savedProgressOf(answer);
        // No current book: an unfinished one kept by Start New may be offered (KeptBookOffer).
        if (isCurrent && !p) setHasNoCurrentBook(true);
        if (!isCurrent || !p || (p.generator_id && p.generator_id !== form.id)) return;
        // Continued from My Books or the dashboard: the page shows it at once.
        if (isContinuedBook(location.state, p.id)) {
          restore(p);
          // A series' next book (from My Books or the series page): saved with its brief filled from the series.
          const next = seriesNextOf(location.state);
          if (next)
            toast(translate('series.prefilled', ui, { n: next.number, name: next.name }), {
              id: 'series-prefilled',
              duration: 8000,
            });
          return;
        }
        // A step is being written (the writer left during it): the page shows it at once and follows it.
        if (p.book?.running) {
          restore(p);
          return;
        }
        if (p.content.length === 0 && p.outline === null) return;
        restore(p);
        setResumed(p);
      },
      (e: unknown) => {
        if (isCurrent && !(e instanceof ApiError && e.status === 401)) toast.error(pageWord('progressLoadFailed', ui));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [form]);

  const restore = useCallback(
    (p: SavedProgress) => {
      methods.reset(valuesFromSettings(form, p.settings));
      setBookId(p.id);
      if (isBook) setBook(p.book ?? null);
      else if (p.content.length > 0) setOutput({ text: p.content[p.content.length - 1]! });
    },
    [form, isBook, methods],
  );

  /** Re-read the server's book after a conflict (another tab, a closed dialog). */
  const resync = useCallback(async () => {
    try {
      const p = savedProgressOf(await call('GET /progress/:bookType', { params: { bookType: form.bookType } }));
      if (p) restore(p);
      else setBook(null);
    } catch {
      setBook(null);
    }
  }, [form.bookType, restore]);

  useBibleCatchUp(book, form.bookType, setBook);

  const clearSaved = useClearSaved(form.bookType);

  return {
    book,
    setBook,
    bookId,
    output,
    setOutput,
    resumed,
    setResumed,
    hasNoCurrentBook,
    restore,
    resync,
    clearSaved,
  };
}

/** Start New's clearing of the saved book: true once it is gone (or was not there), a toast either way. */
function useClearSaved(bookType: string) {
  return useCallback(
    async (l: Lang) => {
      try {
        await call('DELETE /progress/:bookType', { params: { bookType: bookType } });
        toast.success(pageWord('progressCleared', l));
        return true;
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return true;
        toast.error(pageWord('progressClearFailed', l));
        return false;
      }
    },
    [bookType],
  );
}

/**
 * The story bible being brought up to date after an edit (the server does it in the background): the book
 * is read again every few seconds until it is done, so the parts' notices clear and the bible shows the result.
 */
function useBibleCatchUp(
  book: BookView | null,
  bookType: string,
  setBook: Dispatch<SetStateAction<BookView | null>>,
): void {
  const isBibleUpdating = book?.bible_updating === true;
  useEffect(() => {
    if (!isBibleUpdating) return;
    let isCurrent = true;
    const timer = setTimeout(() => {
      call('GET /progress/:bookType', { params: { bookType: bookType } }).then(
        (answer) => {
          const p = savedProgressOf(answer);
          // The read book replaces the shown one only if nothing changed it meanwhile (same parts).
          if (isCurrent && p?.book)
            setBook((shown) => (shown && shown.parts.length === p.book!.parts.length ? p.book! : shown));
        },
        () => undefined,
      );
    }, BIBLE_POLL_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [isBibleUpdating, book, bookType]);
}

/** The saved book and what changes it, as useSavedBook answers them. */
export type SavedBook = ReturnType<typeof useSavedBook>;
