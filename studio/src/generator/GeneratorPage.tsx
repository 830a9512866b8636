// One component tree for every generator: the form model served at GET /api/generators/:id drives the
// settings form (engine schema). The page's controls speak the studio language; the book's text (its
// parts and their headings, the text being written) stays in the book's language. The server holds the book:
// after every step the page renders the book the server answers (parts, next step, progress), and before
// the settings lock it shows the book the form's settings would start.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { bookSpecFromForm, catalogueMessage, languageName, langs, type FormModel, type Lang } from '../engine.js';
import { useAuth } from '../lib/auth.js';
import { loadForm, type GeneratorSummary } from '../lib/generators.js';
import { PageLoading } from '../components/Spinner.js';
import { useStartNew, WorkspaceNotes } from './BookDialogs.js';
import { BookPreview } from './BookPreview.js';
import { useSettingsForm, type FormValues } from './form.js';
import { bookStepOf, nextActionOf } from './nextStep.js';
import { SettingsPanel, StickyNext } from './SettingsPanel.js';
import { useBookEdits } from './useBookEdits.js';
import { useDrafts } from './useDrafts.js';
import { useSavedBook } from './useSavedBook.js';
import { useStepRun } from './useStepRun.js';
import { useStopped } from './useStopped.js';
import { useSubmitStep } from './useSubmitStep.js';
import { pageWord } from './words.js';
import { editionName, useLang } from '../i18n/index.js';
import { translate } from '../i18n/translate.js';

export function GeneratorPage({ summary }: { summary: GeneratorSummary }) {
  const [form, setForm] = useState<FormModel | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const { lang: studioLang } = useLang();
  // Loaded once per generator: the form model carries its words in en and ms, and the page words its
  // failure in the studio language of the moment.
  useEffect(() => {
    let isCurrent = true;
    loadForm(summary.id).then(
      (f) => isCurrent && setForm(f),
      () => isCurrent && setHasFailed(true),
    );
    return () => {
      isCurrent = false;
    };
  }, [summary.id]);
  useEffect(() => {
    document.title = `${summary.title[studioLang] ?? summary.id} · Karya`;
    return () => {
      document.title = 'Karya';
    };
  }, [summary.title, studioLang]);
  // A generator lacking a text in the studio's language is refused in it, saying so (never another language's text).
  if (summary.refusedLanguages?.includes(studioLang)) return <div role="alert" className="error-box mx-auto mt-10 max-w-md" data-testid="generator-refused">{refusal(summary, studioLang)}</div>;
  if (hasFailed) return <div role="alert" className="error-box mx-auto mt-10 max-w-md">{pageWord('loadFailed', studioLang)}</div>;
  if (!form) return <PageLoading />;
  return <GeneratorWorkspace form={form} />;
}

/** Why a generator is not shown in `lang`, naming the languages it can be used in. */
function refusal(summary: GeneratorSummary, lang: Lang): string {
  const offered = langs().filter((l) => !summary.refusedLanguages?.includes(l)).map((l) => languageName(l, lang));
  return catalogueMessage('generator_not_in_language', lang, { generator: summary.id, language: languageName(lang, lang), languages: offered.join(', ') });
}

export function GeneratorWorkspace({ form }: { form: FormModel }) {
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
  const { view, step, isLocked } = shown;
  // A locked book's form says the book's own chapter count (cards deleted or added change it), as every counter does.
  const chaptersField = form.fields.find((f) => f.role === 'chapters')?.name;
  const bookChapters = isLocked && view ? String(view.total_chapters) : null;
  useEffect(() => {
    if (chaptersField && bookChapters && String(methods.getValues(chaptersField) ?? '') !== bookChapters) methods.setValue(chaptersField, bookChapters);
  }, [chaptersField, bookChapters, methods]);
  const run = useStepRun({ form, spec, ui, methods, chapterTitleField, saved });
  const { generation, follow } = run;
  const startNew = useStartNew(form, ui, saved, methods, creditsForLength, generation.reset);

  // Drafts of hand edits kept on the server and the saved book's edits between steps.
  const hasSavedBook = isBook && form.flow.savesProgress && book !== null && (book.parts.length > 0 || book.outline !== null);
  const drafts = useDrafts(hasSavedBook, form.bookType);
  const edits = useBookEdits(form.bookType, ui, saved.setBook, drafts.dropDraft);
  const stop = useStopped({
    bookType: form.bookType, spec, ui, book, setBook: saved.setBook, isQuiet: isBook && !generation.isLoading && !follow.isFollowing,
    onStopped: () => follow.setFollowing(null), resync: saved.resync, dropDraft: drafts.dropDraft,
  });

  // Cost before spending: the step's credits on the button, the whole book's (or what is left of it) on the form.
  const cost = nextActionOf(form, spec, shown, ui, { isLoading: generation.isLoading, isFollowing: follow.isFollowing, followRef: follow.followRef, stopped: stop.stopped?.label ?? null }, { have: user?.credits_available ?? null, isAdmin });
  const { next } = cost;
  const { submit, pendingChapters } = useSubmitStep({
    form, spec, ui, methods, chapterTitleField, book, shown, run, stopped: stop.stopped, isShort: cost.isShort, stepCost: cost.stepCost, saveChapters: edits.saveChapters,
  });
  // Leaving while a part is written: the server goes on with it, and the writer is told so as they go.
  const writing = useRef<{ part: string; ui: Lang } | null>(null);
  const writtenNow = isBook && (generation.isLoading || follow.isFollowing) ? (run.pendingRef.current?.label ?? view?.next?.label ?? null) : null;
  writing.current = writtenNow ? { part: writtenNow, ui } : null;
  useEffect(() => () => {
    const left = writing.current;
    if (left) toast(pageWord('leftWhileWriting', left.ui, { part: left.part }), { id: 'left-while-writing', duration: 6000 });
  }, []);
  const formId = `settings-${form.id}`;
  const showChapterTitle = isBook && step?.kind === 'chapter' && chapterTitleField !== undefined;

  return (
    <div className={`mx-auto max-w-7xl ${isBook ? 'pb-24 lg:pb-0' : ''}`}>
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="generator-title">{form.title[ui]}</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-400">{form.tagline[ui]}</p>
        {book?.edition_of && (
          <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-400" data-testid="book-edition-of">
            {translate('edition.of', ui, { language: editionName(book.lang, ui), title: book.edition_of.title })} · <Link className="underline" to={`/books/${book.edition_of.edition_id}/side-by-side`}>{translate('edition.sideBySide', ui)}</Link>
          </p>
        )}
        {book?.series && <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-300" data-testid="book-series">{translate('series.bookOf', ui, { n: book.series.number, name: book.series.name })}</p>}
        {isBook && saved.bookId !== null && book && book.parts.length > 0 && (
          <p className="mt-1 text-sm"><Link className="font-medium text-brand-700 underline dark:text-brand-400" to={`/books/${saved.bookId}/story-map`} data-testid="book-story-map">{translate('storyMap.link', ui)}</Link></p>
        )}
      </header>
      <WorkspaceNotes form={form} spec={spec} ui={ui} saved={saved} startNew={startNew} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto">
          <SettingsPanel form={form} spec={spec} view={view} ui={ui} formId={formId} api={settingsForm} isBook={isBook} isLocked={isLocked} isLoading={generation.isLoading}
            chapterTitleField={chapterTitleField} showChapterTitle={showChapterTitle} have={cost.have} isAdmin={isAdmin} costLeft={cost.costLeft} stepCostText={cost.stepCostText}
            hasStarted={cost.hasStarted} next={next} buttonRef={run.buttonRef} onSubmit={submit} onStartNew={() => startNew.setIsStartNewOpen(true)} />
        </div>
        <BookPreview form={form} spec={spec} ui={ui} shown={shown} book={book} output={saved.output} run={run} stop={stop} edits={edits} drafts={drafts}
          pendingChapters={pendingChapters} hasSavedBook={hasSavedBook} hasStarted={cost.hasStarted} stepCostText={cost.stepCostText} isShortOfCredits={cost.isShortForParts} bookId={saved.bookId} />
      </div>

      {isBook && (step || follow.isFollowing) && <StickyNext formId={formId} next={next} stickyRef={run.stickyRef} />}
    </div>
  );
}

export type { FormValues };
