// The publishing steps of a KDP package, in order: title, author, description, keywords, copyright page,
// cover. Each runs the publishing generator its book's publish block names, with the settings it
// declares, through a `runStep` the caller gives (the CLI runs it directly; the server can charge it).
import { stepsFor, startBook, type BookState } from '../compile/flow.js';
import { partStep, stepLabel } from '../compile/labels.js';
import type { PromptRenderer, PromptState } from '../compile/prompt.js';
import type { Provider } from '../provider.js';
import { runStep } from '../session/session.js';
import { bookDocument, withEditionPackage, type BookDocument } from '../session/book.js';
import { SpecError } from '../errors.js';
import { countWords } from '../provider.js';
import { PUBLISH_PARTS } from '../spec/format.js';
import type { Lang, PixelSize, PublishPart, ResolvedPublish, ResolvedSpec, Settings } from '../spec/types.js';
import { chooseAuthor, chooseTitle, keywordCandidates } from './extract.js';
import { markdownToKdpHtml, sanitizeKdpHtml } from './html.js';
import { aiContentOf, packageMetadata, type KdpMetadata } from './metadata.js';
import { textDerivationOf, type AiTextLevel } from './disclosure.js';
import { hasAuthoredParts, isAuthoredPart } from '../compile/provenance.js';
import { translatedFrom } from '../session/translate/index.js';
import { withoutRightsClaims } from '../import/source-status.js';
import { bookContextOf, bookOwnTitle, checkPublishSteps, packageCoverSpec, partSettings, publishVariables, type BookFacts } from './step-settings.js';
import { kdpKeywords, titleCase } from './rules.js';
import { say, type ReadinessText } from './readiness-words.js';
import { PublishTitleError } from './title-error.js';

/** One publishing step: the generator, its validated settings and the book's text when the part asks for it. */
export interface PublishStep {
  readonly part: PublishPart;
  /** The publishing generator (a cover generator as packageCoverSpec gives it). */
  readonly spec: ResolvedSpec;
  readonly settings: Settings;
  /** The prompt's {{bookContext}}; '' unless the part has `withContext`. */
  readonly bookContext: string;
}

export interface PublishStepResult {
  readonly text: string;
  /** The image of a cover step, at the model's size. */
  readonly png?: Uint8Array;
}

/** Run one step of generator X with settings S (and charge it, on the server). */
export type RunPublishStep = (step: PublishStep) => Promise<PublishStepResult>;

/**
 * A RunPublishStep that calls the provider directly (the CLI); the server wraps it to charge each step.
 * The step is a single output (or a cover), so nothing is saved.
 */
export function directPublishStep(ports: { renderer: PromptRenderer; provider: Provider; signal?: AbortSignal }): RunPublishStep {
  return async ({ spec, settings, bookContext }) => {
    const state: PromptState = { ...startBook({ spec, settings }), bookContext };
    const outcome = await runStep({ spec, renderer: ports.renderer, provider: ports.provider, state, step: stepsFor(spec, 0)[0]!, ...(ports.signal ? { signal: ports.signal } : {}) });
    return { text: outcome.text, ...(outcome.png ? { png: outcome.png } : {}) };
  };
}

export interface PackageStepDone {
  part: PublishPart;
  generatorId: string;
  cost: number;
  /**
   * Set when no step ran: the value was given (--title, --author), is the book's own (its outline's
   * title), or (`no_author`) the copyright page waits for an author name that neither --author nor the
   * author-name step gave; for the cover, `typographic` (asked for) or `own_cover` (the writer's picture), and
   * `no_images` when the model server draws no pictures (the step ran, failed as such, and cost nothing).
   */
  skipped?: 'given' | 'book' | 'no_author' | CoverSkip;
}

/** Why the cover step was not the model's picture: asked for a typographic cover, the writer's own, or a server without images. */
export type CoverSkip = 'typographic' | 'own_cover' | 'no_images';

/**
 * Who made the cover: the cover generator's image model (absent or `model`), the writer (`author`: their own
 * picture), or Karya's typographic cover (`typographic`: no picture at all, made when the files are).
 */
export type CoverOrigin = 'model' | 'author' | 'typographic';

/** Errors of a model server that draws no pictures: its images route is missing, or it answers without one. */
export const NO_IMAGES_CODES: ReadonlySet<string> = new Set(['no_image_endpoint', 'no_image_url']);

/** Everything the publishing steps produced, before the files are made. */
export interface PackageParts {
  title: string;
  subtitle: string;
  author: string;
  /** HTML with only KDP's tags, at most 4,000 characters. */
  description: string;
  keywords: string[];
  /** The copyright page in Markdown, placed before the book. */
  copyright: string;
  /**
   * The cover as drawn (the model's size, or the writer's picture) and the size the package wants; no picture
   * for a typographic cover (lettered when the files are made). `origin`: who made it (absent: the model).
   */
  cover: { png?: Uint8Array; size: PixelSize; origin?: CoverOrigin };
  categories: string[];
  /** The title the cover was drawn with (its generator's `title` setting), when it has one: readiness compares it with metadata.json's. */
  coverTitle?: string;
  /** How the title, author and keywords were found when the answers did not follow the asked layout (readiness says the first two). */
  notes: { title?: ReadinessText; author?: ReadinessText; keywords?: ReadinessText[] };
  /** What the caller gave for metadata.json (publisher, edition, series, reading age). */
  given: Pick<GivenFacts, 'publisher' | 'edition' | 'series' | 'seriesNumber' | 'readingAge' | 'aiText'>;
  steps: PackageStepDone[];
  /** Credits of the publishing steps run (each step's spec.cost). */
  cost: number;
}

/** What a caller gives instead of a step: the book's own title, subtitle or author name; and what metadata.json records. */
export interface GivenFacts {
  title?: string;
  subtitle?: string;
  author?: string;
  /** The imprint (KDP's optional "Publisher"); empty when the author publishes under their own name. */
  publisher?: string;
  /** The edition number (default 1). */
  edition?: number;
  /** The series the book belongs to, and its number in it. */
  series?: string;
  seriesNumber?: number;
  /** Reading age as KDP asks it for children's books, e.g. "8-12". */
  readingAge?: string;
  /** The writer's correction of the AI disclosure's text level (karya publish --ai-text): kept beside the derived one. */
  aiText?: AiTextLevel;
  /** The cover without the cover step: a typographic one, or the writer's own picture (already checked, coverPictureProblem). */
  cover?: { kind: 'typographic' } | { kind: 'picture'; image: Uint8Array };
}

/**
 * The steps a package of this book will run, in order, each with its generator and cost (0 when it is
 * skipped: a given title or author, or the title the book gives itself), and their total: what
 * publishing costs before anything is spent. The book's publish block must pass checkPublishSteps.
 * @example publishStepsOf({ book, state, specOf: catalog.get, given: { author: 'Siti Aminah' } }).cost
 */
export function publishStepsOf(input: { book: ResolvedSpec; state: BookState; specOf: (id: string) => ResolvedSpec | undefined; given?: GivenFacts }): { steps: PackageStepDone[]; cost: number } {
  const { book, state, given = {} } = input;
  const isTitleGiven = Boolean(given.title?.trim());
  const ownTitle = isTitleGiven ? undefined : bookOwnTitle(book, state);
  const steps = PUBLISH_PARTS.map((part): PackageStepDone => {
    const generator = book.publish!.parts[part].generator;
    const target = part === 'cover' ? packageCoverSpec(input.specOf(generator)!) : input.specOf(generator)!;
    const skipped = part === 'title' && (isTitleGiven || ownTitle) ? (ownTitle ? 'book' : 'given')
      : part === 'author' && given.author?.trim() ? 'given'
        : part === 'author' && state.author?.trim() ? 'book'
        : part === 'cover' && given.cover ? (given.cover.kind === 'picture' ? 'own_cover' : 'typographic') : undefined;
    return skipped ? { part, generatorId: target.id, cost: 0, skipped } : { part, generatorId: target.id, cost: target.cost };
  });
  return { steps, cost: steps.reduce((n, s) => n + s.cost, 0) };
}

/**
 * Run the publishing steps of a finished book. The whole publish block is checked first (every generator
 * exists, every setting is one its generator takes), so nothing is spent on a package that cannot be made.
 * @example await writePackageParts({ book: spec, state: session.state, specOf: catalog.get, runStep })
 */
export async function writePackageParts(input: {
  book: ResolvedSpec;
  state: BookState;
  specOf: (id: string) => ResolvedSpec | undefined;
  runStep: RunPublishStep;
  given?: GivenFacts;
  onStep?: (done: PackageStepDone) => void;
}): Promise<PackageParts> {
  const { book, state, runStep, given = {} } = input;
  const issues = checkPublishSteps(book, input.specOf, state);
  if (issues.length) throw new SpecError(issues);
  const publish = book.publish!;
  const context = bookContextOf(book, state);
  const ownTitle = given.title?.trim() ? undefined : bookOwnTitle(book, state);
  const facts: Facts = {
    title: given.title?.trim() || ownTitle || '', subtitle: given.subtitle?.trim() || undefined, author: given.author?.trim() || state.author?.trim() || '',
  };
  const notes: PackageParts['notes'] = {};
  const steps: PackageStepDone[] = [];
  const out: Partial<Record<PublishPart, PublishStepResult>> = {};
  let coverTitle: string | undefined;
  for (const next of publishStepsOf({ book, state, specOf: input.specOf, given }).steps) {
    const ran = next.skipped ? { done: next } : await runPackageStep({ book, state, specOf: input.specOf, runStep, facts, context }, next);
    if (ran.result) {
      out[next.part] = ran.result;
      takeChoice(next.part, ran.result.text, { facts, notes, lang: state.lang, generatorId: ran.done.generatorId });
    }
    if (ran.coverTitle !== undefined) coverTitle = ran.coverTitle;
    steps.push(ran.done);
    input.onStep?.(ran.done);
  }
  return packagePartsOf({ publish, specOf: input.specOf, given, facts, notes, out, steps, coverTitle });
}

type Facts = { -readonly [K in keyof BookFacts]: BookFacts[K] };

/**
 * One publishing step that is not skipped: its settings from the book and the facts so far, run; a copyright
 * page with no author to name, or a cover from a model server that draws no pictures, skipped instead.
 */
async function runPackageStep(ctx: { book: ResolvedSpec; state: BookState; specOf: (id: string) => ResolvedSpec | undefined; runStep: RunPublishStep; facts: Facts; context: string }, next: PackageStepDone): Promise<{ done: PackageStepDone; result?: PublishStepResult; coverTitle?: string }> {
  const { part } = next;
  const declared = ctx.book.publish!.parts[part];
  const target = part === 'cover' ? packageCoverSpec(ctx.specOf(declared.generator)!) : ctx.specOf(declared.generator)!;
  // The copyright page names the author: without one (none given, none usable from the author-name
  // step) it is not written, and the built-in copyright page prints the year alone.
  if (part === 'copyright' && !ctx.facts.author) return { done: { part, generatorId: target.id, cost: 0, skipped: 'no_author' } };
  const vars = publishVariables(ctx.book, ctx.state, ctx.facts, ctx.context);
  const { settings, issues } = partSettings({ book: ctx.book, part, target, vars });
  // No title given, none of the book's own, and no text to choose one from: the writer is told to give it (never a settings path).
  if (!settings && part === 'title' && !ctx.context.trim()) throw new PublishTitleError({ generator: target.id });
  if (!settings) throw new SpecError(issues);
  try {
    const result = await ctx.runStep({ part, spec: target, settings, bookContext: declared.withContext ? ctx.context : '' });
    const coverTitle = part === 'cover' && typeof settings.title === 'string' ? settings.title : undefined;
    return { done: { part, generatorId: target.id, cost: target.cost }, result, ...(coverTitle !== undefined ? { coverTitle } : {}) };
  } catch (error) {
    // A model server that draws no pictures (most local ones) never stops publishing: the cover is
    // lettered from the title instead, and the failed step cost nothing (the server refunded it).
    if (part !== 'cover' || !NO_IMAGES_CODES.has(String((error as { code?: unknown } | null)?.code))) throw error;
    return { done: { part, generatorId: target.id, cost: 0, skipped: 'no_images' } };
  }
}

/** The title or the author a step's answer names, taken into the facts (and a note when it named none). */
function takeChoice(part: PublishPart, text: string, into: { facts: Facts; notes: PackageParts['notes']; lang: Lang; generatorId: string }): void {
  const { facts, notes } = into;
  if (part === 'title') {
    const choice = chooseTitle(text);
    // A title the model chose is set in title case for the book's language ("of" stays, "lovers" becomes "Lovers").
    facts.title = titleCase(choice.title, into.lang);
    facts.subtitle = choice.subtitle ? titleCase(choice.subtitle, into.lang) : choice.subtitle;
    if (choice.source === 'fallback') notes.title = say('note.title-fallback', { generator: into.generatorId });
  } else if (part === 'author') {
    const choice = chooseAuthor(text);
    facts.author = choice.author;
    if (choice.source === 'none') notes.author = say('note.author-none', { generator: into.generatorId });
  }
}

/** The package's parts from the steps' answers: the keywords KDP takes, the cover, the given facts and the cost. */
function packagePartsOf(input: { publish: ResolvedPublish; specOf: (id: string) => ResolvedSpec | undefined; given: GivenFacts; facts: Facts; notes: PackageParts['notes']; out: Partial<Record<PublishPart, PublishStepResult>>; steps: PackageStepDone[]; coverTitle: string | undefined }): PackageParts {
  const { publish, given, facts, notes, out, steps } = input;
  let { coverTitle } = input;
  const found = keywordCandidates(out.keywords?.text ?? '');
  const { keywords, dropped } = kdpKeywords(found.candidates);
  if (found.source === 'fallback' || dropped.length) {
    notes.keywords = [
      ...(found.source === 'fallback' ? [say('note.keywords-fallback')] : []),
      ...(dropped.length ? [say('note.keywords-left-out', { list: dropped.map((d) => say('note.keyword-left-out', { keyword: d.keyword, reason: d.reason })) })] : []),
    ];
  }
  const coverSize = input.specOf(publish.parts.cover.generator)!.image!.publishSize!;
  const cover: PackageParts['cover'] = given.cover?.kind === 'picture' ? { png: given.cover.image, size: coverSize, origin: 'author' }
    : out.cover?.png ? { png: out.cover.png, size: coverSize }
      : { size: coverSize, origin: 'typographic' };
  // A typographic cover is lettered with the package's own title.
  if (cover.origin === 'typographic') coverTitle = facts.title;
  return {
    title: facts.title,
    subtitle: facts.subtitle ?? '',
    author: facts.author,
    description: sanitizeKdpHtml(markdownToKdpHtml(out.description?.text ?? '')),
    keywords,
    copyright: out.copyright?.text ?? '',
    cover,
    categories: [...publish.categories],
    ...(coverTitle !== undefined ? { coverTitle } : {}),
    notes,
    given: {
      ...(given.publisher?.trim() ? { publisher: given.publisher.trim() } : {}),
      ...(given.edition !== undefined ? { edition: given.edition } : {}),
      ...(given.series?.trim() ? { series: given.series.trim() } : {}),
      ...(given.seriesNumber !== undefined ? { seriesNumber: given.seriesNumber } : {}),
      ...(given.readingAge?.trim() ? { readingAge: given.readingAge.trim() } : {}),
      ...(given.aiText ? { aiText: given.aiText } : {}),
    },
    steps,
    cost: steps.reduce((n, s) => n + s.cost, 0),
  };
}

/**
 * The generated copyright text as it joins the built-in copyright page (which prints the title, the author
 * and "© year author"): without its own heading, the title line, or the © notice the page already has.
 */
export function copyrightExtra(markdown: string, title: string): string {
  const bare = (line: string) => line.replace(/[*_#`]/g, '').trim().toLowerCase();
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*#{1,6}\s/.test(line) && !/^\s*(?:[*_]{1,2})?\s*(?:copyright page|copyright|halaman hak cipta|hak cipta)\s*(?:[*_]{1,2})?\s*:?\s*$/i.test(line) && bare(line) !== title.trim().toLowerCase())
    .map((line) => line.replace(/(?:\b(?:copyright|hak cipta)\s*)?(?:©|\(c\))\s*(?:\d{4}[\s,–-]*)+[^.\n]*\.?\s*/gi, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The manuscript of a package: the book titled and signed as published. The generated copyright text
 * joins the one built-in copyright page; it is never a part of its own (so the contents and the
 * EPUB's landmarks start at the book's first real part).
 */
export function packageDocument(book: ResolvedSpec, state: BookState, parts: Pick<PackageParts, 'title' | 'author' | 'copyright'> & Partial<Pick<PackageParts, 'cover' | 'given'>>): BookDocument {
  const cover = parts.cover?.origin === 'typographic' || !parts.cover ? undefined : parts.cover.origin === 'author' ? 'author' : 'model';
  const doc = withEditionPackage(bookDocument(book, state, { title: parts.title, author: parts.author }), { ...(cover ? { cover } : {}), ...(parts.given?.publisher ? { publisher: parts.given.publisher } : {}) });
  const extra = copyrightExtra(doc.publicDomain ? withoutRightsClaims(parts.copyright) : parts.copyright, parts.title);
  return extra ? { ...doc, copyright: extra } : doc;
}


/** metadata.json of a package; the word count is the book's own text (without the copyright page). */
export function packageMetadataOf(book: ResolvedSpec, state: BookState, parts: PackageParts, print: { pageCount?: number; publishOn?: string } = {}): KdpMetadata {
  return packageMetadata({
    title: parts.title,
    subtitle: parts.subtitle,
    author: parts.author,
    language: state.lang,
    description: parts.description,
    keywords: parts.keywords,
    categories: parts.categories,
    wordCount: state.content.reduce((n, text) => n + countWords(text), 0),
    generator: book.id,
    ...(print.pageCount !== undefined ? { pageCount: print.pageCount } : {}),
    ...(print.publishOn ? { publishOn: print.publishOn } : {}),
    aiContent: aiContentOf({
      derivation: textDerivationOf(state),
      images: parts.cover.origin === 'author' || parts.cover.origin === 'typographic' ? 'none' : 'ai-generated',
      ...(parts.given.aiText ? { correction: parts.given.aiText } : {}),
      ...(hasAuthoredParts(state) ? { parts: authorshipOf(book, state) } : {}),
      ...(translatedFrom(state) ? { translatedFrom: translatedFrom(state)! } : {}),
    }),
    ...withoutAiText(parts.given),
    // A book written in a series is published as its book: the series' name and the book's number.
    ...(state.series ? { series: state.series.name, seriesNumber: state.series.number } : {}),
  });
}

/** The labels of a book's written parts by who wrote them (an empty part, such as an import's missing prologue, is neither's). */
export function authorshipOf(book: ResolvedSpec, state: BookState): { author: string[]; model: string[] } {
  const out = { author: [] as string[], model: [] as string[] };
  state.content.forEach((text, i) => {
    if (!text.trim()) return;
    const step = i === 0 ? ({ kind: 'introduction', position: 0 } as const) : partStep(book, i, state.totalChapters);
    (isAuthoredPart(state, i) ? out.author : out.model).push(stepLabel(step, state.lang, book));
  });
  return out;
}

/** The given facts metadata.json copies as they are (the AI correction goes into the disclosure). */
function withoutAiText(given: PackageParts['given']): Omit<PackageParts['given'], 'aiText'> {
  const { aiText: _ai, ...rest } = given;
  return rest;
}
