// An imported book's settings are its own: one model call reads them from the manuscript (its period, place,
// point of view and tone, and the generator's select and text fields, each answered with one of the values the
// spec allows), judged like every answer (askText), then checked by the settings schema: a value it refuses is
// dropped, never replaced silently. The writer's own values (--set, the query) win; what neither decided takes
// the generator's default, and every field says where its value came from.
import type { FieldValue, Lang, ResolvedSpec, Settings } from '../../spec/types.js';
import type { Provider, TokenUsage } from '../../provider.js';
import type { BookState } from '../../compile/flow.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { parseSettings } from '../../compile/schema.js';
import { withLanguage } from '../../compile/language-field.js';
import { readableFields, renderImportSettings } from '../../compile/import-settings-prompt.js';
import { KaryaError, SettingsError } from '../../errors.js';
import { cleanText } from '../../clean-text.js';
import { askText } from '../answers/index.js';
import { expectationOf } from '../expectation.js';
import { catalogue, langs, wordIn } from '../../languages/index.js';

/** Where a setting's value came from: read from the manuscript, given by the writer, or the generator's default. */
export type SettingSource = 'manuscript' | 'writer' | 'default';

export interface ImportSettings {
  settings: Settings;
  /** Each field the reading may decide, and each the writer gave: its value and where it came from. */
  sources: Record<string, { value: FieldValue; from: SettingSource }>;
  /** The fields left at the generator's default, in the spec's order. */
  defaults: string[];
}

/**
 * The manuscript's free-text description keys, in the order they are told to the model as style notes (never as the
 * premise).
 */
const STYLE_KEYS = ['era', 'setting', 'pointOfView', 'tone'] as const;
/** The labels of the style the manuscript was read with, in its style notes (catalogue `import-style`). */
const STYLE_LABELS = catalogue('import-style', [
  'era',
  'setting',
  'pointOfView',
  'tone',
  'noteLabels',
]) satisfies Record<(typeof STYLE_KEYS)[number], unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A value the model gave: a non-empty string that is not a spelled-out null. */
const given = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() && !/^(?:null|none|n\/a|tiada|unknown)$/i.test(v.trim())
    ? cleanText(v).trim()
    : undefined;

/**
 * The values an answer chooses, untrusted: the JSON object in it (fences and chatter around it ignored), each
 * select mapped onto its option (by value or by label, in either language), each text cut to its field's length.
 * The period, place, point of view and tone are not the premise: they are the manuscript's style notes
 * (manuscriptStyle).
 * Anything else is dropped.
 * @example manuscriptValues(romance, state, '{"fields": {"romanceType": "Historical"}}') // { romanceType: 'historical'
 * }
 */
export function manuscriptValues(
  spec: ResolvedSpec,
  state: Pick<BookState, 'settings' | 'lang'>,
  answer: string,
): Record<string, string> {
  const parsed = answerObject(answer);
  return parsed ? fieldValues(spec, state, parsed) : {};
}

/** The JSON object an answer holds (fences and chatter around it ignored), or undefined. */
function answerObject(answer: string): Record<string, unknown> | undefined {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  try {
    const parsed: unknown = start >= 0 && end > start ? JSON.parse(answer.slice(start, end + 1)) : undefined;
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The manuscript's style notes from the reading's answer ("Period: Edwardian England, 1909. Point of view: first
 * person."),
 * in the book's language, or '' when it said none. Kept with the book's voice (BookVoice.notes) and told to every step
 * under their own heading: how to write the book, not what it is about.
 */
export function manuscriptStyle(state: Pick<BookState, 'lang'>, answer: string): string {
  const parsed = answerObject(answer);
  if (!parsed) return '';
  const read = STYLE_KEYS.flatMap((k) =>
    given(parsed[k])
      ? [`${wordIn(STYLE_LABELS[k], state.lang, 'import-style')}: ${given(parsed[k])!.replace(/[.\s]+$/, '')}.`]
      : [],
  );
  // The notes an answer wrote into the premise are kept as notes.
  const fields = isObject(parsed.fields) ? parsed.fields : {};
  const inPremise = Object.values(fields).flatMap((v) => (given(v) ? splitPremise(given(v)!).notes : []));
  return [...read, ...inPremise].join(' ').slice(0, 600);
}

/**
 * A premise without the style notes an answer put in it: a sentence or line that opens with a style label ("Tone:",
 * "POV:", "Kala:", any language's `import-style.noteLabels`) is a note on how to write, not what the book is about.
 */
function splitPremise(text: string): { premise: string; notes: string[] } {
  const label = new RegExp(
    `^\\s*(?:${langs()
      .map((code) => wordIn(STYLE_LABELS.noteLabels, code, 'import-style'))
      .join('|')})\\s*[:：—–-]`,
    'iu',
  );
  const pieces = text.split(/(?<=[.!?])\s+|\n+/).filter((s) => s.trim());
  return {
    premise: pieces
      .filter((s) => !label.test(s))
      .join(' ')
      .trim(),
    notes: pieces.filter((s) => label.test(s)).map((s) => s.trim()),
  };
}

function fieldValues(
  spec: ResolvedSpec,
  state: Pick<BookState, 'settings' | 'lang'>,
  parsed: Record<string, unknown>,
): Record<string, string> {
  const fields = isObject(parsed.fields) ? parsed.fields : {};
  const out: Record<string, string> = {};
  for (const f of readableFields(spec, state.settings)) {
    const value = given(fields[f.name]);
    if (value === undefined) continue;
    if (f.type === 'select') {
      const key = value.toLowerCase();
      const option = f.options?.find(
        (o) =>
          o.value !== '' &&
          (String(o.value).toLowerCase() === key || Object.values(o.label).some((l) => l.toLowerCase() === key)),
      );
      if (option) out[f.name] = String(option.value);
    } else if (f.role === 'premise') {
      const { premise } = splitPremise(value);
      if (premise) out[f.name] = premise.slice(0, f.maxLength ?? 400);
    } else out[f.name] = value.slice(0, f.maxLength ?? 400);
  }
  return out;
}

/**
 * The book's settings from the writer's values (they win) and the manuscript's (each kept only where the settings
 * schema takes it), the rest the generator's defaults; a writer's invalid value is the caller's SettingsError.
 */
export function importSettingsOf(input: {
  spec: ResolvedSpec;
  writer: Readonly<Record<string, unknown>>;
  read: Readonly<Record<string, unknown>>;
  lang: Lang;
}): ImportSettings {
  const { spec, writer, lang } = input;
  const read: Record<string, unknown> = Object.fromEntries(
    Object.entries(input.read).filter(([name]) => !(name in writer)),
  );
  let settings: Settings | undefined;
  while (!settings) {
    const chosen = withLanguage(spec, { ...read, ...writer }, lang);
    const raw = chosen.ok ? chosen.settings : { ...read, ...writer };
    try {
      settings = parseSettings(spec, raw);
    } catch (error) {
      const refused =
        error instanceof SettingsError
          ? error.issues.map((i) => i.field).filter((name): name is string => !!name && name in read)
          : [];
      if (!refused.length) throw error;
      for (const name of refused) delete read[name];
    }
  }
  const sources: ImportSettings['sources'] = {};
  const defaults: string[] = [];
  const named = new Set([...readableFields(spec, settings).map((f) => f.name), ...Object.keys(writer)]);
  for (const f of spec.fields) {
    if (!named.has(f.name) || !(f.name in settings)) continue;
    const from: SettingSource = f.name in writer ? 'writer' : f.name in read ? 'manuscript' : 'default';
    sources[f.name] = { value: settings[f.name], from };
    if (from === 'default') defaults.push(f.name);
  }
  return { settings, sources, defaults };
}

/**
 * The manuscript's own values, read with one model call (none with the offline provider: it cannot read).
 * A call that fails or an answer that is not the JSON asked for reads nothing: every field not the writer's is
 * then marked `default`, and `isRead` says so. An interrupted call is not a failure: it throws.
 */
export async function readManuscriptSettings(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  signal?: AbortSignal;
}): Promise<{ values: Record<string, string>; style?: string; isRead: boolean; usage?: TokenUsage }> {
  const { spec, renderer, state } = input;
  if (input.provider.isOffline) return { values: {}, isRead: false };
  const request = renderImportSettings({ spec, renderer, state });
  const expect = expectationOf({
    spec,
    renderer,
    state,
    step: { kind: 'outline' },
    kind: 'audit',
    extra: () => state.content,
  });
  try {
    const result = await askText(
      input.provider,
      { ...request, ...(input.signal ? { signal: input.signal } : {}) },
      expect,
    );
    const values = manuscriptValues(spec, state, result.text);
    const style = manuscriptStyle(state, result.text);
    return {
      values,
      ...(style ? { style } : {}),
      isRead: Object.keys(values).length > 0 || !!style,
      ...(result.usage ? { usage: result.usage } : {}),
    };
  } catch (error) {
    // A refused or broken answer and a provider that failed (both KaryaErrors) read nothing; the import goes on.
    if (input.signal?.aborted || !(error instanceof KaryaError)) throw error;
    return { values: {}, isRead: false };
  }
}

/**
 * The imported book with the values the manuscript decided (the others, the chapter count and the working title
 * stay as the import set them), and the style notes it was read with kept with its voice (never in the premise). `karya
 * import` and POST /api/books/import both save this.
 */
export function withManuscriptSettings(state: BookState, chosen: ImportSettings, style?: string): BookState {
  const fromManuscript = Object.entries(chosen.sources)
    .filter(([, s]) => s.from === 'manuscript')
    .map(([name, s]) => [name, s.value] as const);
  const styled = style?.trim() ? { ...state, voice: { ...state.voice, notes: style.trim() } } : state;
  return fromManuscript.length
    ? { ...styled, settings: { ...styled.settings, ...Object.fromEntries(fromManuscript) } }
    : styled;
}
