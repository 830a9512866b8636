// Interface words of the generator pages, every language's in languages/<code>/studio-page.yaml (the engine's
// WORDS cover steps, buttons and the outline toast; its CATALOGUE and SETTINGS_MESSAGES the error messages). A Malay
// studio gets a Malay page, whatever the book's language.
// The i18n module alone (not the engine's browser entry), so pages that only need words stay small.
import { fillPlaceholders } from '../engine.js';
import type { Lang } from '../engine.js';
import { pickForm } from '../i18n/plural.js';
import { studioCatalogue, textIn } from '../i18n/catalogue.js';
import type { Entry, Text } from '../i18n/types.js';
import { CONTINUITY_WORDS } from './continuityWords.js';
import { VOICE_WORDS } from './voiceWords.js';
import { PROVENANCE_WORDS } from './provenanceWords.js';
import { EDIT_WORDS } from './editWords.js';
import { COVER_WORDS } from './coverWords.js';
import { BILINGUAL_WORDS } from './bilingualWords.js';
import { PASSAGE_WORDS } from './passageWords.js';

const OWN_WORDS = studioCatalogue('studio-page', [
  'settings',
  'preview',
  'generationProcess',
  'writingProgress',
  'chapters',
  'placeholder',
  'growingHint',
  'words',
  'copy',
  'copied',
  'copyFailed',
  'retry',
  'generatingContent',
  'hint60',
  'hint120',
  'hint150',
  'hint170',
  'loadingToast',
  'successToast',
  // A step being written when the writer comes back, and connection trouble in plain words.
  'beingWritten',
  'leftWhileWriting',
  'offlineNow',
  'serverUnreachable',
  'followOffline',
  'followServerDown',
  'bookRefreshed',
  'stepStopped',
  'timeoutToast',
  'lockedNote',
  'startNewBook',
  'continueProgress',
  'resumeTitle',
  'resumeBack',
  'resumeBody',
  'resumeDone',
  'resumeSingle',
  'progressCleared',
  'progressClearFailed',
  'progressLoadFailed',
  'outline',
  'showOutline',
  'generatedCover',
  'downloadCover',
  'generatingCover',
  'generatingYourCover',
  'coverFailed',
  // The AI test page for anyone but the administrator: the service's last check, shared (docs/api.md).
  'sharedCheck',
  'costNote',
  // Cost before spending (engine/session/cost.ts: what the server charges, step by step).
  'stepCostOne',
  'stepCostMany',
  'stepCostShort',
  'topUpToContinue',
  'bookCost',
  'bookCostLeft',
  'bookCostWhy',
  'bookCostShort',
  // Writing Progress counts what the Generation Process list shows: its steps ("Step 2 of 4") and the book's
  // parts written (introduction, chapters, conclusion), so no two counters on the page disagree.
  'partsWritten',
  // Under it, after a step: what that step spent (the server's figures) and the book's time left at its pace.
  'lastStepSpent',
  'bookTimeLeft',
  'counterHelp',
  // The manuscript view of the preview.
  'jumpToLatest',
  'partsNav',
  'writingNow',
  'editPart',
  'editPartLabel',
  'editPartText',
  'editPartHint',
  'save',
  // Drafts of hand edits: kept on the server while the writer types.
  'draftSaving',
  'draftSaved',
  'draftFailed',
  'draftNote',
  'cancelEditTitle',
  'cancelEditMessage',
  'cancelEditKeep',
  'cancelEditDrop',
  'draftResume',
  'draftDiscard',
  'editWrite',
  'showSettings',
  'stopNow',
  'stopped',
  // A part stopped while it streamed: its text so far is kept as a draft.
  'stopFailed',
  'stoppedKept',
  'stoppedDraft',
  'stoppedDraftHint',
  'draftContinue',
  'draftRewrite',
  'draftKeep',
  'draftKeepHint',
  'draftDiscardStopped',
  'draftDiscardSpent',
  'stoppedDraftWords',
  'draftWorking',
  'stoppedFinished',
  'stoppedFirst',
  'chaptersOther',
  'chaptersOtherBox',
  'stoppedNext',
  'stoppedDiscarded',
  'stoppedFailed',
  'hideSettings',
  'showPartText',
  'hidePartText',
  'editPreview',
  'saving',
  'editSaved',
  'editSavedMemory',
  'editFailed',
  // The outline as chapters.
  'outlineChapters',
  'chaptersHelp',
  'chapterWritten',
  'chapterActions',
  'chapterUp',
  'chapterDown',
  'chapterInsert',
  'chapterDelete',
  'chapterDeleted',
  'chapterUndo',
  'chapterAdd',
  'chapterTitleLabel',
  'chapterPlanLabel',
  'chapterNoteLabel',
  'chapterNotePlaceholder',
  'chaptersSave',
  'chaptersUnsaved',
  'chaptersDiscard',
  'chaptersSaved',
  'startNew',
  'serverFieldError',
  'fixHighlighted',
  'chapterHeading',
  'loadFailed',
  'close',
  'startNewDeletes',
  'startNewKeeps',
  'incompletePart',
  // Length control and the story bible (the long-books issue).
  'shortPart',
  'stoppedPart',
  // Rewrite with a note, write again, and earlier versions.
  'rewrite',
  'rewriteLabel',
  'rewriteNote',
  'rewriteNotePlaceholder',
  'rewriteGo',
  'writeAgainGo',
  'rewriting',
  'rewritten',
  'rewriteFailed',
  'versions',
  'versionsNone',
  'versionsFailed',
  'versionLine',
  'versionCurrent',
  'versionMadeWith',
  'restore',
  'restored',
  'writeMore',
  'repeatingPart',
  'writeMoreLabel',
  'writingMore',
  'wroteMore',
  'wroteMoreRestarted',
  'writeMoreFailed',
  // After an edit of a part the bible had taken in: it keeps what it knew while it reads the part again.
  'bibleUpdating',
  'updateBible',
  'bibleUpdated',
  'storyBible',
  'bibleCovers',
  'storyBibleHint',
  'bibleSaved',
  'bibleEmpty',
  // The Download menu of the preview and of My Books.
  'download',
  'downloadAs',
  'downloadFormats',
  'cancel',
  // A book that ends with the writer's own last chapter: publish it as it stands or write more chapters.
  'ownEndingNote',
  'moreChaptersLabel',
  'moreChaptersButton',
  'moreChaptersDone',
]);

export const PAGE_WORDS = {
  ...CONTINUITY_WORDS,
  ...VOICE_WORDS,
  ...PROVENANCE_WORDS,
  ...EDIT_WORDS,
  ...COVER_WORDS,
  ...BILINGUAL_WORDS,
  ...PASSAGE_WORDS,
  ...OWN_WORDS,
};

export type PageWord = keyof typeof PAGE_WORDS;

/**
 * The look-up of a set of words: a word in a language with {placeholders} filled; a counted word takes the form for
 * `vars.n` (the page's below, the finished book's panels' in panelWords.ts).
 */
export function wordsLookUp<W extends Record<string, Entry>>(words: W) {
  return (key: keyof W & string, lang: Lang, vars: Record<string, string | number> = {}): string => {
    const text: Text = textIn(words[key]!, lang, key);
    return fillPlaceholders(pickForm(text, lang, vars.n), vars);
  };
}

/** A page word in a language with {placeholders} filled; a counted word takes the form for `vars.n`. */
export const pageWord: (key: PageWord, lang: Lang, vars?: Record<string, string | number>) => string =
  wordsLookUp(PAGE_WORDS);
