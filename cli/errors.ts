// The command line's one renderer of errors: a failure the product words (a catalogue code and its params, a spec's
// or settings' issues, a step that failed) as the lines the writer reads in their language and the exit code.
// Commands catch what they expect and end through `exitOnFailure` (or `exitIfWorded`); anything not theirs is
// thrown on, for the command's top level (cli/main.ts) to print.
import { CommanderError } from 'commander';
import { toolWord } from './tools-words.js';
import { specIssueIn } from './yaml-words.js';
import {
  EditError,
  ExportLimitError,
  GenerationError,
  ImportRefusal,
  KaryaError,
  SeriesError,
  SettingsError,
  SpecError,
  VoiceError,
} from '../engine/index.js';
import {
  catalogue,
  langs,
  sayer,
  catalogueMessage,
  generationMessage,
  importRefusalMessage,
  settingsIssueMessage,
  voiceMessage,
  type Lang,
  type SettingsIssue,
} from '../engine/index.js';

export const EXIT = { ok: 0, failed: 1, badInput: 2, interrupted: 130 } as const;

/** Thrown to end the command with an exit code after its message was printed. */
export class CliExit extends KaryaError {
  readonly code = 'cli_exit';
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'CliExit';
  }
}

export function fail(message: string, code: number = EXIT.badInput): never {
  process.stderr.write(`karya: ${message}\n`);
  throw new CliExit(code);
}

/**
 * What a `--json` run that fails part-way prints on stdout, so a script reading it learns why (the exit code
 * is the same as without --json): one line, `{"error": {"code", "message", "part"}}`, where `code` is the
 * catalogue's, `message` the text the writer reads on stderr and `part` the step that failed (`outline`,
 * `chapter:2`, `conclusion:6`, a package part such as `description`) or null.
 */
export function printJsonError(error: { code: string; message: string; part: string | null }): void {
  process.stdout.write(`${JSON.stringify({ error })}\n`);
}

/** The CLI's words around a settings issue; other languages' in languages/<code>/cli-settings.yaml. */
const SETTINGS_WORDS = catalogue('cli-settings', ['allowed', 'giveWith', 'noneAllowed']);
const settingsWord = sayer(SETTINGS_WORDS);

/**
 * One settings issue as the CLI prints it: `heatLevel: "scorching" is not one of sweet, mild, moderate, steamy`;
 * an unknown name lists the settings there are.
 */
export function formatSettingsIssue(issue: SettingsIssue, lang: Lang = langs()[0]!): string {
  // A generator with no settings at all says so rather than listing none.
  const names = issue.code === 'unknown_setting' ? issue.params.allowed : undefined;
  const allowed = !names
    ? ''
    : names.length
      ? ` (${settingsWord('allowed', lang)}: ${names.join(', ')})`
      : ` (${settingsWord('noneAllowed', lang)})`;
  // A setting the command line did not give: say how to give it.
  const how = issue.code === 'required' && issue.field ? settingsWord('giveWith', lang, { field: issue.field }) : '';
  return `${issue.field ? `${issue.field}: ` : ''}${settingsIssueMessage(issue, { lang })}${allowed}${how}`;
}

/**
 * The families of failure a command expects besides a failed step: a spec's issues, settings' issues, an edit refused,
 * an import refused, a voice sample refused, a worded failure.
 */
export type FailureKind = 'spec' | 'settings' | 'edit' | 'import' | 'voice' | 'worded';

/** How the command says a step that failed: its sentence around the product's words, and the part `--json` names. */
export interface StepFailure {
  words: (said: { message: string; status: number | undefined; english: string }) => string;
  /**
   * `--json`'s line: the part that failed; its message is the product's words, or the whole sentence when `isWhole`.
   */
  json?: { part: string | null; isWhole?: boolean };
}

export interface FailureHow {
  expects?: readonly FailureKind[];
  step?: StepFailure;
  /** Errors whose own message is already the writer's words (a queue that cannot start). */
  plain?: ReadonlyArray<abstract new (...args: never[]) => Error>;
  /**
   * Errors that say themselves in a language (KaryaError.messageIn): an unreadable jobs file, a server setting refused.
   */
  selfWorded?: ReadonlyArray<abstract new (...args: never[]) => KaryaError>;
  /** Errors a command loaded late that carry a catalogue code and its values (a cover picture refused). */
  catalogued?: ReadonlyArray<
    abstract new (...args: never[]) => { code: string; vars: Readonly<Record<string, string>> }
  >;
  /** Said before the words (`--set x: `). */
  where?: string;
  exitCode?: number;
}

/** A failure as the CLI says it: the lines on stderr, the exit code, `--json`'s line, and whether a step failed. */
export interface CliFailure {
  /** The words alone, for a command that goes on after saying them as a note. */
  words: string;
  lines: string[];
  exitCode: number;
  json?: { code: string; message: string; part: string | null };
  isStep: boolean;
}

/**
 * The one place the CLI tells failures apart: `error` as the lines the writer reads in `lang` and the exit code,
 * or undefined for a failure the command does not expect (thrown on).
 * @example cliFailure(new SpecError([issue]), 'en', { expects: ['spec'] }) // { lines: ['file: path: message'],
 * exitCode: 1, isStep: false }
 */
export function cliFailure(error: unknown, lang: Lang, how: FailureHow = {}): CliFailure | undefined {
  const expects = new Set(how.expects ?? []);
  const where = how.where ?? '';
  const said = (text: string, exitCode: number = how.exitCode ?? EXIT.badInput): CliFailure => ({
    words: text,
    lines: [`karya: ${where}${text}`],
    exitCode,
    isStep: false,
  });
  if (error instanceof GenerationError && how.step) {
    const message = generationMessage(error, lang);
    const words = how.step.words({ message, status: error.status, english: error.message });
    const json = how.step.json
      ? { json: { code: error.code, message: how.step.json.isWhole ? words : message, part: how.step.json.part } }
      : {};
    return { words, lines: [`karya: ${words}`], exitCode: EXIT.failed, isStep: true, ...json };
  }
  if (error instanceof SpecError && expects.has('spec')) {
    const lines = error.issues.map((issue) => specIssueIn(issue, lang));
    return { words: lines.join('\n'), lines, exitCode: EXIT.failed, isStep: false };
  }
  if (error instanceof SettingsError && expects.has('settings')) {
    const words = error.issues.map((i) => formatSettingsIssue(i, lang));
    return {
      words: words.join('\n'),
      lines: words.map((w) => `karya: ${where}${w}`),
      exitCode: EXIT.badInput,
      isStep: false,
    };
  }
  if (error instanceof EditError && expects.has('edit')) return said(`${error.code}: ${error.message}`);
  if (error instanceof ImportRefusal && expects.has('import')) return said(importRefusalMessage(error, lang));
  if (error instanceof VoiceError && expects.has('voice')) return said(voiceMessage(error, lang));
  if (how.plain?.some((kind) => error instanceof kind)) return said((error as Error).message);
  if (how.selfWorded?.some((kind) => error instanceof kind)) return said((error as KaryaError).messageIn(lang));
  const catalogued = how.catalogued?.find((kind) => error instanceof kind);
  if (catalogued && error instanceof KaryaError) {
    const { code, vars } = error as unknown as {
      code: Parameters<typeof catalogueMessage>[0];
      vars: Readonly<Record<string, string>>;
    };
    return said(catalogueMessage(code, lang, { ...vars }));
  }
  const words = expects.has('worded') ? errorWords(error, lang) : undefined;
  return words === undefined ? undefined : said(words);
}

/**
 * End the command with `error` said as the CLI says it (`--json`'s line first); return for a failure it does not
 * expect, to be thrown on.
 */
export function exitOnFailure(error: unknown, lang: Lang, how: FailureHow): void {
  endWith(cliFailure(error, lang, how));
}

/** Print a failure cliFailure said and end the command with its exit code; nothing for none. */
export function endWith(failure: CliFailure | undefined): void {
  if (!failure) return;
  if (failure.json) printJsonError(failure.json);
  for (const line of failure.lines) process.stderr.write(`${line}\n`);
  throw new CliExit(failure.exitCode);
}

/**
 * The exit code of a command that threw `error`, after saying it: an exit already said, commander's own (it printed
 * its usage), a failure the product words (a code and its params) in `lang`, anything else as its message.
 */
export function thrownExitCode(error: unknown, lang: Lang = langs()[0]!): number {
  if (error instanceof CliExit) return error.exitCode;
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
  const words = errorWords(error, lang) ?? (KaryaError.isInstance(error) ? error.messageIn(lang) : undefined);
  process.stderr.write(`karya: ${words ?? (error instanceof Error ? error.message : String(error))}\n`);
  return EXIT.failed;
}

/**
 * A failure's words in `lang`, or undefined for one the product does not word.
 * @example errorWords(new SeriesError('series_name_empty', {}), 'ms') // the catalogue's Malay message
 */
export function errorWords(error: unknown, lang: Lang): string | undefined {
  if (error instanceof VoiceError) return voiceMessage(error, lang);
  if (error instanceof GenerationError) return generationMessage(error, lang);
  if (error instanceof ExportLimitError) return exportLimitMessage(error, lang);
  if (error instanceof SeriesError)
    return catalogueMessage(
      error.code,
      lang,
      Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)])),
    );
  return undefined;
}

/**
 * End the command with a worded failure's message (after `where`, exit 2 unless told); return for any other, to be
 * thrown on.
 */
export function exitIfWorded(error: unknown, lang: Lang, opts: { where?: string; exitCode?: number } = {}): void {
  exitOnFailure(error, lang, { expects: ['worded'], ...opts });
}

/** An export limit in the CLI's words, in `lang`: what stopped, why, and the setting that moves the limit. */
export function exportLimitMessage(error: ExportLimitError, lang: Lang): string {
  const format = error.vars.format ?? '';
  if (error.code === 'export_too_slow')
    return toolWord('exportTooSlow', lang, { format, seconds: error.vars.seconds ?? '' });
  if (error.code === 'export_too_large')
    return toolWord('exportTooLarge', lang, { format, megabytes: error.vars.megabytes ?? '' });
  return toolWord('exportBusy', lang, { format });
}
