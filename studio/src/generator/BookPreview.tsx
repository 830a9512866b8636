// The book page's preview side: how the connection stands while a step is followed, the book's progress,
// and the manuscript (Manuscript.tsx) given the book's parts, the text being written, the stopped draft and
// what the writer can do to a written book (edit, write more, rewrite, versions, passages, chapter cards,
// the story bible, the writer's voice, download); a short piece's text or cover; the publish panel once a book is
// finished.
import { lazy, Suspense } from 'react';
import { toast } from 'react-hot-toast';
import { stepLabel, wordIn, type BookSpec, type BookView, type FormModel, type Lang, type StepRef } from '../engine.js';
import { fileHref } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { bibleShown, Preview, type PreviewProps } from './Manuscript.js';
import { previewParts } from './previewPart.js';
import type { Output } from './useSavedBook.js';
import type { BookStep } from './nextStep.js';
import { CoverPreview, WritingProgress } from './parts.js';
import { Spinner } from '../components/Spinner.js';
import { OwnEnding } from './OwnEnding.js';
import { StoppedDraft } from './StoppedDraft.js';
import type { useBookEdits } from './useBookEdits.js';
import type { useDrafts } from './useDrafts.js';
import type { StepRun } from './useStepRun.js';
import type { useStopped } from './useStopped.js';
import type { useSubmitStep } from './useSubmitStep.js';
import { pageWord } from './words.js';

const WARNING_CLASS = [
  'mb-3 flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900',
  'dark:bg-amber-950/40 dark:text-amber-200',
].join(' ');

// A finished book's panels load when one is shown: a new book's page does not evaluate the readiness rules'
// words (every language's) nor the audiobook's.
const PublishPanel = lazy(() => import('./PublishPanel.js').then((m) => ({ default: m.PublishPanel })));
const AudioPanel = lazy(() => import('./AudioPanel.js').then((m) => ({ default: m.AudioPanel })));

export type BookPreviewProps = {
  form: FormModel;
  spec: BookSpec;
  ui: Lang;
  shown: BookStep;
  book: BookView | null;
  output: Output | null;
  run: StepRun;
  stop: ReturnType<typeof useStopped>;
  edits: ReturnType<typeof useBookEdits>;
  drafts: ReturnType<typeof useDrafts>;
  pendingChapters: ReturnType<typeof useSubmitStep>['pendingChapters'];
  /** A saved book with a part or an outline: its parts are edited and its drafts kept. */
  hasSavedBook: boolean;
  hasStarted: boolean;
  stepCostText: string;
  /** The balance is below a step's cost: a part's charged tools say so and link to Top Up. */
  isShortOfCredits?: boolean;
  /** The saved book's id (its audio edition), once it has one. */
  bookId?: number | null;
};

export function BookPreview(props: BookPreviewProps) {
  const {
    form,
    spec,
    ui,
    shown: { view },
    book,
    output,
    run: { generation, follow },
  } = props;
  const isBook = spec.kind === 'book';
  return (
    <div className="min-w-0 scroll-mt-16">
      {follow.isFollowing && follow.connection !== 'ok' && (
        <p role="status" className={WARNING_CLASS} data-testid="connection-state">
          {pageWord(follow.connection === 'offline' ? 'followOffline' : 'followServerDown', ui)}
        </p>
      )}
      {view && props.hasStarted && view.progress && (
        <WritingProgress spec={spec} book={view} lang={ui} stopped={props.stop.stopped} soFar={props.run.lastSoFar} />
      )}
      {spec.kind === 'image' ? (
        <CoverPreview
          image={output?.image ?? null}
          fileName={`${form.id}.png`}
          isLoading={generation.isLoading}
          error={generation.error}
          lang={ui}
          alt={wordIn(form.title, ui, form.id)}
        />
      ) : (
        <ManuscriptOf {...props} />
      )}
      {isBook && book?.ending === 'own-ending' && !generation.isLoading && (
        <OwnEnding
          book={book}
          lang={ui}
          isDisabled={follow.isFollowing}
          onMoreChapters={props.edits.writeMoreChapters}
        />
      )}
      {/* A finished book, or one that ends with the writer's own last chapter (packaged as it stands). */}
      {isBook &&
        form.flow.savesProgress &&
        (book?.is_finished || book?.ending === 'own-ending') &&
        !generation.isLoading && (
          <Suspense fallback={<Spinner />}>
            <PublishPanel key={book?.parts.length} bookType={form.bookType} lang={ui} />
          </Suspense>
        )}
      {/* The same book read aloud: its cost first, then made, listened to and downloaded. */}
      {isBook &&
        form.flow.savesProgress &&
        (book?.is_finished || book?.ending === 'own-ending') &&
        !generation.isLoading &&
        props.bookId != null && (
          <Suspense fallback={<Spinner />}>
            <AudioPanel key={`${props.bookId}:${book?.parts.length}`} bookId={props.bookId} lang={ui} />
          </Suspense>
        )}
    </div>
  );
}

/** The manuscript of the book (or the piece) with the text being written or followed and its Stop. */
function ManuscriptOf(props: BookPreviewProps) {
  const {
    form,
    spec,
    ui,
    shown: { view, lang },
    run: { generation, follow, pendingRef },
  } = props;
  const isBook = spec.kind === 'book';
  const { user } = useAuth();
  const streamingHeading =
    isBook && generation.isLoading && pendingRef.current
      ? pendingRef.current.label
      : follow.isFollowing
        ? follow.followLabel || undefined
        : undefined;
  return (
    <Preview
      parts={previewParts(view, props.output)}
      {...(view?.outline ? { outline: view.outline.text } : {})}
      outlineLabel={stepLabel({ kind: 'outline' }, lang, spec)}
      streaming={follow.isFollowing ? follow.followText : generation.streaming}
      {...(streamingHeading ? { streamingHeading } : {})}
      isLoading={generation.isLoading || follow.isFollowing}
      elapsed={generation.elapsed}
      wait={follow.isFollowing ? null : generation.wait}
      error={generation.error}
      canRetry={form.flow.retry}
      onRetry={generation.retry}
      {...stopProps(props)}
      isBook={isBook}
      lang={ui}
      bookLang={lang}
      {...bookActions(props, user?.id ?? '')}
    />
  );
}

/** Stop while a step is written, and the stopped draft with its own actions. */
function stopProps({ form, spec, ui, shown, book, run, stop, stepCostText }: BookPreviewProps): Partial<PreviewProps> {
  const { generation, follow } = run;
  const { stopped } = stop;
  // Continue writes on from the draft as Generate writes a step: streamed into the page, and Stop stops it
  // (the server keeps the draft with what arrived).
  const continueDraft = (part: StepRef, label: string, text: string): Promise<string | null> => {
    run.pendingRef.current = { step: part, label, lang: ui };
    void generation.run({
      settings: { ...(book?.settings ?? {}) },
      step: part,
      fromDraft: 'continue',
      draftText: text,
    });
    return Promise.resolve(null);
  };
  const draftPart = (d: NonNullable<typeof stopped>): StepRef => ({
    kind: d.kind,
    ...(d.position !== undefined ? { position: d.position } : {}),
  });
  const onStop =
    spec.kind === 'book' && form.flow.savesProgress && (generation.isLoading || follow.isFollowing)
      ? () => void stop.stopStep()
      : generation.isLoading && !generation.streaming
        ? () => {
            generation.reset();
            run.refocus();
            toast(pageWord('stopped', ui), { id: 'generation-result' });
          }
        : undefined;
  return {
    ...(onStop ? { onStop } : {}),
    ...(stopped
      ? {
          stoppedDraft: (
            <StoppedDraft
              label={stopped.label}
              text={stopped.text}
              words={stopped.words}
              lang={ui}
              bookLang={shown.lang}
              costText={stepCostText}
              isDisabled={false}
              onAction={(action, note) =>
                action === 'continue'
                  ? continueDraft(draftPart(stopped), stopped.bookLabel, stopped.text)
                  : stop.finishStopped(draftPart(stopped), stopped.label, action, note)
              }
            />
          ),
          stoppedPart: { label: stopped.label, words: stopped.words },
        }
      : {}),
  };
}

/** What the writer can do to the saved book's written parts, its story bible and its chapter cards. */
function bookActions(props: BookPreviewProps, userId: string): Partial<PreviewProps> {
  const {
    form,
    spec,
    shown: { view, lang },
    book,
    edits,
    drafts,
    hasSavedBook,
    stepCostText,
    isShortOfCredits,
  } = props;
  const isBook = spec.kind === 'book';
  const hasParts = isBook && book !== null && book.parts.length > 0;
  return {
    ...(hasParts
      ? {
          downloadHref: (format) =>
            fileHref('GET /books/:bookType/export', { params: { bookType: form.bookType }, query: { format } }),
        }
      : {}),
    ...(hasSavedBook
      ? {
          onSaveEdit: edits.saveEdit,
          drafts: drafts.drafts,
          onDraft: drafts.keepDraft,
          ...(view?.outline ? { outlineHash: view.outline.hash } : {}),
        }
      : {}),
    // The introduction's character list, edited on its own: never inside the introduction's editor.
    ...(hasSavedBook && view?.character_details !== undefined
      ? { characterDetails: view.character_details, onSaveCharacters: edits.saveCharacters }
      : {}),
    ...(hasParts && form.flow.savesProgress
      ? {
          onWriteMore: edits.writeMore,
          onRewrite: edits.rewrite,
          onVersions: edits.versions,
          onRestore: edits.restoreVersion,
          onIntended: edits.markIntended,
          ...(view?.intended_findings ? { intendedFindings: view.intended_findings } : {}),
          stepCostText,
          ...(isShortOfCredits ? { isShortOfCredits } : {}),
          onSaveBible: edits.saveBible,
          onUpdateBible: edits.updateBible,
          onPassage: edits.reworkPassage,
          onKeepPassage: edits.keepPassage,
          ...(book?.voice?.fingerprint ? { onRewriteTowardVoice: edits.rewriteTowardVoice } : {}),
        }
      : {}),
    // The Voice panel once the book is saved (from its outline on): the voice as the server holds it.
    ...(hasSavedBook && form.flow.savesProgress
      ? { onSaveVoice: edits.saveVoice, ...(book?.voice ? { voice: book.voice } : {}) }
      : {}),
    ...(isBook && view?.bible
      ? {
          bible: {
            ...bibleShown(view.bible, view.bible_notes ?? '', lang),
            ...(view.threads ? { threads: view.threads } : {}),
            ...(view.bible_covers ? { covers: view.bible_covers.label } : {}),
          },
        }
      : {}),
    ...(hasSavedBook && view?.chapters
      ? {
          chapters: view.chapters,
          onSaveChapters: edits.saveChapters,
          chaptersPending: props.pendingChapters,
          chaptersDraftKey: `karya.chapters.${userId}.${form.bookType}`,
          chapterLabel: (n: number) => stepLabel({ kind: 'chapter', position: n }, lang, spec),
        }
      : {}),
  };
}
