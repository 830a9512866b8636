// The pieces of the preview's manuscript: the book's panels above its parts (the outline, the outline as
// chapter cards, the story bible, the writer's voice), a written part with its tools and notes, the part being written
// as it
// streams, and what closes the manuscript (an error with Retry, the placeholder, the growing hint).
import { useEffect, useState } from 'react';
import { AlertTriangle, Loader2, RotateCcw, Square } from 'lucide-react';
import { neighbourNote, type Lang, type StepRef } from '../engine.js';
import { Markdown } from '../components/Markdown.js';
import { closeOpenMarkdown } from './streaming.js';
import { PassageTools } from './PassageTools.js';
import { OutlineChapters } from './OutlineChapters.js';
import { EditablePart } from './EditablePart.js';
import { RewritePart } from './PartRewrite.js';
import { NotInBible, ShortPart } from './PartNotes.js';
import { WORDS_FMT, partWords, type PreviewPart, type PreviewProps } from './previewPart.js';
import { pageWord } from './words.js';
import { ContinuityNotes } from './Continuity.js';
import { Threads } from './Threads.js';
import { VoiceMarks } from './PartVoice.js';
import { VoicePanel } from './VoicePanel.js';
import { CharacterDetails } from './CharacterDetails.js';

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
  const { parts, outline, outlineLabel, isLoading, streamingHeading, lang, bookLang, onSaveEdit, chapters, onSaveChapters, chapterLabel, chaptersDraftKey, chaptersPending, bible, onSaveBible, voice, onSaveVoice } = props;
  return (
    <>
    {/* The outline closes once the introduction starts: nothing above the text being written moves when it ends. */}
    {outline !== undefined && (
      <details id="part-outline" className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" open={parts.length === 0 && !(isLoading && streamingHeading !== undefined && streamingHeading !== outlineLabel)}>
        <summary className="cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" data-part-heading tabIndex={0} lang={bookLang}>{outlineLabel}</summary>
        <div className="mt-2 text-sm leading-relaxed" data-testid="outline" lang={bookLang}>
          {onSaveEdit ? (
            <EditablePart id="outline" label={outlineLabel} text={outline} {...(props.outlineHash ? { version: props.outlineHash } : {})} lang={lang} isDisabled={isLoading} isOpen={editing === 'outline'} onOpen={onEdit} onSave={(text, seen) => (seen ? onSaveEdit({ kind: 'outline' }, text, seen) : onSaveEdit({ kind: 'outline' }, text))} {...draftProps({ kind: 'outline' })}>
              <Markdown text={outline} />
            </EditablePart>
          ) : (
            <Markdown text={outline} />
          )}
        </div>
      </details>
    )}
    {/* The outline as chapters: a card per chapter, edited before it is written, with the writer's note. */}
    {outline !== undefined && chapters && chapters.length > 0 && onSaveChapters && chapterLabel && (
      <details id="part-chapters" className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" open={parts.length === 0 && !isLoading}>
        <summary className="cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" tabIndex={0}>{pageWord('outlineChapters', lang)}</summary>
        <div className="mt-2">
          <OutlineChapters chapters={chapters} lang={lang} {...(bookLang ? { bookLang } : {})} chapterLabel={chapterLabel} isDisabled={isLoading} onSave={onSaveChapters} {...(chaptersDraftKey ? { draftKey: chaptersDraftKey } : {})} {...(chaptersPending ? { pending: chaptersPending } : {})} />
        </div>
      </details>
    )}
    {/* The story bible beside the outline: the premise and planned ending stay as the outline gives them; the rest is edited here. */}
    {bible && (bible.fromOutline || bible.kept || onSaveBible) && (
      <details id="part-bible" className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" data-testid="story-bible">
        <summary className="cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" data-part-heading tabIndex={0}>{pageWord('storyBible', lang)}</summary>
        <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">{pageWord('storyBibleHint', lang)}</p>
        {/* Which parts it holds (a line each, or an arc that names them): a part left out would show here. */}
        {bible.covers && <p className="mt-1 text-xs text-gray-600 dark:text-gray-300" data-testid="bible-covers">{pageWord('bibleCovers', lang)} <span lang={bookLang}>{bible.covers}</span></p>}
        {bible.fromOutline && <div className="mt-2 text-sm leading-relaxed" data-testid="bible-outline" lang={bookLang}><Markdown text={bible.fromOutline} /></div>}
        <div className="mt-2 text-sm leading-relaxed" data-testid="bible-notes">
          {onSaveBible ? (
            <EditablePart id="bible" label={pageWord('storyBible', lang)} text={bible.notes} lang={lang} isDisabled={isLoading} isOpen={editing === 'bible'} onOpen={onEdit} onSave={onSaveBible}>
              {bible.kept ? <div lang={bookLang}><Markdown text={bible.kept} /></div> : <p className="text-xs text-gray-500 dark:text-gray-400">{pageWord('bibleEmpty', lang)}</p>}
            </EditablePart>
          ) : (
            bible.kept && <div lang={bookLang}><Markdown text={bible.kept} /></div>
          )}
        </div>
        <Threads threads={bible.threads ?? []} lang={lang} {...(bookLang ? { bookLang } : {})} isEditable={Boolean(onSaveBible)} />
      </details>
    )}
    {/* The writer's voice beside the story bible: a sample measured, its fingerprint, the phrases to avoid. */}
    {onSaveVoice && <VoicePanel {...(voice ? { voice } : {})} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isLoading} onSave={onSaveVoice} />}
    </>
  );
}

/**
 * A written part: heading and words (folded on a phone unless it is the newest), its text (edited by hand), Rewrite,
 * passage tools, notes.
 */
export function WrittenPart({ part: p, isLast, isUnfolded, onFold, props, editing, onEdit, draftProps }: Editing & { part: PreviewPart; isLast: boolean; isUnfolded: boolean; onFold(): void }) {
  const { isBook, isLoading, lang, bookLang, onSaveEdit, onRewrite, onVersions, onRestore, onPassage, onKeepPassage, onWriteMore, onUpdateBible, onRewriteTowardVoice, stepCostText, isShortOfCredits } = props;
  // On a phone, earlier parts fold to their titles (the newest stays open); wider screens show all.
  const isFolded = isBook && p.heading !== undefined && !isLast && !isUnfolded && editing !== p.key;
  // "Rewrite with this note" on a continuity finding: the part's Rewrite opened with that note.
  const [notePreset, setNotePreset] = useState<{ note: string; n: number } | null>(null);
  // The Continuity panel's "Rewrite with this note" for this part.
  const asked = props.noteFor?.partKey === p.key ? props.noteFor : undefined;
  useEffect(() => {
    if (asked) setNotePreset((was) => ({ note: asked.note, n: (was?.n ?? 0) + 1 }));
  }, [asked?.n]);
  const canRewrite = Boolean(onRewrite && p.ref && p.ref.kind !== 'outline');
  return (
    <article id={p.key} className="mb-6 scroll-mt-4" data-testid="preview-part">
      {p.heading && (
        <div className="mb-2 flex items-baseline justify-between gap-3">
          <h3 className="text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" tabIndex={-1} data-part-heading lang={bookLang}>{p.heading}</h3>
          <span className="flex shrink-0 items-baseline gap-2">
            <ProvenanceLabel p={p} lang={lang} />
            <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" data-testid="part-words">{WORDS_FMT(partWords(p), lang)}</span>
            {isBook && !isLast && (
              <button type="button" className="btn-ghost px-1.5 py-0.5 text-xs lg:hidden" aria-expanded={!isFolded} aria-controls={`${p.key}-text`} onClick={onFold} data-testid="part-fold">
                {pageWord(isFolded ? 'showPartText' : 'hidePartText', lang)}
              </button>
            )}
          </span>
        </div>
      )}
      <div id={`${p.key}-text`} className={`text-[15px] leading-relaxed ${isFolded ? 'hidden lg:block' : ''}`} lang={bookLang}>
        {onSaveEdit && p.ref ? (
          // The Edit button stays while a step runs (disabled), so no part moves when the step ends. The save
          // names the text the editor opened on (its hash): a part changed since is refused, not overwritten.
          <EditablePart id={p.key} label={p.heading ?? ''} text={p.text} {...(p.hash ? { version: p.hash } : {})} lang={lang} isDisabled={isLoading} isOpen={editing === p.key} onOpen={onEdit} onSave={(text, seen) => (seen ? onSaveEdit(p.ref!, text, seen) : onSaveEdit(p.ref!, text))} {...draftProps(p.ref)}>
            <Markdown text={p.text} isPlaced />
          </EditablePart>
        ) : (
          <Markdown text={p.text} isPlaced />
        )}
      </div>
      {p.ref?.kind === 'introduction' && props.characterDetails !== undefined && props.onSaveCharacters && (
        <CharacterDetails text={props.characterDetails} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isLoading} onSave={props.onSaveCharacters} />
      )}
      <ContinuityNotes partKey={p.key} label={p.heading ?? ''} findings={p.continuity ?? []} {...(p.checkAgainst ? { checkAgainst: p.checkAgainst } : {})} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isLoading}
        {...(canRewrite ? { onUseNote: (note: string) => setNotePreset((was) => ({ note, n: (was?.n ?? 0) + 1 })) } : {})} />
      <VoiceMarks partKey={p.key} label={p.heading ?? ''} {...(p.voice ? { voice: p.voice } : {})} {...(p.overused ? { overused: p.overused } : {})} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isLoading}
        isShortOfCredits={isShortOfCredits === true} {...(stepCostText ? { costText: stepCostText } : {})} {...(canRewrite && onRewriteTowardVoice ? { onRewrite: () => (p.hash ? onRewriteTowardVoice(p.ref!, p.hash) : onRewriteTowardVoice(p.ref!)) } : {})} />
      {onRewrite && p.ref && p.ref.kind !== 'outline' && (
        <RewritePart part={p} partRef={p.ref} lang={lang} isDisabled={isLoading} isShortOfCredits={isShortOfCredits === true} onRewrite={(ref, note) => (p.hash ? onRewrite(ref, note, p.hash) : onRewrite(ref, note))} {...(notePreset ? { preset: notePreset } : {})} {...(onVersions ? { onVersions } : {})}
          {...(onRestore ? { onRestore: (ref: StepRef, version: number) => (p.hash ? onRestore(ref, version, p.hash) : onRestore(ref, version)) } : {})} {...(stepCostText ? { costText: stepCostText } : {})} />
      )}
      {onPassage && onKeepPassage && p.ref && p.ref.kind !== 'outline' && editing !== p.key && (
        <PassageTools textId={`${p.key}-text`} text={p.text} {...(p.hash ? { hash: p.hash } : {})} label={p.heading ?? ''} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isLoading} isShortOfCredits={isShortOfCredits === true} {...(stepCostText ? { costText: stepCostText } : {})}
          onRework={(passage, ask, onDelta, onWait) => onPassage(p.ref!, passage, ask, onDelta, onWait)} onKeep={(passage, next) => onKeepPassage(p.ref!, passage, next)} />
      )}
      {(p.isStopped || p.isShort) && p.target !== undefined && (
        <ShortPart part={p} lang={lang} isDisabled={isLoading} isShortOfCredits={isShortOfCredits === true} {...(onWriteMore && p.ref ? { onWriteMore: () => (p.hash ? onWriteMore(p.ref!, p.hash) : onWriteMore(p.ref!)) } : {})} {...(stepCostText ? { costText: stepCostText } : {})} />
      )}
      {p.isNotInBible && <NotInBible lang={lang} isDisabled={isLoading} isUpdating={p.isBibleUpdating === true} isBookFinished={p.isBookFinished === true} {...(p.notInBibleMessage ? { message: p.notInBibleMessage } : {})} {...(onUpdateBible ? { onUpdate: onUpdateBible } : {})} />}
      {p.repeated !== undefined && p.repeated >= 0.2 && (
        <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="repeating-part">
          {pageWord('repeatingPart', lang, { share: Math.round(100 * p.repeated) })}
        </p>
      )}
      {p.neighbourWords && p.neighbourWords.words.length > 0 && (
        <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="neighbour-words">
          {neighbourNote('studio', lang, p.neighbourWords)}
        </p>
      )}
      {p.isComplete === false && (
        <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="incomplete-part">
          {pageWord('incompletePart', lang)}
        </p>
      )}
    </article>
  );
}

/** The part being written: its heading, the text so far, the working line with the slow hint and Stop. */
export function StreamingPart({ props, hint }: { props: PreviewProps; hint: string | null }) {
  const { streaming, streamingHeading, lang, bookLang, onStop } = props;
  return (
    <article id="part-streaming" className="mb-6 scroll-mt-4" data-streaming="true" data-testid="streaming">
    {streamingHeading && <h3 className="mb-2 text-base font-semibold" tabIndex={-1} data-part-heading lang={bookLang}>{streamingHeading}</h3>}
    {streaming && <div className="text-[15px] leading-relaxed" data-testid="streaming-text" lang={bookLang}><Markdown text={closeOpenMarkdown(streaming)} /></div>}
    <div className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400" role="status" data-testid="preview-loading">
      <Loader2 className="h-4 w-4 shrink-0 animate-spin text-brand-600" aria-hidden="true" />
      <span>{pageWord('generatingContent', lang)}</span>
      {hint && <span className="font-medium text-amber-700 dark:text-amber-400" data-testid="slow-hint">{hint}</span>}
      {onStop && (
        <button type="button" className="btn-secondary ml-auto px-2 py-1 text-xs" onClick={onStop} data-testid="stop-generation">
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
        <span className="flex items-center gap-2"><AlertTriangle className="h-4 w-4" aria-hidden="true" /> {error}</span>
        {canRetry && (
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={onRetry}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" /> {pageWord('retry', lang)}
          </button>
        )}
      </div>
    )}
    {isEmpty && !isLoading && !error && <p className="py-16 text-center text-gray-500 dark:text-gray-400" data-testid="preview-placeholder">{pageWord('placeholder', lang)}</p>}
    {isBook && !isEmpty && <p className="mt-2 text-xs text-gray-500 dark:text-gray-400">{pageWord('growingHint', lang)}</p>}
    </>
  );
}

/**
 * How a part's text came to be, when not simply the model's: the writer's own, rewritten by the AI, the AI's edited by
 * hand; and the passages the AI rewrote.
 */
function ProvenanceLabel({ p, lang }: { p: PreviewPart; lang: Lang }) {
  const origin = p.origin ?? (p.isAuthored ? 'author' : undefined);
  const word = origin === 'author' ? 'authoredPart' : origin === 'model-rewrite' ? 'rewrittenPart' : origin === 'hand' ? 'handPart' : undefined;
  if (!word && !p.passagesRewritten) return null;
  const passages = p.passagesRewritten ? pageWord('passagesPart', lang, { n: p.passagesRewritten }) : '';
  const label = [word ? pageWord(word, lang) : '', passages].filter(Boolean).join(' · ');
  return (
    <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-700 dark:bg-brand-600/20 dark:text-brand-100" title={word ? pageWord(`${word}Title`, lang) : undefined}
      data-testid={origin === 'author' ? 'authored-part' : 'part-provenance'} data-origin={origin ?? 'model'}>{label}</span>
  );
}
