// The fields of one job of `karya batch` checked for their shapes before its settings are (job-settings.ts
// checks those, jobs.ts each job against the jobs before it): known fields, the generator, the language, the chapter
// count, the output name, the formats and the series; the voice, publishing facts and cover in files of
// their own (job-voice.ts, job-publish.ts, job-cover.ts).
import {
  EXPORT_FORMATS,
  isLang,
  LANGS,
  minChapters,
  notALanguage,
  seriesNameOf,
  SeriesError,
} from '../../engine/index.js';
import { type Catalog, type ExportFormat, type ResolvedSpec, withLanguage } from '../../engine/index.js';
import { PUBLISH_FACT_FIELDS, type PublishFacts } from '../../engine/index.js';
import { checkVoiceFields } from './job-voice.js';
import { checkPublishFacts } from './job-publish.js';
import { jobWords, type JobWords } from './job-words.js';
import { wholeNumber } from '../util.js';

export const JOB_FIELDS = [
  'id',
  'generator',
  'lang',
  'chapters',
  'settings',
  'out',
  'formats',
  'series',
  'voice',
  'avoid',
  'cover',
  'max_calls',
  ...PUBLISH_FACT_FIELDS,
] as const;

/** The longest `out` (UTF-8 bytes): with `.epub` and the like it stays under the 255 a file system allows. */
export const MAX_OUT_BYTES = 200;

/** An `out` the file system would refuse after the call was paid for: a NUL, or longer than MAX_OUT_BYTES. */
function checkOutName(out: string, add: (words: JobWords) => void): void {
  if (out.includes('\0')) add(jobWords('outNul'));
  else if (Buffer.byteLength(out) > MAX_OUT_BYTES)
    add(jobWords('outTooLong', { bytes: Buffer.byteLength(out), max: MAX_OUT_BYTES }));
}

/** Text values for --set: flags as comma lists, the rest as written. */
export function settingText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map(String).join(',');
  if (typeof value === 'object') return undefined;
  return String(value);
}

/** A job's own fields once their shapes are right (settings not checked yet). */
export interface JobShape {
  id?: string;
  spec: ResolvedSpec;
  settings: Record<string, unknown>;
  lang?: string;
  /** The chapter count for --chapters, when the generator takes one. */
  chapters?: string;
  out?: string;
  /** Formats written besides the Markdown file. */
  formats: ExportFormat[];
  /** The series the book belongs to (its name tidied). */
  series?: string;
  /** The voice sample's path as given (read once the book's language is known). */
  voice?: string;
  /** The writer's phrases to avoid, checked. */
  avoid?: string[];
  /** The author, title, subtitle and imprint the job gives its book. */
  publish?: PublishFacts;
  /** `max_calls: N`: the book's bound on model calls instead of its default (engine/budget.ts). */
  maxCalls?: number;
}

/**
 * Tells one problem of a job: its field, what is wrong (said in the batch's language when printed), and the values
 * allowed.
 */
export type AddIssue = (
  field: string,
  words: JobWords,
  allowed?: readonly (string | number)[],
  isListed?: boolean,
) => void;

/** Check the fields of one job (not its settings); every problem goes to `add`. */
export function checkShape(o: Record<string, unknown>, catalog: Catalog, add: AddIssue): JobShape | undefined {
  // Named only when a job's generator is missing or unknown: a catalog read from its cache parses each spec on use.
  const generatorIds = (): string[] => catalog.specs.map((s) => s.id);
  for (const k of Object.keys(o))
    if (!(JOB_FIELDS as readonly string[]).includes(k)) add(k, jobWords('notJobField'), JOB_FIELDS);
  const id = jobId(o.id);
  if (o.id !== undefined && id === undefined) add('id', jobWords('idNotText'));
  const spec = typeof o.generator === 'string' ? catalog.get(o.generator) : undefined;
  if (o.generator === undefined) add('generator', jobWords('generatorRequired'), generatorIds());
  else if (!spec) add('generator', jobWords('notAGenerator', { value: JSON.stringify(o.generator) }), generatorIds());

  const raw = o.settings ?? {};
  const settings = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  if (!settings) add('settings', jobWords('settingsNotMap'));
  for (const [name, value] of Object.entries(settings ?? {})) {
    const isValue = value === undefined || value === null || settingText(value) !== undefined;
    if (!isValue) add(`settings.${name}`, jobWords('settingNotValue'));
  }

  let lang: string | undefined;
  if (o.lang !== undefined && spec) {
    const chosen = withLanguage(spec, {}, o.lang);
    if (chosen.ok) lang = o.lang as string;
    else {
      const words =
        chosen.problem === 'fixed_language'
          ? { catalogue: chosen.code, vars: chosen.params }
          : { settings: chosen.issue };
      add('lang', words, chosen.allowed, chosen.problem === 'not_a_language');
    }
  } else if (o.lang !== undefined && !isLang(o.lang)) add('lang', { settings: notALanguage(o.lang) }, LANGS, true);
  let chapters: string | undefined;
  if (o.chapters !== undefined && spec) {
    const min = minChapters(spec.flow);
    // A YAML/JSON whole number, or its plain digits as text (`"12"`); not `0x3`, `1e1`, `3.0` or ` 3`.
    const n =
      typeof o.chapters === 'number'
        ? Number.isInteger(o.chapters)
          ? o.chapters
          : undefined
        : typeof o.chapters === 'string'
          ? wholeNumber(o.chapters)
          : undefined;
    if (n === undefined || n < min || n > 100)
      add('chapters', jobWords('chaptersRange', { value: JSON.stringify(o.chapters), min, max: 100 }));
    // Fixed sections and single outputs ignore the count, as `karya generate --chapters` does.
    else if (spec.kind === 'book' && spec.fields.some((f) => f.role === 'chapters')) chapters = String(n);
  }
  // A whole number of calls from 1, as a number or its plain digits.
  const maxCalls =
    typeof o.max_calls === 'number'
      ? Number.isInteger(o.max_calls)
        ? o.max_calls
        : undefined
      : typeof o.max_calls === 'string'
        ? wholeNumber(o.max_calls)
        : undefined;
  if (o.max_calls !== undefined && (maxCalls === undefined || maxCalls < 1))
    add('max_calls', jobWords('maxCallsRange', { value: JSON.stringify(o.max_calls) }));
  if (o.out !== undefined && (typeof o.out !== 'string' || !o.out.trim())) add('out', jobWords('outNotName'));
  else if (typeof o.out === 'string') checkOutName(o.out.trim(), (words) => add('out', words));
  const formats = checkFormats(o.formats, spec, add);
  const series = checkSeries(o.series, spec, add);
  const voice = checkVoiceFields(o, spec, add);
  const publish = checkPublishFacts(o, spec, add);
  if (!spec || !settings) return undefined;
  return {
    ...(id !== undefined ? { id } : {}),
    spec,
    settings,
    ...(lang ? { lang } : {}),
    ...(chapters ? { chapters } : {}),
    ...(typeof o.out === 'string' ? { out: o.out.trim() } : {}),
    formats,
    ...(series ? { series } : {}),
    ...voice,
    ...(publish ? { publish } : {}),
    ...(maxCalls !== undefined && maxCalls >= 1 ? { maxCalls } : {}),
  };
}

/** `series: NAME`: a book's series (a name of 1 to MAX_SERIES_NAME characters); only books make one. */
function checkSeries(value: unknown, spec: ResolvedSpec | undefined, add: AddIssue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    add('series', jobWords('seriesNotText'));
    return undefined;
  }
  if (spec && spec.kind !== 'book') {
    add('series', jobWords('seriesSingle', { generator: spec.id }));
    return undefined;
  }
  try {
    return seriesNameOf(value);
  } catch (error) {
    if (!(error instanceof SeriesError)) throw error;
    const vars = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
    add('series', { catalogue: error.code, vars, unlabelled: true });
    return undefined;
  }
}

/** `formats: [epub, pdf]` (or one name): the formats a book is written in besides its Markdown file. */
function checkFormats(value: unknown, spec: ResolvedSpec | undefined, add: AddIssue): ExportFormat[] {
  if (value === undefined || value === null) return [];
  const names = Array.isArray(value) ? value : [value];
  if (spec?.kind === 'image') {
    add('formats', jobWords('formatsImage', { generator: spec.id }));
    return [];
  }
  const formats: ExportFormat[] = [];
  for (const name of names) {
    const format = typeof name === 'string' ? name.trim().toLowerCase().replace(/^\./, '') : name;
    const words = jobWords('notAFormat', { value: JSON.stringify(name), formats: EXPORT_FORMATS.join(', ') });
    if (!(EXPORT_FORMATS as readonly unknown[]).includes(format)) add('formats', words, EXPORT_FORMATS, true);
    // The Markdown file is always written.
    else if (format !== 'md' && !formats.includes(format as ExportFormat)) formats.push(format as ExportFormat);
  }
  return formats;
}

/** A job's id as given (a text or a number), or undefined. */
export function jobId(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim();
  return typeof value === 'number' ? String(value) : undefined;
}
