// The outline as chapters (issue 25): one card per chapter with its title and plan, and a note ("what must
// happen here") that goes into that chapter's request. The writer edits, moves, inserts and deletes the
// chapters not written yet; written chapters show as locked cards. Saved all at once
// (PUT /api/progress/:bookType/outline); the chapter count, progress and the conclusion follow.
import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, Lock, Plus, Trash2 } from 'lucide-react';
import type { Lang } from '../engine.js';
import type { BookView } from '../../../engine/contract/index.js';
import { pageWord } from './words.js';

export type OutlineChapterView = NonNullable<BookView['chapters']>[number];
export interface ChapterEdit {
  title: string;
  plan: string;
  note?: string;
}

interface Card {
  /** A stable key for React (cards move). */
  key: number;
  title: string;
  plan: string;
  note: string;
  isWritten: boolean;
}

let nextKey = 1;
const cardsOf = (chapters: readonly OutlineChapterView[]): Card[] => chapters.map((c) => ({ key: nextKey++, title: c.title, plan: c.plan, note: c.note, isWritten: c.is_written }));
const sameAs = (cards: readonly Card[], chapters: readonly OutlineChapterView[]) =>
  cards.length === chapters.length && cards.every((c, i) => c.title === chapters[i]!.title && c.plan === chapters[i]!.plan && c.note === chapters[i]!.note);

export function OutlineChapters({ chapters, lang, bookLang, chapterLabel, isDisabled, onSave }: {
  chapters: readonly OutlineChapterView[];
  /** The studio's language (buttons, labels). */
  lang: Lang;
  /** The book's language (its titles, plans and notes). */
  bookLang?: Lang;
  /** "Chapter 3" / "Bab 3" in the book's language. */
  chapterLabel(n: number): string;
  /** A step is running: nothing can be saved now. */
  isDisabled: boolean;
  /** Save the chapters; answers an error message, or null when saved. */
  onSave(chapters: ChapterEdit[]): Promise<string | null>;
}) {
  const [cards, setCards] = useState<Card[]>(() => cardsOf(chapters));
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // The server's chapters changed (a step wrote one, a save answered): the cards follow them. Compared by
  // content: the page builds the book's view again on every render.
  const signature = JSON.stringify(chapters);
  const shown = useRef(signature);
  useEffect(() => {
    if (shown.current === signature) return;
    shown.current = signature;
    setCards(cardsOf(chapters));
    setError(null);
  }, [signature]);
  const written = cards.filter((c) => c.isWritten).length;
  const isDirty = !sameAs(cards, chapters);
  const update = (key: number, change: Partial<Card>) => setCards((all) => all.map((c) => (c.key === key ? { ...c, ...change } : c)));
  const move = (index: number, by: -1 | 1) =>
    setCards((all) => {
      const to = index + by;
      if (to < written || to >= all.length) return all;
      const next = [...all];
      [next[index], next[to]] = [next[to]!, next[index]!];
      return next;
    });
  const insertAt = (index: number) => setCards((all) => [...all.slice(0, index), { key: nextKey++, title: '', plan: '', note: '', isWritten: false }, ...all.slice(index)]);
  const remove = (key: number) => setCards((all) => (all.length > 1 ? all.filter((c) => c.key !== key) : all));
  const save = async () => {
    setIsSaving(true);
    const failure = await onSave(cards.map((c) => ({ title: c.title, plan: c.plan, ...(c.note.trim() && !c.isWritten ? { note: c.note } : {}) })));
    setIsSaving(false);
    setError(failure);
  };

  return (
    <div className="space-y-3" data-testid="outline-chapters" lang={lang}>
      <p className="text-xs text-gray-500 dark:text-gray-400">{pageWord('chaptersHelp', lang)}</p>
      <ol className="space-y-3">
        {cards.map((card, i) => {
          const n = i + 1;
          const id = `chapter-card-${card.key}`;
          const heading = chapterLabel(n);
          if (card.isWritten) {
            return (
              <li key={card.key} className="rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-neutral-700 dark:bg-neutral-800/50" data-testid="chapter-card" data-locked="true">
                <p className="flex items-center gap-1.5 text-sm font-semibold" lang={bookLang}>
                  <Lock className="h-3.5 w-3.5" aria-hidden="true" />
                  {heading}{card.title ? `: ${card.title}` : ''}
                </p>
                <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" lang={lang}>{pageWord('chapterWritten', lang)}</p>
                {card.plan && <p className="mt-1 whitespace-pre-line text-sm" lang={bookLang}>{card.plan}</p>}
              </li>
            );
          }
          return (
            <li key={card.key} className="rounded-lg border border-gray-200 p-3 dark:border-neutral-700" data-testid="chapter-card" aria-labelledby={`${id}-heading`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 id={`${id}-heading`} className="text-sm font-semibold" lang={bookLang}>{heading}</h4>
                <div className="flex gap-1" role="group" aria-label={pageWord('chapterActions', lang, { chapter: heading })}>
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => move(i, -1)} disabled={i <= written} aria-label={pageWord('chapterUp', lang, { chapter: heading })} data-testid="chapter-up">
                    <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => move(i, 1)} disabled={i >= cards.length - 1} aria-label={pageWord('chapterDown', lang, { chapter: heading })} data-testid="chapter-down">
                    <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => insertAt(i + 1)} aria-label={pageWord('chapterInsert', lang, { chapter: heading })} data-testid="chapter-insert">
                    <Plus className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                  <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => remove(card.key)} disabled={cards.length <= 1} aria-label={pageWord('chapterDelete', lang, { chapter: heading })} data-testid="chapter-delete">
                    <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
                  </button>
                </div>
              </div>
              <label htmlFor={`${id}-title`} className="label mt-2">{pageWord('chapterTitleLabel', lang)}</label>
              <input id={`${id}-title`} className="input" value={card.title} maxLength={120} lang={bookLang} onChange={(e) => update(card.key, { title: e.target.value })} data-testid="chapter-title" />
              <label htmlFor={`${id}-plan`} className="label mt-2">{pageWord('chapterPlanLabel', lang)}</label>
              <textarea id={`${id}-plan`} className="input min-h-[5rem] [field-sizing:content]" value={card.plan} maxLength={4000} lang={bookLang} onChange={(e) => update(card.key, { plan: e.target.value })} data-testid="chapter-plan" />
              <label htmlFor={`${id}-note`} className="label mt-2">{pageWord('chapterNoteLabel', lang)}</label>
              <textarea
                id={`${id}-note`}
                className="input min-h-[3rem] [field-sizing:content]"
                value={card.note}
                maxLength={1000}
                lang={bookLang}
                placeholder={pageWord('chapterNotePlaceholder', lang)}
                onChange={(e) => update(card.key, { note: e.target.value })}
                data-testid="chapter-note"
              />
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => insertAt(cards.length)} data-testid="chapter-add">
        <Plus className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('chapterAdd', lang)}
      </button>
      {error && <p className="field-error" role="alert">{error}</p>}
      {isDirty && (
        <div className="flex gap-2">
          <button type="button" className="btn-primary px-3 py-1.5" onClick={() => void save()} disabled={isSaving || isDisabled} data-testid="chapters-save">
            {isSaving ? pageWord('saving', lang) : pageWord('chaptersSave', lang)}
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            onClick={() => {
              setCards(cardsOf(chapters));
              setError(null);
            }}
            disabled={isSaving}
          >
            {pageWord('chaptersDiscard', lang)}
          </button>
        </div>
      )}
    </div>
  );
}
