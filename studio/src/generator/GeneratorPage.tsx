// One component tree for every generator: the form model served at GET /api/generators/:id drives the
// settings form (engine schema). The page's controls speak the studio language; the book's text (its
// parts and their headings, the text being written) stays in the book's language. The server holds the book:
// after every step the page renders the book the server answers (parts, next step, progress), and before
// the settings lock it shows the book the form's settings would start.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { catalogueMessage, languageName, langs, type BookView, type FormModel, type Lang } from '../engine.js';
import { loadForm, type GeneratorSummary } from '../lib/generators.js';
import { PageLoading } from '../components/Spinner.js';
import { WorkspaceNotes } from './BookDialogs.js';
import { BookPreview } from './BookPreview.js';
import type { FormValues } from './form.js';
import { nextActionOf } from './nextStep.js';
import { SettingsPanel, StickyNext } from './SettingsPanel.js';
import { useSubmitStep } from './useSubmitStep.js';
import { useBookEdited, useBookWorkspace, useLeftWhileWriting, type BookWorkspace } from './useWorkspace.js';
import { pageWord } from './words.js';
import { editionName, useLang } from '../i18n/index.js';
import { translate } from '../i18n/translate.js';

const LAYOUT_CLASS =
  'grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]';

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
  if (summary.refusedLanguages?.includes(studioLang))
    return (
      <div role="alert" className="error-box mx-auto mt-10 max-w-md" data-testid="generator-refused">
        {refusal(summary, studioLang)}
      </div>
    );
  if (hasFailed)
    return (
      <div role="alert" className="error-box mx-auto mt-10 max-w-md">
        {pageWord('loadFailed', studioLang)}
      </div>
    );
  if (!form) return <PageLoading />;
  return <GeneratorWorkspace form={form} />;
}

/** Why a generator is not shown in `lang`, naming the languages it can be used in. */
function refusal(summary: GeneratorSummary, lang: Lang): string {
  const offered = langs()
    .filter((l) => !summary.refusedLanguages?.includes(l))
    .map((l) => languageName(l, lang));
  return catalogueMessage('generator_not_in_language', lang, {
    generator: summary.id,
    language: languageName(lang, lang),
    languages: offered.join(', '),
  });
}

export function GeneratorWorkspace({ form }: { form: FormModel }) {
  const workspace = useBookWorkspace(form);
  const { spec, ui, isBook, chapterTitleField, saved, book, shown, run, startNew } = workspace;
  const { view, step, isLocked } = shown;
  const { generation, follow } = run;
  const { hasSavedBook, drafts, edits, stop } = useBookEdited(form, spec, ui, saved, run);

  // Cost before spending: the step's credits on the button, the whole book's (or what is left of it) on the form.
  const cost = costOf(form, workspace, stop.stopped?.label ?? null);
  const { next } = cost;
  const { submit, pendingChapters } = useSubmitStep({
    ...{ form, spec, ui, methods: workspace.methods, chapterTitleField, book, shown, run, stopped: stop.stopped },
    ...{ isShort: cost.isShort, stepCost: cost.stepCost, saveChapters: edits.saveChapters },
  });
  const writtenNow =
    isBook && (generation.isLoading || follow.isFollowing)
      ? (run.pendingRef.current?.label ?? view?.next?.label ?? null)
      : null;
  useLeftWhileWriting(writtenNow, ui);
  const formId = `settings-${form.id}`;
  const showChapterTitle = isBook && step?.kind === 'chapter' && chapterTitleField !== undefined;

  return (
    <div className={`mx-auto max-w-7xl ${isBook ? 'pb-24 lg:pb-0' : ''}`}>
      <WorkspaceHeader form={form} ui={ui} book={book} bookId={isBook ? saved.bookId : null} />
      <WorkspaceNotes form={form} spec={spec} ui={ui} saved={saved} startNew={startNew} />
      <div className={LAYOUT_CLASS}>
        <div className="lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto">
          <SettingsPanel
            form={form}
            spec={spec}
            view={view}
            ui={ui}
            formId={formId}
            api={workspace.settingsForm}
            isBook={isBook}
            isLocked={isLocked}
            isLoading={generation.isLoading}
            chapterTitleField={chapterTitleField}
            showChapterTitle={showChapterTitle}
            have={cost.have}
            isAdmin={workspace.isAdmin}
            costLeft={cost.costLeft}
            stepCostText={cost.stepCostText}
            hasStarted={cost.hasStarted}
            next={next}
            buttonRef={run.buttonRef}
            onSubmit={submit}
            onStartNew={() => startNew.setIsStartNewOpen(true)}
          />
        </div>
        <BookPreview
          form={form}
          spec={spec}
          ui={ui}
          shown={shown}
          book={book}
          output={saved.output}
          run={run}
          stop={stop}
          edits={edits}
          drafts={drafts}
          pendingChapters={pendingChapters}
          hasSavedBook={hasSavedBook}
          hasStarted={cost.hasStarted}
          stepCostText={cost.stepCostText}
          isShortOfCredits={cost.isShortForParts}
          bookId={saved.bookId}
        />
      </div>

      {isBook && (step || follow.isFollowing) && <StickyNext formId={formId} next={next} stickyRef={run.stickyRef} />}
    </div>
  );
}

/** Cost before spending: the step's credits on the button, the whole book's (or what is left of it) on the form. */
function costOf(form: FormModel, { spec, shown, ui, run, user, isAdmin }: BookWorkspace, stopped: string | null) {
  const { generation, follow } = run;
  const flight = {
    isLoading: generation.isLoading,
    isFollowing: follow.isFollowing,
    followRef: follow.followRef,
    stopped,
  };
  return nextActionOf(form, spec, shown, ui, flight, { have: user?.credits_available ?? null, isAdmin });
}

/**
 * The page's heading: the generator's title and tagline, and for a book the edition it is (with its side-by-side
 * page), the series it is in, and its story map once a part is written.
 */
function WorkspaceHeader({
  form,
  ui,
  book,
  bookId,
}: {
  form: FormModel;
  ui: Lang;
  book: BookView | null;
  bookId: number | null;
}) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold sm:text-3xl" data-testid="generator-title">
        {form.title[ui]}
      </h1>
      <p className="mt-1 text-gray-600 dark:text-gray-400">{form.tagline[ui]}</p>
      {book?.edition_of && (
        <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-400" data-testid="book-edition-of">
          {translate('edition.of', ui, { language: editionName(book.lang, ui), title: book.edition_of.title })} ·{' '}
          <Link className="underline" to={`/books/${book.edition_of.edition_id}/side-by-side`}>
            {translate('edition.sideBySide', ui)}
          </Link>
        </p>
      )}
      {book?.series && (
        <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-300" data-testid="book-series">
          {translate('series.bookOf', ui, { n: book.series.number, name: book.series.name })}
        </p>
      )}
      {bookId !== null && book && book.parts.length > 0 && (
        <p className="mt-1 text-sm">
          <Link
            className="font-medium text-brand-700 underline dark:text-brand-400"
            to={`/books/${bookId}/story-map`}
            data-testid="book-story-map"
          >
            {translate('storyMap.link', ui)}
          </Link>
        </p>
      )}
    </header>
  );
}

export type { FormValues };
