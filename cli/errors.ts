// The command line's one renderer of errors: a failure the product words (a catalogue code and its params) in the
// writer's language. Commands catch what they expect and end through `exitIfWorded`; anything it does not word is
// thrown on, for the command's top level (cli/main.ts) to print.
import { generationMessage, ExportLimitError, GenerationError, SeriesError, VoiceError, voiceMessage, catalogueMessage, type Lang } from '../engine/index.js';
import { EXIT, fail } from './util.js';

/**
 * A failure's words in `lang`, or undefined for one the product does not word.
 * @example errorWords(new SeriesError('series_name_empty', {}), 'ms') // the catalogue's Malay message
 */
export function errorWords(error: unknown, lang: Lang): string | undefined {
  if (error instanceof VoiceError) return voiceMessage(error, lang);
  if (error instanceof GenerationError) return generationMessage(error, lang);
  if (error instanceof ExportLimitError) return exportLimitMessage(error);
  if (error instanceof SeriesError) return catalogueMessage(error.code, lang, Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)])));
  return undefined;
}

/** End the command with a worded failure's message (after `where`, exit 2 unless told); return for any other, to be thrown on. */
export function exitIfWorded(error: unknown, lang: Lang, opts: { where?: string; exitCode?: number } = {}): void {
  const words = errorWords(error, lang);
  if (words !== undefined) fail(`${opts.where ?? ''}${words}`, opts.exitCode ?? EXIT.badInput);
}

/** An export limit in the CLI's words: what stopped, why, and the setting that moves the limit. */
export function exportLimitMessage(error: ExportLimitError): string {
  const format = error.vars.format ?? 'the';
  if (error.code === 'export_too_slow') {
    return `the ${format} file was stopped after ${error.vars.seconds} seconds (KARYA_EXPORT_TIMEOUT_MS). A very long word or chapter is the usual cause: break it up (karya export writes the book again after you edit it), or write another format.`;
  }
  if (error.code === 'export_too_large') {
    return `the ${format} file was stopped: it needed more than ${error.vars.megabytes} MB of memory (KARYA_EXPORT_MEMORY_MB). A very long word or chapter is the usual cause: break it up, or write another format.`;
  }
  return `the ${format} file could not start: too many files are being made at once; run the command again.`;
}
