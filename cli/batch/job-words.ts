// A jobs file's issues as data: a key of languages/<code>/cli-batch.yaml with its params, or another catalogue's
// refusal (a setting, a series name, a voice sample, a file system failure), said in the batch's language only
// when printed (jobsLang: the writer's locale's, else the language every job names, else the table's first).
// The field names, option names and allowed values a message quotes stay as the jobs file writes them.
import { catalogueMessage, isLang, langs, languageName, listIn } from '../../engine/index.js';
import { importRefusalMessage, settingsIssueMessage, voiceMessage } from '../../engine/index.js';
import type { CatalogueCode, ImportRefusal, Lang, SettingsIssue, VoiceError, YamlProblem } from '../../engine/index.js';
import { batchWord, countIn, type BatchKey } from '../batch-words.js';
import { plainFsError } from '../fs-check.js';
import { localeLang } from '../langs.js';
import { yamlProblemIn } from '../yaml-words.js';

/** A message of the jobs file, said in a language when printed (sayJob). */
export type JobWords =
  | { readonly key: BatchKey; readonly params?: Readonly<Record<string, JobParam>> }
  /** A setting refused by the engine. */
  | { readonly settings: SettingsIssue }
  /** The errors catalogue's message; `unlabelled` drops its leading label (`series: `): the field names it. */
  | { readonly catalogue: CatalogueCode; readonly vars: Readonly<Record<string, string>>; readonly unlabelled?: true }
  | { readonly voice: VoiceError; readonly unlabelled?: true }
  | { readonly refusal: ImportRefusal }
  /** A file that could not be read, in the file system's words (cli/fs-check.ts). */
  | { readonly fs: unknown }
  /** A YAML problem (engine/yaml.ts), in the words of cli/yaml-words.ts. */
  | { readonly yaml: YamlProblem };

/** A placeholder's value: a text as written, a count, a message, a list joined in the language, a language's name. */
export type JobParam =
  | string
  | number
  | JobWords
  | { readonly list: readonly string[]; readonly join: 'and' | 'or' }
  | { readonly language: Lang };

/** A cli-batch message with its params. */
export const jobWords = (key: BatchKey, params?: Readonly<Record<string, JobParam>>): JobWords =>
  params ? { key, params } : { key };

/** A job as its issues name it: `job "romance-kl"` by its id, else `job 3` by its place in the file. */
export const jobLabel = (index: number, id: string | undefined): JobWords =>
  id !== undefined ? jobWords('jobNamed', { id }) : jobWords('jobAt', { index: String(index) });

/** The label an engine message starts with (`series: `, `siri: `), left out when the field names it already. */
const unlabel = (text: string, isUnlabelled: boolean | undefined) =>
  isUnlabelled ? text.replace(/^[^\s:]+: /, '') : text;

/** A jobs-file message in `lang`, its params said in it too. */
export function sayJob(words: JobWords, lang: Lang): string {
  if ('key' in words) {
    const params = Object.entries(words.params ?? {});
    return batchWord(words.key, lang, Object.fromEntries(params.map(([name, value]) => [name, sayParam(value, lang)])));
  }
  if ('settings' in words) return settingsIssueMessage(words.settings, { lang });
  if ('catalogue' in words) {
    return unlabel(catalogueMessage(words.catalogue, lang, { ...words.vars }), words.unlabelled);
  }
  if ('voice' in words) return unlabel(voiceMessage(words.voice, lang), words.unlabelled);
  if ('refusal' in words) return importRefusalMessage(words.refusal, lang);
  if ('yaml' in words) return yamlProblemIn(words.yaml, lang);
  return plainFsError(words.fs, lang);
}

function sayParam(value: JobParam, lang: Lang): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return countIn(value, lang);
  if ('list' in value) return listIn(value.list, lang, value.join);
  if ('language' in value) return languageName(value.language, lang);
  return sayJob(value, lang);
}

/** One problem with one job. `field` is the job field (`settings.heatLevel`, `lang`, …), empty for the whole job. */
export interface JobIssue {
  /** The job as --json's `invalid_job` names it, in English (`job "hot"`, `job 3`). */
  readonly job: string;
  /** The job as its issue's line names it, in the batch's language. */
  readonly label: JobWords;
  readonly line: number;
  readonly field: string;
  readonly words: JobWords;
  /** The message in English (sayJob says it in the batch's language). */
  readonly message: string;
  readonly allowed?: readonly (string | number)[];
  /** The message already names the allowed values (`"fr" is not one of en, ms`). */
  readonly isListed?: boolean;
}

/** An issue of a job, its English label and message said only when read. */
export function jobIssue(input: Omit<JobIssue, 'job' | 'message'>): JobIssue {
  const { label, words } = input;
  return {
    ...input,
    get job() {
      return sayJob(label, 'en');
    },
    get message() {
      return sayJob(words, 'en');
    },
  };
}

/** An issue's stable code for --json: the cli-batch key, or the engine's code of the refusal it quotes. */
export function issueCode(words: JobWords): string {
  if ('key' in words) return words.key;
  if ('settings' in words) return words.settings.code;
  if ('catalogue' in words) return words.catalogue;
  if ('voice' in words) return words.voice.code;
  if ('refusal' in words) return words.refusal.code;
  return 'unreadable';
}

/** `jobs.yaml:4: job 3: generator: "romanse" is not a generator (allowed: …)`, in `lang`. */
export function issueLine(file: string, issue: JobIssue, lang: Lang): string {
  const isNamed = issue.allowed && !issue.isListed;
  const allowed = isNamed ? ` ${batchWord('allowed', lang, { values: issue.allowed!.join(', ') })}` : '';
  const field = issue.field ? `${issue.field}: ` : '';
  return `${file}:${issue.line}: ${sayJob(issue.label, lang)}: ${field}${sayJob(issue.words, lang)}${allowed}`;
}

/**
 * The language a jobs file's issues are said in: the one the writer's locale names (as every refusal before a book
 * is known), else the one every book job of the file asks for (`lang:`), else the table's first.
 */
export function jobsLang(raw: readonly { value: unknown }[]): Lang {
  const own = localeLang();
  if (own) return own;
  // (A translation job names the language it translates into, not its book's.)
  const books = raw.map((r) => r.value).filter((v) => !(v && typeof v === 'object' && 'translate' in v));
  const asked = new Set(books.map((v) => (v && typeof v === 'object' ? (v as { lang?: unknown }).lang : undefined)));
  const [only] = asked;
  return asked.size === 1 && isLang(only) ? only : langs()[0]!;
}
