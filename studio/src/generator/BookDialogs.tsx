// The book page's note on the book found on entry (its title, where it stands, a stopped draft; Start New
// Book), the Start New prompt and what starting over does (the saved book cleared, the page and its form
// afresh), and the offer of a kept book.
import { useState } from 'react';
import {
  extractTitle,
  wordIn,
  type BookSpec,
  type BookView,
  type FormModel,
  type Lang,
  type SavedProgress,
} from '../engine.js';
import { ConfirmDialog } from '../components/Dialog.js';
import { defaultValues, type SettingsFormApi } from './form.js';
import { KeptBookOffer } from './KeptBookOffer.js';
import type { SavedBook } from './useSavedBook.js';
import { pageWord } from './words.js';
import { stepWord } from './stepWords.js';

const OFFER_CLASS = [
  'mb-6 flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center',
  'sm:justify-between dark:border-neutral-700 dark:bg-neutral-800/60',
].join(' ');

/**
 * The book found on entry, shown at once, and named above the page: what it is and where it stands (a
 * stopped draft too), with Start New Book at hand (asked first: the book stays in My Books).
 */
export function ResumeNote({
  resumed,
  book,
  spec,
  form,
  lang,
  isBook,
  onStartNew,
}: {
  resumed: SavedProgress | null;
  /** The book as the page shows it now (the note follows it: a draft kept or settled meanwhile). */
  book: BookView | null;
  spec: BookSpec;
  form: FormModel;
  lang: Lang;
  isBook: boolean;
  onStartNew(): void;
}) {
  if (!resumed) return null;
  return (
    <section className={OFFER_CLASS} aria-labelledby="resume-note-h" data-testid="resume-note">
      <div className="min-w-0">
        <h2 id="resume-note-h" className="font-semibold">
          {pageWord('resumeBack', lang)}
        </h2>
        <div className="mt-1 text-sm text-gray-700 dark:text-gray-300">
          <ResumeSummary spec={spec} form={form} saved={book ? { ...resumed, book } : resumed} lang={lang} />
        </div>
      </div>
      <button
        type="button"
        className="btn-secondary shrink-0 self-start sm:self-center"
        onClick={onStartNew}
        data-testid="resume-start-new"
      >
        {pageWord(isBook ? 'startNewBook' : 'startNew', lang)}
      </button>
    </section>
  );
}

/** Start New asked first: a book stays in My Books; a single tool's result is deleted. */
export function StartNewDialog({
  isOpen,
  lang,
  isBook,
  onClose,
  onStartNew,
}: {
  isOpen: boolean;
  lang: Lang;
  isBook: boolean;
  onClose(): void;
  onStartNew(): void;
}) {
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={pageWord('startNewBook', lang)}
      message={pageWord(isBook ? 'startNewKeeps' : 'startNewDeletes', lang)}
      confirmLabel={pageWord('startNewBook', lang)}
      cancelLabel={pageWord('close', lang)}
      isCancelFirst
      isDanger
      onConfirm={onStartNew}
      onCancel={onClose}
    />
  );
}

/** Start New: the saved book cleared on the server (a book stays in My Books), then the page and its form afresh. */
export function useStartNew(
  form: FormModel,
  ui: Lang,
  saved: SavedBook,
  methods: SettingsFormApi['methods'],
  credits: number | undefined,
  resetStep: () => void,
) {
  const [isStartNewOpen, setIsStartNewOpen] = useState(false);
  const startNew = async () => {
    setIsStartNewOpen(false);
    if (form.flow.savesProgress && !(await saved.clearSaved(ui))) return;
    resetStep();
    saved.setResumed(null);
    saved.setBook(null);
    saved.setOutput(null);
    methods.reset(defaultValues(form, ui, credits));
  };
  return { isStartNewOpen, setIsStartNewOpen, startNew };
}

/** Above the page: the note on the book found on entry, or the offer of a kept book when there is none. */
export function WorkspaceNotes({
  form,
  spec,
  ui,
  saved,
  startNew,
}: {
  form: FormModel;
  spec: BookSpec;
  ui: Lang;
  saved: SavedBook;
  startNew: ReturnType<typeof useStartNew>;
}) {
  const isBook = spec.kind === 'book';
  return (
    <>
      <ResumeNote
        resumed={saved.resumed}
        book={saved.book}
        spec={spec}
        form={form}
        lang={ui}
        isBook={isBook}
        onStartNew={() => startNew.setIsStartNewOpen(true)}
      />
      {isBook && (
        <KeptBookOffer
          generatorId={form.id}
          isActive={saved.hasNoCurrentBook}
          isHidden={saved.book !== null}
          lang={ui}
          onContinued={() => void saved.resync()}
        />
      )}
      <StartNewDialog
        isOpen={startNew.isStartNewOpen}
        lang={ui}
        isBook={isBook}
        onClose={() => startNew.setIsStartNewOpen(false)}
        onStartNew={() => void startNew.startNew()}
      />
    </>
  );
}

/** What the saved book is and where it stands, in the studio language `lang` (whatever the book's language). */
function ResumeSummary({
  spec,
  form,
  saved,
  lang,
}: {
  spec: BookSpec;
  form: FormModel;
  saved: SavedProgress;
  lang: Lang;
}) {
  if (spec.kind !== 'book' || !saved.book)
    return <p>{pageWord('resumeSingle', lang, { type: wordIn(form.typeLabel, lang, form.id) })}</p>;
  const { next, chapters_count: chapters, stopped } = saved.book;
  const title = savedTitle(form, saved);
  // The book by its own title where it has one ("“The Lantern Shop”, Romance"), else by what it is.
  const typeLabel = wordIn(form.typeLabel, lang, form.id);
  const vars = { type: title ? `“${title}”, ${typeLabel}` : typeLabel, n: chapters.written, total: chapters.total };
  return (
    <>
      <p data-testid="resume-summary">
        {next
          ? pageWord('resumeBody', lang, { ...vars, step: stepWord(spec, next, lang) })
          : pageWord('resumeDone', lang, vars)}
      </p>
      {stopped && (
        <p className="mt-2 font-medium" data-testid="resume-stopped">
          {pageWord('stoppedDraftWords', lang, { part: stepWord(spec, stopped, lang), n: stopped.words })}
        </p>
      )}
    </>
  );
}

/**
 * The saved book's own title: its title setting, else the working title the writer gave (a brief's, an imported
 * manuscript's own), else its outline's; undefined before any. The writer's title is never replaced by one a model
 * wrote.
 */
function savedTitle(form: FormModel, saved: SavedProgress): string | undefined {
  for (const role of ['bookTitle', 'workingTitle'] as const) {
    const field = form.fields.find((f) => f.role === role)?.name;
    const given = field ? saved.settings[field] : undefined;
    if (typeof given === 'string' && given.trim()) return given.trim();
  }
  return extractTitle(saved.outline ?? undefined) || undefined;
}
