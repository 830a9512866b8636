// The command line's one renderer of errors: a failure the product words (a catalogue code and its params) in the
// writer's language. Commands catch what they expect and end through `exitIfWorded`; anything it does not word is
// thrown on, for the command's top level (cli/main.ts) to print.
import { generationMessage, GenerationError, SeriesError, VoiceError, voiceMessage, catalogueMessage, type Lang } from '../engine/index.js';
import { EXIT, fail } from './util.js';

/**
 * A failure's words in `lang`, or undefined for one the product does not word.
 * @example errorWords(new SeriesError('series_name_empty', {}), 'ms') // the catalogue's Malay message
 */
export function errorWords(error: unknown, lang: Lang): string | undefined {
  if (error instanceof VoiceError) return voiceMessage(error, lang);
  if (error instanceof GenerationError) return generationMessage(error, lang);
  if (error instanceof SeriesError) return catalogueMessage(error.code, lang, Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)])));
  return undefined;
}

/** End the command with a worded failure's message (after `where`, exit 2 unless told); return for any other, to be thrown on. */
export function exitIfWorded(error: unknown, lang: Lang, opts: { where?: string; exitCode?: number } = {}): void {
  const words = errorWords(error, lang);
  if (words !== undefined) fail(`${opts.where ?? ''}${words}`, opts.exitCode ?? EXIT.badInput);
}
