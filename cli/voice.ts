// The writer's voice on the command line: a sample file read and measured (`karya voice FILE`,
// `karya generate --voice FILE`, a batch job's `voice:`), the phrases to avoid (`--avoid`, the brief's
// "# Avoid" section, a job's `avoid:`), and each part's marks (⚠ drifts from your voice, overused phrases).
import { statSync, readFileSync } from 'node:fs';
import {
  IMPORT_LIMITS,
  ImportRefusal,
  avoidListOf,
  numberIn,
  tooLargeRefusal,
  voiceFromSample,
  withoutCharacterDetails,
  word,
  type BookVoice,
  type Lang,
  type StepResult,
} from '../engine/index.js';
import { cliImportPool } from './import-pool.js';
import { bookVoiceOf } from '../server/index.js';
import { CLI_USER, fail } from './util.js';
import { exitIfWorded, exitOnFailure } from './errors.js';
import { cliStateOf, hasBooks, openCliState } from './state.js';
import { optionWord } from './option-words.js';

/**
 * `--voice book:ID` (or `book:ID:3-8`, chapters 3 to 8): a saved book's own prose as the sample (an imported
 * manuscript, a series' first book).
 */
const BOOK_SAMPLE = /^book:(\d{1,12})(?::(\d{1,4})(?:-(\d{1,4}))?)?$/;

/**
 * A saved book's prose (its parts, the introduction without its character list; only chapters `from` to `to`
 * when given). A long one is measured on an even sample of it (voiceFromSample), never refused. What is wrong
 * with it is said in `lang`, the language of the book it gives its voice to.
 */
async function bookSampleOrExit(
  id: string,
  range: { from?: number; to?: number },
  where: string,
  state: string | undefined,
  lang: Lang,
): Promise<string> {
  const place = cliStateOf(state);
  const statePath = place.where;
  if (!hasBooks(place)) return fail(`${where}${optionWord('voiceNoBook', lang, { id, file: statePath })}`);
  const stateFile = await openCliState(place);
  try {
    const found = await stateFile.repos.books.find({ userId: CLI_USER, id: Number(id) });
    if (!found || !found.state.content.some((t) => t.trim()))
      return fail(`${where}${optionWord('voiceNoParts', lang, { id, file: statePath })}`);
    const content = found.state.content;
    const { from, to = from } = range;
    // Chapter n is the book's part n (the introduction is part 0).
    const chapters = Math.min(found.state.totalChapters ?? content.length - 1, content.length - 1);
    if (
      from !== undefined &&
      (from < 1 || to! < from || to! > chapters || !content.slice(from, to! + 1).some((t) => t.trim()))
    ) {
      const example = Math.max(1, Math.min(3, chapters));
      return fail(`${where}${optionWord('voiceChapters', lang, { id, from, to: to!, chapters, example })}`);
    }
    const parts = from === undefined ? content : content.slice(from, to! + 1);
    return parts
      .map((t, i) => (from === undefined && i === 0 && found.state.characterDetails ? withoutCharacterDetails(t) : t))
      .filter((t) => t.trim())
      .join('\n\n');
  } finally {
    await stateFile.close();
  }
}

/**
 * A sample file's text checked against the bound of an imported manuscript in words (IMPORT_LIMITS.words, as its
 * bytes are against IMPORT_LIMITS.bytes): an ImportRefusal naming the limit past it. The sample is measured on this
 * thread, all of it (its slices' spread as well as an even sample of it): 400,000 words take under a second,
 * the 3 million of a 20 MB text file several, with Ctrl-C and SIGTERM waiting.
 */
export function checkSampleWords(file: string, text: string): void {
  let words = 0;
  const word = /\S+/g;
  while (word.exec(text)) words++;
  if (words > IMPORT_LIMITS.words)
    throw new ImportRefusal('import_too_many_words', {
      file,
      words: String(words),
      limit: String(IMPORT_LIMITS.words),
    });
}

/**
 * A sample file's text (or a saved book's, `book:ID`), or exit 2 naming what is wrong with it (no such file, too large,
 * not a format read).
 */
export async function voiceSampleTextOrExit(file: string, lang: Lang, where = '', state?: string): Promise<string> {
  const book = BOOK_SAMPLE.exec(file);
  if (book)
    return bookSampleOrExit(
      book[1]!,
      { ...(book[2] ? { from: Number(book[2]) } : {}), ...(book[3] ? { to: Number(book[3]) } : {}) },
      where,
      state,
      lang,
    );
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return fail(`${where}--voice ${file}: ${word('noSuchFile', lang)}`);
  }
  try {
    if (size > IMPORT_LIMITS.bytes) throw tooLargeRefusal(file, size);
    const text = await (await cliImportPool()).readVoiceSample(file, readFileSync(file));
    checkSampleWords(file, text);
    return text;
  } catch (error) {
    exitOnFailure(error, lang, { expects: ['import'], where: `${where}--voice ` });
    throw error;
  }
}

/**
 * The voice a sample gives in `lang`, or exit 2 with the catalogue's message (too short, too long, another language,
 * not text).
 */
export function voiceOfTextOrExit(text: string, lang: Lang, where = ''): ReturnType<typeof voiceFromSample> {
  try {
    return voiceFromSample(text, lang);
  } catch (error) {
    exitIfWorded(error, lang, { where });
    throw error;
  }
}

/** The writer's phrases to avoid, checked, or exit 2 naming the limit. */
export function avoidOrExit(raw: readonly string[], lang: Lang, where = ''): string[] {
  try {
    return avoidListOf(raw);
  } catch (error) {
    exitIfWorded(error, lang, { where });
    throw error;
  }
}

/** The voice `--voice FILE` and the phrases to avoid give a book; undefined when neither is given. */
export async function bookVoiceOrExit(
  opts: { voice?: string; avoid?: readonly string[]; state?: string },
  lang: Lang,
  where = '',
): Promise<BookVoice | undefined> {
  const avoid = avoidOrExit(opts.avoid ?? [], lang, where);
  const sample =
    opts.voice !== undefined ? await voiceSampleTextOrExit(opts.voice, lang, where, opts.state) : undefined;
  try {
    return bookVoiceOf({ lang, avoid, ...(sample !== undefined ? { sample } : {}) });
  } catch (error) {
    exitIfWorded(error, lang, { where });
    throw error;
  }
}

/**
 * ", drifts from your voice: sentences 2.1× longer" and ", overused phrases: 6.2 per 1,000 words" for a part's CLI
 * line; '' when neither.
 */
export function voiceMarks(outcome: Pick<StepResult, 'voice' | 'overused'>, lang: Lang): string {
  const drifts = outcome.voice?.drifts.length
    ? `, ${word('voiceDrifts', lang, { notes: outcome.voice.notes.join(', ') })}`
    : '';
  const o = outcome.overused;
  const overused = o?.isMarked
    ? `, ${word('overusedMark', lang, {
        rate: numberIn(o.perThousand, lang, 1),
        phrases: o.phrases
          .slice(0, 5)
          .map((p) => `"${p}"`)
          .join(', '),
      })}`
    : '';
  return drifts + overused;
}

/** True when a part is marked by its voice or its overused phrases (no ✓). */
export function isVoiceMarked(outcome: Pick<StepResult, 'voice' | 'overused'>): boolean {
  return (outcome.voice?.drifts.length ?? 0) > 0 || outcome.overused?.isMarked === true;
}

/** A part's voice and overused phrases as `--json` carries them. */
export function voiceJson(outcome: Pick<StepResult, 'voice' | 'overused'>) {
  const v = outcome.voice;
  const o = outcome.overused;
  return {
    ...(v
      ? {
          voice: {
            distance: v.distance,
            drifts: v.drifts,
            statistics: v.statistics,
            notes: v.notes,
            fingerprint: v.fingerprint,
          },
        }
      : {}),
    ...(o
      ? {
          overused: {
            perThousand: o.perThousand,
            phrases: o.phrases,
            ...(o.avoided ? { avoided: o.avoided } : {}),
            marked: o.isMarked,
          },
        }
      : {}),
  };
}
