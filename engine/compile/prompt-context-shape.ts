// The shape of the context a step's prompt is rendered from: every key a template may use (checkTemplates refuses
// any other), and the state a step is rendered from. prompt-context.ts builds it.
import type { Lang } from '../spec/types.js';
import type { BookState } from './flow.js';

export interface SettingLine {
  name: string;
  label: string;
  value: string;
}

/** Everything a template may use. checkTemplates() rejects any other root name. */
export interface PromptContext {
  /** The generator: its id, its title in the book's language, its family and kind. */
  generator: { id: string; title: string; family: string; kind: string };
  /** The kind of book in the book's language, e.g. "Romance" / "Romantik" (the spec's typeLabel). */
  bookName: string;
  brief: string;
  lang: Lang;
  /** The book's language's own name, as the table writes it (`Bahasa Malaysia`). */
  languageName: string;
  settings: Record<string, unknown>;
  labels: Record<string, string>;
  settingsList: SettingLine[];
  step: { kind: string; label: string; title: string; number: number };
  totalChapters: number;
  /** Chapters actually written between the introduction and the conclusion. */
  chapterCount: number;
  chaptersLeft: number;
  isLastChapter: boolean;
  /** The conclusion takes the last chapter's place (horror, sci-fi…): `chapterCount` chapters, then it. */
  isConclusionLastChapter: boolean;
  outline: string;
  characterDetails: string;
  previousEnding: string;
  sections: Array<{ label: string; description: string }>;
  section: { label: string; description: string };
  wordTarget: number;
  /**
   * How this part is laid out (the spec's section, chapter or book format, rendered), after "Write about N words."; ''
   * for none.
   */
  format: string;
  outputName: string;
  /** The end of a cut answer, for the continuation prompt (templates/continue.hbs); empty otherwise. */
  cutEnding: string;
  /**
   * Why an answer is asked again (templates/answer-again.hbs: refused, echoed, reasoning_only, listed, ignores_bible…);
   * empty otherwise.
   */
  againFor: string;
  /**
   * The book's main characters a chapter that ignored them is asked again with (againFor ignores_bible); empty
   * otherwise.
   */
  againNames: string;
  /**
   * The request reworks a passage of a part (engine/session/passage.ts): a follow-up asks for the passage, not the
   * part; false otherwise.
   */
  isPassage: boolean;
  /** The story so far (the session's running memory of the book), bounded; '' before it exists. */
  storySoFar: string;
  /**
   * The story bible's promises due in this part or overdue, one line each (templates/partials/threads-due.hbs); '' when
   * none.
   */
  threadsDue: string;
  /** This chapter's (or section's) entry from the outline; '' when the outline has none for it. */
  chapterPlan: string;
  /** The writer's note for this chapter ("what must happen here"), for its own request only; '' when none. */
  chapterNote: string;
  /** The part the memory step reads (templates/memory.hbs); '' otherwise. */
  newPart: string;
  /** The book a publishing step is about (`karya publish`): its outline and opening, shortened; '' otherwise. */
  bookContext: string;
  /** The book's premise, from its outline (bounded); '' when the outline gives none. */
  premise: string;
  /** The writer's own premise (the brief's premise field, bounded), given to every step; '' when none. */
  writerPremise: string;
  /**
   * The style notes an imported manuscript was read with (BookVoice.notes): sent under their own heading, never as the
   * premise.
   */
  styleNotes: string;
  /** The writer's working title (the brief), kept by the outline; '' when none. */
  workingTitle: string;
  /** A rewrite's current text of the part (templates/rewrite.hbs); '' otherwise. */
  currentText: string;
  /** The writer's note for a rewrite ("make the ending darker"); '' when none. */
  rewriteNote: string;
  /** How the outline plans the book to end: given to the last chapters and the conclusion only; '' otherwise. */
  plannedEnding: string;
  /** The next chapter's entry from the outline, so this part ends leading there ('' for the last chapter). */
  nextChapterPlan: string;
  /** The main characters block of the outline ('' when it has none). */
  outlineCharacters: string;
  /**
   * The outline is too long to send whole with the introduction (the premise, characters and chapter 1's entry go
   * instead).
   */
  isLongOutline: boolean;
  /** A long part is asked for in scenes: how many ('' / 0 below the threshold) and about how many words each. */
  beats: number;
  beatWords: number;
  /**
   * A length extension (templates/extend.hbs): the words the part has, and about how many more it needs; 0 otherwise.
   */
  wordsWritten: number;
  wordsNeeded: number;
  /**
   * The outline step asked again for the entries it left out (templates/outline-more.hbs): the first and last missing
   * chapter; 0 otherwise.
   */
  missingFrom: number;
  missingTo: number;
  /**
   * A bible update that must also fold older chapter lines into one arc (templates/memory.hbs): those lines; ''
   * otherwise.
   */
  foldLines: string;
  /**
   * The outline of a book whose first chapters the writer brought (an import): how many are written, and their titles
   * ("Chapter 1: The Harbour; …"); 0 and '' otherwise.
   */
  writtenChapters: number;
  writtenTitles: string;
  /**
   * A book of a series (engine/session/series/series.ts): the series' name, this book's number, the one before, and the
   * series' bible as of that book's end; '' and 0 otherwise.
   */
  seriesName: string;
  seriesNumber: number;
  seriesPrevious: number;
  seriesBible: string;
  /**
   * A prose part of a book: the writer's voice as instructions, the phrases to avoid and the voice's exemplars
   * (engine/session/voice/guidance.ts); '' otherwise.
   */
  voiceGuidance: string;
  /**
   * The book holds the writer's own chapters (an import): every writing step is told to keep their setting, period,
   * point of view and style.
   */
  isWritersBook: boolean;
  /**
   * The settings a manuscript's reading may choose, one line each with the values allowed
   * (templates/import-settings.hbs); '' otherwise.
   */
  settingChoices: string;
}

/**
 * The state a step is rendered from. A publishing step carries the text of the book it is for
 * (engine/publish); every other step has none.
 */
export type PromptState = BookState & {
  readonly bookContext?: string;
  /** The promises due in this part or overdue, one line each (the session fills it from the story bible). */
  readonly dueThreads?: string;
  /**
   * The writer's voice and the phrases to avoid, for a prose part (the session fills it:
   * engine/session/voice/guidance.ts).
   */
  readonly voiceGuidance?: string;
};

export const CONTEXT_KEYS: ReadonlySet<string> = new Set([
  'generator',
  'bookName',
  'brief',
  'lang',
  'languageName',
  'settings',
  'labels',
  'settingsList',
  'step',
  'totalChapters',
  'chapterCount',
  'chaptersLeft',
  'isLastChapter',
  'isConclusionLastChapter',
  'outline',
  'characterDetails',
  'previousEnding',
  'sections',
  'section',
  'wordTarget',
  'format',
  'outputName',
  'cutEnding',
  'againFor',
  'againNames',
  'isPassage',
  'bookContext',
  'storySoFar',
  'threadsDue',
  'chapterPlan',
  'chapterNote',
  'newPart',
  'premise',
  'writerPremise',
  'styleNotes',
  'workingTitle',
  'currentText',
  'rewriteNote',
  'plannedEnding',
  'nextChapterPlan',
  'outlineCharacters',
  'isLongOutline',
  'beats',
  'beatWords',
  'wordsWritten',
  'wordsNeeded',
  'missingFrom',
  'missingTo',
  'foldLines',
  'writtenChapters',
  'writtenTitles',
  'seriesName',
  'seriesNumber',
  'seriesPrevious',
  'seriesBible',
  'voiceGuidance',
  'isWritersBook',
  'settingChoices',
] satisfies Array<keyof PromptContext>);
