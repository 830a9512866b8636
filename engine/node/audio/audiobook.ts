// A book's audio edition (`karya audiobook`): each part read paragraph by paragraph by a voice (so each paragraph's
// time is known), laid out and mastered to the stores' numbers (master.ts), judged before it is kept (judge.ts: a file
// that fails is made again once, then named and left out, never charged), with an opening and a closing credit that
// disclose the synthetic voice; then the whole book as an M4B with its chapter marks, and read-along.json, the
// paragraphs' timings the read-along EPUB is built from. FFmpeg and the voice run as processes of their own.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BookDocument } from '../../session/book.js';
import type { CallBudget } from '../../budget.js';
import { GenerationError } from '../../errors.js';
import { isBudgetStop } from '../../budget.js';
import { AudioError } from '../../audio-error.js';
import type { SpeechVoice, VoiceCredit } from '../../providers/speech-voice.js';
import { spokenBook, wordCount } from './book-text.js';
import { creditsOf } from './credits.js';
import { AUDIO_TARGET, masterFile, type MasteredFile, type SpeechPiece } from './master.js';
import { clippedStretches, decodeToPcm, secondsOf, sumOfSquares, trimSilence } from './pcm.js';
import { judgeAudio, type AudioProblem } from './judge.js';
import { writeM4b } from './m4b.js';
import type { ReadAlongChapter, ReadAlongInput } from './read-along-input.js';

/** One file of the edition: a credit or a part, its title and the texts read in it (a part's heading first). */
interface EditionItem {
  readonly kind: 'opening' | 'chapter' | 'closing';
  readonly title: string;
  readonly texts: readonly string[];
  readonly file: string;
}

export type AudiobookEvent =
  | { readonly kind: 'file'; readonly title: string; readonly file: string; readonly seconds: number; readonly rmsDb: number; readonly peakDb: number }
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
export function editionItems(doc: BookDocument, voice: SpeechVoice): { items: EditionItem[]; book: ReturnType<typeof spokenBook> } {
  const book = spokenBook(doc);
  if (!book.parts.length) throw new AudioError('audio_no_text', { id: book.title });
  const credits = creditsOf(book, voice.credit(book.lang));
  const items: EditionItem[] = [
    { kind: 'opening', title: credits.opening.title, texts: [credits.opening.text], file: '00-opening-credits.mp3' },
    ...book.parts.map((p, i) => ({ kind: 'chapter' as const, title: p.heading, texts: [p.heading, ...p.paragraphs], file: `${pad(i + 1)}-chapter.mp3` })),
    { kind: 'closing', title: credits.closing.title, texts: [credits.closing.text], file: `${pad(book.parts.length + 1)}-closing-credits.mp3` },
  ];
  return { items, book };
}

/** Paragraphs read at once. */
const SPOKEN_AT_ONCE = 3;

/** `each` of `items`, at most `limit` at a time, the results in the items' order. */
async function inOrder<T, R>(items: readonly T[], limit: number, each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await each(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** A text read by the voice into `file` (its samples, trimmed), its request counted in the run's budget (a retry too); an ask that fails counts as one. */
async function spoken(voice: SpeechVoice, input: { text: string; file: string; lang: BookDocument['lang']; budget?: CallBudget; signal?: AbortSignal }): Promise<Omit<SpeechPiece, 'pauseAfter'> & { clipped: number }> {
  const { budget } = input;
  budget?.willSend();
  let bytes: Uint8Array;
  try {
    bytes = await voice.speak({ text: input.text, lang: input.lang, ...(input.signal ? { signal: input.signal } : {}), onRetry: () => budget?.willSend() });
    budget?.kept();
  } catch (error) {
    if (!isBudgetStop(error) && !input.signal?.aborted) budget?.failed(error instanceof GenerationError ? error.code : 'other');
    throw error;
  }
  const pcm = trimSilence(await decodeToPcm(bytes, input.signal));
  await writeFile(input.file, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  return { file: input.file, samples: pcm.length, sumSquares: sumOfSquares(pcm), clipped: clippedStretches(pcm) };
}

/** One file made, mastered and judged: what it measured and its problem, if any. */
async function makeItem(item: EditionItem, input: { voice: SpeechVoice; lang: BookDocument['lang']; out: string; work: string; book: { title: string; author: string }; track: number; budget?: CallBudget; signal?: AbortSignal }): Promise<{ mastered: MasteredFile; problem: AudioProblem | undefined }> {
  // A few paragraphs asked at once (the voice and FFmpeg are processes of their own), kept in their order.
  const read = await inOrder([...item.texts.entries()], SPOKEN_AT_ONCE, ([i, text]) => spoken(input.voice, { text, file: path.join(input.work, `${item.file}.${i}.pcm`), lang: input.lang, ...(input.budget ? { budget: input.budget } : {}), ...(input.signal ? { signal: input.signal } : {}) }));
  const clipped = read.reduce((n, r) => n + r.clipped, 0);
  const pieces: SpeechPiece[] = read.map(({ file, samples, sumSquares }, i) => ({ file, samples, sumSquares, pauseAfter: item.kind === 'chapter' && i === 0 ? AUDIO_TARGET.headingPauseSeconds : AUDIO_TARGET.pauseSeconds }));
  const out = path.join(input.out, item.file);
  const tags = { title: item.title, album: input.book.title, ...(input.book.author ? { artist: input.book.author } : {}), track: input.track, language: input.lang };
  const mastered = await masterFile({ pieces, out, raw: path.join(input.work, `${item.file}.raw`), tags, ...(input.signal ? { signal: input.signal } : {}) });
  const speechSeconds = pieces.reduce((n, p) => n + secondsOf(p.samples), 0);
  const problem = judgeAudio({ lang: input.lang, words: item.texts.reduce((n, t) => n + wordCount(t), 0), speechSeconds, seconds: mastered.seconds, clipped, rmsDb: mastered.rmsDb, peakDb: mastered.peakDb, silences: mastered.silences });
  return { mastered, problem };
}

/**
 * The audio edition of `doc` written into `out`: the MP3s, the M4B (when every part was kept) and read-along.json.
 * @example await writeAudiobook({ doc: bookDocument(spec, state), voice: speechVoiceFromEnv(), out: 'audio' })
 */
export async function writeAudiobook(input: { doc: BookDocument; voice: SpeechVoice; out: string; budget?: CallBudget; signal?: AbortSignal; onEvent?: (event: AudiobookEvent) => void }): Promise<AudiobookResult> {
  const { voice, out, signal } = input;
  input.voice.check(input.doc.lang);
  const { items, book } = editionItems(input.doc, voice);
  await mkdir(out, { recursive: true });
  const work = await mkdtemp(path.join(os.tmpdir(), 'karya-audio-'));
  const kept: Array<{ item: EditionItem; mastered: MasteredFile }> = [];
  const failed: Array<{ title: string; problem: AudioProblem }> = [];
  try {
    for (const [track, item] of items.entries()) {
      const common = { voice, lang: book.lang, out, work, book, track: track + 1, ...(input.budget ? { budget: input.budget } : {}), ...(signal ? { signal } : {}) };
      let made = await makeItem(item, common);
      if (made.problem) {
        input.onEvent?.({ kind: 'again', title: item.title, problem: made.problem });
        made = await makeItem(item, common);
      }
      if (made.problem) {
        await rm(path.join(out, item.file), { force: true });
        failed.push({ title: item.title, problem: made.problem });
        input.onEvent?.({ kind: 'failed', title: item.title, problem: made.problem });
        continue;
      }
      kept.push({ item, mastered: made.mastered });
      input.onEvent?.({ kind: 'file', title: item.title, file: item.file, seconds: made.mastered.seconds, rmsDb: made.mastered.rmsDb, peakDb: made.mastered.peakDb });
    }
    const readAlong = readAlongOf(book, kept);
    await writeFile(path.join(out, READ_ALONG_FILE), `${JSON.stringify(readAlong, null, 2)}\n`);
    const m4b = failed.length ? undefined : M4B_FILE;
    if (m4b) await writeM4b({ out: path.join(out, m4b), work, book: { title: book.title, author: book.author, lang: book.lang }, files: kept.map((k) => ({ path: path.join(out, k.item.file), title: k.item.title })), ...(signal ? { signal } : {}) });
    const epub = failed.length ? undefined : READ_ALONG_EPUB;
    if (epub) await writeEpub(readAlong, out, epub, voice.credit(book.lang), book.lang);
    return {
      files: [...kept.map((k) => k.item.file), ...(m4b ? [m4b] : []), READ_ALONG_FILE, ...(epub ? [epub] : [])], failed, readAlong, ...(m4b ? { m4b } : {}), ...(epub ? { epub } : {}),
      seconds: kept.reduce((n, k) => n + k.mastered.seconds, 0),
      characters: kept.reduce((n, k) => n + k.item.texts.reduce((c, t) => c + t.length, 0), 0),
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The read-along EPUB from the manifest, its narrator the synthetic voice named (loaded on use: the EPUB zipper). */
async function writeEpub(readAlong: ReadAlongInput, out: string, file: string, credit: VoiceCredit, lang: string): Promise<void> {
  const { writeReadAlongEpub } = await import('../export/read-along.js');
  await writeReadAlongEpub(readAlong, out, path.join(out, file), { voice: credit.kind === 'demo' ? `espeak-ng ${lang}` : credit.voice });
}

/** The chapters kept, each with its heading's and paragraphs' times in its MP3. */
function readAlongOf(book: ReturnType<typeof spokenBook>, kept: ReadonlyArray<{ item: EditionItem; mastered: MasteredFile }>): ReadAlongInput {
  const chapters: ReadAlongChapter[] = kept.filter((k) => k.item.kind === 'chapter').map(({ item, mastered }) => {
    const timed = item.texts.map((text, i) => ({ text, begin: mastered.timings[i]!.begin, end: mastered.timings[i]!.end }));
    return { title: item.title, audio: item.file, heading: timed[0]!, paragraphs: timed.slice(1) };
  });
  return { title: book.title, author: book.author, language: book.lang, chapters };
}
