// The outline's chapter cards as the writer edits them (OutlineChapters.tsx): the cards over the server's
// chapters, kept as a draft on this device while typed, following the server when a step writes a chapter, and
// a deleted card brought back by Undo.
import { useEffect, useLayoutEffect, useRef, useState, type MutableRefObject } from 'react';
import type { BookView } from '../engine.js';
import { useLeaveHold } from '../lib/leaveGuard.js';

export type OutlineChapterView = NonNullable<BookView['chapters']>[number];
export interface ChapterEdit {
  title: string;
  plan: string;
  note?: string;
}

export interface Card {
  /** A stable key for React (cards move). */
  key: number;
  title: string;
  plan: string;
  note: string;
  isWritten: boolean;
}

let nextKey = 1;
/** The server's chapters as cards, each with a new key. */
export const cardsOf = (chapters: readonly OutlineChapterView[]): Card[] =>
  chapters.map((c) => ({ key: nextKey++, title: c.title, plan: c.plan, note: c.note, isWritten: c.is_written }));
const sameAs = (cards: readonly Card[], chapters: readonly OutlineChapterView[]) =>
  cards.length === chapters.length &&
  cards.every((c, i) => {
    const chapter = chapters[i]!;
    return c.title === chapter.title && c.plan === chapter.plan && c.note === chapter.note;
  });
/** The cards as the server takes them: a note only on a chapter not written yet. */
export const editsOf = (cards: readonly Card[]): ChapterEdit[] =>
  cards.map((c) => ({ title: c.title, plan: c.plan, ...(c.note.trim() && !c.isWritten ? { note: c.note } : {}) }));

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
    return stored.cards.map((c) => ({
      key: nextKey++,
      title: String(c.title),
      plan: String(c.plan),
      note: String(c.note),
      isWritten: c.isWritten === true,
    }));
  } catch {
    return null;
  }
}
function writeStored(key: string | undefined, base: string, cards: readonly Card[] | null): void {
  if (!key) return;
  try {
    const stored = { base, cards: cards?.map(({ key: _, ...c }) => c) ?? [] } satisfies StoredCards;
    if (cards) localStorage.setItem(key, JSON.stringify(stored));
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
  return chapters.map((c, i) =>
    c.is_written
      ? { key: cards[i]!.key, title: c.title, plan: c.plan, note: c.note, isWritten: true }
      : { ...cards[i]!, isWritten: false },
  );
}

/**
 * The chapter cards as the writer edits them: kept on this device while typed (`draftKey`), handed to the page
 * (`pending`), following the server's chapters when a step writes one; with the moves a card can make.
 */
export function useChapterCards(
  chapters: readonly OutlineChapterView[],
  draftKey: string | undefined,
  pending: MutableRefObject<ChapterEdit[] | null> | undefined,
) {
  // The server's chapters, compared by content: the page builds the book's view again on every render.
  const signature = JSON.stringify(chapters);
  const [cards, setCards] = useState<Card[]>(() => readStored(draftKey, signature) ?? cardsOf(chapters));
  const { removed, setRemoved, remove, undoRemove } = useUndoableRemove(cards, setCards);
  const written = cards.filter((c) => c.isWritten).length;
  const isDirty = !sameAs(cards, chapters);
  // The server's chapters changed (a step wrote one, a save answered): the cards follow them.
  const shown = useRef(signature);
  useEffect(() => {
    if (shown.current === signature) return;
    const before = JSON.parse(shown.current) as OutlineChapterView[];
    shown.current = signature;
    setCards((all) => rebase(all, chapters, !sameAs(all, before)));
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
  const update = (key: number, change: Partial<Card>) =>
    setCards((all) => all.map((c) => (c.key === key ? { ...c, ...change } : c)));
  const move = (index: number, by: -1 | 1) =>
    setCards((all) => {
      const to = index + by;
      if (to < written || to >= all.length) return all;
      const next = [...all];
      [next[index], next[to]] = [next[to]!, next[index]!];
      return next;
    });
  const insertAt = (index: number) => {
    const card = { key: nextKey++, title: '', plan: '', note: '', isWritten: false };
    setCards((all) => [...all.slice(0, index), card, ...all.slice(index)]);
  };
  return { cards, setCards, isDirty, removed, setRemoved, remove, undoRemove, written, update, move, insertAt };
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
