// The book page's dialogs: the resume dialog of a saved book (its title, where it stands, a stopped draft;
// Continue Progress, or start over; closed, focus goes to the next action), the Start New prompt and what
// starting over does (the saved book cleared, the page and its form afresh), and the offer of a kept book.
import { useState, type RefObject } from 'react';
import { extractTitle, type BookSpec, type FormModel, type Lang, type SavedProgress } from '../engine.js';
import { ConfirmDialog, Dialog } from '../components/Dialog.js';
import { defaultValues, type SettingsFormApi } from './form.js';
import { KeptBookOffer } from './KeptBookOffer.js';
import type { SavedBook } from './useSavedBook.js';
import { pageWord } from './words.js';
import { stepWord } from './stepWords.js';

/**
 * The saved book offered again (null: closed). Closing (× or Escape) keeps the saved book, as Continue
 * does: the page must show the book the server holds, or its next Generate would be refused. Starting
 * over is the explicit button.
 */
export function ResumeDialog({ saved, spec, form, lang, isBook, returnTo, onContinue, onStartNew }: {
  saved: SavedProgress | null;
  spec: BookSpec;
  form: FormModel;
  lang: Lang;
  isBook: boolean;
  /** The next action, focused when the dialog closes. */
  returnTo: RefObject<HTMLElement | null>;
  onContinue(): void;
  onStartNew(): void;
}) {
  return (
    <Dialog
      isOpen={saved !== null}
      title={pageWord('resumeTitle', lang)}
      onClose={onContinue}
      testId="resume-dialog"
      returnTo={returnTo}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onStartNew}>{pageWord(isBook ? 'startNewBook' : 'startNew', lang)}</button>
          <button type="button" className="btn-primary" data-autofocus onClick={onContinue}>{pageWord('continueProgress', lang)}</button>
        </>
      }
    >
      {saved && <ResumeSummary spec={spec} form={form} saved={saved} lang={lang} />}
    </Dialog>
  );
}

/** Start New asked first: a book stays in My Books; a single tool's result is deleted. */
export function StartNewDialog({ isOpen, lang, isBook, onClose, onStartNew }: { isOpen: boolean; lang: Lang; isBook: boolean; onClose(): void; onStartNew(): void }) {
  return (
    <ConfirmDialog isOpen={isOpen} title={pageWord('startNewBook', lang)} message={pageWord(isBook ? 'startNewKeeps' : 'startNewDeletes', lang)} confirmLabel={pageWord('startNewBook', lang)}
      cancelLabel={pageWord('close', lang)} isCancelFirst isDanger onConfirm={onStartNew} onCancel={onClose} />
  );
}

/** Start New and the resume dialog's start over: the saved book cleared on the server, then the page and its form afresh. */
export function useStartNew(form: FormModel, ui: Lang, saved: SavedBook, methods: SettingsFormApi['methods'], credits: number | undefined, resetStep: () => void) {
  const [isStartNewOpen, setIsStartNewOpen] = useState(false);
  const afresh = () => {
    saved.setBook(null);
    saved.setOutput(null);
    methods.reset(defaultValues(form, ui, credits));
  };
  const startNew = async () => {
    setIsStartNewOpen(false);
    if (form.flow.savesProgress && !(await saved.clearSaved(ui))) return;
    resetStep();
    afresh();
  };
  const startOver = async () => {
    saved.setSaved(null);
    if (await saved.clearSaved(ui)) afresh();
  };
  return { isStartNewOpen, setIsStartNewOpen, startNew, startOver };
}

/** The book page's dialogs and its offer of a kept book, over the saved book and Start New. */
export function WorkspaceDialogs({ form, spec, ui, saved, startNew, returnTo }: {
  form: FormModel; spec: BookSpec; ui: Lang; saved: SavedBook; startNew: ReturnType<typeof useStartNew>; returnTo: RefObject<HTMLElement | null>;
}) {
  const isBook = spec.kind === 'book';
  const onContinue = () => {
    if (saved.saved) saved.restore(saved.saved);
    saved.setSaved(null);
  };
  return (
    <>
      <ResumeDialog saved={saved.saved} spec={spec} form={form} lang={ui} isBook={isBook} returnTo={returnTo} onContinue={onContinue} onStartNew={() => void startNew.startOver()} />
      <StartNewDialog isOpen={startNew.isStartNewOpen} lang={ui} isBook={isBook} onClose={() => startNew.setIsStartNewOpen(false)} onStartNew={() => void startNew.startNew()} />
      {isBook && <KeptBookOffer generatorId={form.id} isActive={saved.hasNoCurrentBook} isHidden={saved.book !== null} lang={ui} onContinued={() => void saved.resync()} />}
    </>
  );
}

/** What the saved book is and where it stands, in the studio language `lang` (whatever the book's language). */
function ResumeSummary({ spec, form, saved, lang }: { spec: BookSpec; form: FormModel; saved: SavedProgress; lang: Lang }) {
  if (spec.kind !== 'book' || !saved.book) return <p>{pageWord('resumeSingle', lang, { type: form.typeLabel[lang] })}</p>;
  const { next, chapters_count: chapters, stopped } = saved.book;
  const title = savedTitle(form, saved);
  // The book by its own title where it has one ("“The Lantern Shop”, Romance"), else by what it is.
  const vars = { type: title ? `“${title}”, ${form.typeLabel[lang]}` : form.typeLabel[lang], n: chapters.written, total: chapters.total };
  return (
    <>
      <p data-testid="resume-summary">{next ? pageWord('resumeBody', lang, { ...vars, step: stepWord(spec, next, lang) }) : pageWord('resumeDone', lang, vars)}</p>
      {stopped && <p className="mt-2 font-medium" data-testid="resume-stopped">{pageWord('stoppedDraftWords', lang, { part: stopped.label, n: stopped.words })}</p>}
    </>
  );
}

/** The saved book's own title: its title setting, else its outline's working title; undefined before either. */
function savedTitle(form: FormModel, saved: SavedProgress): string | undefined {
  const field = form.fields.find((f) => f.role === 'bookTitle')?.name;
  const given = field ? saved.settings[field] : undefined;
  if (typeof given === 'string' && given.trim()) return given.trim();
  return extractTitle(saved.outline ?? undefined) || undefined;
}
