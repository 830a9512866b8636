// A generator page's hooks (GeneratorPage.tsx's GeneratorWorkspace composes them): the book and its settings form,
// what changes a saved book between steps, a locked book's chapter count in its form, and the note a writer gets when
// leaving while a part is written.
import { useEffect, useMemo, useRef } from 'react';
import { toast } from 'react-hot-toast';
import { bookSpecFromForm, type BookSpec, type FormModel, type Lang } from '../engine.js';
import { useAuth } from '../lib/auth.js';
import { useLang } from '../i18n/index.js';
import { useStartNew } from './BookDialogs.js';
import { useSettingsForm, type SettingsFormApi } from './form.js';
import { bookStepOf } from './nextStep.js';
import { useBookEdits } from './useBookEdits.js';
import { useDrafts } from './useDrafts.js';
import { useSavedBook, type SavedBook } from './useSavedBook.js';
import { useStepRun, type StepRun } from './useStepRun.js';
import { useStopped } from './useStopped.js';
import { pageWord } from './words.js';

/**
 * A generator page's book: the settings form (its length within the writer's credits), the book the server holds
 * (resumed on entry) or the one the form would start, the step in flight, and Start New.
 */
export function useBookWorkspace(form: FormModel) {
  const spec = useMemo(() => bookSpecFromForm(form), [form]);
  // `ui`: the studio language, for every label, button, note, toast and dialog of the page (a fixed-language
  // generator and a resumed book in another language included); `lang`: the book's language, for its text.
  const { lang: ui } = useLang();
  const { user, isAdmin } = useAuth();
  // A new book opens at a length the writer's credits can finish (administrators are never short).
  const creditsForLength = isAdmin || !user ? undefined : user.credits_available;
  const settingsForm = useSettingsForm(form, spec, ui, creditsForLength);
  const { methods } = settingsForm;
  const isBook = spec.kind === 'book';
  const chapterTitleField = form.fields.find((f) => f.role === 'chapterTitle')?.name;

  // The book as the server holds it, resumed on entry, and the book the form's settings would start.
  const saved = useSavedBook(form, isBook, methods, ui);
  const { book } = saved;
  const shown = bookStepOf(form, spec, book, methods.watch());
  const { view, isLocked } = shown;
  useBookChapters(form, methods, isLocked && view ? view.total_chapters : null);
  const run = useStepRun({ form, spec, ui, methods, chapterTitleField, saved });
  const { generation } = run;
  const startNew = useStartNew(form, ui, saved, methods, creditsForLength, generation.reset);

  return {
    spec,
    ui,
    user,
    isAdmin,
    settingsForm,
    methods,
    isBook,
    chapterTitleField,
    saved,
    book,
    shown,
    run,
    startNew,
  };
}

/** What changes a saved book between steps: hand edits' drafts kept on the server, the edits, and Stop's draft. */
export function useBookEdited(form: FormModel, spec: BookSpec, ui: Lang, saved: SavedBook, run: StepRun) {
  const { book } = saved;
  const { generation, follow } = run;
  // Drafts of hand edits kept on the server and the saved book's edits between steps.
  const hasSavedBook =
    spec.kind === 'book' &&
    form.flow.savesProgress &&
    book !== null &&
    (book.parts.length > 0 || book.outline !== null);
  const drafts = useDrafts(hasSavedBook, form.bookType);
  const edits = useBookEdits(form.bookType, ui, saved.setBook, drafts.dropDraft);
  const stop = useStopped({
    bookType: form.bookType,
    spec,
    ui,
    book,
    setBook: saved.setBook,
    isQuiet: spec.kind === 'book' && !generation.isLoading && !follow.isFollowing,
    onStopped: () => follow.setFollowing(null),
    resync: saved.resync,
    dropDraft: drafts.dropDraft,
  });
  return { hasSavedBook, drafts, edits, stop };
}

/** A generator page's book and its form, as useBookWorkspace answers them. */
export type BookWorkspace = ReturnType<typeof useBookWorkspace>;

/** A locked book's form says the book's own chapter count (cards deleted or added change it), as every counter does. */
function useBookChapters(form: FormModel, methods: SettingsFormApi['methods'], totalChapters: number | null) {
  const chaptersField = form.fields.find((f) => f.role === 'chapters')?.name;
  const bookChapters = totalChapters === null ? null : String(totalChapters);
  useEffect(() => {
    if (chaptersField && bookChapters && String(methods.getValues(chaptersField) ?? '') !== bookChapters)
      methods.setValue(chaptersField, bookChapters);
  }, [chaptersField, bookChapters, methods]);
}

/** Leaving while a part is written (`part`): the server goes on with it, and the writer is told so as they go. */
export function useLeftWhileWriting(part: string | null, ui: Lang) {
  const writing = useRef<{ part: string; ui: Lang } | null>(null);
  writing.current = part ? { part, ui } : null;
  useEffect(
    () => () => {
      const left = writing.current;
      if (left)
        toast(pageWord('leftWhileWriting', left.ui, { part: left.part }), { id: 'left-while-writing', duration: 6000 });
    },
    [],
  );
}
