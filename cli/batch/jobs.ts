// The jobs file of `karya batch`: read a YAML list or JSON Lines, then validate every job against its
// generator before anything is spent. Settings go through `karya generate`'s own settingsFromOptions
// (job-settings.ts), so a job resumes (and is resumed by) the same saved book as the equivalent `karya generate`
// command; here each job is checked against the jobs before it (ids, files written, series).
import path from 'node:path';
import { jobCoverOf, type JobCover } from './job-cover.js';
import { startBook } from '../../engine/index.js';
import type { Catalog, ExportFormat, Lang, PublishFacts, ResolvedSpec, Settings } from '../../engine/index.js';
import { jobIssue, jobLabel, jobWords, type JobIssue, type JobWords } from './job-words.js';
import { voiceOfJob } from './job-voice.js';
import type { BookVoice } from '../../engine/index.js';
import { publishFactsOf } from './job-publish.js';
import { writerLang } from '../langs.js';
import { checkShape, jobId, type AddIssue, type JobShape } from './job-shape.js';
import { checkedSettingsOf, type CheckedSettings } from './job-settings.js';
export {
  JobsFileError,
  MAX_JOBS,
  MAX_JOBS_FILE_BYTES,
  parseJsonLines,
  parseYamlList,
  jobsOfText,
  jobsOfYaml,
  jobsWithoutYaml,
  readJobsFile,
  readJobsText,
  type RawJob,
} from './jobs-file.js';
export type { JobIssue } from './job-words.js';
import type { RawJob } from './jobs-file.js';

/** A job that passed validation: everything the scheduler needs to write one book. */
export interface BatchJob {
  index: number;
  line: number;
  /** The job's id, or `<index>-<generator>` when it has none; names its events and its output file. */
  name: string;
  spec: ResolvedSpec;
  settings: Settings;
  totalChapters: number;
  /** Saved-progress key: the job's name and `karya generate`'s key of its settings. */
  key: string;
  outFile: string;
  /** The book in other formats besides the Markdown (`formats: [epub, pdf]`): `<out>.<ext>` each. */
  exports: readonly { format: ExportFormat; file: string }[];
  /**
   * `series: NAME`: the series the book belongs to, and its number there (the file's jobs of that series in order, from
   * 1).
   */
  series?: { name: string; number: number };
  /** `voice: FILE` (a sample of the writer's prose, beside the jobs file) and `avoid: [phrases]`: the book's voice. */
  voice?: BookVoice;
  /**
   * The book's author, title, subtitle and imprint as its files and package print them: the job's own, else the batch's
   * (--author).
   */
  publish?: PublishFacts;
  /** `cover: typographic` or `cover: FILE` (the writer's picture, beside the jobs file): the package's cover. */
  cover?: JobCover;
  /**
   * `max_calls: N` (else the batch's --max-calls): the book's bound on model calls instead of its default
   * (engine/budget.ts).
   */
  maxCalls?: number;
}

/** A file-name-safe form of a job id. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 80) || 'job'
  );
}

export interface ValidateOptions {
  catalog: Catalog;
  file: string;
  outDir: string;
  /** The batch's own publishing facts (--author, --publisher): a job's own value wins. */
  given?: PublishFacts;
  /** The batch's --max-calls: every book's bound on model calls, unless its job sets its own max_calls. */
  maxCalls?: number;
  /**
   * The batch's language, which names the job before what settingsFromOptions says of its settings (else the locale's).
   */
  lang?: Lang;
}

/** What a job's checks share with the jobs before it: ids, files written, settings checked, series so far. */
interface Seen {
  ids: Map<string, number>;
  outs: Map<string, JobWords>;
  /** --out resolved once for the batch: a job's plain file name is joined to it without path checks of its own. */
  outRoot: string;
  settings: Map<string, CheckedSettings>;
  /** Each series' jobs so far (their number is their place among them) and its language (its first job's). */
  series: Map<string, { count: number; lang: Lang; first: JobWords }>;
}

/**
 * Validate every job; returns the usable jobs and every problem found (all jobs are checked, so one run
 * reports every invalid job). Nothing here calls a provider or touches saved progress.
 */
export function validateJobs(raw: readonly RawJob[], opts: ValidateOptions): { jobs: BatchJob[]; issues: JobIssue[] } {
  const jobs: BatchJob[] = [];
  const issues: JobIssue[] = [];
  const width = Math.max(2, String(raw.length).length);
  const outRoot = path.resolve(opts.outDir);
  const seen: Seen = { ids: new Map(), outs: new Map(), outRoot, settings: new Map(), series: new Map() };
  for (const item of raw) {
    const o =
      item.value && typeof item.value === 'object' && !Array.isArray(item.value)
        ? (item.value as Record<string, unknown>)
        : undefined;
    const id = jobId(o?.id);
    const label = jobLabel(item.index, id);
    const found: JobIssue[] = [];
    const add: AddIssue = (field, words, allowed, isListed) => {
      found.push(
        jobIssue({
          label,
          line: item.line,
          field,
          words,
          ...(allowed ? { allowed } : {}),
          ...(isListed ? { isListed } : {}),
        }),
      );
    };
    if (!o) add('', jobWords('notAnObject'));
    const job = o ? jobOf({ item, o, id, label, width, opts, seen, add }) : undefined;
    if (job) jobs.push(job);
    else issues.push(...found);
  }
  return { jobs, issues };
}

/**
 * One job checked against its fields and the jobs before it (what it finds told to `add`); undefined when it is not
 * usable.
 */
function jobOf(input: {
  item: RawJob;
  o: Record<string, unknown>;
  id: string | undefined;
  label: JobWords;
  width: number;
  opts: ValidateOptions;
  seen: Seen;
  add: AddIssue;
}): BatchJob | undefined {
  const { item, o, id, label, opts, seen, add } = input;
  let isFound = false;
  const shape = checkShape(o, opts.catalog, (...args) => {
    isFound = true;
    add(...args);
  });
  if (id !== undefined) {
    const prev = seen.ids.get(id);
    if (prev !== undefined) {
      isFound = true;
      add('id', jobWords('idTaken', { index: String(prev) }));
    } else seen.ids.set(id, item.index);
  }
  if (!shape || isFound) return undefined;
  const { spec } = shape;
  const checked = checkedSettingsOf({
    spec,
    shape,
    label,
    file: opts.file,
    line: item.line,
    known: seen.settings,
    add,
    lang: opts.lang ?? writerLang(),
  });
  if (!checked) return undefined;
  const { totalChapters } = checked;
  const name = id ?? `${String(item.index).padStart(input.width, '0')}-${spec.id}`;
  const files = outFilesOf({
    spec,
    shape,
    name,
    outDir: opts.outDir,
    outRoot: seen.outRoot,
    outs: seen.outs,
    label,
    add,
  });
  if (!files) return undefined;
  // Keyed by the job's id (and its settings): rerunning the file skips the jobs it finished, and a job
  // whose settings were edited since writes a new book.
  const key = `batch:${name}:${checked.progress}`;
  const lang = startBook({ spec, settings: checked.settings, totalChapters }).lang;
  const series = shape.series ? seriesPlaceOf(shape.series, lang, seen.series, label, add) : undefined;
  if (series === null) return undefined;
  const voice = voiceOfJob(shape, lang, opts.file, add);
  const cover = jobCoverOf(o.cover, spec, opts.file, add);
  if (voice === null || cover === null) return undefined;
  const publish = spec.kind === 'book' ? publishFactsOf(opts.given ?? {}, shape.publish) : undefined;
  return {
    index: item.index,
    line: item.line,
    name,
    spec,
    settings: { ...checked.settings },
    totalChapters,
    key,
    ...files,
    ...(series ? { series } : {}),
    ...(voice ? { voice } : {}),
    ...(publish ? { publish } : {}),
    ...(cover ? { cover } : {}),
    ...maxCallsOf(shape.maxCalls ?? opts.maxCalls),
  };
}

const maxCallsOf = (maxCalls: number | undefined) => (maxCalls !== undefined ? { maxCalls } : {});

/** The files a job writes (inside --out, written by no job before it), or undefined with the reason told to `add`. */
function outFilesOf(input: {
  spec: ResolvedSpec;
  shape: JobShape;
  name: string;
  outDir: string;
  outRoot: string;
  outs: Map<string, JobWords>;
  label: JobWords;
  add: AddIssue;
}): Pick<BatchJob, 'outFile' | 'exports'> | undefined {
  const { shape, outDir, outs, add } = input;
  const ext = input.spec.kind === 'image' ? '.png' : '.md';
  const chosen = shape.out ?? `${slug(input.name)}${ext}`;
  const outFile = fileInside(input.outRoot, chosen, ext);
  if (outFile === undefined) {
    add(
      'out',
      jobWords('outOutside', { value: JSON.stringify(chosen), dir: path.relative(process.cwd(), outDir) || '.' }),
    );
    return undefined;
  }
  // `books/romance-kl.md` with formats [epub] also writes `books/romance-kl.epub`.
  const stem = outFile.slice(0, outFile.length - path.extname(outFile).length);
  const exports = shape.formats.map((format) => ({ format, file: `${stem}.${format}` }));
  const files = [outFile, ...exports.map((e) => e.file)];
  const ownFormats = new Set(files).size < files.length ? { file: outFile, by: jobWords('ownFormats') } : undefined;
  const clash = files.map((file) => ({ file, by: outs.get(file) })).find((c) => c.by !== undefined) ?? ownFormats;
  if (clash) {
    const by = clash.by!;
    add(
      clash.file === outFile ? 'out' : 'formats',
      jobWords('writtenToo', { file: path.relative(process.cwd(), clash.file) || clash.file, by }),
    );
    return undefined;
  }
  for (const file of files) outs.set(file, input.label);
  return { outFile, exports };
}

/**
 * A series job's place in its series (its number among the file's jobs of that series), or null when its language is
 * not the series'.
 */
function seriesPlaceOf(
  name: string,
  lang: Lang,
  soFar: Seen['series'],
  label: JobWords,
  add: AddIssue,
): BatchJob['series'] | null {
  const held = soFar.get(name);
  if (held && held.lang !== lang) {
    add('series', jobWords('seriesLanguage', { name, language: { language: held.lang }, first: held.first }));
    return null;
  }
  const count = (held?.count ?? 0) + 1;
  soFar.set(name, { count, lang, first: held?.first ?? label });
  return { name, number: count };
}

/** A plain file name (one segment, as slug() makes them): inside any folder, joined to it as it is. */
const PLAIN_NAME = /^[\w.-]+$/;

/**
 * The file `chosen` names inside `root` (--out, resolved), `ext` added when it has none, or undefined when it is not
 * inside: a job writes inside --out only (no absolute path, no `../` that climbs out of it). A plain name (the default
 * `<name>.md`) is joined to `root` without the path checks: it cannot climb out.
 */
function fileInside(root: string, chosen: string, ext: string): string | undefined {
  const named = path.extname(chosen) ? chosen : `${chosen}${ext}`;
  if (PLAIN_NAME.test(chosen) && chosen !== '.' && chosen !== '..') {
    return root.endsWith(path.sep) ? `${root}${named}` : `${root}${path.sep}${named}`;
  }
  if (path.isAbsolute(chosen) || /^[a-zA-Z]:/.test(chosen) || !isInside(root, path.resolve(root, chosen))) {
    return undefined;
  }
  return path.resolve(root, named);
}

/** True when `file` is inside `dir` (not `dir` itself). */
function isInside(dir: string, file: string): boolean {
  const rel = path.relative(path.resolve(dir), file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}
