// The live preview as a manuscript: a navigator to every part (with its word count), the parts at a
// reading width, each editable by hand between steps, and the part being written rendered as Markdown
// while it streams, kept in view (useFollow) with the slow-generation hints right under it and "Jump to
// latest" when the reader has scrolled away. Also the placeholder, the error with retry, Copy/Copied!
// and the Download menu.
import { useEffect, useLayoutEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { AlertTriangle, ArrowDown, Loader2, Pencil, RotateCcw, Square } from 'lucide-react';
import { EMPTY_BIBLE, parseBible, renderBible, type Lang, type StepRef } from '../engine.js';
import type { ExportFormat, PartVersionView } from '../engine.js';
import { DownloadMenu } from '../components/DownloadMenu.js';
import { Markdown } from '../components/Markdown.js';
import { Dialog } from '../components/Dialog.js';
import { CopyButton, countWords, slowHint } from './parts.js';
import { closeOpenMarkdown } from './streaming.js';
import { useFollow } from './useFollow.js';
import { PassageTools, type Passage, type PassageAskInput } from './PassageTools.js';
import { OutlineChapters, type ChapterEdit, type OutlineChapterView } from './OutlineChapters.js';
import { pageWord } from './words.js';

export interface PreviewPart {
  key: string;
  heading?: string;
  text: string;
  /** The text as the book prints it, when it differs (an introduction without its character list); `text` is what the editor edits. */
  shown?: string;
  /** False when the part was still cut at the length limit after Karya asked the model to continue it. */
  isComplete?: boolean;
  /** The part's step: given when it can be edited by hand. */
  ref?: StepRef;
  /** The part's words as the book counts them (its character list left out); else counted here. */
  words?: number;
  /** Words asked for, and whether the part is still under 0.85 of them after the engine's extensions. */
  target?: number;
  isShort?: boolean;
  /** The story bible has not taken the part in (its update failed or did not fit the model's window). */
  isNotInBible?: boolean;
  /** The share of its words the book already wrote (0–1), and Indonesian words left in a Malay part. */
  repeated?: number;
  indonesianWords?: readonly string[];
}

export interface PreviewProps {
  parts: PreviewPart[];
  outline?: string;
  outlineLabel: string;
  streaming: string;
  streamingHeading?: string;
  isLoading: boolean;
  elapsed: number;
  error: string | null;
  canRetry: boolean;
  onRetry(): void;
  isBook: boolean;
  /** The studio language: the preview's own words (buttons, counts, notes, hints). */
  lang: Lang;
  /** The book's language: its text and the headings of its parts (marked `lang` for screen readers and spelling). */
  bookLang?: Lang;
  /** The saved book's download link per format; the Download menu shows when given (the book has a part). */
  downloadHref?: (format: ExportFormat) => string;
  /** Save a part edited by hand; answers an error message, or null when saved. Absent: parts are not editable. */
  onSaveEdit?: (part: StepRef, text: string) => Promise<string | null>;
  /** "Write more" on a short part (charged as a step); answers an error message, or null when done. */
  onWriteMore?: (part: StepRef) => Promise<string | null>;
  /** The step cost shown on Write more ("1 credit"). */
  stepCostText?: string;
  /** Rewrite a written part with the writer's note ('' writes it again; charged as a step); answers an error message, or null when done. */
  onRewrite?: (part: StepRef, note: string) => Promise<string | null>;
  /** A part's earlier versions (newest first), or an error message. */
  onVersions?: (part: StepRef) => Promise<PartVersionView[] | string>;
  /** Passage tools (PassageTools.tsx): a passage reworked (charged as a step), and kept. */
  onPassage?: (part: StepRef, passage: Passage, ask: PassageAskInput, onDelta: (text: string) => void) => Promise<{ passage: string } | string>;
  onKeepPassage?: (part: StepRef, passage: Passage, next: string) => Promise<string | null>;
  /** Bring an earlier version back as the part; answers an error message, or null when done. */
  onRestore?: (part: StepRef, version: number) => Promise<string | null>;
  /** The story bible: what the outline gives (read only), what the book keeps, and that part as saved (edited by hand). */
  bible?: BibleShown;
  onSaveBible?: (text: string) => Promise<string | null>;
  /** Try the story bible's update again for the parts it has not taken in (uncharged); answers an error message, or null when done. */
  onUpdateBible?: () => Promise<string | null>;
  /** Stop the step being written (a book's part keeps its text so far as a draft; else only before any text: nothing charged). */
  onStop?: () => void;
  /** The draft of a part the writer stopped (StoppedDraft.tsx), shown where that part goes while no step runs. */
  stoppedDraft?: ReactNode;
  /** The stopped draft's label and words: counted in the header and listed with the parts. */
  stoppedPart?: { label: string; words: number };
  /** Drafts of hand edits kept on the server, by part position (-1 the outline). */
  drafts?: Readonly<Record<number, string>>;
  /** Keep (text) or discard (null) a part's draft; answers whether the server has it. */
  onDraft?: (part: StepRef, text: string | null) => Promise<boolean>;
  /** The outline as chapter cards, and saving them; absent: no cards. */
  chapters?: readonly OutlineChapterView[];
  onSaveChapters?: (chapters: ChapterEdit[]) => Promise<string | null>;
  /** Where unsaved chapter cards are kept on this device, and the page's hold on them (OutlineChapters.tsx). */
  chaptersDraftKey?: string;
  chaptersPending?: MutableRefObject<ChapterEdit[] | null>;
  /** "Chapter 3" / "Bab 3" in the book's language. */
  chapterLabel?: (n: number) => string;
}

/** A part's position as drafts key it: -1 the outline. */
export const draftPosition = (ref: StepRef): number => (ref.kind === 'outline' ? -1 : (ref.position ?? 0));

const WORDS_FMT = (n: number, lang: Lang) => pageWord('words', lang, { n: n.toLocaleString('en') });
const partWords = (p: PreviewPart) => p.words ?? countWords(p.text);

/** The story bible as the panel shows it. */
export interface BibleShown {
  /** The premise and planned ending (Markdown): from the outline, edited there. */
  fromOutline: string;
  /** What the book keeps (recent parts, arcs, characters, open threads, facts) as the next step reads it. */
  kept: string;
  /** The same as saved: the text the writer edits. */
  notes: string;
}

/** The book's story bible (BookView.bible, .bible_notes) split into what the outline gives and what the writer may edit. */
export function bibleShown(bible: string, notes: string, bookLang: Lang): BibleShown {
  const parsed = parseBible(bible);
  return {
    fromOutline: renderBible({ ...EMPTY_BIBLE, premise: parsed.premise, ending: parsed.ending }, bookLang),
    kept: renderBible(parsed, bookLang, { omit: ['premise', 'ending'] }),
    notes,
  };
}

export function Preview(props: PreviewProps) {
  const { parts, outline, outlineLabel, streaming, streamingHeading, isLoading, elapsed, error, canRetry, onRetry, isBook, lang, bookLang, downloadHref, onSaveEdit, onWriteMore, onRewrite, onVersions, onRestore, stepCostText, bible, onSaveBible, onUpdateBible, drafts, onDraft, onStop, chapters, onSaveChapters, chapterLabel, stoppedDraft, stoppedPart, chaptersDraftKey, chaptersPending, onPassage, onKeepPassage } = props;
  const draftProps = (ref: StepRef) => ({
    ...(drafts?.[draftPosition(ref)] !== undefined ? { savedDraft: drafts[draftPosition(ref)]! } : {}),
    ...(onDraft ? { onDraft: (text: string | null) => onDraft(ref, text) } : {}),
  });
  const all = [...parts.map((p) => (p.heading ? `${p.heading}\n\n${p.shown ?? p.text}` : (p.shown ?? p.text))), ...(streaming ? [streaming] : [])].join('\n\n');
  const stoppedShown = !isLoading && stoppedDraft ? stoppedPart : undefined;
  const words = countWords(parts.map((p) => p.text).join(' ') + ' ' + streaming) + (stoppedShown?.words ?? 0);
  const hint = isLoading ? slowHint(elapsed, lang) : null;
  const isEmpty = parts.length === 0 && !streaming && !outline;
  const boxRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const follow = useFollow({ isActive: isLoading, box: boxRef, end: endRef, content: `${streaming.length}:${hint ?? ''}` });
  const [editing, setEditing] = useState<string | null>(null);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  // A step that starts closes an open editor (its text stays in the saved book).
  useEffect(() => {
    if (isLoading) setEditing(null);
  }, [isLoading]);

  const navItems = [
    ...(outline !== undefined ? [{ id: 'part-outline', label: outlineLabel, words: countWords(outline) }] : []),
    ...parts.filter((p) => p.heading).map((p) => ({ id: p.key, label: p.heading!, words: partWords(p) })),
    ...(stoppedShown ? [{ id: 'part-stopped', label: pageWord('stoppedDraft', lang, { part: stoppedShown.label }), words: stoppedShown.words }] : []),
    ...(isLoading && streamingHeading ? [{ id: 'part-streaming', label: `${streamingHeading} (${pageWord('writingNow', lang)})`, words: countWords(streaming) }] : []),
  ];
  const goTo = (id: string) => {
    if (isLoading) follow.pause();
    const target = document.getElementById(id);
    target?.scrollIntoView?.({ block: 'start' });
    target?.querySelector<HTMLElement>('[data-part-heading]')?.focus({ preventScroll: true });
  };

  return (
    <section className="card flex min-h-[500px] flex-col" aria-labelledby="preview-h">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-neutral-700">
        <h2 id="preview-h" className="text-sm font-semibold">{pageWord('preview', lang)}</h2>
        <div className="flex items-center gap-3">
          <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" data-testid="word-count">{WORDS_FMT(words, lang)}</span>
          <CopyButton text={all} lang={lang} />
          {downloadHref && <DownloadMenu hrefOf={downloadHref} lang={lang} />}
        </div>
      </div>
      {isBook && navItems.length > 1 && (
        <nav aria-label={pageWord('partsNav', lang)} className="border-b border-gray-200 px-4 py-2 dark:border-neutral-700" data-testid="parts-nav">
          <ol className="flex gap-1.5 overflow-x-auto pb-1 text-xs">
            {navItems.map((item) => (
              <li key={item.id} className="shrink-0">
                <button type="button" className="rounded-full border border-gray-300 px-2.5 py-1 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-neutral-600 dark:hover:bg-neutral-800" onClick={() => goTo(item.id)}>
                  {item.label} <span className="text-gray-500 tabular-nums dark:text-gray-400">· {item.words.toLocaleString('en')}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="relative flex-1">
        <div ref={boxRef} className="h-full overflow-y-auto px-4 py-4 lg:max-h-[calc(100vh-14rem)]" data-testid="preview" aria-live="off" aria-busy={isLoading}>
          <div className="mx-auto max-w-[68ch]" data-testid="manuscript">
            {/* The outline closes once the introduction starts: nothing above the text being written moves when it ends. */}
            {outline !== undefined && (
              <details id="part-outline" className="mb-4 scroll-mt-4 rounded-lg border border-gray-200 p-3 dark:border-neutral-700" open={parts.length === 0 && !(isLoading && streamingHeading !== undefined && streamingHeading !== outlineLabel)}>
                <summary className="cursor-pointer rounded text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" data-part-heading tabIndex={0} lang={bookLang}>{outlineLabel}</summary>
                <div className="mt-2 text-sm leading-relaxed" data-testid="outline" lang={bookLang}>
                  {onSaveEdit ? (
                    <EditablePart id="outline" label={outlineLabel} text={outline} lang={lang} isDisabled={isLoading} isOpen={editing === 'outline'} onOpen={setEditing} onSave={(text) => onSaveEdit({ kind: 'outline' }, text)} {...draftProps({ kind: 'outline' })}>
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
                {bible.fromOutline && <div className="mt-2 text-sm leading-relaxed" data-testid="bible-outline" lang={bookLang}><Markdown text={bible.fromOutline} /></div>}
                <div className="mt-2 text-sm leading-relaxed" data-testid="bible-notes">
                  {onSaveBible ? (
                    <EditablePart id="bible" label={pageWord('storyBible', lang)} text={bible.notes} lang={lang} isDisabled={isLoading} isOpen={editing === 'bible'} onOpen={setEditing} onSave={onSaveBible}>
                      {bible.kept ? <div lang={bookLang}><Markdown text={bible.kept} /></div> : <p className="text-xs text-gray-500 dark:text-gray-400">{pageWord('bibleEmpty', lang)}</p>}
                    </EditablePart>
                  ) : (
                    bible.kept && <div lang={bookLang}><Markdown text={bible.kept} /></div>
                  )}
                </div>
              </details>
            )}
            {parts.map((p, index) => {
              // On a phone, earlier parts fold to their titles (the newest stays open); wider screens show all.
              const isFolded = isBook && p.heading !== undefined && index < parts.length - 1 && !unfolded.has(p.key) && editing !== p.key;
              return (
              <article key={p.key} id={p.key} className="mb-6 scroll-mt-4" data-testid="preview-part">
                {p.heading && (
                  <div className="mb-2 flex items-baseline justify-between gap-3">
                    <h3 className="text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500" tabIndex={-1} data-part-heading lang={bookLang}>{p.heading}</h3>
                    <span className="flex shrink-0 items-baseline gap-2">
                      <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" data-testid="part-words">{WORDS_FMT(partWords(p), lang)}</span>
                      {isBook && index < parts.length - 1 && (
                        <button type="button" className="btn-ghost px-1.5 py-0.5 text-xs lg:hidden" aria-expanded={!isFolded} aria-controls={`${p.key}-text`} onClick={() => setUnfolded((set) => { const next = new Set(set); if (next.has(p.key)) next.delete(p.key); else next.add(p.key); return next; })} data-testid="part-fold">
                          {pageWord(isFolded ? 'showPartText' : 'hidePartText', lang)}
                        </button>
                      )}
                    </span>
                  </div>
                )}
                <div id={`${p.key}-text`} className={`text-[15px] leading-relaxed ${isFolded ? 'hidden lg:block' : ''}`} lang={bookLang}>
                  {onSaveEdit && p.ref ? (
                    // The Edit button stays while a step runs (disabled), so no part moves when the step ends.
                    <EditablePart id={p.key} label={p.heading ?? ''} text={p.text} lang={lang} isDisabled={isLoading} isOpen={editing === p.key} onOpen={setEditing} onSave={(text) => onSaveEdit(p.ref!, text)} {...draftProps(p.ref)}>
                      <Markdown text={p.shown ?? p.text} />
                    </EditablePart>
                  ) : (
                    <Markdown text={p.shown ?? p.text} />
                  )}
                </div>
                {onRewrite && p.ref && p.ref.kind !== 'outline' && (
                  <RewritePart part={p} partRef={p.ref} lang={lang} isDisabled={isLoading} onRewrite={onRewrite} {...(onVersions ? { onVersions } : {})} {...(onRestore ? { onRestore } : {})} {...(stepCostText ? { costText: stepCostText } : {})} />
                )}
                {onPassage && onKeepPassage && p.ref && p.ref.kind !== 'outline' && editing !== p.key && (
                  <PassageTools textId={`${p.key}-text`} text={p.text} label={p.heading ?? ''} lang={lang} {...(bookLang ? { bookLang } : {})} isDisabled={isLoading} {...(stepCostText ? { costText: stepCostText } : {})}
                    onRework={(passage, ask, onDelta) => onPassage(p.ref!, passage, ask, onDelta)} onKeep={(passage, next) => onKeepPassage(p.ref!, passage, next)} />
                )}
                {p.isShort && p.target !== undefined && (
                  <ShortPart part={p} lang={lang} isDisabled={isLoading} {...(onWriteMore && p.ref ? { onWriteMore: () => onWriteMore(p.ref!) } : {})} {...(stepCostText ? { costText: stepCostText } : {})} />
                )}
                {p.isNotInBible && <NotInBible lang={lang} isDisabled={isLoading} {...(onUpdateBible ? { onUpdate: onUpdateBible } : {})} />}
                {p.repeated !== undefined && p.repeated >= 0.2 && (
                  <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="repeating-part">
                    {pageWord('repeatingPart', lang, { share: Math.round(100 * p.repeated) })}
                  </p>
                )}
                {p.indonesianWords && p.indonesianWords.length > 0 && (
                  <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="indonesian-words">
                    {pageWord('indonesianWords', lang, { words: p.indonesianWords.join(', ') })}
                  </p>
                )}
                {p.isComplete === false && (
                  <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="incomplete-part">
                    {pageWord('incompletePart', lang)}
                  </p>
                )}
              </article>
              );
            })}
            {!isLoading && stoppedDraft}
            {isLoading && (
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
            )}
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
            <div ref={endRef} className="h-px" data-testid="preview-end" />
          </div>
        </div>
        {isLoading && !follow.isFollowing && (
          <button
            type="button"
            className={`btn-primary fixed left-1/2 z-30 -translate-x-1/2 px-3 py-1.5 shadow-lg lg:absolute lg:bottom-3 ${isBook ? 'bottom-24' : 'bottom-4'}`}
            onClick={() => {
              // The button goes away once followed: keep the keyboard with the text being written.
              document.querySelector<HTMLElement>('#part-streaming [data-part-heading]')?.focus({ preventScroll: true });
              follow.jump();
            }}
            data-testid="jump-to-latest"
          >
            <ArrowDown className="h-4 w-4" aria-hidden="true" /> {pageWord('jumpToLatest', lang)}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * "Rewrite…" on a written part: a note field ("make the ending darker"; empty writes the part
 * again), charged as a step; and its earlier versions, each restorable (free; the text it replaces is kept too).
 */
function RewritePart({ part, partRef, lang, isDisabled, onRewrite, onVersions, onRestore, costText }: {
  part: PreviewPart;
  partRef: StepRef;
  lang: Lang;
  isDisabled: boolean;
  onRewrite: (part: StepRef, note: string) => Promise<string | null>;
  onVersions?: (part: StepRef) => Promise<PartVersionView[] | string>;
  onRestore?: (part: StepRef, version: number) => Promise<string | null>;
  costText?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [note, setNote] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [versions, setVersions] = useState<PartVersionView[] | null>(null);
  const noteId = `rewrite-note-${part.key}`;
  const run = async () => {
    setIsBusy(true);
    setError(null);
    const failure = await onRewrite(partRef, note.trim());
    setIsBusy(false);
    if (failure) setError(failure);
    else {
      setIsOpen(false);
      setNote('');
      setVersions(null);
    }
  };
  const loadVersions = async () => {
    if (!onVersions) return;
    setError(null);
    const answer = await onVersions(partRef);
    if (typeof answer === 'string') setError(answer);
    else setVersions(answer);
  };
  const restore = async (version: number) => {
    if (!onRestore) return;
    setIsBusy(true);
    setError(null);
    const failure = await onRestore(partRef, version);
    setIsBusy(false);
    if (failure) setError(failure);
    else setVersions(null);
  };
  return (
    <div className="mt-1" data-testid="rewrite-part" lang={lang}>
      <div className="flex flex-wrap gap-1">
        <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => setIsOpen((v) => !v)} disabled={isDisabled || isBusy} aria-expanded={isOpen} aria-label={pageWord('rewriteLabel', lang, { part: part.heading ?? '' })} data-testid="rewrite-open">
          <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('rewrite', lang)}
        </button>
        {onVersions && (
          <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => void loadVersions()} disabled={isDisabled || isBusy} data-testid="versions-open">
            {pageWord('versions', lang)}
          </button>
        )}
      </div>
      {isOpen && (
        <div className="mt-2 rounded-lg border border-gray-200 p-3 dark:border-neutral-700">
          <label htmlFor={noteId} className="text-sm font-medium">{pageWord('rewriteNote', lang)}</label>
          <textarea id={noteId} className="input mt-1 min-h-20 w-full" maxLength={1000} value={note} placeholder={pageWord('rewriteNotePlaceholder', lang)} onChange={(e) => setNote(e.target.value)} data-testid="rewrite-note" />
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-primary px-3 py-1.5 text-sm" onClick={() => void run()} disabled={isDisabled || isBusy} data-testid="rewrite-go">
              {isBusy ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              {isBusy ? pageWord('rewriting', lang) : `${pageWord(note.trim() ? 'rewriteGo' : 'writeAgainGo', lang)}${costText ? ` (${costText})` : ''}`}
            </button>
            <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => setIsOpen(false)} disabled={isBusy}>{pageWord('cancel', lang)}</button>
          </div>
        </div>
      )}
      {versions && (
        <div className="mt-2 rounded-lg border border-gray-200 p-3 text-sm dark:border-neutral-700" data-testid="versions">
          {versions.length === 0 ? <p>{pageWord('versionsNone', lang)}</p> : (
            <ul className="space-y-2">
              {versions.map((v) => (
                <li key={v.version} className="flex flex-wrap items-start justify-between gap-2" data-testid="version">
                  <span>
                    <span className="font-medium">{pageWord('versionLine', lang, { n: v.version, words: v.words.toLocaleString('en') })}</span>
                    {v.note && <span className="block text-xs text-gray-600 dark:text-gray-400">“{v.note}”</span>}
                    <span className="block text-xs text-gray-600 dark:text-gray-400">{v.text.slice(0, 160)}{v.text.length > 160 ? '…' : ''}</span>
                  </span>
                  {onRestore && <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => void restore(v.version)} disabled={isDisabled || isBusy} data-testid="version-restore">{pageWord('restore', lang)}</button>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {error && <p className="field-error mt-1" role="alert">{error}</p>}
    </div>
  );
}

/** The note on a part still short after the engine's extensions, with its "Write more" action. */
function ShortPart({ part, lang, isDisabled, onWriteMore, costText }: { part: PreviewPart; lang: Lang; isDisabled: boolean; onWriteMore?: () => Promise<string | null>; costText?: string }) {
  const [isWriting, setIsWriting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const words = partWords(part);
  const run = async () => {
    if (!onWriteMore) return;
    setIsWriting(true);
    setError(null);
    const failure = await onWriteMore();
    setIsWriting(false);
    if (failure) setError(failure);
  };
  return (
    <div role="note" className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="short-part">
      <span>{pageWord('shortPart', lang, { words: words.toLocaleString('en'), target: (part.target ?? 0).toLocaleString('en') })}</span>
      {onWriteMore && (
        <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => void run()} disabled={isDisabled || isWriting} aria-label={pageWord('writeMoreLabel', lang, { part: part.heading ?? '' })} data-testid="write-more">
          {isWriting ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> : <Pencil className="h-3.5 w-3.5" aria-hidden="true" />}
          {isWriting ? pageWord('writingMore', lang) : `${pageWord('writeMore', lang)}${costText ? ` (${costText})` : ''}`}
        </button>
      )}
      {error && <span className="field-error w-full" role="alert">{error}</span>}
    </div>
  );
}

/** The note on a part the story bible has not taken in, with "Try again" (the update, uncharged). */
function NotInBible({ lang, isDisabled, onUpdate }: { lang: Lang; isDisabled: boolean; onUpdate?: () => Promise<string | null> }) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setIsBusy(true);
    setError(null);
    const failure = await onUpdate!();
    setIsBusy(false);
    setError(failure);
  };
  return (
    <p role="note" className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950/40 dark:text-amber-300" data-testid="not-in-bible">
      <span>{pageWord('notInBible', lang)}</span>
      {onUpdate && (
        <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => void retry()} disabled={isDisabled || isBusy} data-testid="update-bible">
          {isBusy ? <Loader2 className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> : <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />}
          {pageWord('updateBible', lang)}
        </button>
      )}
      {error && <span className="field-error w-full" role="alert">{error}</span>}
    </p>
  );
}

/** A part with an Edit button that turns it into a text box with Save and Cancel. */
function EditablePart({ id, label, text, lang, isDisabled, isOpen, onOpen, onSave, savedDraft, onDraft, children }: {
  id: string;
  label: string;
  text: string;
  lang: Lang;
  /** A step is running: no edit now (the button stays in place). */
  isDisabled: boolean;
  isOpen: boolean;
  onOpen(id: string | null): void;
  onSave(text: string): Promise<string | null>;
  /** The part's draft kept on the server (an edit not saved yet), if any. */
  savedDraft?: string;
  /** Keep the text being edited as the part's draft (null: discard it); answers whether it is kept. */
  onDraft?(text: string | null): Promise<boolean>;
  children: ReactNode;
}) {
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [isCancelAsked, setIsCancelAsked] = useState(false);
  // The draft's state on the server: kept, being kept, or not kept (offline); `pending` is the text not kept yet.
  const [draftState, setDraftState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onDraftRef = useRef(onDraft);
  onDraftRef.current = onDraft;
  const editRef = useRef<HTMLButtonElement>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(false);
  const flush = () => {
    clearTimeout(timer.current);
    const text = pending.current;
    if (text === null || !onDraftRef.current) return;
    setDraftState('saving');
    void onDraftRef.current(text).then((isKept) => {
      if (pending.current === text) pending.current = isKept ? null : text;
      setDraftState(isKept ? 'saved' : 'failed');
    });
  };
  // Before paint: the editor never shows the saved text for a frame when it opens on a draft.
  useLayoutEffect(() => {
    if (isOpen) {
      setDraft(savedDraft ?? text);
      setError(null);
      setMode('write');
      setDraftState(savedDraft !== undefined ? 'saved' : 'idle');
      areaRef.current?.focus();
    } else if (wasOpen.current) editRef.current?.focus();
    wasOpen.current = isOpen;
    // Only when the editor opens or closes (not on every new text).
  }, [isOpen]);
  // Leaving the page (a sidebar link) keeps what was typed: the draft is sent at once. A reload or a
  // closed tab with text not kept yet asks first.
  useEffect(() => {
    if (!isOpen) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (pending.current === null) return;
      flush();
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      flush();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flush reads refs
  }, [isOpen]);
  const change = (value: string) => {
    setDraft(value);
    if (!onDraftRef.current) return;
    pending.current = value;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, 1000);
  };
  const discard = () => {
    clearTimeout(timer.current);
    pending.current = null;
    setDraftState('idle');
    void onDraftRef.current?.(null);
  };
  if (!isOpen) {
    return (
      <>
        {children}
        {savedDraft !== undefined && savedDraft !== text && (
          <div role="note" className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:bg-sky-950/40 dark:text-sky-200" data-testid="draft-note" lang={lang}>
            <span>{pageWord('draftNote', lang)}</span>
            <button type="button" className="btn-secondary px-2 py-1 text-xs" onClick={() => onOpen(id)} disabled={isDisabled} data-testid="draft-resume">{pageWord('draftResume', lang)}</button>
            <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={discard}>{pageWord('draftDiscard', lang)}</button>
          </div>
        )}
        <button ref={editRef} type="button" className="btn-ghost mt-1 px-2 py-1 text-xs" onClick={() => onOpen(id)} disabled={isDisabled} aria-label={pageWord('editPartLabel', lang, { part: label })} data-testid="edit-part" lang={lang}>
          <Pencil className="h-3.5 w-3.5" aria-hidden="true" /> {pageWord('editPart', lang)}
        </button>
      </>
    );
  }
  const areaId = `edit-${id}`;
  const save = async () => {
    setIsSaving(true);
    clearTimeout(timer.current);
    const failure = await onSave(draft);
    setIsSaving(false);
    if (failure) {
      setError(failure);
      areaRef.current?.focus();
    } else {
      // Saved: the server dropped the part's draft.
      pending.current = null;
      onOpen(null);
    }
  };
  return (
    <div className="space-y-2" data-testid="part-editor" lang={lang}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={areaId} className="label mb-0">{pageWord('editPartText', lang, { part: label })}</label>
        <div className="flex gap-1 text-xs" role="group">
          <button type="button" className={`rounded px-2 py-1 ${mode === 'write' ? 'bg-gray-200 font-semibold dark:bg-neutral-700' : ''}`} aria-pressed={mode === 'write'} onClick={() => setMode('write')}>{pageWord('editWrite', lang)}</button>
          <button type="button" className={`rounded px-2 py-1 ${mode === 'preview' ? 'bg-gray-200 font-semibold dark:bg-neutral-700' : ''}`} aria-pressed={mode === 'preview'} onClick={() => setMode('preview')} data-testid="edit-preview">{pageWord('editPreview', lang)}</button>
        </div>
      </div>
      {/* One scroll: the box grows with its text (no inner scroll bar) and starts tall. */}
      <textarea
        id={areaId}
        ref={areaRef}
        className={`input min-h-[60vh] font-[inherit] leading-relaxed [field-sizing:content] ${mode === 'preview' ? 'hidden' : ''}`}
        value={draft}
        onChange={(e) => change(e.target.value)}
        aria-describedby={`${areaId}-hint${error ? ` ${areaId}-error` : ''}`}
        aria-invalid={error ? true : undefined}
      />
      {mode === 'preview' && <div className="min-h-[20vh] rounded-lg border border-gray-200 p-3 dark:border-neutral-700" data-testid="edit-preview-text"><Markdown text={draft} /></div>}
      <p id={`${areaId}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
        {pageWord('editPartHint', lang)} {WORDS_FMT(countWords(draft), lang)}
        {onDraft && draftState !== 'idle' && (
          <span className={`ml-2 font-medium ${draftState === 'failed' ? 'text-red-700 dark:text-red-400' : ''}`} role="status" data-testid="draft-state">
            {pageWord(draftState === 'saving' ? 'draftSaving' : draftState === 'saved' ? 'draftSaved' : 'draftFailed', lang)}
          </span>
        )}
      </p>
      {error && <p id={`${areaId}-error`} className="field-error" role="alert">{error}</p>}
      <div className="flex gap-2">
        <button type="button" className="btn-primary px-3 py-1.5" onClick={() => void save()} disabled={isSaving} data-testid="save-edit">
          {isSaving ? pageWord('saving', lang) : pageWord('save', lang)}
        </button>
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          onClick={() => {
            // An edit typed here is the writer's: Cancel asks before it drops it.
            if (draft === text) {
              discard();
              onOpen(null);
            } else setIsCancelAsked(true);
          }}
          disabled={isSaving}
          data-testid="cancel-edit"
        >
          {pageWord('cancel', lang)}
        </button>
      </div>
      <Dialog
        isOpen={isCancelAsked}
        title={pageWord('cancelEditTitle', lang)}
        onClose={() => setIsCancelAsked(false)}
        size="sm"
        testId="cancel-edit-dialog"
        footer={
          <>
            <button type="button" className="btn-secondary" data-autofocus onClick={() => setIsCancelAsked(false)}>{pageWord('cancelEditKeep', lang)}</button>
            <button
              type="button"
              className="btn-danger"
              onClick={() => {
                setIsCancelAsked(false);
                discard();
                onOpen(null);
              }}
            >
              {pageWord('cancelEditDrop', lang)}
            </button>
          </>
        }
      >
        <p>{pageWord('cancelEditMessage', lang, { part: label })}</p>
      </Dialog>
    </div>
  );
}
