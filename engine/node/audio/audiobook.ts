// A book's audio edition (`karya audiobook`): each part read paragraph by paragraph by a voice (so each paragraph's
// time is known), laid out and mastered to the stores' numbers (master.ts), judged before it is kept (judge.ts: a file
// that fails is made again once, then named and left out, never charged; in an edition kept whole or not at all it
// ends the run), with an opening and a closing credit that disclose the synthetic voice; then the whole book as an M4B
// with its chapter marks, and read-along.json, the paragraphs' timings the read-along EPUB is built from. FFmpeg and
// the voice run as processes of their own; the decoding, measuring and encoding on a bounded pool of worker threads
// (audio-pool.ts), several files at once, never on the caller's thread (a server's request thread only asks and
// waits). A part over the longest file allowed is split at paragraph boundaries into files in order (edition-file.ts),
// each its own M4B mark.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BookDocument } from '../../session/book.js';
import type { CallBudget } from '../../budget.js';
import { AudioError } from '../../audio-error.js';
import type { SpeechVoice, VoiceCredit } from '../../providers/speech-voice.js';
import { spokenBook } from './book-text.js';
import { creditsOf } from './credits.js';
import { AUDIO_TARGET } from './master.js';
import type { AudioProblem } from './judge.js';
import { limiter, makeItem, type EditionItem, type ItemInput, type MadeFile } from './edition-file.js';
import { audioPoolSize } from './audio-pool.js';
import { writeM4b } from './m4b.js';
import type { ReadAlongChapter, ReadAlongInput } from './read-along-input.js';

export type AudiobookEvent =
  | {
      readonly kind: 'file';
      readonly title: string;
      readonly file: string;
      readonly seconds: number;
      readonly rmsDb: number;
      readonly peakDb: number;
    }
  | { readonly kind: 'again' | 'failed'; readonly title: string; readonly problem: AudioProblem };

export interface AudiobookResult {
  /** The files written, relative to the out folder, in order (the MP3s, the M4B, read-along.json). */
  readonly files: readonly string[];
  /** Parts whose audio failed its check twice: not written, not charged. */
  readonly failed: ReadonlyArray<{ title: string; problem: AudioProblem }>;
  /** Seconds of the MP3s written. */
  readonly seconds: number;
  /** Characters read aloud in the files kept (what a speech server charges by). */
  readonly characters: number;
  readonly readAlong: ReadAlongInput;
  readonly m4b?: string;
  /** The read-along EPUB 3 (Media Overlays: the text highlighted as it is read), when every part was kept. */
  readonly epub?: string;
}

export const READ_ALONG_FILE = 'read-along.json';
export const M4B_FILE = 'audiobook.m4b';
export const READ_ALONG_EPUB = 'read-along.epub';

const pad = (n: number) => String(n).padStart(2, '0');

/** The edition's files in order: the opening credit, each part, the closing credit. */
export function editionItems(
  doc: BookDocument,
  voice: SpeechVoice,
): { items: EditionItem[]; book: ReturnType<typeof spokenBook> } {
  const book = spokenBook(doc);
  if (!book.parts.length) throw new AudioError('audio_no_text', { id: book.title });
  const credits = creditsOf(book, voice.credit(book.lang));
  const items: EditionItem[] = [
    { kind: 'opening', title: credits.opening.title, texts: [credits.opening.text], file: '00-opening-credits.mp3' },
    ...book.parts.map((p, i) => ({
      kind: 'chapter' as const,
      title: p.heading,
      texts: [p.heading, ...p.paragraphs],
      file: `${pad(i + 1)}-chapter.mp3`,
    })),
    {
      kind: 'closing',
      title: credits.closing.title,
      texts: [credits.closing.text],
      file: `${pad(book.parts.length + 1)}-closing-credits.mp3`,
    },
  ];
  return { items, book };
}

/** The voice's requests at once, over the whole run (several files are made side by side). */
const SPOKEN_AT_ONCE = 3;

/**
 * `each` of `items`, at most `limit` at a time, the results in the items' order. After a failure no item is started
 * and those running are waited for (their files are in the run's work folder), then the first failure is thrown.
 */
async function inOrder<T, R>(
  items: readonly T[],
  limit: number,
  each: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        results[i] = await each(items[i]!, i);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.error;
  return results;
}

/** Events told in the items' order, though the items finish in any: each item's held until those before it are told. */
function inOrderEvents(
  count: number,
  onEvent?: (event: AudiobookEvent) => void,
): { tell(index: number, event: AudiobookEvent): void; done(index: number): void } {
  const held: AudiobookEvent[][] = Array.from({ length: count }, () => []);
  const finished = new Array<boolean>(count).fill(false);
  let told = 0;
  const flush = () => {
    while (told < count) {
      for (const e of held[told]!.splice(0)) onEvent?.(e);
      if (!finished[told]) return;
      told++;
    }
  };
  return {
    tell: (index, event) => {
      held[index]!.push(event);
      flush();
    },
    done: (index) => {
      finished[index] = true;
      flush();
    },
  };
}

/**
 * The audio edition of `doc` written into `out`: the MP3s, the M4B (when every part was kept) and read-along.json.
 * @example await writeAudiobook({ doc: bookDocument(spec, state), voice: speechVoiceFromEnv(), out: 'audio' })
 */
export async function writeAudiobook(input: {
  doc: BookDocument;
  voice: SpeechVoice;
  out: string;
  budget?: CallBudget;
  signal?: AbortSignal;
  onEvent?: (event: AudiobookEvent) => void;
  maxMinutes?: number;
  /**
   * The edition is kept whole or not at all (the server's): the first part that fails its check twice ends the run,
   * the parts under way stopped and no other started; the result names it, with no M4B and no EPUB.
   */
  wholeOnly?: boolean;
}): Promise<AudiobookResult> {
  const { voice, out } = input;
  const stop = new AbortController();
  const signals = input.signal ? [stop.signal, input.signal] : [stop.signal];
  const signal = input.wholeOnly ? AbortSignal.any(signals) : input.signal;
  const ended = new Error('a part failed: the edition is not whole');
  input.voice.check(input.doc.lang);
  const { items, book } = editionItems(input.doc, voice);
  await mkdir(out, { recursive: true });
  const work = await mkdtemp(path.join(os.tmpdir(), 'karya-audio-'));
  const failed: Array<{ title: string; problem: AudioProblem }> = [];
  const events = inOrderEvents(items.length, input.onEvent);
  const asking = limiter(SPOKEN_AT_ONCE);
  const maxMinutes = input.maxMinutes ?? AUDIO_TARGET.maxMinutes;
  try {
    // As many items made at once as there are audio threads, and one more: its texts are asked while the others encode.
    const made = await inOrder(items, audioPoolSize() + 1, async (item, index): Promise<Kept | undefined> => {
      const common = {
        voice,
        lang: book.lang,
        out,
        work,
        book,
        track: index + 1,
        maxMinutes,
        asking,
        ...(input.budget ? { budget: input.budget } : {}),
        ...(signal ? { signal } : {}),
      };
      try {
        const part = await makePart(item, common, (event) => events.tell(index, event));
        if (!('problem' in part)) return part;
        failed.push({ title: item.title, problem: part.problem });
        if (!input.wholeOnly) return undefined;
        stop.abort(ended);
        throw ended;
      } finally {
        events.done(index);
      }
    }).catch((error: unknown): Array<Kept | undefined> => {
      if (error === ended) return [];
      throw error;
    });
    const kept = made.filter((k): k is Kept => k !== undefined);
    // Failed parts named in the book's order.
    failed.sort((x, y) => items.findIndex((i) => i.title === x.title) - items.findIndex((i) => i.title === y.title));
    const readAlong = readAlongOf(book, kept);
    await writeFile(path.join(out, READ_ALONG_FILE), `${JSON.stringify(readAlong, null, 2)}\n`);
    const files = kept.flatMap((k) => k.files);
    const m4b = failed.length ? undefined : M4B_FILE;
    if (m4b)
      await writeM4b({
        out: path.join(out, m4b),
        work,
        book: { title: book.title, author: book.author, lang: book.lang },
        files: files.map((f) => ({ path: path.join(out, f.file), title: f.title, seconds: f.mastered.seconds })),
        ...(signal ? { signal } : {}),
      });
    const epub = failed.length ? undefined : READ_ALONG_EPUB;
    if (epub) await writeEpub(readAlong, out, epub, voice.credit(book.lang), book.lang);
    return {
      files: [...files.map((f) => f.file), ...(m4b ? [m4b] : []), READ_ALONG_FILE, ...(epub ? [epub] : [])],
      failed,
      readAlong,
      ...(m4b ? { m4b } : {}),
      ...(epub ? { epub } : {}),
      seconds: files.reduce((n, f) => n + f.mastered.seconds, 0),
      characters: kept.reduce((n, k) => n + k.item.texts.reduce((c, t) => c + t.length, 0), 0),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * One part made, and made again once when its audio fails its check: its files told as they are kept, else its
 * problem (its files removed).
 */
async function makePart(
  item: EditionItem,
  common: ItemInput,
  tell: (event: AudiobookEvent) => void,
): Promise<Kept | { problem: AudioProblem }> {
  let result = await makeItem(item, common);
  if (result.problem) {
    tell({ kind: 'again', title: item.title, problem: result.problem });
    result = await makeItem(item, common);
  }
  if (result.problem) {
    await Promise.all(result.files.map((f) => rm(path.join(common.out, f.file), { force: true })));
    tell({ kind: 'failed', title: item.title, problem: result.problem });
    return { problem: result.problem };
  }
  for (const f of result.files) {
    const { seconds, rmsDb, peakDb } = f.mastered;
    tell({ kind: 'file', title: f.title, file: f.file, seconds, rmsDb, peakDb });
  }
  return { item, files: result.files };
}

/** The read-along EPUB from the manifest, its narrator the synthetic voice named (loaded on use: the EPUB zipper). */
async function writeEpub(
  readAlong: ReadAlongInput,
  out: string,
  file: string,
  credit: VoiceCredit,
  lang: string,
): Promise<void> {
  const { writeReadAlongEpub } = await import('../export/read-along.js');
  await writeReadAlongEpub(readAlong, out, path.join(out, file), {
    voice: credit.kind === 'demo' ? `espeak-ng ${lang}` : credit.voice,
  });
}

/** An item kept: the files it was made into. */
interface Kept {
  readonly item: EditionItem;
  readonly files: readonly MadeFile[];
}

/**
 * The chapters kept, each with its heading's and paragraphs' times in its MP3; a chapter split into several files has
 * its first as its audio, and each paragraph in another file names that file (`audio`), its times in it.
 */
function readAlongOf(book: ReturnType<typeof spokenBook>, kept: readonly Kept[]): ReadAlongInput {
  const chapters: ReadAlongChapter[] = kept
    .filter((k) => k.item.kind === 'chapter')
    .map(({ item, files }) => {
      const first = files[0]!.file;
      const timed = files.flatMap((f) =>
        f.texts.map((t, j) => ({
          text: item.texts[t]!,
          begin: f.mastered.timings[j]!.begin,
          end: f.mastered.timings[j]!.end,
          ...(f.file !== first ? { audio: f.file } : {}),
        })),
      );
      return { title: item.title, audio: first, heading: timed[0]!, paragraphs: timed.slice(1) };
    });
  return { title: book.title, author: book.author, language: book.lang, chapters };
}
