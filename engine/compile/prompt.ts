// Prompt rendering: handlebars (noEscape) templates shared by all generators, plus each spec's brief.
// checkTemplates() walks the templates' syntax trees so an unknown variable is a validate-time error.
import Handlebars from 'handlebars';
import { LANGS, type Bilingual, type FieldRole, type Lang, type ResolvedSpec, type Settings } from '../spec/types.js';
import type { SpecIssue } from '../errors.js';
import { fieldType } from '../fields/registry.js';
import { isFieldVisible } from './schema.js';
import { defaultChapterTitle, stepLabel, withoutCharacterDetails, type BookState, type Step } from './flow.js';
import { LANGUAGE_NAMES } from '../i18n.js';
import { conclusionPosition } from '../spec/conclusion.js';
import { parseTemplateText, type HbNode, type HbPath } from '../spec/template-ast.js';
import { withoutChapterPlan } from './chapter-plan.js';
import { maxTokensOf, outlineWords } from './budget.js';
import { outlineEntry } from './outline.js';
import { chapterTitleOf, parsedOutlineOf, wordTargetOf } from './plan.js';
import { writerBriefOf } from './brief.js';

export { chapterTitleOf, parsedOutlineOf, wordTargetOf } from './plan.js';

/** Template sources by name: path under templates/ without .hbs (e.g. "book/chapter", "partials/settings"). */
export type TemplateSources = Readonly<Record<string, string>>;

export interface SettingLine {
  name: string;
  label: string;
  value: string;
}

/** Everything a template may use. checkTemplates() rejects any other root name. */
export interface PromptContext {
  generator: { id: string; title: string; family: string; kind: string };
  /** The kind of book in the book's language, e.g. "Romance" / "Romantik" (the spec's typeLabel). */
  bookName: string;
  brief: string;
  lang: Lang;
  languageName: string;
  isMalay: boolean;
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
}

/**
 * The state a step is rendered from. A publishing step carries the text of the book it is for
 * (engine/publish); every other step has none.
 */
export type PromptState = BookState & {
  readonly bookContext?: string;
  /** The promises due in this part or overdue, one line each (the session fills it from the story bible). */
  readonly dueThreads?: string;
};

export const CONTEXT_KEYS: ReadonlySet<string> = new Set([
  'generator', 'bookName', 'brief', 'lang', 'languageName', 'isMalay', 'settings', 'labels', 'settingsList', 'step', 'totalChapters',
  'chapterCount', 'chaptersLeft', 'isLastChapter', 'isConclusionLastChapter', 'outline', 'characterDetails', 'previousEnding', 'sections', 'section', 'wordTarget', 'format', 'outputName', 'cutEnding', 'bookContext', 'storySoFar', 'threadsDue', 'chapterPlan', 'chapterNote', 'newPart',
  'premise', 'writerPremise', 'workingTitle', 'currentText', 'rewriteNote', 'plannedEnding', 'nextChapterPlan', 'outlineCharacters', 'isLongOutline', 'beats', 'beatWords', 'wordsWritten', 'wordsNeeded', 'missingFrom', 'missingTo', 'foldLines',
] satisfies Array<keyof PromptContext>);

/** Keys whose second path part must be a field name of the spec. */
const FIELD_KEYED = new Set(['settings', 'labels']);

const HELPERS: Record<string, Handlebars.HelperDelegate> = {
  eq: (a: unknown, b: unknown) => String(a) === String(b),
  add: (a: unknown, b: unknown) => Number(a) + Number(b),
  join: (list: unknown, sep: unknown) => (Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : ', ') : ''),
  /** `{{a labels.style}}`: "an Educational", "a Fun" (Malay has no article: the word alone). */
  a: (word: unknown, options: Handlebars.HelperOptions) => {
    const text = String(word ?? '');
    return (options?.data?.root as { isMalay?: boolean } | undefined)?.isMalay ? text : `${indefiniteArticle(text)} ${text}`;
  },
};

/** Words whose first letter misleads: a vowel sounding "yoo" or "w" (a Unique, a One-Pot), a silent h (an Hour). */
const A_BEFORE_VOWEL = /^(uni(?![nm])|us[eu]|ut[ei]|eu|one\b|once\b)/i;
const AN_BEFORE_CONSONANT = /^(hour|honest|honou?r|heir)/i;

/** "a" or "an" by the sound of the word that follows. */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const w = word.trim();
  if (AN_BEFORE_CONSONANT.test(w)) return 'an';
  if (A_BEFORE_VOWEL.test(w)) return 'a';
  return /^[aeiou]/i.test(w) || /^(8|11|18)(?!\d)/.test(w) ? 'an' : 'a';
}
const BUILTIN_BLOCKS = new Set(['if', 'unless', 'each', 'with']);

export interface RenderedPrompt {
  system: string;
  user: string;
  maxTokens: number;
  temperature: number;
  presencePenalty: number;
  frequencyPenalty: number;
  /** Structured facts for providers that do not read prompts (the offline provider). */
  meta: PromptMeta;
}

export interface PromptMeta {
  generatorId: string;
  family: string;
  kind: string;
  /** `memory`: the call that updates the story so far after a part. */
  stepKind: Step['kind'] | 'memory' | 'audit';
  stepLabel: string;
  lang: Lang;
  title: string;
  /** The settings as the prompt lists them; `role` lets the offline cover find its title, by-line and colours. */
  settingsSummary: Array<{ label: string; value: string; role?: FieldRole }>;
  wordTarget: number;
  outline?: string;
  /** Chapters written between the introduction and the conclusion (books). */
  chapterCount?: number;
  /** The introduction is asked to end with a chapter plan (a book without an outline step or sections). */
  asksChapterPlan?: boolean;
  isFiction: boolean;
  /** What the offline demo writes for the chapters (the generator's prompts.demo). */
  demo?: 'story' | 'guide' | 'recipe';
}

/** A handlebars environment with the shared partials and helpers; templates compile once, lazily. */
export class PromptRenderer {
  private readonly hb = Handlebars.create();
  private readonly compiled = new Map<string, Handlebars.TemplateDelegate>();
  private readonly compiledStrings = new Map<string, Handlebars.TemplateDelegate>();
  constructor(readonly templates: TemplateSources) {
    for (const [name, source] of Object.entries(templates)) {
      if (name.startsWith('partials/')) this.hb.registerPartial(name.slice('partials/'.length), source);
    }
    for (const [name, fn] of Object.entries(HELPERS)) this.hb.registerHelper(name, fn);
  }

  renderTemplate(name: string, context: object): string {
    let fn = this.compiled.get(name);
    if (!fn) {
      const source = this.templates[name];
      if (source === undefined) throw new Error(`template "${name}" does not exist under templates/`);
      fn = this.hb.compile(source, { noEscape: true, strict: false });
      this.compiled.set(name, fn);
    }
    return tidy(fn(context));
  }

  /**
   * Compile every template now rather than at its first step (~25 ms for the first, cold): a worker does
   * at its start, so that the first steps of its first books do not wait for it. Rendered once with no
   * context, which compiles a template and the partials it reaches; what such a render throws is ignored.
   */
  compileAll(): void {
    for (const name of Object.keys(this.templates)) {
      if (name.startsWith('partials/')) continue;
      try {
        this.renderTemplate(name, {});
      } catch {
        // Compiled; an empty context need not render.
      }
    }
  }

  renderString(source: string, context: object): string {
    // Briefs are rendered on every step; compiling each time cost ~1 ms a call (measured in `karya batch`).
    let fn = this.compiledStrings.get(source);
    if (!fn) {
      fn = this.hb.compile(source, { noEscape: true });
      this.compiledStrings.set(source, fn);
    }
    return tidy(fn(context));
  }
}

function tidy(text: string): string {
  return text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** The template a step uses. */
export function templateFor(spec: ResolvedSpec, step: Step): string {
  switch (step.kind) {
    case 'outline':
      return spec.prompts.outline;
    case 'introduction':
      return spec.prompts.introduction;
    case 'chapter':
      return spec.prompts.chapter;
    case 'conclusion':
      return spec.prompts.conclusion;
    case 'image':
      return spec.prompts.image;
    default:
      return spec.prompts.single;
  }
}

/** The templates a spec uses (for drift guards and validation). */
export function templatesUsed(spec: ResolvedSpec): string[] {
  const p = spec.prompts;
  if (spec.kind === 'book') return [p.system, ...(spec.flow.outline !== 'none' ? [p.outline, OUTLINE_MORE_TEMPLATE] : []), p.introduction, p.chapter, p.conclusion, CONTINUE_TEMPLATE, EXTEND_TEMPLATE, REWRITE_TEMPLATE, MEMORY_TEMPLATE, FIRM_LANGUAGE_TEMPLATE, NO_REPEAT_TEMPLATE, AUDIT_TEMPLATE];
  if (spec.kind === 'image') return [p.image];
  return [p.system, p.single, CONTINUE_TEMPLATE];
}

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

/** The template that asks for the rest of an answer cut at the token limit (the same for every generator). */
export const CONTINUE_TEMPLATE = 'continue';
/** The template that asks a model to check a chapter against the story bible before it (the optional continuity audit). */
export const AUDIT_TEMPLATE = 'continuity-audit';
/** The template that updates the story so far after a part of a book. */
export const MEMORY_TEMPLATE = 'memory';
/** The firmer instruction a part written in the wrong language is asked again with (engine/session). */
export const FIRM_LANGUAGE_TEMPLATE = 'firm-language';
/** The note an extension that repeated the part is asked again with (engine/session). */
export const NO_REPEAT_TEMPLATE = 'no-repeat';
/** The follow-up that asks a part that came back short for the words it still needs (engine/session). */
export const EXTEND_TEMPLATE = 'extend';
/** A written part asked for again, with its current text and the writer's note (engine/session rewritePart). */
export const REWRITE_TEMPLATE = 'rewrite';
/** The follow-up that asks an outline for the chapter entries it left out (engine/session). */
export const OUTLINE_MORE_TEMPLATE = 'outline-more';
const CUT_ENDING_WORDS = 150;

/** At most `n` words of a text, for prompts. */
function firstWords(text: string | undefined, n: number): string {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  return words.length <= n ? words.join(' ') : `${words.slice(0, n).join(' ')} …`;
}


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
    if (f.inPrompt && value !== '' && settings[f.name] !== '') settingsList.push({ name: f.name, label: f.label[lang], value: value.replace(/\s*\n\s*/g, '; ') });
  }
  const number = 'position' in step ? step.position : 0;
  const given = input.chapterTitle?.trim();
  let last = state.content.length ? state.content[state.content.length - 1]! : '';
  // The introduction's "Character Details" block is sent on its own; keep it out of "how the last part ended".
  if (state.content.length === 1 && state.characterDetails) last = withoutCharacterDetails(last);
  if (state.content.length === 1 && spec.flow.outline === 'none') last = withoutChapterPlan(last);
  const lastWords = last.split(/\s+/).filter(Boolean);
  const section = step.kind === 'chapter' && step.section ? step.section : undefined;
  const endPosition = conclusionPosition(spec.flow, state.totalChapters);
  const parsed = spec.kind === 'book' ? parsedOutlineOf(spec, state) : undefined;
  const entryText = (n: number) => (parsed ? outlineEntry(parsed, n)?.text ?? '' : '');
  const isPart = step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion';
  const outlineTitle = step.kind === 'chapter' && !section ? chapterTitleOf(spec, { ...state, chapterTitles: {} }, step) : undefined;
  const wordTarget = wordTargetOf(spec, settings);
  const brief = writerBriefOf(spec, settings);
  const beats = isPart && wordTarget >= BEATS_FROM_WORDS ? Math.round(wordTarget / BEAT_WORDS) : 0;
  const ctx: PromptContext = {
    generator: { id: spec.id, title: spec.title.en, family: spec.family, kind: spec.kind },
    bookName: spec.typeLabel[lang],
    brief: '',
    lang: state.lang,
    languageName: LANGUAGE_NAMES[state.lang],
    isMalay: state.lang === 'ms',
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
    previousEnding: lastWords.length > ENDING_WORDS ? '…' + lastWords.slice(-ENDING_WORDS).join(' ') : lastWords.join(' '),
    sections: (spec.flow.sections ?? []).map((s) => ({ label: s.label[lang], description: s.description?.[lang] ?? '' })),
    section: { label: section?.label[lang] ?? '', description: section?.description?.[lang] ?? '' },
    wordTarget,
    format: '',
    outputName: spec.prompts.outputName[lang],
    cutEnding: '',
    bookContext: state.bookContext?.trim() ?? '',
    storySoFar: state.memory ?? '',
    threadsDue: state.dueThreads ?? '',
    chapterPlan: step.kind === 'chapter' ? entryText(step.position) : '',
    chapterNote: step.kind === 'chapter' ? state.chapterNotes?.[step.position]?.trim() ?? '' : '',
    newPart: '',
    premise: isPart ? firstWords(parsed?.premise, 100) : '',
    writerPremise: firstWords(brief.premise, WRITER_PREMISE_WORDS),
    workingTitle: brief.workingTitle,
    currentText: '',
    rewriteNote: '',
    plannedEnding: (step.kind === 'chapter' && step.position >= endPosition - ENDING_CHAPTERS) || step.kind === 'conclusion' ? firstWords(parsed?.ending, 120) : '',
    nextChapterPlan: step.kind === 'introduction' ? entryText(1) : step.kind === 'chapter' && step.position + 1 < endPosition ? entryText(step.position + 1) : '',
    outlineCharacters: isPart ? firstWords(parsed?.characters, 150) : '',
    isLongOutline: (state.outline ?? '').split(/\s+/).length > LONG_OUTLINE_WORDS,
    beats,
    beatWords: beats ? Math.round(wordTarget / beats) : 0,
    wordsWritten: 0,
    wordsNeeded: 0,
    missingFrom: 0,
    missingTo: 0,
    foldLines: '',
  };
  // The brief and the format are rendered when a template reads them, once: the system prompt and the
  // memory update never do (that was two template runs of every memory call of a batch).
  const { renderer } = input;
  const briefSource = spec.prompts.brief[state.lang];
  if (renderer && briefSource) lazily(ctx, 'brief', () => renderer.renderString(briefSource, ctx));
  const format = formatOf(spec, step);
  if (renderer && format) lazily(ctx, 'format', () => renderer.renderString(format[state.lang], ctx));
  return ctx;
}

/** Make `ctx[key]` a value computed on first read (an own, enumerable property, as templates and spreads expect). */
function lazily(ctx: PromptContext, key: 'brief' | 'format', compute: () => string): void {
  let value: string | undefined;
  let isComputing = false;
  Object.defineProperty(ctx, key, {
    enumerable: true,
    configurable: true,
    // While it renders, the value reads as empty (as it did when it was rendered before the others).
    get: () => {
      if (value !== undefined) return value;
      if (isComputing) return '';
      isComputing = true;
      try {
        return (value = compute());
      } finally {
        isComputing = false;
      }
    },
    set: (next: string) => {
      value = next;
    },
  });
}

/** The layout a part asks for: its section's, else (chapters) the chapter format, else the book's; none for outlines and single outputs. */
function formatOf(spec: ResolvedSpec, step: Step): Bilingual | undefined {
  const p = spec.prompts;
  if (step.kind === 'chapter') return (step.section && p.sectionFormats?.[step.section.id]) || p.chapterFormat || p.format;
  return step.kind === 'introduction' || step.kind === 'conclusion' ? p.format : undefined;
}

/**
 * Render the system and user prompts of one step, with the model settings of the spec.
 * @example renderPrompt({ spec, renderer, state, step: nextStep(spec, state)! })
 */
export function renderPrompt(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step; chapterTitle?: string }): RenderedPrompt {
  return stepPrompt(input).prompt;
}

/** A step's prompt and the context it was rendered from (for the prompts built on it). */
function stepPrompt(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step; chapterTitle?: string }): { ctx: PromptContext; prompt: RenderedPrompt } {
  const ctx = buildContext(input);
  return { ctx, prompt: promptOf(input, ctx, input.renderer.renderTemplate(templateFor(input.spec, input.step), ctx)) };
}

/** A step's prompt around a user prompt already rendered from `ctx` (the step's context): the system prompt, the model settings and the meta. */
export function promptOf(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step }, ctx: PromptContext, user: string): RenderedPrompt {
  const { spec, renderer, state, step } = input;
  const system = spec.kind === 'image' ? '' : renderer.renderTemplate(spec.prompts.system, ctx);
  return {
    system,
    user,
    maxTokens: maxTokensOf({ spec, settings: state.settings, lang: state.lang, step, words: step.kind === 'outline' ? outlineWords(ctx.chapterCount) : ctx.wordTarget }),
    temperature: spec.model.temperature,
    presencePenalty: spec.model.presencePenalty,
    frequencyPenalty: spec.model.frequencyPenalty,
    meta: {
      generatorId: spec.id,
      family: spec.family,
      kind: spec.kind,
      stepKind: step.kind,
      stepLabel: stepLabel(step, state.lang, spec),
      lang: state.lang,
      title: spec.title[state.lang],
      settingsSummary: spec.fields
        .filter((f) => f.inPrompt && f.role !== 'language' && isFieldVisible(f, state.settings))
        .map((f) => ({ label: f.label[state.lang], value: fieldType(f).describe(state.settings[f.name], f, state.lang), ...(f.role ? { role: f.role } : {}) }))
        .filter((s) => s.value !== ''),
      wordTarget: step.kind === 'outline' ? 400 : wordTargetOf(spec, state.settings),
      ...(spec.kind === 'book' ? { chapterCount: conclusionPosition(spec.flow, state.totalChapters) - 1 } : {}),
      ...(step.kind === 'introduction' && spec.flow.outline === 'none' && !spec.flow.sections ? { asksChapterPlan: true } : {}),
      ...(state.outline ? { outline: state.outline } : {}),
      isFiction: spec.family === 'fiction' || spec.flow.outline === 'story',
      ...(spec.prompts.demo ? { demo: spec.prompts.demo } : {}),
    },
  };
}

/**
 * The prompt that asks for the rest of a step's answer after it was cut at the token limit: the step's
 * own prompt, then templates/continue.hbs with the end of what was written so far.
 */
export function renderContinuation(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: BookState; step: Step; chapterTitle?: string; soFar: string }): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const words = input.soFar.split(/\s+/).filter(Boolean);
  const cutEnding = (words.length > CUT_ENDING_WORDS ? '…' : '') + words.slice(-CUT_ENDING_WORDS).join(' ');
  const ask = input.renderer.renderTemplate(CONTINUE_TEMPLATE, { ...ctx, cutEnding });
  return { ...first, user: `${first.user}\n\n${ask}` };
}

/**
 * The prompt that writes a written part again ("rewrite"): the part's own prompt, as it was written
 * (its plan, the brief, the bible, the previous ending), then templates/rewrite.hbs with its current text and
 * the writer's note.
 */
export function renderRewrite(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: BookState; step: Step; chapterTitle?: string; currentText: string; note?: string }): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const ask = input.renderer.renderTemplate(REWRITE_TEMPLATE, { ...ctx, currentText: input.currentText.trim(), rewriteNote: (input.note ?? '').trim() });
  return { ...first, user: `${first.user}\n\n${ask}` };
}

/** A passage of a written part reworked (engine/session/passage.ts): templates/passage.hbs. */
export const PASSAGE_TEMPLATE = 'passage';
/** What templates/passage.hbs reads besides the step's context. */
export interface PassageAsk {
  passageAsk: 'rewrite' | 'expand' | 'shorten' | 'describe';
  passageBefore: string;
  passageText: string;
  passageAfter: string;
  passageNote: string;
  passageTone: string;
}

/**
 * The prompt that reworks a passage of a written part: the part's own prompt (its plan, the brief, the
 * bible), then templates/passage.hbs with the words around the passage, the passage and what to do;
 * `maxTokens` for `words` (the passage's answer, not the part's).
 */
export function renderPassage(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: BookState; step: Step; chapterTitle?: string; ask: PassageAsk; words: number }): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const ask = input.renderer.renderTemplate(PASSAGE_TEMPLATE, { ...ctx, ...input.ask });
  return { ...first, user: `${first.user}\n\n${ask}`, maxTokens: maxTokensOf({ spec: input.spec, settings: input.state.settings, lang: input.state.lang, step: input.step, words: input.words }) };
}

/**
 * The prompt that asks a part that came back short for the words it still needs: the step's own prompt,
 * then templates/extend.hbs with the words written, the words still needed, the end of the text so far
 * and the part's plan. Its answer is joined to the part (engine/session).
 */
export function renderExtension(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: BookState; step: Step; chapterTitle?: string; soFar: string }): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const words = input.soFar.split(/\s+/).filter(Boolean);
  const cutEnding = (words.length > CUT_ENDING_WORDS ? '…' : '') + words.slice(-CUT_ENDING_WORDS).join(' ');
  const wordsNeeded = Math.max(50, Math.round((ctx.wordTarget - words.length) / 10) * 10);
  const ask = input.renderer.renderTemplate(EXTEND_TEMPLATE, { ...ctx, cutEnding, wordsWritten: words.length, wordsNeeded });
  const maxTokens = maxTokensOf({ spec: input.spec, settings: input.state.settings, lang: input.state.lang, step: input.step, words: wordsNeeded });
  return { ...first, user: `${first.user}\n\n${ask}`, maxTokens };
}

/**
 * The prompt that asks an outline for the chapter entries it left out (`from` to `to`): the outline's own
 * prompt, then templates/outline-more.hbs with the end of the outline so far. Its answer is added to the outline.
 */
export function renderOutlineMore(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: BookState; soFar: string; from: number; to: number }): RenderedPrompt {
  const step: Step = { kind: 'outline' };
  const { ctx, prompt: first } = stepPrompt({ ...input, step });
  const words = input.soFar.split(/\s+/).filter(Boolean);
  const cutEnding = (words.length > CUT_ENDING_WORDS ? '…' : '') + words.slice(-CUT_ENDING_WORDS).join(' ');
  const ask = input.renderer.renderTemplate(OUTLINE_MORE_TEMPLATE, { ...ctx, cutEnding, missingFrom: input.from, missingTo: input.to });
  const maxTokens = maxTokensOf({ spec: input.spec, settings: input.state.settings, lang: input.state.lang, step, words: outlineWords(input.to - input.from + 1) });
  return { ...first, user: `${first.user}\n\n${ask}`, maxTokens };
}

/** The bible update is asked for in at most this many words (its sections have their own limits: engine/session/bible.ts). */
export const MEMORY_WORDS = 450;

/**
 * The prompt that updates a book's running memory (the story so far) after `step` wrote `text`:
 * templates/memory.hbs with the memory so far and the new part. Not streamed, small budget.
 */
export function renderMemoryUpdate(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step; text: string; foldLines?: string; isFirm?: boolean }): RenderedPrompt {
  // The step's system prompt and meta, without rendering the step's own user prompt (it is not sent).
  const stepCtx = buildContext(input);
  const first = promptOf(input, stepCtx, '');
  // Not a spread: that would render the step's brief and format, which the memory template never reads.
  const ctx = Object.assign(stepCtx, { newPart: input.text, wordTarget: MEMORY_WORDS, foldLines: input.foldLines ?? '' });
  const user = input.renderer.renderTemplate(MEMORY_TEMPLATE, ctx);
  return {
    ...first,
    user: input.isFirm ? `${user}\n\n${input.renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, ctx)}` : user,
    maxTokens: Math.round(MEMORY_WORDS * 3),
    temperature: 0.3,
    presencePenalty: 0,
    frequencyPenalty: 0,
    meta: { ...first.meta, stepKind: 'memory', wordTarget: MEMORY_WORDS },
  };
}

// ---- validation of templates against the context ----

/** Problems with the templates a spec uses: missing templates or partials, unknown helpers or variables. */
export function checkTemplates(spec: ResolvedSpec, templates: TemplateSources, templateFile: (name: string) => string): SpecIssue[] {
  const issues: SpecIssue[] = [];
  const fieldNames = new Set(spec.fields.map((f) => f.name));
  const visited = new Set<string>();

  const checkPath = (p: HbPath, where: { file: string; path: string }, isScoped: boolean) => {
    let parts = p.parts;
    if (p.data) {
      if (parts[0] !== 'root') return;
      parts = parts.slice(1);
    } else if (isScoped || p.depth > 0 || p.original === 'this' || p.original.startsWith('this.')) return;
    const root = parts[0];
    if (root === undefined) return;
    if (!CONTEXT_KEYS.has(root)) {
      issues.push({ ...where, message: `{{${p.original}}}: "${root}" is not a prompt variable (${[...CONTEXT_KEYS].join(', ')})` });
    } else if (FIELD_KEYED.has(root) && parts[1] !== undefined && !fieldNames.has(parts[1])) {
      issues.push({ ...where, message: `{{${p.original}}}: ${spec.id} has no field "${parts[1]}"` });
    }
  };

  const walk = (node: HbNode | undefined, where: { file: string; path: string }, isScoped: boolean): void => {
    if (!node) return;
    const params = (node.params as HbNode[] | undefined) ?? [];
    const hashPairs = ((node.hash as { pairs?: Array<{ value: HbNode }> } | undefined)?.pairs ?? []).map((x) => x.value);
    const checkExpr = (e: HbNode) => {
      if (e.type === 'PathExpression') checkPath(e as unknown as HbPath, where, isScoped);
      else if (e.type === 'SubExpression') walk(e, where, isScoped);
    };
    switch (node.type) {
      case 'Program':
        for (const s of node.body as HbNode[]) walk(s, where, isScoped);
        return;
      case 'MustacheStatement':
      case 'SubExpression': {
        const path = node.path as HbPath;
        if (params.length || hashPairs.length || node.type === 'SubExpression') {
          if (!(path.original in HELPERS)) issues.push({ ...where, message: `{{${path.original} …}}: "${path.original}" is not a helper (${Object.keys(HELPERS).join(', ')})` });
        } else checkExpr(path as unknown as HbNode);
        params.forEach(checkExpr);
        hashPairs.forEach(checkExpr);
        return;
      }
      case 'BlockStatement': {
        const name = (node.path as HbPath).original;
        if (!BUILTIN_BLOCKS.has(name)) issues.push({ ...where, message: `{{#${name}}}: "${name}" is not a block helper (${[...BUILTIN_BLOCKS].join(', ')})` });
        params.forEach(checkExpr);
        const opensScope = name === 'each' || name === 'with';
        walk(node.program as HbNode, where, isScoped || opensScope);
        walk(node.inverse as HbNode | undefined, where, isScoped);
        return;
      }
      case 'PartialStatement': {
        const name = (node.name as HbPath).original;
        const full = `partials/${name}`;
        if (templates[full] === undefined) {
          issues.push({ ...where, message: `{{> ${name}}}: partial ${templateFile(full)} does not exist` });
          return;
        }
        if (!visited.has(full)) {
          visited.add(full);
          walkSource(templates[full]!, { file: templateFile(full), path: '' }, isScoped);
        }
        return;
      }
      default:
        return;
    }
  };

  const walkSource = (source: string, where: { file: string; path: string }, isScoped = false) => {
    try {
      walk(parseTemplateText(source), where, isScoped);
    } catch (e) {
      issues.push({ ...where, message: `template does not parse: ${(e as Error).message.split('\n')[0]}` });
    }
  };

  for (const name of templatesUsed(spec)) {
    if (templates[name] === undefined) {
      issues.push({ file: spec.file, path: 'prompts', message: `template ${templateFile(name)} does not exist` });
      continue;
    }
    visited.clear();
    walkSource(templates[name]!, { file: templateFile(name), path: `(used by ${spec.id})` });
  }
  for (const lang of LANGS) if (spec.prompts.brief[lang]) walkSource(spec.prompts.brief[lang], { file: spec.file, path: `prompts.brief.${lang}` });
  const formats: Array<[string, Bilingual | undefined]> = [
    ['prompts.format', spec.prompts.format],
    ['prompts.chapterFormat', spec.prompts.chapterFormat],
    ...Object.entries(spec.prompts.sectionFormats ?? {}).map(([id, f]): [string, Bilingual] => [`flow.sections.${id}.format`, f]),
  ];
  for (const [where, f] of formats) for (const lang of LANGS) if (f) walkSource(f[lang], { file: spec.file, path: `${where}.${lang}` });
  return issues;
}
