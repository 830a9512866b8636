// Reading `karya batch`'s jobs file: a YAML list (JSON arrays are YAML too) or JSON Lines, from a file or stdin,
// bounded in size and in YAML aliases (each job is checked in jobs.ts).
import { readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { fullYaml, isAliasBomb, MAX_YAML_ALIASES, yamlProblemOf } from '../../engine/node.js';
import { KaryaError, type Lang } from '../../engine/index.js';
import { flowJobList } from './jobs-flow.js';
import { jobWords, sayJob, type JobWords } from './job-words.js';
import { jsonBreak } from './json-line.js';

/** One entry of the jobs file before validation, with where it came from. */
export interface RawJob {
  /** 1-based position in the file. */
  index: number;
  /** 1-based line where the job starts. */
  line: number;
  value: unknown;
}

/**
 * The jobs file cannot be read or parsed at all (not one job is usable): why, as data, said in a language by messageIn.
 */
export class JobsFileError extends KaryaError {
  readonly code = 'jobs_file_unreadable';
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly words: JobWords,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${sayJob(words, 'en')}`, { httpStatus: 400 });
    this.name = 'JobsFileError';
  }

  /** `jobs.yaml:3: <why>` in `lang`. */
  override messageIn(lang: Lang): string {
    return `${this.file}${this.line ? `:${this.line}` : ''}: ${sayJob(this.words, lang)}`;
  }
}

/** A jobs file larger than this is refused unread (400 jobs take about 40 KB). */
export const MAX_JOBS_FILE_BYTES = 8 * 1024 * 1024;

/**
 * The most jobs a file may hold. Reading a YAML list costs about 0.2 ms a job (10,000 jobs: about 2 s; the 89,000
 * of an 8 MB file: most of a minute, with nothing to see), so a file past this is refused before it is parsed.
 */
export const MAX_JOBS = 10_000;

/** A job names its generator (or is a translation): the jobs a file asks for, counted before it is parsed. */
const JOB_KEY = /(?:^|[\s{,"'])(?:generator|translate)["']?\s*:/gm;

function tooManyJobs(file: string, count: number): JobsFileError {
  return new JobsFileError(file, undefined, jobWords('tooManyJobs', { count, max: MAX_JOBS }));
}

/** Read a jobs file (or stdin for "-"): a YAML list (JSON arrays are YAML too) or JSON Lines. */
export function readJobsFile(file: string): RawJob[] {
  return jobsOfText(file, readJobsText(file));
}

/**
 * A jobs file's text (or stdin's for "-"), refused unparsed when it is too large or asks for more than MAX_JOBS jobs.
 */
export function readJobsText(file: string): string {
  const tooLarge = () =>
    new JobsFileError(file, undefined, jobWords('fileTooLarge', { mb: MAX_JOBS_FILE_BYTES / 1024 / 1024 }));
  let text: string;
  try {
    if (file !== '-') {
      const stat = statSync(file);
      if (stat.isDirectory()) throw new JobsFileError(file, undefined, jobWords('isFolder'));
      if (stat.size > MAX_JOBS_FILE_BYTES) throw tooLarge();
    }
    text = file === '-' ? readBounded(0, MAX_JOBS_FILE_BYTES + 1) : readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof JobsFileError) throw error;
    // (The file system's words for a missing path are a write's: "cannot be made there".)
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new JobsFileError(file, undefined, jobWords('noJobsFile'));
    throw new JobsFileError(file, undefined, jobWords('cannotRead', { why: { fs: error } }));
  }
  if (Buffer.byteLength(text) > MAX_JOBS_FILE_BYTES) throw tooLarge();
  const asked = text.match(JOB_KEY)?.length ?? 0;
  if (asked > MAX_JOBS) throw tooManyJobs(file, asked);
  return text;
}

/**
 * The jobs of a text read without the YAML parser: JSON Lines, or a list of one-line jobs (jobs-flow.ts, the common
 * shape of a generated file); undefined for any other text (jobsOfText parses it). A command loads the parser
 * (engine/yaml.ts preloadYaml) only when this gives none.
 */
export function jobsWithoutYaml(file: string, text: string): RawJob[] | undefined {
  const jobs = isJsonLines(file, text) ? parseJsonLines(file, text) : flowJobList(text);
  if (jobs && jobs.length > MAX_JOBS) throw tooManyJobs(file, jobs.length);
  return jobs;
}

/** The jobs of a jobs file's text (readJobsText): JSON Lines, one-line jobs, or any YAML list. */
export function jobsOfText(file: string, text: string): RawJob[] {
  return jobsWithoutYaml(file, text) ?? jobsOfYaml(file, text);
}

/** The jobs of a text jobsWithoutYaml left to the YAML parser (loaded: engine/yaml.ts preloadYaml). */
export function jobsOfYaml(file: string, text: string): RawJob[] {
  const jobs = parseYamlList(file, text);
  if (jobs.length > MAX_JOBS) throw tooManyJobs(file, jobs.length);
  return jobs;
}

/**
 * At most `max` bytes of a file descriptor (standard input: `cat /dev/zero | karya batch -` must not fill the memory).
 */
function readBounded(fd: number, max: number): string {
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(64 * 1024, max - size));
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (error) {
      // A non-blocking standard input with nothing yet: wait a little and read again.
      if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
        continue;
      }
      if ((error as NodeJS.ErrnoException).code === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    size += n;
    if (size >= max) break;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isJsonLines(file: string, text: string): boolean {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.jsonl' || ext === '.ndjson') return true;
  if (ext === '.yaml' || ext === '.yml' || ext === '.json') return false;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return lines.length > 0 && lines.every((l) => l.startsWith('{') && l.endsWith('}'));
}

export function parseJsonLines(file: string, text: string): RawJob[] {
  const jobs: RawJob[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    try {
      jobs.push({ index: jobs.length + 1, line: i + 1, value: JSON.parse(line) as unknown });
    } catch {
      // Where the line breaks and what is found there, worded in the batch's language (not JSON.parse's English).
      const at = jsonBreak(raw) ?? { column: [...raw].length + 1 };
      const why =
        at.found !== undefined
          ? jobWords('jsonUnexpected', { column: String(at.column), found: at.found })
          : jobWords('jsonEnded', { column: String(at.column) });
      throw new JobsFileError(file, i + 1, jobWords('notJson', { why }));
    }
  });
  if (!jobs.length) throw new JobsFileError(file, undefined, jobWords('noJobs'));
  return jobs;
}

/**
 * A YAML list of jobs (or `jobs: [...]`) with the line of each job. Aliases (`*name`) are expanded up to
 * MAX_YAML_ALIASES in the whole file; a file that asks for more (a few hundred bytes of nested aliases can
 * ask for gigabytes) is refused before anything else happens.
 */
export function parseYamlList(file: string, text: string): RawJob[] {
  const { LineCounter, isMap, isSeq, parseDocument } = fullYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  const at = first?.pos ? lineCounter.linePos(first.pos[0]).line : undefined;
  // The problem in the batch's language (its line is the file's, before it: not said twice).
  if (first) throw new JobsFileError(file, at, jobWords('notYaml', { why: { yaml: yamlProblemOf(first) } }));
  const root = doc.contents;
  const seq = isMap(root) && isSeq(root.get('jobs', true)) ? root.get('jobs', true) : root;
  if (!isSeq(seq)) throw new JobsFileError(file, undefined, jobWords('notAList'));
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    if (isAliasBomb(error))
      throw new JobsFileError(file, undefined, jobWords('tooManyAliases', { max: MAX_YAML_ALIASES }));
    throw error;
  }
  const values = (Array.isArray(data) ? data : (data as { jobs: unknown[] }).jobs) as unknown[];
  const jobs = seq.items.map((item, i): RawJob => {
    const start = (item as { range?: [number, number, number] } | null)?.range?.[0];
    return {
      index: i + 1,
      line: start !== undefined ? lineCounter.linePos(start).line : 0,
      value: values[i] === undefined ? null : values[i],
    };
  });
  if (!jobs.length) throw new JobsFileError(file, undefined, jobWords('noJobs'));
  return jobs;
}
