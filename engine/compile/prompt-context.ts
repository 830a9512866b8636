// The context one step's prompt is rendered from: everything a template may use (the settings and their
// labels, the step, the outline's entries, the story so far, the brief), in the book's language. Its shape is
// prompt-context-shape.ts; the values read only when a template asks, lazy-context.ts.
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
import type { PromptContext, PromptState, SettingLine } from './prompt-context-shape.js';
import { withLazy, type LazyKey } from './lazy-context.js';

/** The end of the previous part a chapter's request carries. */
const ENDING_WORDS = 150;
/** The writer's premise is sent with every step, cut at this many words (the field allows 1,200 characters). */
const WRITER_PREMISE_WORDS = 220;

/**
 * An outline longer than this is not sent whole with the introduction (its premise, characters and first entry are).
 */
const LONG_OUTLINE_WORDS = 700;
/** Parts asked for at least this many words are planned as scenes of about BEAT_WORDS each. */
const BEATS_FROM_WORDS = 1000;
const BEAT_WORDS = 400;
/** The last chapters (this many before the conclusion) and the conclusion get the planned ending. */
const ENDING_CHAPTERS = 2;

/** At most `n` words of a text, for prompts. */
const upTo = (text: string | undefined, n: number): string => firstWords(text ?? '', n);

/**
 * The values only some requests fill (a rewrite, a passage, more of a part, a fold, a setting's choices): empty in a
 * step's own context.
 */
const FILLED_LATER = {
  cutEnding: '',
  againFor: '',
  againNames: '',
  isPassage: false,
  newPart: '',
  currentText: '',
  rewriteNote: '',
  wordsWritten: 0,
  wordsNeeded: 0,
  missingFrom: 0,
  missingTo: 0,
  foldLines: '',
  settingChoices: '',
} as const;

/**
 * The step as its prompt names it: its kind, label, title (the one given, the outline's, or the default) and number.
 */
function stepOf(
  spec: ResolvedSpec,
  state: PromptState,
  step: Step,
  chapterTitle: string | undefined,
): PromptContext['step'] {
  const lang = state.lang;
  const outline = state.outline !== undefined ? { outline: state.outline } : {};
  const isOwnChapter = step.kind === 'chapter' && !step.section;
  const outlineTitle = isOwnChapter ? chapterTitleOf(spec, { lang, chapterTitles: {}, ...outline }, step) : undefined;
  const title = chapterTitle?.trim() || outlineTitle || defaultChapterTitle(step, lang);
  return { kind: step.kind, label: stepLabel(step, lang, spec), title, number: 'position' in step ? step.position : 0 };
}

/**
 * What a part's request takes from the outline: its entry and the next one, the premise, the characters and the
 * planned ending (for the last chapters and the conclusion), and whether the outline is too long to send whole.
 */
function outlinePlanOf(spec: ResolvedSpec, state: PromptState, step: Step, endPosition: number) {
  const parsed = spec.kind === 'book' ? parsedOutlineOf(spec, state) : undefined;
  const entryText = (n: number) => (parsed ? (outlineEntry(parsed, n)?.text ?? '') : '');
  const isPart = step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion';
  const isEnding =
    (step.kind === 'chapter' && step.position >= endPosition - ENDING_CHAPTERS) || step.kind === 'conclusion';
  const next =
    step.kind === 'introduction'
      ? 1
      : step.kind === 'chapter' && step.position + 1 < endPosition
        ? step.position + 1
        : 0;
  return {
    chapterPlan: step.kind === 'chapter' ? entryText(step.position) : '',
    premise: isPart ? upTo(parsed?.premise, 100) : '',
    plannedEnding: isEnding ? upTo(parsed?.ending, 120) : '',
    nextChapterPlan: next ? entryText(next) : '',
    outlineCharacters: isPart ? upTo(parsed?.characters, 150) : '',
    isLongOutline: outlineWordsOf(state.outline ?? '') > LONG_OUTLINE_WORDS,
  };
}

/**
 * Build the context of one step. Everything that can reach the output is in the book's language: setting
 * labels and values, chapter titles, section names, the kind of book and the output's name.
 */
export function buildContext(input: {
  spec: ResolvedSpec;
  state: PromptState;
  step: Step;
  chapterTitle?: string;
  renderer?: PromptRenderer;
}): PromptContext {
  const { spec, state, step } = input;
  const lang = state.lang;
  const settings = state.settings as Settings;
  const { labels, settingsList } = settingLinesOf(spec, settings, lang);
  const number = 'position' in step ? step.position : 0;
  const section = step.kind === 'chapter' && step.section ? step.section : undefined;
  const endPosition = conclusionPosition(spec.flow, state.totalChapters);
  const isPart = step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion';
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
    step: stepOf(spec, state, step, input.chapterTitle),
    totalChapters: state.totalChapters,
    chapterCount: endPosition - 1,
    chaptersLeft: Math.max(0, endPosition - 1 - number),
    isLastChapter: step.kind === 'chapter' && number === endPosition - 1,
    isConclusionLastChapter: spec.flow.conclusion === 'replaces-last',
    outline: state.outline ?? '',
    characterDetails: state.characterDetails ?? '',
    ...sectionsOf(spec, lang, section),
    wordTarget,
    outputName: wordIn(spec.prompts.outputName, lang, spec.file),
    bookContext: state.bookContext?.trim() ?? '',
    storySoFar: state.memory ?? '',
    threadsDue: state.dueThreads ?? '',
    voiceGuidance: state.voiceGuidance ?? '',
    chapterNote: step.kind === 'chapter' ? (state.chapterNotes?.[step.position]?.trim() ?? '') : '',
    writerPremise: upTo(brief.premise, WRITER_PREMISE_WORDS),
    styleNotes: upTo(state.voice?.notes, WRITER_PREMISE_WORDS),
    workingTitle: brief.workingTitle,
    ...outlinePlanOf(spec, state, step, endPosition),
    beats,
    beatWords: beats ? Math.round(wordTarget / beats) : 0,
    isWritersBook: hasAuthoredParts(state),
    ...FILLED_LATER,
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
 * its character details, made anew at every call) alive for 150 words each: 26 MB of a 400-book batch's heap. The last
 * one read is kept (one part held, no more): a step's prompt and its fitting (trimmableOf) ask for the same ending one
 * after the other, ~0.6 % of the batch's main thread when each read it (session 43).
 */
let endedText = '';
let lastEnding = '';
const endingOf = (text: string): string => {
  if (text !== endedText) {
    lastEnding = lastWords(text, ENDING_WORDS);
    endedText = text;
  }
  return lastEnding;
};

/**
 * The layout a part asks for: its section's, else (chapters) the chapter format, else the book's; none for outlines and
 * single outputs.
 */
function formatOf(spec: ResolvedSpec, step: Step): Bilingual | undefined {
  const p = spec.prompts;
  if (step.kind === 'chapter') {
    return (step.section && p.sectionFormats?.[step.section.id]) || p.chapterFormat || p.format;
  }
  return step.kind === 'introduction' || step.kind === 'conclusion' ? p.format : undefined;
}

type SettingLines = { labels: Record<string, string>; settingsList: SettingLine[] };

/**
 * Each book's setting lines, by its settings object: a book's steps and its bible updates share one, and made anew
 * for each they were ~0.7 % of a 400-book batch's main thread (a field's describe at every call). Kept with the spec,
 * the language and the settings' values they were made from (compared one by one, so a settings object changed in
 * place is described again); read only by the templates and the prompt's checks, never changed.
 */
const settingLinesKept = new WeakMap<
  Settings,
  { spec: ResolvedSpec; lang: Lang; values: unknown[]; lines: SettingLines }
>();

/**
 * The settings a step tells the model, in the book's language: each visible field's label and value (`labels`
 * by field name), and the lines of the settings list (the language and fields kept out of prompts are not).
 */
function settingLinesOf(spec: ResolvedSpec, settings: Settings, lang: Lang): SettingLines {
  const kept = settingLinesKept.get(settings);
  const keys = Object.keys(settings);
  if (
    kept &&
    kept.spec === spec &&
    kept.lang === lang &&
    kept.values.length === 2 * keys.length &&
    keys.every((k, i) => kept.values[2 * i] === k && kept.values[2 * i + 1] === settings[k])
  )
    return kept.lines;
  const lines = describedSettings(spec, settings, lang);
  settingLinesKept.set(settings, { spec, lang, values: keys.flatMap((k) => [k, settings[k]]), lines });
  return lines;
}

function describedSettings(spec: ResolvedSpec, settings: Settings, lang: Lang): SettingLines {
  const labels: Record<string, string> = {};
  const settingsList: SettingLine[] = [];
  for (const f of spec.fields) {
    if (f.role === 'language' || !isFieldVisible(f, settings)) continue;
    const value = fieldType(f).describe(settings[f.name], f, lang);
    labels[f.name] = value;
    // An option with an empty value is "no choice" (Point of View: Any): nothing to tell the model. A
    // value of several lines (the brief's characters) becomes one line.
    if (f.inPrompt && value !== '' && settings[f.name] !== '') {
      const line = value.replace(/\s*\n\s*/g, '; ');
      settingsList.push({ name: f.name, label: wordIn(f.label, lang, spec.file), value: line });
    }
  }
  return { labels, settingsList };
}

/** The book's sections (label and description) and the step's own, in the book's language. */
function sectionsOf(
  spec: ResolvedSpec,
  lang: Lang,
  section: { label: Bilingual; description?: Bilingual } | undefined,
): Pick<PromptContext, 'sections' | 'section'> {
  const described = (s: { label: Bilingual; description?: Bilingual }) => ({
    label: wordIn(s.label, lang, spec.file),
    description: s.description ? wordIn(s.description, lang, spec.file) : '',
  });
  return {
    sections: (spec.flow.sections ?? []).map(described),
    section: section ? described(section) : { label: '', description: '' },
  };
}

/**
 * A series book's name, number and the series' bible as of the book before it, without the since cells the session
 * keeps for itself.
 */
function seriesOf(
  state: BookState,
): Pick<PromptContext, 'seriesName' | 'seriesNumber' | 'seriesPrevious' | 'seriesBible'> {
  const s = state.series;
  if (!s) return { seriesName: '', seriesNumber: 0, seriesPrevious: 0, seriesBible: '' };
  const since = readingPattern(String.raw` \| (?:{bible.since}) [^\n|]*$`, 'gmiu');
  const seriesBible = s.bible.replace(since, '').trim();
  return { seriesName: s.name, seriesNumber: s.number, seriesPrevious: s.number - 1, seriesBible };
}

/**
 * The chapters already written when an outline is asked for after them (an imported manuscript's): their
 * count and titles, so the outline keeps them and plans what follows.
 */
function writtenOf(
  spec: ResolvedSpec,
  state: BookState,
  step: Step,
  endPosition: number,
): { writtenChapters: number; writtenTitles: string } {
  const written = step.kind === 'outline' ? Math.min(state.content.length, endPosition) - 1 : 0;
  if (written <= 0) return { writtenChapters: 0, writtenTitles: '' };
  const titles = Array.from({ length: written }, (_, i) => {
    const chapter = { kind: 'chapter', position: i + 1 } as const;
    const title = state.chapterTitles?.[i + 1]?.trim();
    return `${stepLabel(chapter, state.lang, spec)}${title ? `: ${title}` : ''}`;
  });
  return { writtenChapters: written, writtenTitles: titles.join('; ') };
}
