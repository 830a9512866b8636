// A batch job's settings checked as `karya generate` would check them (its own settingsFromOptions, so the job
// resumes the same saved book), with the book's chapter count and its saved-progress key; the engine's verdict on
// refused settings comes back as the job's issues. jobs.ts checks each job against the jobs before it.
import {
  chapterCount,
  minChapters,
  parseSettings,
  SettingsError,
  startBook,
  withLanguage,
  type Lang,
  type ResolvedSpec,
  type Settings,
} from '../../engine/index.js';
import { progressKey, settingsFromOptions } from '../settings.js';
import { CliExit } from '../util.js';
import { jobIssue, jobWords, sayJob, type JobIssue, type JobWords } from './job-words.js';
import { settingText, type AddIssue, type JobShape } from './job-shape.js';

/** A job's settings as checked, kept for the jobs after it with the same generator and settings. */
export interface CheckedSettings {
  settings: Settings;
  totalChapters: number;
  progress: string;
}

/**
 * A job's settings checked, with the chapter count and the key `karya generate` would use; undefined (the
 * reasons told to `add`) when refused. Jobs with the same generator and settings are checked once (a file of
 * 400 jobs often has a handful of distinct settings).
 */
export function checkedSettingsOf(input: {
  spec: ResolvedSpec;
  shape: JobShape;
  label: JobWords;
  file: string;
  line: number;
  known: Map<string, CheckedSettings>;
  add: AddIssue;
  lang: Lang;
}): CheckedSettings | undefined {
  const { spec, shape, label, add } = input;
  const same = `${spec.id}\u0000${JSON.stringify([shape.settings, shape.lang ?? null, shape.chapters ?? null])}`;
  const held = input.known.get(same);
  if (held) return held;
  const settingIssues = checkSettings(spec, shape.settings, shape.lang, label, input.line);
  for (const i of settingIssues) add(i.field, i.words, i.allowed, i.isListed);
  if (settingIssues.length) return undefined;
  // The settings `karya generate --set name=value … --lang … --chapters …` would use, so the key matches.
  const set = Object.entries(shape.settings).flatMap(([name, value]) => {
    const text = settingText(value);
    return text === undefined ? [] : [`${name}=${text}`];
  });
  let resolved: { settings: Settings; totalChapters?: number };
  try {
    const where = `${input.file}:${input.line} (${sayJob(label, input.lang)}): settings.`;
    resolved = settingsFromOptions(
      spec,
      { set, ...(shape.lang ? { lang: shape.lang } : {}), ...(shape.chapters ? { chapters: shape.chapters } : {}) },
      where,
    );
  } catch (error) {
    // settingsFromOptions printed its reason on stderr already.
    if (!(error instanceof CliExit)) throw error;
    add('settings', jobWords('settingsRefused'));
    return undefined;
  }
  let totalChapters: number;
  try {
    totalChapters = startBook({
      spec,
      settings: resolved.settings,
      totalChapters: resolved.totalChapters,
    }).totalChapters;
  } catch (error) {
    // (startBook refuses a count under the generator's least, as a RangeError.)
    if (!(error instanceof RangeError)) throw error;
    const n = resolved.totalChapters ?? chapterCount(spec, resolved.settings);
    add('chapters', jobWords('badChapterCount', { n: String(n), generator: spec.id, min: minChapters(spec.flow) }));
    return undefined;
  }
  const checked = {
    settings: resolved.settings,
    totalChapters,
    progress: progressKey(spec, resolved.settings, totalChapters),
  };
  input.known.set(same, checked);
  return checked;
}

/** The engine's verdict on a job's settings as structured issues (settingsFromOptions would print and exit). */
function checkSettings(
  spec: ResolvedSpec,
  settings: Record<string, unknown>,
  lang: string | undefined,
  label: JobWords,
  line: number,
): JobIssue[] {
  const chosen = withLanguage(spec, { ...settings }, lang);
  try {
    parseSettings(spec, chosen.ok ? chosen.settings : settings);
    return [];
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    return error.issues.map((i) => {
      const allowed = i.code === 'not_an_option' || i.code === 'unknown_setting' ? i.params.allowed : undefined;
      const listed = i.code === 'not_an_option' ? { isListed: true } : {};
      return jobIssue({
        label,
        line,
        field: `settings.${i.field}`,
        words: { settings: i },
        ...(allowed ? { allowed } : {}),
        ...listed,
      });
    });
  }
}
