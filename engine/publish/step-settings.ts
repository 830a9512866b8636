// The settings of each publishing step of a book, from its resolved `publish:` block and the book's own
// data (its title, language, text, settings), validated against the publishing generator's fields.
import type { BookState } from '../compile/flow.js';
import { isPublicDomainSource } from '../compile/provenance.js';
import { bookDocument } from '../session/book.js';
import { isFieldVisible, parseSettings } from '../compile/schema.js';
import { SettingsError, settingsIssueMessage, type SpecIssue } from '../errors.js';
import { fieldType } from '../fields/registry.js';
import { PUBLISH_PARTS } from '../spec/format-publish.js';
import type { PixelSize, PublishPart, ResolvedSpec, Settings } from '../spec/types.js';
import { renderPublishValue, type PublishVariables } from '../spec/publish-values.js';
import { wordIn } from '../languages/index.js';

/** The image sizes the model can draw (engine/spec/format.ts), as pixels. */
const MODEL_SIZES = ['1024x1024', '1024x1792', '1792x1024'] as const;
type ModelSize = (typeof MODEL_SIZES)[number];

function pixels(size: string): PixelSize {
  const [width, height] = size.split('x').map(Number) as [number, number];
  return { width, height };
}

/** The model size whose shape is closest to a package size (1600x2560 → 1024x1792), so fitting crops least. */
export function closestModelSize(target: PixelSize): ModelSize {
  const ratio = target.height / target.width;
  const distance = (s: ModelSize) => Math.abs(Math.log(pixels(s).height / pixels(s).width / ratio));
  return [...MODEL_SIZES].sort((a, b) => distance(a) - distance(b))[0]!;
}

/**
 * The cover generator as a package uses it: asked for the model size closest to its image.publishSize
 * (a square kids cover is drawn in portrait for a 1600x2560 package). A view of the resolved spec; the
 * spec itself is never changed.
 */
export function packageCoverSpec(spec: ResolvedSpec): ResolvedSpec {
  const image = spec.image;
  if (!image?.publishSize) return spec;
  const size = closestModelSize(image.publishSize);
  return size === image.size
    ? spec
    : Object.freeze({ ...spec, image: Object.freeze({ size, publishSize: image.publishSize }) });
}

const MAIN_CHARACTER_MAX = 120;

/**
 * The first character of a book's Character Details ("- Aisha Rahman: the lead, 28" → "Aisha Rahman: the lead, 28").
 */
export function mainCharacterOf(state: BookState): string {
  for (const line of (state.characterDetails ?? '').split('\n')) {
    const item = /^\s*(?:[-*+•]|\d+[.)])\s+(.+)$/.exec(line);
    if (!item) continue;
    const text = item[1]!.replace(/\*\*|__/g, '').trim();
    return text.length > MAIN_CHARACTER_MAX ? `${text.slice(0, MAIN_CHARACTER_MAX - 1).replace(/\s+\S*$/, '')}…` : text;
  }
  return '';
}

/**
 * The book's text a publish block selects (outline, introduction, character details), cut to its word limit. A
 * book with none of them (an imported manuscript without a prologue: no outline, no introduction) is read from its
 * own parts in order, its first chapters, cut to the same limit: the title and description steps read the book.
 */
export function bookContextOf(book: ResolvedSpec, state: BookState): string {
  const context = book.publish?.context;
  if (!context) return '';
  const selected = context.parts
    .map(
      (part) =>
        (part === 'outline' ? state.outline : part === 'introduction' ? state.content[0] : state.characterDetails) ??
        '',
    )
    .map((t) => t.trim())
    .filter(Boolean);
  const texts = selected.length ? selected : state.content.map((t) => t.trim()).filter(Boolean);
  const words = texts.join('\n\n').split(/(?<=\s)(?=\S)/);
  return words.length > context.maxWords ? `${words.slice(0, context.maxWords).join('').trimEnd()} …` : words.join('');
}

/**
 * The title a book gives itself (a field with role bookTitle, or its outline's working title, as its
 * document reads them), or undefined when its document would only name its kind.
 */
export function bookOwnTitle(book: ResolvedSpec, state: BookState): string | undefined {
  const title = bookDocument(book, state).title;
  return title === book.typeLabel[state.lang] || title === book.title[state.lang] ? undefined : title;
}

/** What the book knows of itself when a part is written: the title and author once they are chosen. */
export interface BookFacts {
  readonly title: string;
  readonly subtitle?: string;
  readonly author: string;
}

/** The variables a book's publish settings are filled from. */
export function publishVariables(
  book: ResolvedSpec,
  state: BookState,
  facts: BookFacts,
  context: string,
): PublishVariables {
  const labels: Record<string, string> = {};
  for (const f of book.fields) {
    if (isFieldVisible(f, state.settings)) labels[f.name] = fieldType(f).describe(state.settings[f.name], f, 'en');
  }
  return {
    title: facts.title,
    subtitle: facts.subtitle ?? '',
    author: facts.author,
    lang: state.lang,
    bookName: wordIn(book.typeLabel, 'en'),
    context,
    mainCharacter: mainCharacterOf(state),
    publicDomain: isPublicDomainSource(state) ? 'yes' : '',
    settings: { ...state.settings },
    labels,
  };
}

/** One part's settings for its generator, validated; problems are reported as the book file's publish block's. */
export function partSettings(input: {
  book: ResolvedSpec;
  part: PublishPart;
  target: ResolvedSpec;
  vars: PublishVariables;
}): { settings?: Settings; issues: SpecIssue[] } {
  const { book, part, target, vars } = input;
  const declared = book.publish!.parts[part].settings;
  const issues: SpecIssue[] = [];
  const at = (name: string) => `publish.${part}.settings${name ? `.${name}` : ''}`;
  const raw: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(declared)) {
    const field = target.fields.find((f) => f.name === name);
    if (!field) {
      issues.push({
        file: book.file,
        path: at(name),
        message: `${target.id} has no field "${name}" (it has ${target.fields.map((f) => f.name).join(', ')})`,
      });
      continue;
    }
    if (typeof value !== 'string') {
      raw[name] = value;
      continue;
    }
    const text = renderPublishValue(value, vars);
    if (text !== '') raw[name] = fieldType(field).parseText(text, field);
  }
  if (issues.length) return { issues };
  try {
    return { settings: parseSettings(target, raw), issues };
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    for (const i of error.issues)
      issues.push({ file: book.file, path: at(i.field ?? ''), message: `${target.id}: ${settingsIssueMessage(i)}` });
    return { issues };
  }
}

/** Sample data to check a publish block before anything is spent. */
const SAMPLE_FACTS: BookFacts = { title: 'Sample Title', subtitle: 'A Sample Subtitle', author: 'Sample Author' };

/**
 * Every problem of a book's publish block against the catalog: unknown generators, a cover that is not an
 * image generator with an image.publishSize, text generators for text parts, settings the generators
 * refuse. Run before a package is written, and by the tests for every book.
 */
export function checkPublishSteps(
  book: ResolvedSpec,
  specOf: (id: string) => ResolvedSpec | undefined,
  state?: BookState,
): SpecIssue[] {
  if (!book.publish)
    return [
      { file: book.file, path: 'publish', message: `${book.id} is a ${book.kind} generator; only books are published` },
    ];
  const sample: BookState = state ?? {
    generatorId: book.id,
    settings: Object.fromEntries(book.fields.map((f) => [f.name, f.default])),
    lang: book.fixedLanguage,
    totalChapters: 1,
    content: ['Sample introduction.'],
    currentChapter: 1,
    isLocked: true,
    outline: 'Sample outline.',
    characterDetails: '- Sample Character: the lead',
  };
  const vars = publishVariables(book, sample, SAMPLE_FACTS, bookContextOf(book, sample) || 'Sample text.');
  const issues: SpecIssue[] = [];
  for (const part of PUBLISH_PARTS) {
    const id = book.publish.parts[part].generator;
    const target = specOf(id);
    const path = `publish.${part}.generator`;
    if (!target) {
      issues.push({ file: book.file, path, message: `"${id}" is not a generator (run karya list)` });
      continue;
    }
    const wantsImage = part === 'cover';
    if (wantsImage !== (target.kind === 'image')) {
      issues.push({
        file: book.file,
        path,
        message:
          `"${id}" is a ${target.kind} generator; the ${part} ` +
          `needs ${wantsImage ? 'an image' : 'a single-output text'} generator`,
      });
      continue;
    }
    if (target.kind !== 'image' && target.kind !== 'single') {
      issues.push({
        file: book.file,
        path,
        message: `"${id}" is a ${target.kind} generator; the ${part} needs a single-output text generator`,
      });
      continue;
    }
    if (wantsImage && !target.image?.publishSize) {
      issues.push({
        file: target.file,
        path: 'image.publishSize',
        message: `is required for a cover used by karya publish (e.g. 1600x2560, KDP's ideal)`,
      });
    }
    issues.push(...partSettings({ book, part, target, vars }).issues);
  }
  return issues;
}
