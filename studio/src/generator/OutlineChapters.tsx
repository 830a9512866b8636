// The outline as chapters: one card per chapter with its title and plan, and a note ("what must
// happen here") that goes into that chapter's request. The writer edits, moves, inserts and deletes the
// chapters not written yet; written chapters show as locked cards. Saved all at once
// (PUT /api/progress/:bookType/outline); the chapter count, progress and the conclusion follow.
// Nothing typed is lost: cards not saved yet are kept as a draft on this device while typed (and
// come back on return), hold the page against leaving (lib/leaveGuard.ts), and are handed to the page
// (`pending`) so Generate saves them before its step.
import { useEffect, useState, type MutableRefObject } from 'react';
import { Plus } from 'lucide-react';
import type { Lang } from '../engine.js';
import { SaveOrLeave } from './SaveOrLeave.js';
import { pageWord } from './words.js';
import {
  cardsOf,
  editsOf,
  useChapterCards,
  type Card,
  type ChapterEdit,
  type OutlineChapterView,
} from './chapterCards.js';
import { DeletedCard, EditCard, WrittenCard } from './ChapterCard.js';

export function OutlineChapters({
  chapters,
  lang,
  bookLang,
  chapterLabel,
  isDisabled,
  onSave,
  draftKey,
  pending,
}: {
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
  /** Where this book's unsaved cards are kept on this device (localStorage); absent: not kept. */
  draftKey?: string;
  /** Set to the cards not saved yet (null: none), for the page to save before its next step. */
  pending?: MutableRefObject<ChapterEdit[] | null>;
}) {
  const { cards, setCards, isDirty, removed, setRemoved, remove, undoRemove, written, update, move, insertAt } =
    useChapterCards(chapters, draftKey, pending);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  // The server's chapters changed (a step wrote one, a save answered): an error of the old ones is gone.
  const signature = JSON.stringify(chapters);
  useEffect(() => setError(null), [signature]);
  const save = async () => {
    setIsSaving(true);
    const failure = await onSave(editsOf(cards));
    setIsSaving(false);
    setError(failure);
    if (!failure) setRemoved(null);
  };

  return (
    <div className="space-y-3" data-testid="outline-chapters" lang={lang}>
      <p className="text-xs text-gray-500 dark:text-gray-400">{pageWord('chaptersHelp', lang)}</p>
      <ol className="space-y-3">
        {cards.map((card, i) => {
          const heading = chapterLabel(i + 1);
          if (card.isWritten) {
            return <WrittenCard key={card.key} card={card} heading={heading} lang={lang} bookLang={bookLang} />;
          }
          const removing = () => remove(card.key, card.title ? `${heading}: ${card.title}` : heading);
          const actions = {
            onUp: i <= written ? undefined : () => move(i, -1),
            onDown: i >= cards.length - 1 ? undefined : () => move(i, 1),
            onInsert: () => insertAt(i + 1),
            onDelete: cards.length <= 1 ? undefined : removing,
            onChange: (change: Partial<Card>) => update(card.key, change),
          };
          return <EditCard key={card.key} card={card} heading={heading} lang={lang} bookLang={bookLang} {...actions} />;
        })}
      </ol>
      {removed && <DeletedCard heading={removed.heading} lang={lang} onUndo={undoRemove} />}
      <button
        type="button"
        className="btn-secondary px-3 py-1.5 text-sm"
        onClick={() => insertAt(cards.length)}
        data-testid="chapter-add"
      >
        <Plus className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('chapterAdd', lang)}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {isDirty && (
        <UnsavedBar
          lang={lang}
          isSaving={isSaving}
          isSaveDisabled={isSaving || isDisabled}
          onSave={() => void save()}
          onDiscard={() => {
            setCards(cardsOf(chapters));
            setError(null);
          }}
        />
      )}
    </div>
  );
}

/** In reach while the writer is among the cards: the bar sticks to the bottom of the preview's scroll area. */
function UnsavedBar({
  lang,
  isSaving,
  isSaveDisabled,
  onSave,
  onDiscard,
}: {
  lang: Lang;
  isSaving: boolean;
  isSaveDisabled: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      className={
        'sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95' +
        ' px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900/95'
      }
      data-testid="chapters-bar"
    >
      <span className="basis-full text-xs text-gray-600 dark:text-gray-400" role="status">
        {pageWord('chaptersUnsaved', lang)}
      </span>
      <SaveOrLeave
        lang={lang}
        isSaving={isSaving}
        isSaveDisabled={isSaveDisabled}
        saveLabel={pageWord('chaptersSave', lang)}
        onSave={onSave}
        saveTestId="chapters-save"
        leaveLabel={pageWord('chaptersDiscard', lang)}
        onLeave={onDiscard}
      />
    </div>
  );
}
