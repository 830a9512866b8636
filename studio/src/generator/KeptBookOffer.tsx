// Entering a generator with no current book, when the writer has an unfinished book of it kept by "Start
// New": the spec's question ("Continue Previous Progress?") for that book, as a note above the new book's form.
// Continue Progress makes it the
// current book (POST /api/books/:id/continue) and the page shows it; Start New Book leaves it in My Books.
import { useEffect, useState } from 'react';
import type { MyBook } from '../engine.js';
import { toast } from 'react-hot-toast';
import type { Lang } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { useMyBooks } from '../lib/books.js';
import { translate } from '../i18n/index.js';
import { pageWord } from './words.js';

const OFFER_CLASS = [
  'mb-6 flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center',
  'sm:justify-between dark:border-neutral-700 dark:bg-neutral-800/60',
].join(' ');

/**
 * `isActive`: the page found no current book on entry (the books are read then, and the offer decided
 * once: a book kept later by this page's own Start New is not offered); `isHidden`: the page has a book now.
 */
export function KeptBookOffer({
  generatorId,
  isActive,
  isHidden,
  lang,
  onContinued,
}: {
  generatorId: string;
  isActive: boolean;
  isHidden: boolean;
  lang: Lang;
  onContinued(): void;
}) {
  const [decided, setDecided] = useState<MyBook | null | undefined>(undefined);
  const { books } = useMyBooks({ isEnabled: isActive && decided === undefined });
  const [isDismissed, setIsDismissed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  useEffect(() => {
    // The latest unfinished book of this generator (the list is the most recently changed first).
    if (books && decided === undefined)
      setDecided(books.find((b) => b.generator_id === generatorId && !b.is_finished && !b.is_current) ?? null);
  }, [books, decided, generatorId]);
  const offered = decided && !isDismissed && !isHidden ? decided : undefined;
  const t = (key: Parameters<typeof translate>[0], vars?: Parameters<typeof translate>[2]) =>
    translate(key, lang, vars);

  const resume = async () => {
    if (!offered) return;
    setIsBusy(true);
    try {
      await call('POST /books/:id/continue', { params: { id: offered.id } });
      setIsDismissed(true);
      onContinued();
    } catch (error) {
      toast.error(t(error instanceof ApiError && error.status === 409 ? 'books.continueBusy' : 'books.continueFailed'));
    } finally {
      setIsBusy(false);
    }
  };

  if (!offered) return null;
  // A note above the page, not a dialog: the page stays usable (a new book's form) while it is there.
  return (
    <section className={OFFER_CLASS} aria-labelledby="kept-book-offer-h" data-testid="kept-book-offer">
      <div className="min-w-0">
        <h2 id="kept-book-offer-h" className="font-semibold">
          {pageWord('resumeTitle', lang)}
        </h2>
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          {t('books.continueOfferBody', {
            type: offered.type_label,
            title: offered.title,
            chapters: t('books.chapters', { n: offered.chapters_total, written: offered.chapters_written }),
          })}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={() => setIsDismissed(true)}>
          {pageWord('startNewBook', lang)}
        </button>
        <button type="button" className="btn-primary" disabled={isBusy} onClick={() => void resume()}>
          {pageWord('continueProgress', lang)}
        </button>
      </div>
    </section>
  );
}
