// The story bible's threads (the book's promises) in its panel: each with where it was opened, the part it
// should pay off in, where it stands, and "Overdue" once it is open past that part; with the hint that a
// due chapter is typed into the notes as "thread | opened | open | due Chapter 5".
import type { BookView, Lang } from '../engine.js';
import { pageWord } from './words.js';

export type ThreadView = NonNullable<BookView['threads']>[number];

export function Threads({
  threads,
  lang,
  bookLang,
  isEditable,
}: {
  threads: readonly ThreadView[];
  lang: Lang;
  bookLang?: Lang;
  isEditable: boolean;
}) {
  if (threads.length === 0 && !isEditable) return null;
  return (
    <section className="mt-3" aria-labelledby="bible-threads-h" lang={lang} data-testid="bible-threads">
      <h4 id="bible-threads-h" className="text-sm font-semibold">
        {pageWord('threadsTitle', lang)}
      </h4>
      {isEditable && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400" data-testid="threads-hint">
          {pageWord('threadsHint', lang)}
        </p>
      )}
      {threads.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {threads.map((t, i) => (
            <li
              key={`${i}-${t.thread}`}
              className={
                t.is_overdue
                  ? 'rounded bg-amber-50 px-2 py-1 text-amber-900 dark:bg-amber-950/40 dark:text-amber-200'
                  : 'px-2 py-1'
              }
              data-testid="bible-thread"
              data-overdue={t.is_overdue}
            >
              <span className="font-medium" lang={bookLang}>
                {t.thread}
              </span>
              <span className="text-gray-700 dark:text-gray-300">
                {' · '}
                {pageWord('threadOpened', lang, { part: t.opened })}
                {t.due && (
                  <>
                    {' · '}
                    <span data-testid="thread-due">{pageWord('threadDue', lang, { part: t.due })}</span>
                  </>
                )}
                {' · '}
                {pageWord(`thread_${t.status}`, lang)}
              </span>
              {t.is_overdue && (
                <strong className="font-semibold" data-testid="thread-overdue">
                  {' · '}
                  <span aria-hidden="true">⚠ </span>
                  {pageWord('threadOverdue', lang)}
                </strong>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
