// The outline's chapter cards (OutlineChapters.tsx): a written chapter's, locked; an unwritten one's, edited,
// moved, inserted after or deleted; and the note a deleted card leaves, with Undo.
import { ArrowDown, ArrowUp, Lock, Plus, Trash2, type LucideIcon } from 'lucide-react';
import type { Lang } from '../engine.js';
import type { Card } from './chapterCards.js';
import { pageWord } from './words.js';

/** A written chapter's card: its heading and plan, locked (the server keeps written chapters as they are). */
export function WrittenCard({
  card,
  heading,
  lang,
  bookLang,
}: {
  card: Card;
  heading: string;
  lang: Lang;
  bookLang: Lang | undefined;
}) {
  return (
    <li
      className="rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-neutral-700 dark:bg-neutral-800/50"
      data-testid="chapter-card"
      data-locked="true"
    >
      <p className="flex items-center gap-1.5 text-sm font-semibold" lang={bookLang}>
        <Lock className="h-3.5 w-3.5" aria-hidden="true" />
        {heading}
        {card.title ? `: ${card.title}` : ''}
      </p>
      <p className="mt-1 text-xs text-gray-500 dark:text-gray-400" lang={lang}>
        {pageWord('chapterWritten', lang)}
      </p>
      {card.plan && (
        <p className="mt-1 whitespace-pre-line text-sm" lang={bookLang}>
          {card.plan}
        </p>
      )}
    </li>
  );
}

/**
 * An unwritten chapter's card: its title, plan and note, moved, inserted after or deleted (an absent action is
 * disabled).
 */
export function EditCard({
  card,
  heading,
  lang,
  bookLang,
  onUp,
  onDown,
  onInsert,
  onDelete,
  onChange,
}: {
  card: Card;
  heading: string;
  lang: Lang;
  bookLang: Lang | undefined;
  onUp?: () => void;
  onDown?: () => void;
  onInsert: () => void;
  onDelete?: () => void;
  onChange: (change: Partial<Card>) => void;
}) {
  const id = `chapter-card-${card.key}`;
  return (
    <li
      className="rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
      data-testid="chapter-card"
      aria-labelledby={`${id}-heading`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-sm font-semibold" lang={bookLang}>
          {heading}
        </h4>
        <CardActions
          lang={lang}
          heading={heading}
          onUp={onUp}
          onDown={onDown}
          onInsert={onInsert}
          onDelete={onDelete}
        />
      </div>
      <label htmlFor={`${id}-title`} className="label mt-2">
        {pageWord('chapterTitleLabel', lang)}
      </label>
      <input
        id={`${id}-title`}
        className="input"
        value={card.title}
        maxLength={120}
        lang={bookLang}
        onChange={(e) => onChange({ title: e.target.value })}
        data-testid="chapter-title"
      />
      <label htmlFor={`${id}-plan`} className="label mt-2">
        {pageWord('chapterPlanLabel', lang)}
      </label>
      <textarea
        id={`${id}-plan`}
        className="input min-h-[5rem] [field-sizing:content]"
        value={card.plan}
        maxLength={4000}
        lang={bookLang}
        onChange={(e) => onChange({ plan: e.target.value })}
        data-testid="chapter-plan"
      />
      <label htmlFor={`${id}-note`} className="label mt-2">
        {pageWord('chapterNoteLabel', lang)}
      </label>
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

/** An unwritten card's actions: up, down, insert after, delete (an absent one is disabled). */
function CardActions({
  lang,
  heading,
  onUp,
  onDown,
  onInsert,
  onDelete,
}: {
  lang: Lang;
  heading: string;
  onUp?: () => void;
  onDown?: () => void;
  onInsert: () => void;
  onDelete?: () => void;
}) {
  const chapter = { chapter: heading };
  return (
    <div className="flex gap-1" role="group" aria-label={pageWord('chapterActions', lang, chapter)}>
      <CardButton onClick={onUp} label={pageWord('chapterUp', lang, chapter)} testId="chapter-up" Icon={ArrowUp} />
      <CardButton
        onClick={onDown}
        label={pageWord('chapterDown', lang, chapter)}
        testId="chapter-down"
        Icon={ArrowDown}
      />
      <CardButton
        onClick={onInsert}
        label={pageWord('chapterInsert', lang, chapter)}
        testId="chapter-insert"
        Icon={Plus}
      />
      <CardButton
        onClick={onDelete}
        label={pageWord('chapterDelete', lang, chapter)}
        testId="chapter-delete"
        Icon={Trash2}
      />
    </div>
  );
}

/** One of a card's actions, as an icon button; without `onClick` it is disabled. */
function CardButton({
  onClick,
  label,
  testId,
  Icon,
}: {
  onClick: (() => void) | undefined;
  label: string;
  testId: string;
  Icon: LucideIcon;
}) {
  return (
    <button
      type="button"
      className="btn-ghost px-2 py-1 text-xs"
      onClick={onClick}
      disabled={!onClick}
      aria-label={label}
      data-testid={testId}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
    </button>
  );
}

/** The note where a deleted card stood, with Undo. */
export function DeletedCard({ heading, lang, onUndo }: { heading: string; lang: Lang; onUndo(): void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" role="status" data-testid="chapter-deleted">
      <span>{pageWord('chapterDeleted', lang, { chapter: heading })}</span>
      <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={onUndo} data-testid="chapter-undo">
        {pageWord('chapterUndo', lang)}
      </button>
    </p>
  );
}
