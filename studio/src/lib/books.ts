// The writer's books (GET /api/books) for My Books, the dashboard and a generator page, and "Continue":
// the book becomes the current book of its generator (POST /api/books/:id/continue) and the generator
// page opens with it.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import type { MyBook } from '../engine.js';
import { ApiError, call } from './api.js';
import { useGenerators } from './generators.js';
import { useRefetchOnOnline } from '../components/LoadError.js';
import { useT } from '../i18n/index.js';

/** The navigation state a generator page reads: the book just continued opens at once, without the resume dialog. */
export interface ContinuedBookState {
  continuedBook: number;
}

export function isContinuedBook(state: unknown, id: number | undefined): boolean {
  return (
    id !== undefined &&
    typeof state === 'object' &&
    state !== null &&
    (state as Partial<ContinuedBookState>).continuedBook === id
  );
}

/** The writer's books, the most recently changed first; null while loading. */
export function useMyBooks(opts: { isEnabled?: boolean } = {}) {
  const [books, setBooks] = useState<MyBook[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  const isEnabled = opts.isEnabled ?? true;
  useEffect(() => {
    if (!isEnabled) return;
    const controller = new AbortController();
    setLoadError(null);
    call('GET /books', { signal: controller.signal }).then(
      (r) => setBooks(r.books),
      (error: Error) => {
        if (error.name !== 'AbortError') setLoadError(error);
      },
    );
    return () => controller.abort();
  }, [reload, isEnabled]);
  const retry = useCallback(() => setReload((n) => n + 1), []);
  useRefetchOnOnline(retry, loadError !== null);
  return { books, setBooks, loadError, retry };
}

/** The route of a book's generator page, or undefined (the list not loaded yet, or the generator gone). */
export function useBookRoute(): (book: Pick<MyBook, 'generator_id'>) => string | undefined {
  const { generators } = useGenerators();
  return useCallback((book) => generators?.find((g) => g.id === book.generator_id)?.route, [generators]);
}

/** Continue a book: make it current, then open its generator page with it. False when that failed (said in a toast). */
export function useContinueBook(): (book: Pick<MyBook, 'id' | 'generator_id'>) => Promise<boolean> {
  const navigate = useNavigate();
  const routeOf = useBookRoute();
  const { t } = useT();
  return useCallback(
    async (book) => {
      const route = routeOf(book);
      if (!route) return false;
      try {
        await call('POST /books/:id/continue', { params: { id: book.id } });
      } catch (error) {
        toast.error(
          t(error instanceof ApiError && error.status === 409 ? 'books.continueBusy' : 'books.continueFailed'),
        );
        return false;
      }
      navigate(route, { state: { continuedBook: book.id } satisfies ContinuedBookState });
      return true;
    },
    [navigate, routeOf, t],
  );
}
