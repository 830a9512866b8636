// The pieces of the preview's manuscript (Manuscript.tsx): the book's panels above its parts (the outline, the
// outline as chapter cards, the story bible, the writer's voice), the part being written as it streams, and what
// closes the manuscript (an error with Retry, the placeholder, the growing hint). A written part: WrittenPart.tsx.
import type { StepRef } from '../engine.js';
import { AlertTriangle, Loader2, RotateCcw, Square } from 'lucide-react';
import { Markdown } from '../components/Markdown.js';
import { closeOpenMarkdown } from './streaming.js';
import { OutlineChapters } from './OutlineChapters.js';
import { EditablePart } from './EditablePart.js';
import type { PreviewProps } from './previewPart.js';
import { pageWord } from './words.js';
import { Threads } from './Threads.js';
import { VoicePanel } from './VoicePanel.js';

const SUMMARY_CLASS = [
  'cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2',
  'focus-visible:ring-brand-500',
].join(' ');

/** The preview's props, which part's editor is open, and the draft a part's editor starts from. */
export interface Editing {
  props: PreviewProps;
  editing: string | null;
  onEdit(id: string | null): void;
  draftProps(ref: StepRef): { savedDraft?: string; onDraft?: (text: string | null) => Promise<boolean> };
}

/**
 * The outline (closed once the introduction starts), its chapter cards, the story bible beside it, and the Voice panel.
 */
export function BookPanels({ props, editing, onEdit, draftProps }: Editing) {
  const {
    outline,
    lang,
    bookLang,
    isLoading,
    chapters,
    onSaveChapters,
    chapterLabel,
    bible,
    onSaveBible,
    voice,
    onSaveVoice,
  } = props;
  return (
    <>
      {/* The outline closes once the introduction starts: nothing above the text being written moves when it ends. */}
      {outline !== undefined && (
        <OutlinePanel outline={outline} props={props} editing={editing} onEdit={onEdit} draftProps={draftProps} />
      )}
      {outline !== undefined && chapters && chapters.length > 0 && onSaveChapters && chapterLabel && (
        <ChaptersPanel props={props} chapters={chapters} onSaveChapters={onSaveChapters} chapterLabel={chapterLabel} />
      )}
      {bible && (bible.fromOutline || bible.kept || onSaveBible) && (
        <BiblePanel bible={bible} props={props} editing={editing} onEdit={onEdit} />
      )}
      {/* The writer's voice beside the story bible: a sample measured, its fingerprint, the phrases to avoid. */}
      {onSaveVoice && (
        <VoicePanel
          {...(voice ? { voice } : {})}
          lang={lang}
          {...(bookLang ? { bookLang } : {})}
          isDisabled={isLoading}
          onSave={onSaveVoice}
        />
      )}
    </>
  );
}

/** The outline, opened until the introduction starts, edited by hand on a saved book. */
function OutlinePanel({ outline, props, editing, onEdit, draftProps }: Editing & { outline: string }) {
  const { parts, outlineLabel, isLoading, streamingHeading, lang, bookLang, onSaveEdit } = props;
  return (
    <details
      id="part-outline"
      className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
      open={parts.length === 0 && !(isLoading && streamingHeading !== undefined && streamingHeading !== outlineLabel)}
    >
      <summary className={SUMMARY_CLASS} data-part-heading tabIndex={0} lang={bookLang}>
        {outlineLabel}
      </summary>
      <div className="mt-2 text-sm leading-relaxed" data-testid="outline" lang={bookLang}>
        {onSaveEdit ? (
          <EditablePart
            id="outline"
            label={outlineLabel}
            text={outline}
            {...(props.outlineHash ? { version: props.outlineHash } : {})}
            lang={lang}
            isDisabled={isLoading}
            isOpen={editing === 'outline'}
            onOpen={onEdit}
            onSave={(text, seen) =>
              seen ? onSaveEdit({ kind: 'outline' }, text, seen) : onSaveEdit({ kind: 'outline' }, text)
            }
            {...draftProps({ kind: 'outline' })}
          >
            <Markdown text={outline} />
          </EditablePart>
        ) : (
          <Markdown text={outline} />
        )}
      </div>
    </details>
  );
}

/** The outline as chapters: a card per chapter, edited before it is written, with the writer's note. */
function ChaptersPanel({
  props,
  chapters,
  onSaveChapters,
  chapterLabel,
}: {
  props: PreviewProps;
  chapters: NonNullable<PreviewProps['chapters']>;
  onSaveChapters: NonNullable<PreviewProps['onSaveChapters']>;
  chapterLabel: NonNullable<PreviewProps['chapterLabel']>;
}) {
  const { parts, isLoading, lang, bookLang, chaptersDraftKey, chaptersPending } = props;
  return (
    <details
      id="part-chapters"
      className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
      open={parts.length === 0 && !isLoading}
    >
      <summary className={SUMMARY_CLASS} tabIndex={0}>
        {pageWord('outlineChapters', lang)}
      </summary>
      <div className="mt-2">
        <OutlineChapters
          chapters={chapters}
          lang={lang}
          {...(bookLang ? { bookLang } : {})}
          chapterLabel={chapterLabel}
          isDisabled={isLoading}
          onSave={onSaveChapters}
          {...(chaptersDraftKey ? { draftKey: chaptersDraftKey } : {})}
          {...(chaptersPending ? { pending: chaptersPending } : {})}
        />
      </div>
    </details>
  );
}

/**
 * The story bible beside the outline: the premise and planned ending stay as the outline gives them; the rest is
 * edited here.
 */
function BiblePanel({
  bible,
  props,
  editing,
  onEdit,
}: Pick<Editing, 'props' | 'editing' | 'onEdit'> & {
  bible: NonNullable<PreviewProps['bible']>;
}) {
  const { isLoading, lang, bookLang, onSaveBible } = props;
  return (
    <details
      id="part-bible"
      className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700"
      data-testid="story-bible"
    >
      <summary className={SUMMARY_CLASS} data-part-heading tabIndex={0}>
        {pageWord('storyBible', lang)}
      </summary>
      <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">{pageWord('storyBibleHint', lang)}</p>
      {/* Which parts it holds (a line each, or an arc that names them): a part left out would show here. */}
      {bible.covers && (
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-300" data-testid="bible-covers">
          {pageWord('bibleCovers', lang)} <span lang={bookLang}>{bible.covers}</span>
        </p>
      )}
      {bible.fromOutline && (
        <div className="mt-2 text-sm leading-relaxed" data-testid="bible-outline" lang={bookLang}>
          <Markdown text={bible.fromOutline} />
        </div>
      )}
      <div className="mt-2 text-sm leading-relaxed" data-testid="bible-notes">
        {onSaveBible ? (
          <EditablePart
            id="bible"
            label={pageWord('storyBible', lang)}
            text={bible.notes}
            lang={lang}
            isDisabled={isLoading}
            isOpen={editing === 'bible'}
            onOpen={onEdit}
            onSave={onSaveBible}
          >
            {bible.kept ? (
              <div lang={bookLang}>
                <Markdown text={bible.kept} />
              </div>
            ) : (
              <p className="text-xs text-gray-500 dark:text-gray-400">{pageWord('bibleEmpty', lang)}</p>
            )}
          </EditablePart>
        ) : (
          bible.kept && (
            <div lang={bookLang}>
              <Markdown text={bible.kept} />
            </div>
          )
        )}
      </div>
      <Threads
        threads={bible.threads ?? []}
        lang={lang}
        {...(bookLang ? { bookLang } : {})}
        isEditable={Boolean(onSaveBible)}
      />
    </details>
  );
}

/** The part being written: its heading, the text so far, the working line with the slow hint and Stop. */
export function StreamingPart({ props, hint }: { props: PreviewProps; hint: string | null }) {
  const { streaming, streamingHeading, lang, bookLang, onStop } = props;
  return (
    <article id="part-streaming" className="mb-6 scroll-mt-4" data-streaming="true" data-testid="streaming">
      {streamingHeading && (
        <h3 className="mb-2 text-base font-semibold" tabIndex={-1} data-part-heading lang={bookLang}>
          {streamingHeading}
        </h3>
      )}
      {streaming && (
        <div className="text-[15px] leading-relaxed" data-testid="streaming-text" lang={bookLang}>
          <Markdown text={closeOpenMarkdown(streaming)} />
        </div>
      )}
      <div
        className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400"
        role="status"
        data-testid="preview-loading"
      >
        <Loader2 className="h-4 w-4 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
        <span>{pageWord('generatingContent', lang)}</span>
        {hint && (
          <span className="font-medium text-amber-700 dark:text-amber-400" data-testid="slow-hint">
            {hint}
          </span>
        )}
        {onStop && (
          <button
            type="button"
            className="btn-secondary ml-auto px-2 py-1 text-xs"
            onClick={onStop}
            data-testid="stop-generation"
          >
            <Square className="h-3 w-3" aria-hidden="true" /> {pageWord('stopNow', lang)}
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * What closes the manuscript: the error with Retry, the placeholder of an empty preview, the hint that the book grows.
 */
export function PreviewEnd({ props, isEmpty }: { props: PreviewProps; isEmpty: boolean }) {
  const { error, isLoading, canRetry, onRetry, isBook, lang } = props;
  return (
    <>
      {error && !isLoading && (
        <div role="alert" className="error-box flex flex-col items-start gap-2" data-testid="preview-error">
          <span className="flex items-center gap-2">
            <AlertTriangle className="h-4 w-4" aria-hidden="true" /> {error}
          </span>
          {canRetry && (
            <button type="button" className="btn-secondary px-3 py-1.5" onClick={onRetry}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" /> {pageWord('retry', lang)}
            </button>
          )}
        </div>
      )}
      {isEmpty && !isLoading && !error && (
        <p className="py-16 text-center text-gray-500 dark:text-gray-400" data-testid="preview-placeholder">
          {pageWord('placeholder', lang)}
        </p>
      )}
      {isBook && !isEmpty && (
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">{pageWord('growingHint', lang)}</p>
      )}
    </>
  );
}
