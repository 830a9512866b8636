// The preview's shapes: a part as it shows it (its text, heading, step and the notes it carries), what the
// preview is given (PreviewProps), the story bible as shown, and the word counts its pieces share.
import type { MutableRefObject, ReactNode } from 'react';
import type { BookView, Lang, StepRef } from '../engine.js';
import type { ExportFormat, PartVersionView, VoiceBody } from '../engine.js';
import type { Passage, PassageAskInput } from './passage.js';
import type { ChapterEdit, OutlineChapterView } from './chapterCards.js';
import type { ContinuityFinding } from './Continuity.js';
import type { ThreadView } from './Threads.js';
import type { PartOverusedMark, PartVoiceMark } from './PartVoice.js';
import type { BookVoiceShown, VoiceFailure } from './VoicePanel.js';
import { countWords } from './parts.js';
import { pageWord } from './words.js';
import { formatNumber } from '../i18n/index.js';
import type { Output } from './useSavedBook.js';

export interface PreviewPart {
  key: string;
  heading?: string;
  /**
   * The text as the book view gives it: what is shown, selected and edited (an introduction without its character
   * list).
   */
  text: string;
  /**
   * The book view's hash of `text`: every edit of the part sends it, and the server refuses one made on an older text.
   */
  hash?: string;
  /** False when the part was still cut at the length limit after Karya asked the model to continue it. */
  isComplete?: boolean;
  /** The writer wrote it (an imported manuscript's part, or typed over the model's), not the model. */
  isAuthored?: boolean;
  /**
   * How its text came to be when not simply written by the model (the book view's `provenance`), and the passages the
   * AI rewrote in it.
   */
  origin?: 'model-rewrite' | 'hand' | 'author';
  passagesRewritten?: number;
  /** The part's step: given when it can be edited by hand. */
  ref?: StepRef;
  /** The part's words as the book counts them (its character list left out); else counted here. */
  words?: number;
  /** Words asked for, and whether the part is still under 0.85 of them after the engine's extensions. */
  target?: number;
  isShort?: boolean;
  /** The writer stopped it while it was written and kept it as it was. */
  isStopped?: boolean;
  /** The story bible has not taken the part in (its update failed or did not fit the model's window). */
  isNotInBible?: boolean;
  /** The book is finished: no next part will try the bible's update again. */
  isBookFinished?: boolean;
  /**
   * Why the bible lacks it and what reading it costs: an imported book's part the credits held for its bible did not
   * pay for.
   */
  notInBibleMessage?: string;
  /** The bible is being brought up to date with this part after an edit (it keeps what it knew meanwhile). */
  isBibleUpdating?: boolean;
  /**
   * The share of its words the book already wrote (0–1), and a neighbour language's words left in it (Indonesian's in a
   * Malay part) with the neighbours they are words of.
   */
  repeated?: number;
  neighbourWords?: { readonly words: readonly string[]; readonly languages: readonly Lang[] };
  /** What the continuity check found in the part, and the earlier part rewritten since that it mentions. */
  continuity?: readonly ContinuityFinding[];
  checkAgainst?: string;
  /** A prose part against the writer's voice (what drifts, in words) and its overused phrases (PartVoice.tsx). */
  voice?: PartVoiceMark;
  overused?: PartOverusedMark;
}

/** What the preview shows and what it can do (each action answers an error message, or null when done). */
export interface PreviewProps {
  parts: PreviewPart[];
  outline?: string;
  outlineLabel: string;
  streaming: string;
  streamingHeading?: string;
  isLoading: boolean;
  elapsed: number;
  /**
   * What the step waits for before its first words, in the server's words (a rate limit and its seconds: `isRetry`; a
   * slow model).
   */
  wait?: { message: string; isRetry: boolean } | null;
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
  /**
   * Save a part edited by hand (`hash`: the part's when its editor opened); answers an error message, or null when
   * saved. Absent: parts are not editable. Every part edit below sends the hash of the text it was made on.
   */
  onSaveEdit?: (part: StepRef, text: string, hash?: string) => Promise<string | null>;
  /** "Write more" on a short part (charged as a step); answers an error message, or null when done. */
  onWriteMore?: (part: StepRef, hash?: string) => Promise<string | null>;
  /** The outline's hash in the book view (sent with its edit, as a part's). */
  outlineHash?: string;
  /** The introduction's character list (one character a line) and saving it on its own; absent: the book keeps none. */
  characterDetails?: string;
  onSaveCharacters?: (text: string) => Promise<string | null>;
  /** The step cost shown on Write more ("1 credit"). */
  stepCostText?: string;
  /** The balance is below that cost: the passage tools say so and link to Top Up. */
  isShortOfCredits?: boolean;
  /**
   * Rewrite a written part with the writer's note ('' writes it again; charged as a step); answers an error message, or
   * null when done.
   */
  onRewrite?: (part: StepRef, note: string, hash?: string) => Promise<string | null>;
  /** A part's earlier versions (newest first), or an error message. */
  onVersions?: (part: StepRef) => Promise<PartVersionView[] | string>;
  /** Passage tools (PassageTools.tsx): a passage reworked (charged as a step), and kept. */
  onPassage?: (
    part: StepRef,
    passage: Passage,
    ask: PassageAskInput,
    onDelta: (text: string) => void,
    onWait?: (wait: string) => void,
  ) => Promise<{ passage: string } | string>;
  onKeepPassage?: (part: StepRef, passage: Passage, next: string) => Promise<string | null>;
  /** Mark a continuity finding (its key) as intended; answers an error message, or null when done. */
  onIntended?: (key: string) => Promise<string | null>;
  /** How many findings the writer marked as intended (the Continuity panel says so). */
  intendedFindings?: number;
  /** The Continuity panel asked a part's Rewrite to open with a finding as its note (set by Preview). */
  noteFor?: { partKey: string; note: string; n: number };
  /** Bring an earlier version back as the part; answers an error message, or null when done. */
  onRestore?: (part: StepRef, version: number, hash?: string) => Promise<string | null>;
  /**
   * The story bible: what the outline gives (read only), what the book keeps, and that part as saved (edited by hand).
   */
  bible?: BibleShown;
  onSaveBible?: (text: string) => Promise<string | null>;
  /** The book's voice as the server holds it (absent: none given), and saving it: a sample measured (`null`
   * removes it) or the phrases to avoid; answers the refusal, or null when saved. Absent: no Voice panel. */
  voice?: BookVoiceShown;
  onSaveVoice?: (body: VoiceBody) => Promise<VoiceFailure | null>;
  /** Rewrite a part toward the book's voice (charged as a step); given when the book has a voice sample. */
  onRewriteTowardVoice?: (part: StepRef, hash?: string) => Promise<string | null>;
  /**
   * Try the story bible's update again for the parts it has not taken in (uncharged); answers an error message, or null
   * when done.
   */
  onUpdateBible?: () => Promise<string | null>;
  /**
   * Stop the step being written (a book's part keeps its text so far as a draft; else only before any text: nothing
   * charged).
   */
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

/** The story bible as the panel shows it. */
export interface BibleShown {
  /** The premise and planned ending (Markdown): from the outline, edited there. */
  fromOutline: string;
  /** What the book keeps (recent parts, arcs, characters, open threads, facts) as the next step reads it. */
  kept: string;
  /** The same as saved: the text the writer edits. */
  notes: string;
  /** The book's threads with the part each should pay off in. */
  threads?: readonly ThreadView[];
  /** The parts it holds a line or a naming arc for, in the book's language ("Introduction, Chapters 1–7"). */
  covers?: string;
}

/** A part's position as drafts key it: -1 the outline. */
export const draftPosition = (ref: StepRef): number => (ref.kind === 'outline' ? -1 : (ref.position ?? 0));

/** "1,234 words" in the studio language. */
export const WORDS_FMT = (n: number, lang: Lang) => pageWord('words', lang, { n: formatNumber(n, lang) });

/** A part's words as the book counts them (the server's), else counted here. */
export const partWords = (p: PreviewPart) => p.words ?? countWords(p.text);

/**
 * The preview's finished parts, as the server labelled and titled them (a user's chapter title is kept with the book,
 * so it survives a reload and a resume); a short piece's text.
 */
export function previewParts(view: BookView | null, output: Output | null): PreviewPart[] {
  return view
    ? view.parts.map((p) => ({
        // The text as the book view gives it (an introduction without its character list, which has its own editor)
        // and its hash.
        key: `part-${p.position ?? 0}`,
        heading: p.title ? `${p.label}: ${p.title}` : p.label,
        text: p.text,
        hash: p.hash,
        isComplete: p.is_complete,
        ...(p.words !== undefined ? { words: p.words } : {}),
        ...(p.target !== undefined ? { target: p.target, isShort: p.is_short === true } : {}),
        ...(p.is_stopped ? { isStopped: true } : {}),
        ...(p.is_authored ? { isAuthored: true } : {}),
        ...(p.provenance && p.provenance.origin !== 'model' ? { origin: p.provenance.origin } : {}),
        ...(p.provenance?.passages?.some((x) => x.origin === 'model-rewrite')
          ? { passagesRewritten: p.provenance.passages.filter((x) => x.origin === 'model-rewrite').length }
          : {}),
        ...(p.bible_updated === false
          ? {
              isNotInBible: true,
              ...(view.is_finished ? { isBookFinished: true } : {}),
              ...(view.bible_updating ? { isBibleUpdating: true } : {}),
              ...(view.bible_lacking?.parts.some((l) => l.kind === p.kind && l.position === p.position)
                ? { notInBibleMessage: view.bible_lacking.message }
                : {}),
            }
          : {}),
        ...(p.repeated !== undefined ? { repeated: p.repeated } : {}),
        ...(p.neighbour_words?.length
          ? { neighbourWords: { words: p.neighbour_words, languages: p.neighbour_languages ?? [] } }
          : {}),
        ...(p.continuity?.length ? { continuity: p.continuity } : {}),
        ...(p.check_against ? { checkAgainst: p.check_against } : {}),
        ...(p.voice ? { voice: { drifts: p.voice.drifts, notes: p.voice.notes } } : {}),
        ...(p.overused ? { overused: p.overused } : {}),
        ...(p.position !== undefined ? { ref: { kind: p.kind, position: p.position } } : {}),
      }))
    : output && !output.image
      ? [{ key: 'output', text: output.text }]
      : [];
}
