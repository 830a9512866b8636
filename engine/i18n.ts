// Interface words the engine puts on steps, buttons and toasts: every language's words, English's and Malay's
// too, in languages/<code>/words.yaml (the catalogue `words`, checked whole when the table is read).
import { catalogue, sayer } from './languages/index.js';

export { fillPlaceholders } from './placeholders.js';

export const WORDS = catalogue('words', [
  'introduction', 'chapter', 'conclusion', 'storyOutline', 'guideOutline', 'generateStoryOutline',
  'generateGuideOutline', 'generateIntroduction', 'generateChapter', 'generateConclusion', 'generate', 'generating',
  'storyOutlineDone', 'guideOutlineDone', 'stepOf', 'actionOutline', 'actionIntroduction', 'actionChapters',
  'actionConclusion', 'bookComplete', 'repeats', 'repeatsNote', 'checkAgainst', 'threadsResolved',
  'auditCost', 'threadsOverdue',
  // `karya generate`'s lines on stderr, in the book's language.
  'words', 'lengthNote', 'short', 'long', 'incomplete', 'shortExtended', 'extended', 'shortKept', 'longKept',
  'continued', 'stillCut', 'bibleNotUpdated', 'bibleMissing', 'stepFailed', 'partsSaved', 'interrupted', 'resuming',
  'seriesBook', 'seriesPrefilled', 'voiceDrifts', 'overusedMark', 'voiceSet', 'pov_first', 'pov_second', 'pov_third',
  'tense_past', 'tense_present', 'avoidSet', 'noSuchFile', 'seriesLeftOpen', 'seriesChanged', 'continuingBook',
  'wrote', 'offline', 'languageRetried', 'wordsSoFar', 'conclusionAsLast', 'rewritten', 'rewriteKept',
  'rewriteFailed', 'rewriteInterrupted', 'outlineShort',
  // karya import --dry-run: what was found in a manuscript.
  'importFound', 'importFrontMatter', 'importFrontMatterOther', 'importFrontKept', 'importFrontSection',
  'importTitle', 'importSubtitle', 'importAuthor', 'importNoTitle', 'importSettingMissing', 'importVoiceTaken',
  'importVoiceNone', 'importVoiceShort', 'importReplacedBytes', 'importReadingChapterWord',
  'importReadingRomanAlone', 'importReadingNumberAlone', 'importReadingMarkdown', 'importReadingCapsTitle',
  'importReadingRegex', 'importReadingContents', 'importReadingNone', 'importSettingsRead', 'importSettingFrom',
  'importFromManuscript', 'importFromWriter', 'importFromDefault', 'importDefaultsUsed', 'conclusionNotAsked',
  'importDryRun', 'importSaved', 'importResumed', 'importReading', 'importBibleStopped', 'importBibleSkipped',
  'importDone', 'importDoneFinished', 'prologue', 'epilogue',
  // What a message says when it does not know the language (a failure read back from storage by its code alone).
  'anotherLanguage',
]);

export type WordKey = keyof typeof WORDS;

/** An interface word in a language, with {n}-style placeholders filled. */
export const word = sayer(WORDS);
