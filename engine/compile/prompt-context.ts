// The context one step's prompt is rendered from: everything a template may use (the settings and their
// labels, the step, the outline's entries, the story so far, the brief), in the book's language.

import { countWords, firstWords, lastWords } from '../words.js';
import type { Bilingual, Lang, ResolvedSpec, Settings } from '../spec/types.js';
import { fieldType } from '../fields/registry.js';
import { isFieldVisible } from './schema.js';
import { defaultChapterTitle, stepLabel, withoutCharacterDetails, type BookState, type Step } from './flow.js';
import { languageName, wordIn } from '../languages/index.js';
import { conclusionPosition } from '../spec/conclusion.js';
import { withoutChapterPlan } from './chapter-plan.js';
import { outlineEntry } from './outline.js';
import { chapterTitleOf, parsedOutlineOf, wordTargetOf } from './book-outline.js';
import { writerBriefOf } from './brief.js';
import { hasAuthoredParts } from './provenance.js';
import type { PromptRenderer } from './prompt-renderer.js';
import { byText, TEXTS_KEPT } from '../text-cache.js';
import { readingPattern } from '../reading-words.js';

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
  /** How this part is laid out (the spec's section, chapter or book format, rendered), after "Write about N words."; '' for none. */
  format: string;
  outputName: string;
  /** The end of a cut answer, for the continuation prompt (templates/continue.hbs); empty otherwise. */
  cutEnding: string;
  /** Why an answer is asked again (templates/answer-again.hbs: refused, echoed, reasoning_only, listed, ignores_bible…); empty otherwise. */
  againFor: string;
  /** The book's main characters a chapter that ignored them is asked again with (againFor ignores_bible); empty otherwise. */
  againNames: string;
  /** The request reworks a passage of a part (engine/session/passage.ts): a follow-up asks for the passage, not the part; false otherwise. */
  isPassage: boolean;
  /** The story so far (the session's running memory of the book), bounded; '' before it exists. */
  storySoFar: string;
  /** The story bible's promises due in this part or overdue, one line each (templates/partials/threads-due.hbs); '' when none. */
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
  /** The style notes an imported manuscript was read with (BookVoice.notes): sent under their own heading, never as the premise. */
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
  /** The outline is too long to send whole with the introduction (the premise, characters and chapter 1's entry go instead). */
  isLongOutline: boolean;
  /** A long part is asked for in scenes: how many ('' / 0 below the threshold) and about how many words each. */
  beats: number;
  beatWords: number;
  /** A length extension (templates/extend.hbs): the words the part has, and about how many more it needs; 0 otherwise. */
  wordsWritten: number;
  wordsNeeded: number;
  /** The outline step asked again for the entries it left out (templates/outline-more.hbs): the first and last missing chapter; 0 otherwise. */
  missingFrom: number;
  missingTo: number;
  /** A bible update that must also fold older chapter lines into one arc (templates/memory.hbs): those lines; '' otherwise. */
  foldLines: string;
  /** The outline of a book whose first chapters the writer brought (an import): how many are written, and their titles ("Chapter 1: The Harbour; …"); 0 and '' otherwise. */
  writtenChapters: number;
  writtenTitles: string;
  /** A book of a series (engine/session/series/series.ts): the series' name, this book's number, the one before, and the series' bible as of that book's end; '' and 0 otherwise. */
  seriesName: string;
  seriesNumber: number;
  seriesPrevious: number;
  seriesBible: string;
  /** A prose part of a book: the writer's voice as instructions, the phrases to avoid and the voice's exemplars (engine/session/voice/guidance.ts); '' otherwise. */
  voiceGuidance: string;
  /** The book holds the writer's own chapters (an import): every writing step is told to keep their setting, period, point of view and style. */
  isWritersBook: boolean;
  /** The settings a manuscript's reading may choose, one line each with the values allowed (templates/import-settings.hbs); '' otherwise. */
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
  /** The writer's voice and the phrases to avoid, for a prose part (the session fills it: engine/session/voice/guidance.ts). */
  readonly voiceGuidance?: string;
};

export const CONTEXT_KEYS: ReadonlySet<string> = new Set([
  'generator', 'bookName', 'brief', 'lang', 'languageName', 'settings', 'labels', 'settingsList', 'step', 'totalChapters',
  'chapterCount', 'chaptersLeft', 'isLastChapter', 'isConclusionLastChapter', 'outline', 'characterDetails', 'previousEnding', 'sections', 'section', 'wordTarget', 'format', 'outputName', 'cutEnding', 'againFor', 'againNames', 'isPassage', 'bookContext', 'storySoFar', 'threadsDue', 'chapterPlan', 'chapterNote', 'newPart',
  'premise', 'writerPremise', 'styleNotes', 'workingTitle', 'currentText', 'rewriteNote', 'plannedEnding', 'nextChapterPlan', 'outlineCharacters', 'isLongOutline', 'beats', 'beatWords', 'wordsWritten', 'wordsNeeded', 'missingFrom', 'missingTo', 'foldLines', 'writtenChapters', 'writtenTitles',
  'seriesName', 'seriesNumber', 'seriesPrevious', 'seriesBible', 'voiceGuidance', 'isWritersBook', 'settingChoices',
] satisfies Array<keyof PromptContext>);

/** The end of the previous part a chapter's request carries. */
const ENDING_WORDS = 150;
/** The writer's premise is sent with every step, cut at this many words (the field allows 1,200 characters). */
const WRITER_PREMISE_WORDS = 220;

/** An outline longer than this is not sent whole with the introduction (its premise, characters and first entry are). */
const LONG_OUTLINE_WORDS = 700;
/** Parts asked for at least this many words are planned as scenes of about BEAT_WORDS each. */
const BEATS_FROM_WORDS = 1000;
const BEAT_WORDS = 400;
/** The last chapters (this many before the conclusion) and the conclusion get the planned ending. */
const ENDING_CHAPTERS = 2;

/** At most `n` words of a text, for prompts. */
const upTo = (text: string | undefined, n: number): string => firstWords(text ?? '', n);

/**
 * Build the context of one step. Everything that can reach the output is in the book's language: setting
 * labels and values, chapter titles, section names, the kind of book and the output's name.
 */
export function buildContext(input: { spec: ResolvedSpec; state: PromptState; step: Step; chapterTitle?: string; renderer?: PromptRenderer }): PromptContext {
  const { spec, state, step } = input;
  const lang = state.lang;
  const settings = state.settings as Settings;
  const labels: Record<string, string> = {};
  const settingsList: SettingLine[] = [];
  for (const f of spec.fields) {
    if (f.role === 'language' || !isFieldVisible(f, settings)) continue;
    const value = fieldType(f).describe(settings[f.name], f, lang);
    labels[f.name] = value;
    // An option with an empty value is "no choice" (Point of View: Any): nothing to tell the model. A
    // value of several lines (the brief's characters) becomes one line.
    if (f.inPrompt && value !== '' && settings[f.name] !== '') settingsList.push({ name: f.name, label: wordIn(f.label, lang, spec.file), value: value.replace(/\s*\n\s*/g, '; ') });
  }
  const number = 'position' in step ? step.position : 0;
  const given = input.chapterTitle?.trim();
  const section = step.kind === 'chapter' && step.section ? step.section : undefined;
  const endPosition = conclusionPosition(spec.flow, state.totalChapters);
  const parsed = spec.kind === 'book' ? parsedOutlineOf(spec, state) : undefined;
  const entryText = (n: number) => (parsed ? outlineEntry(parsed, n)?.text ?? '' : '');
  const isPart = step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion';
  const outlineTitle = step.kind === 'chapter' && !section ? chapterTitleOf(spec, { lang: state.lang, chapterTitles: {}, ...(state.outline !== undefined ? { outline: state.outline } : {}) }, step) : undefined;
  const wordTarget = wordTargetOf(spec, settings);
  const brief = writerBriefOf(spec, settings);
  const beats = isPart && wordTarget >= BEATS_FROM_WORDS ? Math.round(wordTarget / BEAT_WORDS) : 0;
  const ctx = {
    generator: { id: spec.id, title: wordIn(spec.title, lang, spec.file), family: spec.family, kind: spec.kind },
    bookName: wordIn(spec.typeLabel, lang, spec.file),
    lang: state.lang,
    languageName: languageName(lang, lang),
    settings: { ...settings },
    labels,
    settingsList,
    step: { kind: step.kind, label: stepLabel(step, lang, spec), title: given || outlineTitle || defaultChapterTitle(step, lang), number },
    totalChapters: state.totalChapters,
    chapterCount: endPosition - 1,
    chaptersLeft: Math.max(0, endPosition - 1 - number),
    isLastChapter: step.kind === 'chapter' && number === endPosition - 1,
    isConclusionLastChapter: spec.flow.conclusion === 'replaces-last',
    outline: state.outline ?? '',
    characterDetails: state.characterDetails ?? '',
    sections: (spec.flow.sections ?? []).map((s) => ({ label: wordIn(s.label, lang, spec.file), description: s.description ? wordIn(s.description, lang, spec.file) : '' })),
    section: { label: section ? wordIn(section.label, lang, spec.file) : '', description: section?.description ? wordIn(section.description, lang, spec.file) : '' },
    wordTarget,
    outputName: wordIn(spec.prompts.outputName, lang, spec.file),
    cutEnding: '',
    againFor: '',
    againNames: '',
    isPassage: false,
    bookContext: state.bookContext?.trim() ?? '',
    storySoFar: state.memory ?? '',
    threadsDue: state.dueThreads ?? '',
    voiceGuidance: state.voiceGuidance ?? '',
    chapterPlan: step.kind === 'chapter' ? entryText(step.position) : '',
    chapterNote: step.kind === 'chapter' ? state.chapterNotes?.[step.position]?.trim() ?? '' : '',
    newPart: '',
    premise: isPart ? upTo(parsed?.premise, 100) : '',
    writerPremise: upTo(brief.premise, WRITER_PREMISE_WORDS),
    styleNotes: upTo(state.voice?.notes, WRITER_PREMISE_WORDS),
    workingTitle: brief.workingTitle,
    currentText: '',
    rewriteNote: '',
    plannedEnding: (step.kind === 'chapter' && step.position >= endPosition - ENDING_CHAPTERS) || step.kind === 'conclusion' ? upTo(parsed?.ending, 120) : '',
    nextChapterPlan: step.kind === 'introduction' ? entryText(1) : step.kind === 'chapter' && step.position + 1 < endPosition ? entryText(step.position + 1) : '',
    outlineCharacters: isPart ? upTo(parsed?.characters, 150) : '',
    isLongOutline: outlineWordsOf(state.outline ?? '') > LONG_OUTLINE_WORDS,
    beats,
    beatWords: beats ? Math.round(wordTarget / beats) : 0,
    wordsWritten: 0,
    wordsNeeded: 0,
    missingFrom: 0,
    missingTo: 0,
    foldLines: '',
    isWritersBook: hasAuthoredParts(state),
    settingChoices: '',
    ...writtenOf(spec, state, step, endPosition),
    ...seriesOf(state),
  } as Omit<PromptContext, LazyKey> as PromptContext;
  // The brief and the format are rendered when a template reads them, once: the system prompt and the
  // memory update never do (that was two template runs of every memory call of a batch); nor do they read the
  // previous part's ending.
  const { renderer } = input;
  const briefSource = spec.prompts.brief[state.lang];
  const format = formatOf(spec, step);
  return withLazy(ctx, {
    ...(renderer && briefSource ? { brief: () => renderer.renderString(briefSource, ctx) } : {}),
    ...(renderer && format ? { format: () => renderer.renderString(wordIn(format, state.lang, spec.file), ctx) } : {}),
    previousEnding: () => previousEndingOf(spec, state),
  });
}

/** How the last part written ended (its last ENDING_WORDS words), as a step's request carries it: `previousEnding`. */
export function previousEndingOf(spec: ResolvedSpec, state: BookState): string {
  let last = state.content.length ? state.content[state.content.length - 1]! : '';
  // The introduction's "Character Details" block is sent on its own; keep it out of "how the last part ended".
  if (state.content.length === 1 && state.characterDetails) last = withoutCharacterDetails(last);
  if (state.content.length === 1 && spec.flow.outline === 'none') last = withoutChapterPlan(last);
  return endingOf(last);
}

/** An outline's words, counted once per outline (every step's context asks whether it is long). */
const outlineWordsOf = byText(TEXTS_KEPT, countWords);

/**
 * A part's ending, read again for each request that carries it: lastWords reads only the last ENDING_WORDS words
 * from the end, a few microseconds, while keeping it by text kept whole parts (and the introduction's copy without
 * its character details, made anew at every call) alive for 150 words each: 26 MB of a 400-book batch's heap.
 */
const endingOf = (text: string): string => lastWords(text, ENDING_WORDS);

/** A context's values worked out when a template (or a spread, or code) first reads them: withLazy. */
type LazyKey = 'brief' | 'format' | 'previousEnding';
const LAZY = Symbol('lazy context values');
interface LazyValues {
  readonly of: Partial<Record<LazyKey, () => string>>;
  /** A key's value once worked out; null while it is. */
  readonly values: Partial<Record<LazyKey, string | null>>;
}

/**
 * The accessors of the lazy keys, the same functions for every context (each reads its context's own LazyValues):
 * every context then has one shape, its properties kept in place (an accessor made per context, or one put over a
 * property the literal had, turns each context into a slow dictionary of its properties).
 */
const LAZY_ACCESSORS: PropertyDescriptorMap = Object.fromEntries((['brief', 'format', 'previousEnding'] as const).map((key) => [key, {
  enumerable: true,
  configurable: true,
  // While it renders, the value reads as empty (as it did when it was rendered before the others); '' without a source.
  get(this: { [LAZY]: LazyValues }): string {
    const lazy = this[LAZY];
    const known = lazy.values[key];
    if (typeof known === 'string') return known;
    const of = lazy.of[key];
    if (!of || known === null) return '';
    lazy.values[key] = null;
    try {
      return (lazy.values[key] = of());
    } catch (error) {
      if (lazy.values[key] === null) lazy.values[key] = undefined;
      throw error;
    }
  },
  set(this: { [LAZY]: LazyValues }, next: string) {
    this[LAZY].values[key] = next;
  },
}]));

/** `ctx` with its lazy keys: own, enumerable properties (as templates and spreads expect), each computed on first read by `of`. */
function withLazy(ctx: PromptContext, of: LazyValues['of']): PromptContext {
  Object.defineProperty(ctx, LAZY, { value: { of, values: {} } satisfies LazyValues });
  return Object.defineProperties(ctx, LAZY_ACCESSORS);
}

/** The layout a part asks for: its section's, else (chapters) the chapter format, else the book's; none for outlines and single outputs. */
function formatOf(spec: ResolvedSpec, step: Step): Bilingual | undefined {
  const p = spec.prompts;
  if (step.kind === 'chapter') return (step.section && p.sectionFormats?.[step.section.id]) || p.chapterFormat || p.format;
  return step.kind === 'introduction' || step.kind === 'conclusion' ? p.format : undefined;
}

/**
 * The chapters already written when an outline is asked for after them (an imported manuscript's): their
 * count and titles, so the outline keeps them and plans what follows.
 */
/** A series book's name, number and the series' bible as of the book before it, without the since cells the session keeps for itself. */
function seriesOf(state: BookState): Pick<PromptContext, 'seriesName' | 'seriesNumber' | 'seriesPrevious' | 'seriesBible'> {
  const s = state.series;
  if (!s) return { seriesName: '', seriesNumber: 0, seriesPrevious: 0, seriesBible: '' };
  return { seriesName: s.name, seriesNumber: s.number, seriesPrevious: s.number - 1, seriesBible: s.bible.replace(readingPattern(String.raw` \| (?:{bible.since}) [^\n|]*$`, 'gmiu'), '').trim() };
}

function writtenOf(spec: ResolvedSpec, state: BookState, step: Step, endPosition: number): { writtenChapters: number; writtenTitles: string } {
  const written = step.kind === 'outline' ? Math.min(state.content.length, endPosition) - 1 : 0;
  if (written <= 0) return { writtenChapters: 0, writtenTitles: '' };
  const titles = Array.from({ length: written }, (_, i) => {
    const chapter = { kind: 'chapter', position: i + 1 } as const;
    const title = state.chapterTitles?.[i + 1]?.trim();
    return `${stepLabel(chapter, state.lang, spec)}${title ? `: ${title}` : ''}`;
  });
  return { writtenChapters: written, writtenTitles: titles.join('; ') };
}
