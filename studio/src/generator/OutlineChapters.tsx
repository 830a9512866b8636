// The outline as chapters: one card per chapter with its title and plan, and a note ("what must
// happen here") that goes into that chapter's request. The writer edits, moves, inserts and deletes the
// chapters not written yet; written chapters show as locked cards. Saved all at once
// (PUT /api/progress/:bookType/outline); the chapter count, progress and the conclusion follow.
// Nothing typed is lost: cards not saved yet are kept as a draft on this device while typed (and
// come back on return), hold the page against leaving (lib/leaveGuard.ts), and are handed to the page
// (`pending`) so Generate saves them before its step.
import { useEffect, useLayoutEffect, useRef, useState, type MutableRefObject } from 'react';
import { ArrowDown, ArrowUp, Lock, Plus, Trash2 } from 'lucide-react';
import type { Lang } from '../engine.js';
import type { BookView } from '../engine.js';
import { SaveOrLeave } from './EditablePart.js';
import { pageWord } from './words.js';
import { useLeaveHold } from '../lib/leaveGuard.js';

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
/** The cards as the server takes them: a note only on a chapter not written yet. */
const editsOf = (cards: readonly Card[]): ChapterEdit[] => cards.map((c) => ({ title: c.title, plan: c.plan, ...(c.note.trim() && !c.isWritten ? { note: c.note } : {}) }));

/** A draft of the cards kept on this device: the cards typed, over the chapters (`base`) they were typed on. */
interface StoredCards {
  base: string;
  cards: { title: string; plan: string; note: string; isWritten: boolean }[];
}
function readStored(key: string | undefined, base: string): Card[] | null {
  if (!key) return null;
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as StoredCards | null;
    if (!stored || stored.base !== base || !Array.isArray(stored.cards)) return null;
    return stored.cards.map((c) => ({ key: nextKey++, title: String(c.title), plan: String(c.plan), note: String(c.note), isWritten: c.isWritten === true }));
  } catch {
    return null;
  }
}
function writeStored(key: string | undefined, base: string, cards: readonly Card[] | null): void {
  if (!key) return;
  try {
    if (cards) localStorage.setItem(key, JSON.stringify({ base, cards: cards.map(({ key: _, ...c }) => c) } satisfies StoredCards));
    else localStorage.removeItem(key);
  } catch {
    /* not stored (private mode, full): the cards stay on the page */
  }
}
/**
 * The server's chapters moved on (a step wrote one) while the writer had edits: the written chapters follow
 * the server, the writer's edits of the others stay when the chapters still line up; else the server's.
 */
function rebase(cards: readonly Card[], chapters: readonly OutlineChapterView[], isDirty: boolean): Card[] {
  if (!isDirty || cards.length !== chapters.length) return cardsOf(chapters);
  return chapters.map((c, i) => (c.is_written ? { key: cards[i]!.key, title: c.title, plan: c.plan, note: c.note, isWritten: true } : { ...cards[i]!, isWritten: false }));
}

export function OutlineChapters({ chapters, lang, bookLang, chapterLabel, isDisabled, onSave, draftKey, pending }: {
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
  // The server's chapters, compared by content: the page builds the book's view again on every render.
  const signature = JSON.stringify(chapters);
  const [cards, setCards] = useState<Card[]>(() => readStored(draftKey, signature) ?? cardsOf(chapters));
  const [error, setError] = useState<string | null>(null);
  const { removed, setRemoved, remove, undoRemove } = useUndoableRemove(cards, setCards);
  const [isSaving, setIsSaving] = useState(false);
  const written = cards.filter((c) => c.isWritten).length;
  const isDirty = !sameAs(cards, chapters);
  // The server's chapters changed (a step wrote one, a save answered): the cards follow them.
  const shown = useRef(signature);
  useEffect(() => {
    if (shown.current === signature) return;
    const before = JSON.parse(shown.current) as OutlineChapterView[];
    shown.current = signature;
    setCards((all) => rebase(all, chapters, !sameAs(all, before)));
    setError(null);
    setRemoved(null);
  }, [signature]);
  // Kept while typed; the page sees the edits at once (a click on Generate right after typing).
  useEffect(() => writeStored(draftKey, signature, isDirty ? cards : null), [draftKey, signature, isDirty, cards]);
  useLayoutEffect(() => {
    if (!pending) return;
    pending.current = isDirty ? editsOf(cards) : null;
    return () => {
      pending.current = null;
    };
  }, [pending, isDirty, cards]);
  useLeaveHold(isDirty);
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
          if (card.isWritten) return <WrittenCard key={card.key} card={card} heading={heading} lang={lang} bookLang={bookLang} />;
          const actions = {
            onUp: i <= written ? undefined : () => move(i, -1), onDown: i >= cards.length - 1 ? undefined : () => move(i, 1), onInsert: () => insertAt(i + 1),
            onDelete: cards.length <= 1 ? undefined : () => remove(card.key, card.title ? `${heading}: ${card.title}` : heading), onChange: (change: Partial<Card>) => update(card.key, change),
          };
          return <EditCard key={card.key} card={card} heading={heading} lang={lang} bookLang={bookLang} {...actions} />;
        })}
      </ol>
      {removed && <DeletedCard heading={removed.heading} lang={lang} onUndo={undoRemove} />}
      <button type="button" className="btn-secondary px-3 py-1.5 text-sm" onClick={() => insertAt(cards.length)} data-testid="chapter-add">
        <Plus className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('chapterAdd', lang)}
      </button>
      {error && <p className="field-error" role="alert">{error}</p>}
      {/* In reach while the writer is among the cards: the bar sticks to the bottom of the preview's scroll area. */}
      {isDirty && (
        <div className="sticky bottom-0 z-10 -mx-3 flex flex-wrap items-center gap-2 border-t border-gray-200 bg-white/95 px-3 py-2 dark:border-neutral-700 dark:bg-neutral-900/95" data-testid="chapters-bar">
          <span className="basis-full text-xs text-gray-600 dark:text-gray-400" role="status">{pageWord('chaptersUnsaved', lang)}</span>
          <SaveOrLeave lang={lang} isSaving={isSaving} isSaveDisabled={isSaving || isDisabled} saveLabel={pageWord('chaptersSave', lang)} onSave={() => void save()} saveTestId="chapters-save"
            leaveLabel={pageWord('chaptersDiscard', lang)}
            onLeave={() => {
              setCards(cardsOf(chapters));
              setError(null);
            }} />
        </div>
      )}
    </div>
  );
}

/** A written chapter's card: its heading and plan, locked (the server keeps written chapters as they are). */
function WrittenCard({ card, heading, lang, bookLang }: { card: Card; heading: string; lang: Lang; bookLang: Lang | undefined }) {
  return (
    <li className="rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-neutral-700 dark:bg-neutral-800/50" data-testid="chapter-card" data-locked="true">
      <p className="flex items-center gap-1.5 text-sm font-semibold" lang={bookLang}>
        <Lock className="h-3.5 w-3.5" aria-hidden="true" />
        {heading}{card.title ? `: ${card.title}` : ''}
      </p>
      <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" lang={lang}>{pageWord('chapterWritten', lang)}</p>
      {card.plan && <p className="mt-1 whitespace-pre-line text-sm" lang={bookLang}>{card.plan}</p>}
    </li>
  );
}

/** An unwritten chapter's card: its title, plan and note, moved, inserted after or deleted (an absent action is disabled). */
function EditCard({ card, heading, lang, bookLang, onUp, onDown, onInsert, onDelete, onChange }: {
  card: Card; heading: string; lang: Lang; bookLang: Lang | undefined;
  onUp?: () => void; onDown?: () => void; onInsert: () => void; onDelete?: () => void; onChange: (change: Partial<Card>) => void;
}) {
  const id = `chapter-card-${card.key}`;
  return (
    <li className="rounded-lg border border-gray-200 p-3 dark:border-neutral-700" data-testid="chapter-card" aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-sm font-semibold" lang={bookLang}>{heading}</h4>
        <div className="flex gap-1" role="group" aria-label={pageWord('chapterActions', lang, { chapter: heading })}>
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={onUp} disabled={!onUp} aria-label={pageWord('chapterUp', lang, { chapter: heading })} data-testid="chapter-up">
            <ArrowUp className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={onDown} disabled={!onDown} aria-label={pageWord('chapterDown', lang, { chapter: heading })} data-testid="chapter-down">
            <ArrowDown className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={onInsert} aria-label={pageWord('chapterInsert', lang, { chapter: heading })} data-testid="chapter-insert">
            <Plus className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={onDelete} disabled={!onDelete} aria-label={pageWord('chapterDelete', lang, { chapter: heading })} data-testid="chapter-delete">
            <Trash2 className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        </div>
      </div>
      <label htmlFor={`${id}-title`} className="label mt-2">{pageWord('chapterTitleLabel', lang)}</label>
      <input id={`${id}-title`} className="input" value={card.title} maxLength={120} lang={bookLang} onChange={(e) => onChange({ title: e.target.value })} data-testid="chapter-title" />
      <label htmlFor={`${id}-plan`} className="label mt-2">{pageWord('chapterPlanLabel', lang)}</label>
      <textarea id={`${id}-plan`} className="input min-h-[5rem] [field-sizing:content]" value={card.plan} maxLength={4000} lang={bookLang} onChange={(e) => onChange({ plan: e.target.value })} data-testid="chapter-plan" />
      <label htmlFor={`${id}-note`} className="label mt-2">{pageWord('chapterNoteLabel', lang)}</label>
      <textarea
        id={`${id}-note`}
        className="input min-h-[3rem] [field-sizing:content]"
        value={card.note}
        maxLength={1000}
        lang={bookLang}
        placeholder={pageWord('chapterNotePlaceholder', lang)}
        onChange={(e) => onChange({ note: e.target.value })}
        data-testid="chapter-note"
      />
    </li>
  );
}

/**
 * A card deleted with one click can be brought back (Undo) in its place until the next deletion or a save:
 * deleting is never final before the writer saves.
 */
function useUndoableRemove(cards: Card[], setCards: (change: (all: Card[]) => Card[]) => void) {
  const [removed, setRemoved] = useState<{ card: Card; index: number; heading: string } | null>(null);
  const remove = (key: number, heading: string) => {
    const index = cards.findIndex((c) => c.key === key);
    if (index < 0 || cards.length <= 1) return;
    setRemoved({ card: cards[index]!, index, heading });
    setCards((all) => all.filter((c) => c.key !== key));
  };
  const undoRemove = () => {
    if (!removed) return;
    setCards((all) => [...all.slice(0, removed.index), removed.card, ...all.slice(removed.index)]);
    setRemoved(null);
  };
  return { removed, setRemoved, remove, undoRemove };
}

function DeletedCard({ heading, lang, onUndo }: { heading: string; lang: Lang; onUndo(): void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" role="status" data-testid="chapter-deleted">
      <span>{pageWord('chapterDeleted', lang, { chapter: heading })}</span>
      <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={onUndo} data-testid="chapter-undo">{pageWord('chapterUndo', lang)}</button>
    </p>
  );
}
