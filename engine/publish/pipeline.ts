// The publishing steps of a KDP package, in order: title, author, description, keywords, copyright page,
// cover. Each runs the publishing generator its book's publish block names, with the settings it
// declares, through a `runStep` the caller gives (the CLI runs it directly; the server can charge it).
// The package's shapes are in package-types.ts; its manuscript and metadata.json in package-document.ts.
import { stepsFor, startBook, type BookState } from '../compile/flow.js';
import type { PromptRenderer, PromptState } from '../compile/prompt.js';
import type { Provider } from '../provider.js';
import { runStep } from '../session/session.js';
import { SpecError } from '../errors.js';
import { PUBLISH_PARTS } from '../spec/format-publish.js';
import type { Lang, PublishPart, ResolvedPublish, ResolvedSpec } from '../spec/types.js';
import { chooseAuthor, chooseTitle, keywordCandidates } from './extract.js';
import { markdownToKdpHtml, sanitizeKdpHtml } from './html.js';
import type { GivenFacts, PackageParts, PackageStepDone, PublishStepResult, RunPublishStep } from './package-types.js';
import {
  bookContextOf,
  bookOwnTitle,
  checkPublishSteps,
  packageCoverSpec,
  partSettings,
  publishVariables,
  type BookFacts,
} from './step-settings.js';
import { kdpKeywords } from './rules.js';
import { titleCase } from './title-case.js';
import { say } from './readiness-words.js';
import { PublishTitleError } from './title-error.js';

/**
 * A RunPublishStep that calls the provider directly (the CLI); the server wraps it to charge each step.
 * The step is a single output (or a cover), so nothing is saved.
 */
export function directPublishStep(ports: {
  renderer: PromptRenderer;
  provider: Provider;
  signal?: AbortSignal;
}): RunPublishStep {
  return async ({ spec, settings, bookContext }) => {
    const state: PromptState = { ...startBook({ spec, settings }), bookContext };
    const outcome = await runStep({
      spec,
      renderer: ports.renderer,
      provider: ports.provider,
      state,
      step: stepsFor(spec, 0)[0]!,
      ...(ports.signal ? { signal: ports.signal } : {}),
    });
    return { text: outcome.text, ...(outcome.png ? { png: outcome.png } : {}) };
  };
}

/** Errors of a model server that draws no pictures: its images route is missing, or it answers without one. */
export const NO_IMAGES_CODES: ReadonlySet<string> = new Set(['no_image_endpoint', 'no_image_url']);

/**
 * The steps a package of this book will run, in order, each with its generator and cost (0 when it is
 * skipped: a given title or author, or the title the book gives itself), and their total: what
 * publishing costs before anything is spent. The book's publish block must pass checkPublishSteps.
 * @example publishStepsOf({ book, state, specOf: catalog.get, given: { author: 'Siti Aminah' } }).cost
 */
export function publishStepsOf(input: {
  book: ResolvedSpec;
  state: BookState;
  specOf: (id: string) => ResolvedSpec | undefined;
  given?: GivenFacts;
}): { steps: PackageStepDone[]; cost: number } {
  const { book, state, given = {} } = input;
  const isTitleGiven = Boolean(given.title?.trim());
  const ownTitle = isTitleGiven ? undefined : bookOwnTitle(book, state);
  const steps = PUBLISH_PARTS.map((part): PackageStepDone => {
    const generator = book.publish!.parts[part].generator;
    const target = part === 'cover' ? packageCoverSpec(input.specOf(generator)!) : input.specOf(generator)!;
    const skipped =
      part === 'title' && (isTitleGiven || ownTitle)
        ? ownTitle
          ? 'book'
          : 'given'
        : part === 'author' && given.author?.trim()
          ? 'given'
          : part === 'author' && state.author?.trim()
            ? 'book'
            : part === 'cover' && given.cover
              ? given.cover.kind === 'picture'
                ? 'own_cover'
                : 'typographic'
              : undefined;
    return skipped
      ? { part, generatorId: target.id, cost: 0, skipped }
      : { part, generatorId: target.id, cost: target.cost };
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
    title: given.title?.trim() || ownTitle || '',
    subtitle: given.subtitle?.trim() || undefined,
    author: given.author?.trim() || state.author?.trim() || '',
  };
  const notes: PackageParts['notes'] = {};
  const steps: PackageStepDone[] = [];
  const out: Partial<Record<PublishPart, PublishStepResult>> = {};
  let coverTitle: string | undefined;
  for (const next of publishStepsOf({ book, state, specOf: input.specOf, given }).steps) {
    const ran = next.skipped
      ? { done: next }
      : await runPackageStep({ book, state, specOf: input.specOf, runStep, facts, context }, next);
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
async function runPackageStep(
  ctx: {
    book: ResolvedSpec;
    state: BookState;
    specOf: (id: string) => ResolvedSpec | undefined;
    runStep: RunPublishStep;
    facts: Facts;
    context: string;
  },
  next: PackageStepDone,
): Promise<{ done: PackageStepDone; result?: PublishStepResult; coverTitle?: string }> {
  const { part } = next;
  const declared = ctx.book.publish!.parts[part];
  const target = part === 'cover' ? packageCoverSpec(ctx.specOf(declared.generator)!) : ctx.specOf(declared.generator)!;
  // The copyright page names the author: without one (none given, none usable from the author-name
  // step) it is not written, and the built-in copyright page prints the year alone.
  if (part === 'copyright' && !ctx.facts.author) {
    return { done: { part, generatorId: target.id, cost: 0, skipped: 'no_author' } };
  }
  const vars = publishVariables(ctx.book, ctx.state, ctx.facts, ctx.context);
  const { settings, issues } = partSettings({ book: ctx.book, part, target, vars });
  // No title given, none of the book's own, and no text to choose one from: the writer is told to give it
  // (never a settings path).
  if (!settings && part === 'title' && !ctx.context.trim()) throw new PublishTitleError({ generator: target.id });
  if (!settings) throw new SpecError(issues);
  try {
    const bookContext = declared.withContext ? ctx.context : '';
    const result = await ctx.runStep({ part, spec: target, settings, bookContext });
    const coverTitle = part === 'cover' && typeof settings.title === 'string' ? settings.title : undefined;
    const done: PackageStepDone = { part, generatorId: target.id, cost: target.cost };
    return { done, result, ...(coverTitle !== undefined ? { coverTitle } : {}) };
  } catch (error) {
    // A model server that draws no pictures (most local ones) never stops publishing: the cover is
    // lettered from the title instead, and the failed step cost nothing (the server refunded it).
    if (part !== 'cover' || !NO_IMAGES_CODES.has(String((error as { code?: unknown } | null)?.code))) throw error;
    return { done: { part, generatorId: target.id, cost: 0, skipped: 'no_images' } };
  }
}

/** The title or the author a step's answer names, taken into the facts (and a note when it named none). */
function takeChoice(
  part: PublishPart,
  text: string,
  into: { facts: Facts; notes: PackageParts['notes']; lang: Lang; generatorId: string },
): void {
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
function packagePartsOf(input: {
  publish: ResolvedPublish;
  specOf: (id: string) => ResolvedSpec | undefined;
  given: GivenFacts;
  facts: Facts;
  notes: PackageParts['notes'];
  out: Partial<Record<PublishPart, PublishStepResult>>;
  steps: PackageStepDone[];
  coverTitle: string | undefined;
}): PackageParts {
  const { publish, given, facts, notes, out, steps } = input;
  let { coverTitle } = input;
  const found = keywordCandidates(out.keywords?.text ?? '');
  const { keywords, dropped } = kdpKeywords(found.candidates);
  if (found.source === 'fallback' || dropped.length) {
    notes.keywords = [
      ...(found.source === 'fallback' ? [say('note.keywords-fallback')] : []),
      ...(dropped.length
        ? [
            say('note.keywords-left-out', {
              list: dropped.map((d) => say('note.keyword-left-out', { keyword: d.keyword, reason: d.reason })),
            }),
          ]
        : []),
    ];
  }
  const coverSize = input.specOf(publish.parts.cover.generator)!.image!.publishSize!;
  const cover: PackageParts['cover'] =
    given.cover?.kind === 'picture'
      ? { png: given.cover.image, size: coverSize, origin: 'author' }
      : out.cover?.png
        ? { png: out.cover.png, size: coverSize }
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
