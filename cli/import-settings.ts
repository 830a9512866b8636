// The settings an imported book is saved with (`karya import`, with or without --dry-run): the manuscript's own,
// read with one model call (server/core/import.ts, as the server reads them), the writer's --set values winning, and
// the defaults the generator gave where neither decided, said on stderr (en/ms); and the voice it is saved with (the
// manuscript's own by default).
import {
  numberIn,
  word,
  wordIn,
  type BookState,
  type BookVoice,
  type ImportSettings,
  type Lang,
  type ReadManuscript,
  type ResolvedSpec,
  type WordKey,
} from '../engine/index.js';
import {
  bookOfManuscript,
  bookVoiceOf,
  manuscriptProse,
  readImportSettings as readSettings,
  type SourceWord,
} from '../server/index.js';
import { bookVoiceOrExit } from './voice.js';
import { catalogOrExit, info } from './util.js';
import { settingsFromOptions } from './settings.js';
import { cliFailure, exitOnFailure } from './errors.js';
import { cliProvider } from './provider.js';

const FROM_WORDS: Readonly<Record<ImportSettings['sources'][string]['from'], WordKey>> = {
  manuscript: 'importFromManuscript',
  writer: 'importFromWriter',
  default: 'importFromDefault',
};

/** The fields the writer named with --set, with their checked values (an invalid one exits 2 here). */
export function writerValues(
  spec: ResolvedSpec,
  set: readonly string[],
  lang: Lang,
): { settings: BookState['settings']; writer: Record<string, unknown> } {
  const { settings } = settingsFromOptions(spec, { set: [...set], lang });
  const names = new Set(set.map((pair) => pair.slice(0, pair.indexOf('=')).trim()));
  return { settings, writer: Object.fromEntries(Object.entries(settings).filter(([name]) => names.has(name))) };
}

/** The imported book with the writer's settings only (before the reading), or exit 2 with the import's refusal. */
export function writersBookOrExit(input: {
  spec: ResolvedSpec;
  read: ReadManuscript;
  settings: BookState['settings'];
  totalChapters?: number;
  uiLang: Lang;
  source?: SourceWord;
}): BookState {
  const { spec, read } = input;
  try {
    return bookOfManuscript({
      spec,
      read,
      settings: input.settings,
      file: read.file,
      ...(input.totalChapters !== undefined ? { totalChapters: input.totalChapters } : {}),
      ...(input.source ? { source: input.source } : {}),
    });
  } catch (error) {
    exitOnFailure(error, input.uiLang, { expects: ['import'] });
    throw error;
  }
}

/**
 * The book's settings read from the manuscript (one model call; none offline: server/core/import.ts) over the
 * writer's, each with its source, and the book with them; the defaults used are said on stderr in the book's language.
 */
export async function readImportSettings(input: {
  spec: ResolvedSpec;
  state: BookState;
  writer: Record<string, unknown>;
  signal?: AbortSignal;
  isDryRun?: boolean;
}): Promise<{ chosen: ImportSettings; state: BookState }> {
  const { spec, state } = input;
  const read = await readSettings({
    spec,
    renderer: catalogOrExit().renderer,
    provider: cliProvider({ lang: state.lang }),
    state,
    writer: input.writer,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const { chosen } = read;
  // The import says the settings it saves, each with its source, as the dry run shows them (the dry run prints them on
  // stdout itself).
  if (!input.isDryRun) for (const line of settingsLines(spec, chosen, state.lang)) info(`karya: ${line.trim()}`);
  if (chosen.defaults.length) {
    const labels = chosen.defaults.map(
      (name) =>
        `${spec.fields.find((f) => f.name === name)!.label[state.lang]} (${describe(spec, name, chosen, state.lang)})`,
    );
    info(`karya: ${word('importDefaultsUsed', state.lang, { fields: labels.join(', ') })}`);
  }
  return read;
}

/** A field's value as the writer reads it: a select's label, a text as it is. */
function describe(spec: ResolvedSpec, name: string, chosen: ImportSettings, lang: Lang): string {
  const field = spec.fields.find((f) => f.name === name)!;
  const value = chosen.sources[name]!.value;
  return field.options?.find((o) => o.value === value)?.label[lang] ?? String(value ?? '');
}

/**
 * The settings' lines a dry run prints: " Romance Type: Historical (from the manuscript)", and a line for each setting
 * the book needs that no one gave.
 */
export function settingsLines(
  spec: ResolvedSpec,
  chosen: ImportSettings,
  lang: Lang,
  missing: readonly string[] = [],
): string[] {
  const labelOf = (name: string) => wordIn(spec.fields.find((f) => f.name === name)!.label, lang);
  return [
    word('importSettingsRead', lang, { generator: spec.id }),
    ...Object.entries(chosen.sources)
      .filter(([name]) => !missing.includes(name))
      .map(([name, s]) => {
        const value = describe(spec, name, chosen, lang).replace(/\s*\n\s*/g, '; ');
        const shown = value.length > 80 ? `${value.slice(0, 79)}…` : value;
        const from = word(FROM_WORDS[s.from], lang);
        return `  ${word('importSettingFrom', lang, { label: labelOf(name), value: shown, from })}`;
      }),
    ...missing.map((name) => `  ${word('importSettingMissing', lang, { label: labelOf(name), name })}`),
  ];
}

/**
 * The voice an imported book is saved with: by default the manuscript's own prose (its chapters, measured as
 * `--voice book:ID` would measure them), said on stderr; none with `--voice none`; a sample file's with
 * `--voice FILE`. A manuscript too short to measure gives no voice, and the import says why.
 */
export async function importVoiceOrExit(
  state: BookState,
  asked: string | undefined,
  statePath: string | undefined,
): Promise<BookVoice | undefined> {
  const lang = state.lang;
  if (asked === 'none') {
    info(`karya: ${word('importVoiceNone', lang)}`);
    return undefined;
  }
  if (asked !== undefined)
    return bookVoiceOrExit({ voice: asked, ...(statePath !== undefined ? { state: statePath } : {}) }, lang, '');
  const sample = manuscriptProse(state);
  try {
    const voice = bookVoiceOf({ lang, avoid: [], sample });
    if (voice)
      info(`karya: ${word('importVoiceTaken', lang, { words: numberIn(voice.fingerprint?.words ?? 0, lang) })}`);
    return voice;
  } catch (error) {
    const failure = cliFailure(error, lang, { expects: ['voice'] });
    if (!failure) throw error;
    info(`karya: ${word('importVoiceShort', lang, { message: failure.words })}`);
    return undefined;
  }
}
