// The live preview as a manuscript: the header (words, Copy, Download), a navigator to every part (with
// its word count), and the manuscript at a reading width (its pieces in PreviewPieces.tsx), the part being
// written kept in view while it streams (useFollow), with "Jump to latest" when the reader has scrolled away.
import { useEffect, useRef, useState } from 'react';
import { ArrowDown } from 'lucide-react';
import { ContinuityPanel } from './Continuity.js';
import { EMPTY_BIBLE, parseBible, renderBible, type Lang, type StepRef } from '../engine.js';
import { DownloadMenu } from '../components/DownloadMenu.js';
import { CopyButton, countWords, slowHint } from './parts.js';
import { useFollow } from './useFollow.js';
import { BookPanels, PreviewEnd, StreamingPart } from './PreviewPieces.js';
import { WrittenPart } from './WrittenPart.js';
import { WORDS_FMT, draftPosition, partWords, type BibleShown, type PreviewProps } from './previewPart.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';

export { draftPosition, type BibleShown, type PreviewPart, type PreviewProps } from './previewPart.js';

/**
 * The book's story bible (BookView.bible, .bible_notes) split into what the outline gives and what the writer may
 * edit.
 */
export function bibleShown(bible: string, notes: string, bookLang: Lang): BibleShown {
  const parsed = parseBible(bible);
  return {
    fromOutline: renderBible({ ...EMPTY_BIBLE, premise: parsed.premise, ending: parsed.ending }, bookLang),
    kept: renderBible(parsed, bookLang, { omit: ['premise', 'ending'] }),
    notes,
  };
}

export function Preview(props: PreviewProps) {
  const { parts, outline, streaming, isLoading, isBook, lang, downloadHref, drafts, onDraft } = props;
  const { stoppedDraft } = props;
  const draftProps = (ref: StepRef) => ({
    ...(drafts?.[draftPosition(ref)] !== undefined ? { savedDraft: drafts[draftPosition(ref)]! } : {}),
    ...(onDraft ? { onDraft: (text: string | null) => onDraft(ref, text) } : {}),
  });
  const { all, stoppedShown, words, hint } = previewFigures(props);
  const isEmpty = parts.length === 0 && !streaming && !outline;
  const boxRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const content = `${streaming.length}:${hint ?? ''}`;
  const follow = useFollow({ isActive: isLoading, box: boxRef, end: endRef, content });
  const [editing, setEditing] = useState<string | null>(null);
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(new Set());
  // "Rewrite with this note" from the Continuity panel: the part's Rewrite opens with it.
  const [noteFor, setNoteFor] = useState<{ partKey: string; note: string; n: number } | null>(null);
  const partProps = noteFor ? { ...props, noteFor } : props;
  // A step that starts closes an open editor (its text stays in the saved book).
  useEffect(() => {
    if (isLoading) setEditing(null);
  }, [isLoading]);

  const navItems = partsNavItems(props, stoppedShown);
  const goTo = (id: string) => {
    if (isLoading) follow.pause();
    const target = document.getElementById(id);
    target?.scrollIntoView?.({ block: 'start' });
    target?.querySelector<HTMLElement>('[data-part-heading]')?.focus({ preventScroll: true });
  };

  return (
    <section className="card flex min-h-[500px] flex-col" aria-labelledby="preview-h">
      <PreviewHeader words={words} all={all} lang={lang} {...(downloadHref ? { downloadHref } : {})} />
      {isBook && navItems.length > 1 && <PartsNav items={navItems} lang={lang} onGoTo={goTo} />}
      <div className="relative flex-1">
        <div
          ref={boxRef}
          className="h-full overflow-y-auto px-4 py-4 lg:max-h-[calc(100vh-14rem)]"
          data-testid="preview"
          aria-live="off"
          aria-busy={isLoading}
        >
          <div className="mx-auto max-w-[68ch]" data-testid="manuscript">
            <BookPanels props={props} editing={editing} onEdit={setEditing} draftProps={draftProps} />
            {isBook && (
              <ContinuityPanel
                parts={continuityParts(props)}
                intended={props.intendedFindings ?? 0}
                lang={lang}
                {...(props.bookLang ? { bookLang: props.bookLang } : {})}
                isDisabled={isLoading}
                onGoTo={goTo}
                onUseNote={(partKey, note) => {
                  setUnfolded((set) => new Set(set).add(partKey));
                  setNoteFor((was) => ({ partKey, note, n: (was?.n ?? 0) + 1 }));
                  goTo(partKey);
                }}
                {...(props.onIntended ? { onIntended: props.onIntended } : {})}
              />
            )}

            {parts.map((p, index) => (
              <WrittenPart
                key={p.key}
                part={p}
                isLast={index === parts.length - 1}
                props={partProps}
                editing={editing}
                onEdit={setEditing}
                draftProps={draftProps}
                isUnfolded={unfolded.has(p.key)}
                onFold={() => setUnfolded((set) => toggled(set, p.key))}
              />
            ))}
            {!isLoading && stoppedDraft}
            {isLoading && <StreamingPart props={props} hint={hint} />}
            <PreviewEnd props={props} isEmpty={isEmpty} />
            <div ref={endRef} className="h-px" data-testid="preview-end" />
          </div>
        </div>
        {isLoading && !follow.isFollowing && <JumpToLatest isBook={isBook} lang={lang} onJump={follow.jump} />}
      </div>
    </section>
  );
}

/**
 * What the preview shows of the book as a whole: its text (for Copy), the stopped draft when shown, the words so
 * far, and the line of what the step waits for.
 */
function previewFigures(props: PreviewProps) {
  const { parts, streaming, isLoading, elapsed, lang, stoppedDraft, stoppedPart } = props;
  const texts = parts.map((p) => (p.heading ? `${p.heading}\n\n${p.text}` : p.text));
  const all = [...texts, ...(streaming ? [streaming] : [])].join('\n\n');
  const stoppedShown = !isLoading && stoppedDraft ? stoppedPart : undefined;
  // The parts' words as the server counts them (My Books shows the same sum), then the text still streaming.
  const words = parts.reduce((n, p) => n + partWords(p), 0) + countWords(streaming) + (stoppedShown?.words ?? 0);
  // What the server says the step waits for: a rate limit and its seconds first; a slow model until the studio's own
  // hints (a minute on, the time-out nearing) take over.
  const wait = props.wait;
  const hint = isLoading
    ? ((wait?.isRetry ? wait.message : null) ?? slowHint(elapsed, lang) ?? wait?.message ?? null)
    : null;
  return { all, stoppedShown, words, hint };
}

/** The preview's heading, with the words so far, Copy and the download menu. */
function PreviewHeader({
  words,
  all,
  lang,
  downloadHref,
}: {
  words: number;
  all: string;
  lang: Lang;
  downloadHref?: PreviewProps['downloadHref'];
}) {
  return (
    <div
      className={
        'flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 px-4 py-3' +
        ' dark:border-neutral-700'
      }
    >
      <h2 id="preview-h" className="text-sm font-semibold">
        {pageWord('preview', lang)}
      </h2>
      <div className="flex items-center gap-3">
        <span className="text-xs text-gray-500 tabular-nums dark:text-gray-400" data-testid="word-count">
          {WORDS_FMT(words, lang)}
        </span>
        <CopyButton text={all} lang={lang} />
        {downloadHref && <DownloadMenu hrefOf={downloadHref} lang={lang} />}
      </div>
    </div>
  );
}

/** Back to the text being written, once the writer scrolled away from it. */
function JumpToLatest({ isBook, lang, onJump }: { isBook: boolean; lang: Lang; onJump: () => void }) {
  const place = isBook ? 'bottom-24' : 'bottom-4';
  return (
    <button
      type="button"
      className={`btn-primary fixed left-1/2 z-30 -translate-x-1/2 px-3 py-1.5 shadow-lg lg:absolute lg:bottom-3 ${
        place
      }`}
      onClick={() => {
        // The button goes away once followed: keep the keyboard with the text being written.
        document.querySelector<HTMLElement>('#part-streaming [data-part-heading]')?.focus({ preventScroll: true });
        onJump();
      }}
      data-testid="jump-to-latest"
    >
      <ArrowDown className="h-4 w-4" aria-hidden="true" /> {pageWord('jumpToLatest', lang)}
    </button>
  );
}

/** The parts the navigation names: the outline, each part with a heading, a stopped draft, the part being written. */
function partsNavItems(props: PreviewProps, stoppedShown: PreviewProps['stoppedPart']) {
  const { parts, outline, outlineLabel, streaming, streamingHeading, isLoading, lang } = props;
  const writing = `${streamingHeading} (${pageWord('writingNow', lang)})`;
  const stopped = stoppedShown && pageWord('stoppedDraft', lang, { part: stoppedShown.label });
  return [
    ...(outline !== undefined ? [{ id: 'part-outline', label: outlineLabel, words: countWords(outline) }] : []),
    ...parts.filter((p) => p.heading).map((p) => ({ id: p.key, label: p.heading!, words: partWords(p) })),
    ...(stoppedShown ? [{ id: 'part-stopped', label: stopped!, words: stoppedShown.words }] : []),
    ...(isLoading && streamingHeading ? [{ id: 'part-streaming', label: writing, words: countWords(streaming) }] : []),
  ];
}

/** The parts as the Continuity panel lists them: each with its findings, and whether it can be written again. */
function continuityParts(props: PreviewProps) {
  return props.parts.map((p) => ({
    key: p.key,
    ...(p.heading ? { heading: p.heading } : {}),
    ...(p.continuity ? { continuity: p.continuity } : {}),
    canRewrite: Boolean(props.onRewrite && p.ref && p.ref.kind !== 'outline'),
  }));
}

/** The set with `key` added, or taken out when it was in. */
function toggled(set: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** A button for every part (with its words) that scrolls the manuscript to it. */
function PartsNav({
  items,
  lang,
  onGoTo,
}: {
  items: ReadonlyArray<{ id: string; label: string; words: number }>;
  lang: Lang;
  onGoTo: (id: string) => void;
}) {
  return (
    <nav
      aria-label={pageWord('partsNav', lang)}
      className="border-b border-gray-200 px-4 py-2 dark:border-neutral-700"
      data-testid="parts-nav"
    >
      <ol className="flex gap-1.5 overflow-x-auto pb-1 text-xs">
        {items.map((item) => (
          <li key={item.id} className="shrink-0">
            <button
              type="button"
              className={
                'rounded-full border border-gray-300 px-2.5 py-1 hover:bg-gray-50 focus:outline-none' +
                ' focus-visible:ring-2 focus-visible:ring-brand-500' +
                ' dark:border-neutral-600 dark:hover:bg-neutral-800'
              }
              onClick={() => onGoTo(item.id)}
            >
              {item.label}{' '}
              <span className="text-gray-500 tabular-nums dark:text-gray-400">· {formatNumber(item.words, lang)}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
