// A manuscript made a book, the same for `karya import` and POST /api/books/import (and its preview): the
// book's language (the one asked, else the manuscript's own when it is clearly one), the book of the
// manuscript's parts, and its settings read from the manuscript (one model call, none offline), the writer's
// winning. What only one front end does stays with it: the server's reading pool, credit hold and paid
// bible (server/core/bible-parts.ts), the CLI's state file key and its own bible loop (cli/commands/import.ts).
import {
  ImportRefusal,
  VoiceError,
  importSettingsOf,
  importedBookOf,
  manuscriptLanguage,
  readManuscriptSettings,
  withManuscriptSettings,
  type BookState,
  type ImportSettings,
  type Lang,
  type PromptRenderer,
  type Provider,
  type ReadManuscript,
  type ResolvedSpec,
  type BookVoice,
  type SourceStatus,
} from '../../engine/index.js';
import { bookVoiceOf } from './voice.js';

/**
 * The writer's word on an import's source (a flag on import, the studio's checkbox): public domain or not, the year
 * first published, the original author.
 */
export type SourceWord = Partial<Pick<SourceStatus, 'publicDomain' | 'firstPublished' | 'originalAuthor'>>;

/** A call's token usage, as the settings' reading reports it. */
type TokenUsage = NonNullable<Awaited<ReturnType<typeof readManuscriptSettings>>['usage']>;

/**
 * The language an imported book is written in: `asked` when given, else the manuscript's own. An
 * ImportRefusal when the manuscript is in another language (and none was asked) or is not clearly one.
 */
export function importLanguageOf(read: ReadManuscript, asked: Lang | undefined): Lang {
  const judged = manuscriptLanguage(read.parts, read.unwrittenLanguage);
  if (!asked && judged.other)
    throw new ImportRefusal('import_language_other', { file: read.file, language: judged.other });
  const lang = asked ?? judged.lang;
  if (!lang)
    throw new ImportRefusal('import_language_unclear', {
      file: read.file,
      shares: Object.entries(judged.shares)
        .map(([code, share]) => `${code}:${share}`)
        .join(','),
    });
  return lang;
}

/**
 * The book a manuscript makes as a book of `spec` with these settings (its parts the writer's own, its title the
 * manuscript's); an ImportRefusal when it cannot be that book.
 */
export function bookOfManuscript(input: {
  spec: ResolvedSpec;
  read: ReadManuscript;
  settings: BookState['settings'];
  file: string;
  totalChapters?: number;
  source?: SourceWord;
}): BookState {
  const { spec, read } = input;
  return importedBookOf({
    spec,
    manuscript: read,
    settings: input.settings,
    file: input.file,
    ...(read.title ? { title: read.title } : {}),
    ...(input.totalChapters !== undefined ? { totalChapters: input.totalChapters } : {}),
    ...(input.source ? { source: input.source } : {}),
    ...(read.author ? { author: read.author } : {}),
  });
}

/**
 * The settings of an imported book (`state`, made with the writer's settings and the generator's defaults)
 * read from its manuscript, each with its source (the writer's `writer` values winning, then the
 * manuscript's, then the defaults), and the book with them (withManuscriptSettings: the chapter count and the
 * working title stay the import's). `onRead` hears the call's usage when the manuscript was read.
 */
export async function readImportSettings(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  writer?: Record<string, unknown>;
  signal?: AbortSignal;
  onRead?: (usage: TokenUsage | undefined) => Promise<void>;
}): Promise<{ chosen: ImportSettings; state: BookState }> {
  const { spec, state } = input;
  const reading = await readManuscriptSettings({
    spec,
    renderer: input.renderer,
    provider: input.provider,
    state,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  if (reading.isRead) await input.onRead?.(reading.usage);
  return chosenSettings({
    spec,
    state,
    writer: input.writer ?? {},
    read: { ...reading.values, ...labelledPremiseOf(spec, state, input.writer ?? {}) },
    ...(reading.style ? { style: reading.style } : {}),
  });
}

/**
 * The premise the writer labelled in the manuscript's notes, as the imported book holds it (importedBookOf): the
 * manuscript's own words, over what a model reads of the book; none when the writer gave one or the book has the
 * default.
 */
export function labelledPremiseOf(
  spec: ResolvedSpec,
  state: BookState,
  writer: Record<string, unknown>,
): Record<string, string> {
  const field = spec.fields.find((f) => f.role === 'premise');
  const value = field ? String(state.settings[field.name] ?? '').trim() : '';
  if (!field || !value || field.name in writer || value === String(field.default ?? '').trim()) return {};
  return { [field.name]: value };
}

/**
 * The settings chosen from the writer's values and the manuscript's (none read: the defaults stand), and the book with
 * them.
 */
export function chosenSettings(input: {
  spec: ResolvedSpec;
  state: BookState;
  writer: Record<string, unknown>;
  read: Record<string, string>;
  style?: string;
}): { chosen: ImportSettings; state: BookState } {
  const chosen = importSettingsOf({ spec: input.spec, writer: input.writer, read: input.read, lang: input.state.lang });
  return { chosen, state: withManuscriptSettings(input.state, chosen, input.style) };
}

/**
 * An imported book's own prose, as its voice is measured on it: its chapters and conclusion (the front matter and
 * prologue apart).
 */
export function manuscriptProse(state: BookState): string {
  return state.content
    .slice(1)
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

/**
 * The voice an imported book takes by default: its own prose measured (every new chapter is then measured
 * against it and every writing step told it); undefined when the prose is too short or not in the book's
 * language to measure (VoiceError), which the caller may say.
 */
export function manuscriptVoice(state: BookState): BookVoice | undefined {
  try {
    return bookVoiceOf({ lang: state.lang, avoid: [], sample: manuscriptProse(state) });
  } catch (error) {
    if (error instanceof VoiceError) return undefined;
    throw error;
  }
}
