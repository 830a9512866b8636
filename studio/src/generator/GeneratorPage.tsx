// One component tree for every generator: the form model served at GET /api/generators/:id drives the
// settings form (engine schema). The page's controls speak the studio language; the book's text (its
// parts and their headings, the text being written) stays in the book's language. The server holds the book:
// after every step the page renders the book the server answers (parts, next step, progress), and before
// the settings lock it shows the book the form's settings would start.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import {
  buttonLabel, catalogueMessage, outlineToast, previewBook, bookSpecFromForm, stepLabel, withoutCharacterDetails,
  type BookView, type DonePayload, type FormModel, type Lang, type BookSpec, type Settings, type StepRef,
} from '../engine.js';
import { KeptBookOffer } from './KeptBookOffer.js';
import { ApiError, fileHref } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { loadForm, type GeneratorSummary } from '../lib/generators.js';
import { PageLoading } from '../components/Spinner.js';
import { ResumeDialog, StartNewDialog } from './BookDialogs.js';
import { defaultValues, formLanguage, useSettingsForm, type FormValues } from './form.js';
import { CoverPreview, WritingProgress } from './parts.js';
import { SettingsPanel, StickyNext, type NextAction } from './SettingsPanel.js';
import { bibleShown, Preview, type PreviewPart } from './Manuscript.js';
import { StoppedDraft } from './StoppedDraft.js';
import type { ChapterEdit } from './OutlineChapters.js';
import { PublishPanel } from './PublishPanel.js';
import { useGeneration } from './useGeneration.js';
import { useSavedBook } from './useSavedBook.js';
import { useDrafts } from './useDrafts.js';
import { useFollowStep } from './useFollowStep.js';
import { useBookEdits } from './useBookEdits.js';
import { useStopped } from './useStopped.js';
import { pageWord } from './words.js';
import { stepFailure } from './stepFailure.js';
import { useLang } from '../i18n/index.js';
import { nextButtonWord, stepWord } from './stepWords.js';

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
    document.title = `${summary.title[studioLang]} · Karya`;
    return () => {
      document.title = 'Karya';
    };
  }, [summary.title, studioLang]);
  if (hasFailed) return <div role="alert" className="error-box mx-auto mt-10 max-w-md">{pageWord('loadFailed', studioLang)}</div>;
  if (!form) return <PageLoading />;
  return <GeneratorWorkspace form={form} />;
}

export function GeneratorWorkspace({ form }: { form: FormModel }) {
  const spec = useMemo(() => bookSpecFromForm(form), [form]);
  // `ui`: the studio language, for every label, button, note, toast and dialog of the page (a fixed-language
  // generator and a resumed book in another language included); `lang`: the book's language, for its text.
  const { lang: ui } = useLang();
  const { user, isAdmin, setCredits, refresh, setUser } = useAuth();
  // A new book opens at a length the writer's credits can finish (administrators are never short).
  const creditsForLength = isAdmin || !user ? undefined : user.credits_available;
  const settingsForm = useSettingsForm(form, spec, ui, creditsForLength);
  const { methods } = settingsForm;
  const navigate = useNavigate();
  const isBook = spec.kind === 'book';
  const chapterTitleField = form.fields.find((f) => f.role === 'chapterTitle')?.name;

  // The book as the server holds it, resumed on entry (useSavedBook.ts).
  const { book, setBook, output, setOutput, saved, setSaved, hasNoCurrentBook, restore, resync, clearSaved } = useSavedBook(form, isBook, methods, ui);
  const [isStartNewOpen, setIsStartNewOpen] = useState(false);

  const values = methods.watch();
  const isLocked = book?.is_locked === true;
  // From the introduction on the server's book, with its locked settings; before that the book the form's
  // settings would start (an outline the server already holds is kept).
  // An outline the writer shaped as chapters keeps its chapter count and notes.
  const shaped = book?.is_outline_edited && book.chapters
    ? { totalChapters: book.total_chapters, chapterNotes: Object.fromEntries(book.chapters.filter((c) => c.note).map((c) => [c.number, c.note])) }
    : undefined;
  const view: BookView | null = isBook ? (isLocked && book ? book : previewBook(spec, values as Settings, book?.outline?.text, shaped)) : null;
  const lang: Lang = view?.is_locked ? view.lang : formLanguage(form, values);
  const step: StepRef | null = view ? (view.next ? { kind: view.next.kind, ...(view.next.position !== undefined ? { position: view.next.position } : {}) } : null) : { kind: spec.kind === 'image' ? 'image' : 'single' };

  // Focus stays with the generate button through a step (it is never disabled under the keyboard's
  // focus) and comes back to it after the step, unless the reader has moved on to another control.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const stickyRef = useRef<HTMLButtonElement>(null);
  const formId = `settings-${form.id}`;
  const refocus = () => {
    requestAnimationFrame(() => {
      const active = document.activeElement;
      // No scroll for it: on a phone the reader stays with the text (the sticky bar has the next action).
      if (!active || active === document.body || active === buttonRef.current) buttonRef.current?.focus({ preventScroll: true });
    });
  };

  const onDone = (payload: DonePayload, ran: StepRef, l: Lang, chapterTitle?: string) => {
    refocus();
    setCredits(payload.credits_available);
    void refresh();
    if (isBook) {
      if (payload.book) setBook(payload.book);
      else void resync();
      if (chapterTitleField) methods.setValue(chapterTitleField, '');
    } else {
      setOutput({ text: payload.content, ...(payload.image ? { image: payload.image } : {}) });
    }
    // One result toast at a time: a quick run of steps replaces it instead of piling toasts up.
    // The server's outline toast is in the book's language; the page's toasts speak the studio's.
    if (ran.kind === 'outline') toast.success(outlineToast(spec, l), { id: 'generation-result' });
    else if (payload.is_cached) toast.success(pageWord('sharedCheck', l), { id: 'generation-result' });
    else toast.success(pageWord('successToast', l, { n: payload.credits_available.toLocaleString('en') }), { id: 'generation-result' });
  };

  const onFailure = (e: ApiError, l: Lang, streamed = ''): boolean => {
    refocus();
    // Stopped by the writer (stopStep): the stop's answer shows the draft kept.
    if (isBook && e.code === 'step_stopped') return true;
    // The connection went mid-stream: the server writes the step to its end; follow the book, keep the text.
    if (isBook && e.code === 'stream_lost') {
      setFollowing({ text: streamed, step: pendingRef.current?.step ?? null, label: pendingRef.current?.label ?? '' });
      return true;
    }
    const follow = () => setFollowing({ text: '', step: pendingRef.current?.step ?? null, label: pendingRef.current?.label ?? '' });
    return stepFailure(e, l, {
      form, isBook, isImage: spec.kind === 'image', isAdmin, follow, resync: () => void resync(),
      signOut: () => setUser(null),
      toUpgrade: () => navigate('/upgrade', { state: { needed: form.cost, tool: form.title[ui] } }),
      fieldError: (name, message) => methods.setError(name, { type: 'server', message }),
    });
  };

  // The callbacks of the request in flight see the step it asked for.
  const previewRef = useRef<HTMLDivElement>(null);
  // `label`: the heading of the part being written (the book's text); `lang`: the toasts' language.
  const pendingRef = useRef<{ step: StepRef; label: string; chapterTitle?: string; lang: Lang } | null>(null);
  const generation = useGeneration(form.id, ui, {
    onDone: (payload) => {
      const p = pendingRef.current;
      if (p) onDone(payload, p.step, p.lang, p.chapterTitle);
    },
    onFailure: (e, streamed) => onFailure(e, pendingRef.current?.lang ?? ui, streamed),
  });

  // A step the server writes while this page is not streaming it (useFollowStep.ts).
  const { setFollowing, isFollowing, connection, followText, followLabel, followRef } = useFollowStep(form.bookType, ui, book, setBook, generation.isLoading, isBook);

  const start = (settings: Settings) => {
    if (!step) return;
    if (isBook && view && view.total_chapters === 0) {
      toast.error(catalogueMessage('invalid_chapters', ui));
      return;
    }
    const chapterTitle = chapterTitleField && step.kind === 'chapter' ? String(methods.getValues(chapterTitleField) ?? '').trim() : '';
    const label = view?.next?.label ?? stepLabel({ kind: spec.kind === 'image' ? 'image' : 'single' }, lang, spec);
    pendingRef.current = { step, label, ...(chapterTitle ? { chapterTitle } : {}), lang: ui };
    // The preview follows the text as it arrives (on phones the page scrolls to it): Manuscript.tsx.
    void generation.run({ settings: { ...settings }, ...(chapterTitle ? { chapterTitle } : {}), step });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (generation.isLoading || isFollowing || !step) return;
    // A stopped draft of this part is the writer's text: writing the part afresh would replace it, so the
    // button points at the draft's own actions (Discard lets the part be written afresh).
    if (stopped) {
      toast(pageWord('stoppedFirst', ui, { part: stopped.label }), { id: 'generation-result' });
      document.getElementById('part-stopped')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      return;
    }
    // Short of credits for this step: the button says so and leads to buying credits (reading, editing and exporting stay free).
    if (isShort) {
      navigate('/upgrade', { state: { needed: stepCost, tool: form.title[ui] } });
      return;
    }
    if (document.activeElement !== stickyRef.current) buttonRef.current?.focus({ preventScroll: true });
    // Chapter cards typed but not saved go first, so their notes reach their chapters' requests.
    const edits = pendingChapters.current;
    if (edits) {
      if (isSavingChapters.current) return;
      isSavingChapters.current = true;
      void saveChapters(edits).then((failure) => {
        isSavingChapters.current = false;
        if (failure) toast.error(failure, { id: 'generation-result' });
        else startStep();
      });
      return;
    }
    startStep();
  };
  const startStep = () => {
    if (isLocked && book) {
      start(book.settings as Settings);
      return;
    }
    void methods.handleSubmit(
      (settings) => start(settings),
      (errors) => {
        const chaptersField = form.flow.chapterField;
        toast.error(chaptersField && errors[chaptersField] ? catalogueMessage('invalid_chapters', ui) : pageWord('fixHighlighted', ui));
      },
    )();
  };
  // The chapter cards not saved yet (OutlineChapters.tsx), and a save of them under way for Generate.
  const pendingChapters = useRef<ChapterEdit[] | null>(null);
  const isSavingChapters = useRef(false);

  const startNew = async () => {
    setIsStartNewOpen(false);
    if (form.flow.savesProgress && !(await clearSaved(ui))) return;
    generation.reset();
    setBook(null);
    setOutput(null);
    methods.reset(defaultValues(form, ui, creditsForLength));
  };

  const parts = previewParts(view, output);
  const streamingHeading = isBook && generation.isLoading && pendingRef.current ? pendingRef.current.label : isFollowing ? followLabel || undefined : undefined;
  const label =
    isFollowing ? pageWord('beingWritten', ui, { step: followRef ? stepWord(spec, followRef, ui) : view?.next ? stepWord(spec, view.next, ui) : '' })
    : spec.kind === 'image' && generation.isLoading ? pageWord('generatingCover', ui)
    : generation.isLoading ? buttonLabel(spec, null, ui, true)
    : view ? nextButtonWord(spec, view, ui)
    : buttonLabel(spec, { kind: spec.kind === 'image' ? 'image' : 'single' }, ui);
  const showChapterTitle = isBook && step?.kind === 'chapter' && chapterTitleField !== undefined;

  // Drafts of hand edits kept on the server and the saved book's edits between steps.
  const hasSavedBook = isBook && form.flow.savesProgress && book !== null && (book.parts.length > 0 || book.outline !== null);
  const { drafts, keepDraft, dropDraft } = useDrafts(hasSavedBook, form.bookType);
  const { saveEdit, writeMore, rewrite, reworkPassage, keepPassage, versions, restoreVersion, saveChapters, updateBible, saveBible } = useBookEdits(form.bookType, ui, setBook, dropDraft);

  const { stopped, stopStep, finishStopped } = useStopped({
    bookType: form.bookType, ui, book, setBook, isQuiet: isBook && !generation.isLoading && !isFollowing,
    onStopped: () => setFollowing(null), resync, dropDraft,
  });

  // Cost before spending: the step's credits on the button, the whole book's (or what is left of it) on the form.
  const have = user?.credits_available ?? 0;
  const stepCost = view ? view.cost.step : form.cost;
  const stepCostText = stepCost === 1 ? pageWord('stepCostOne', ui) : pageWord('stepCostMany', ui, { n: stepCost });
  const costLeft = view ? (view.parts.length === 0 && view.outline === null ? view.cost.total : view.cost.remaining) : 0;
  const hasStarted = view !== null && (view.outline !== null || view.parts.length > 0);
  const isShort = !isAdmin && user !== null && step !== null && have < stepCost;
  // Short of credits, the button says how to go on before it is clicked; its step and cost below.
  const isBusy = generation.isLoading || isFollowing;
  const next: NextAction = {
    step, isBusy,
    text: isShort && !isBusy ? pageWord('topUpToContinue', ui) : label,
    costLine: step && !isBusy ? (isShort ? pageWord('stepCostShort', ui, { step: label, cost: stepCostText }) : stepCostText) : null,
  };

  return (
    <div className={`mx-auto max-w-7xl ${isBook ? 'pb-24 lg:pb-0' : ''}`}>
      <header className="mb-6">
        <h1 className="text-2xl font-bold sm:text-3xl" data-testid="generator-title">{form.title[ui]}</h1>
        <p className="mt-1 text-gray-600 dark:text-gray-400">{form.tagline[ui]}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto">
          <SettingsPanel form={form} spec={spec} view={view} ui={ui} formId={formId} api={settingsForm} isBook={isBook} isLocked={isLocked} isLoading={generation.isLoading}
            chapterTitleField={chapterTitleField} showChapterTitle={showChapterTitle} have={have} isAdmin={isAdmin} costLeft={costLeft} stepCostText={stepCostText}
            hasStarted={hasStarted} next={next} buttonRef={buttonRef} onSubmit={submit} onStartNew={() => setIsStartNewOpen(true)} />
        </div>
        <div className="min-w-0 scroll-mt-16" ref={previewRef}>
          {isFollowing && connection !== 'ok' && (
            <p role="status" className="mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200" data-testid="connection-state">
              {pageWord(connection === 'offline' ? 'followOffline' : 'followServerDown', ui)}
            </p>
          )}
          {view && hasStarted && view.progress && <WritingProgress spec={spec} book={view} lang={ui} stopped={stopped} />}
          {spec.kind === 'image' ? (
            <CoverPreview image={output?.image ?? null} fileName={`${form.id}.png`} isLoading={generation.isLoading} error={generation.error} lang={ui} alt={form.title[ui]} />
          ) : (
            <Preview
              parts={parts}
              {...(view?.outline ? { outline: view.outline.text } : {})}
              outlineLabel={stepLabel({ kind: 'outline' }, lang, spec)}
              streaming={isFollowing ? followText : generation.streaming}
              {...(streamingHeading ? { streamingHeading } : {})}
              isLoading={generation.isLoading || isFollowing}
              elapsed={generation.elapsed}
              error={generation.error}
              canRetry={form.flow.retry}
              onRetry={generation.retry}
              {...(isBook && form.flow.savesProgress && (generation.isLoading || isFollowing) ? { onStop: () => void stopStep() }
                : generation.isLoading && !generation.streaming ? { onStop: () => {
                  generation.reset();
                  refocus();
                  toast(pageWord('stopped', ui), { id: 'generation-result' });
                } } : {})}
              {...(stopped ? { stoppedDraft: (
                <StoppedDraft label={stopped.label} text={stopped.text} words={stopped.words} lang={ui} bookLang={lang} costText={stepCostText} isDisabled={false}
                  onAction={(action, note) => finishStopped({ kind: stopped.kind, ...(stopped.position !== undefined ? { position: stopped.position } : {}) }, stopped.label, action, note)} />
              ), stoppedPart: { label: stopped.label, words: stopped.words } } : {})}
              isBook={isBook}
              lang={ui}
              bookLang={lang}
              {...(isBook && book && book.parts.length > 0 ? { downloadHref: (format) => fileHref('GET /books/:bookType/export', { params: { bookType: form.bookType }, query: { format } }) } : {})}
              {...(hasSavedBook ? { onSaveEdit: saveEdit, drafts, onDraft: keepDraft } : {})}
              {...(isBook && form.flow.savesProgress && book && book.parts.length > 0 ? { onWriteMore: writeMore, onRewrite: rewrite, onVersions: versions, onRestore: restoreVersion, stepCostText, onSaveBible: saveBible, onUpdateBible: updateBible, onPassage: reworkPassage, onKeepPassage: keepPassage } : {})}
              {...(isBook && view?.bible ? { bible: { ...bibleShown(view.bible, view.bible_notes ?? '', lang), ...(view.threads ? { threads: view.threads } : {}) } } : {})}
              {...(hasSavedBook && view?.chapters ? { chapters: view.chapters, onSaveChapters: saveChapters, chaptersPending: pendingChapters, chaptersDraftKey: `karya.chapters.${user?.id ?? ''}.${form.bookType}`, chapterLabel: (n: number) => stepLabel({ kind: 'chapter', position: n }, lang, spec) } : {})}
            />
          )}
          {isBook && form.flow.savesProgress && book?.is_finished && !generation.isLoading && <PublishPanel bookType={form.bookType} lang={ui} />}
        </div>
      </div>

      {isBook && (step || isFollowing) && <StickyNext formId={formId} next={next} stickyRef={stickyRef} />}
      <ResumeDialog saved={saved} spec={spec} form={form} lang={ui} isBook={isBook} returnTo={buttonRef}
        onContinue={() => {
          if (saved) restore(saved);
          setSaved(null);
        }}
        onStartNew={async () => {
          setSaved(null);
          if (await clearSaved(ui)) {
            setBook(null);
            setOutput(null);
            methods.reset(defaultValues(form, ui, creditsForLength));
          }
        }} />
      <StartNewDialog isOpen={isStartNewOpen} lang={ui} isBook={isBook} onClose={() => setIsStartNewOpen(false)} onStartNew={() => void startNew()} />
      {isBook && <KeptBookOffer generatorId={form.id} isActive={hasNoCurrentBook} isHidden={book !== null} lang={ui} onContinued={() => void resync()} />}
    </div>
  );
}

/** The preview's finished parts, as the server labelled and titled them (a user's chapter title is kept
 * with the book, so it survives a reload and a resume); a short piece's text. */
function previewParts(view: BookView | null, output: { text: string; image?: string } | null): PreviewPart[] {
  return view
    ? view.parts.map((p) => ({
        key: `part-${p.position ?? 0}`, heading: p.title ? `${p.label}: ${p.title}` : p.label, text: p.text, isComplete: p.is_complete,
        // The introduction as the exports print it: its character list is kept with the book, not shown in its text.
        ...(p.kind === 'introduction' ? { shown: withoutCharacterDetails(p.text) } : {}),
        ...(p.words !== undefined ? { words: p.words } : {}),
        ...(p.target !== undefined ? { target: p.target, isShort: p.is_short === true } : {}),
        ...(p.is_stopped ? { isStopped: true } : {}),
        ...(p.bible_updated === false ? { isNotInBible: true } : {}),
        ...(p.repeated !== undefined ? { repeated: p.repeated } : {}),
        ...(p.indonesian_words ? { indonesianWords: p.indonesian_words } : {}),
        ...(p.continuity?.length ? { continuity: p.continuity } : {}),
        ...(p.check_against ? { checkAgainst: p.check_against } : {}),
        ...(p.position !== undefined ? { ref: { kind: p.kind, position: p.position } } : {}),
      }))
    : output && !output.image
      ? [{ key: 'output', text: output.text }]
      : [];
}

export type { FormValues };
