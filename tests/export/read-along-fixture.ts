// A small audio edition made for real, as `karya audiobook` makes one: each paragraph spoken by espeak-ng (Debian's,
// run as a program), a chapter's paragraphs joined into one MP3 after half a second of room tone with a short pause
// between them (one FFmpeg a book, an output a chapter), each paragraph's begin and end in that MP3 counted from the
// spoken pieces' durations (their WAV headers', to the microsecond as ffprobe gives them), and the manifest
// (read-along.json) written beside the MP3s.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReadAlongInput } from '../../engine/node/export/read-along.js';
import { runTool } from './tools.js';
import { wavOf } from '../fake-speech.js';

const ROOM_TONE_S = 0.5;
const PAUSE_S = 0.3;

/** The book a fixture speaks: its chapters' titles and paragraphs. */
export interface SpokenBook {
  title: string;
  author: string;
  language: 'en' | 'ms' | 'id';
  chapters: ReadonlyArray<{ title: string; paragraphs: readonly string[] }>;
}

async function run(command: string, args: readonly string[]): Promise<string> {
  const r = await runTool(command, args);
  if (r.code !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

/**
 * A PCM WAV file's duration in seconds, read from its header (its data chunk's bytes over its byte rate), rounded to
 * the microsecond as ffprobe prints it (`format=duration`): the same number without an ffprobe process a piece.
 */
export function wavSeconds(file: string): number {
  const wav = readFileSync(file);
  let byteRate = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const [id, size] = [wav.toString('latin1', at, at + 4), wav.readUInt32LE(at + 4)];
    if (id === 'fmt ') byteRate = wav.readUInt32LE(at + 16);
    if (id === 'data' && byteRate > 0) return Math.round((Math.min(size, wav.length - at - 8) / byteRate) * 1e6) / 1e6;
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no PCM data chunk`);
}

/** espeak-ng's format: 22,050 Hz mono, 16-bit. */
const ESPEAK_RATE = 22_050;

/**
 * Silence of espeak-ng's format as a PCM WAV file, written here: the samples FFmpeg's anullsrc cut at `seconds` gives
 * (zeros, the count rounded to the sample), without an FFmpeg process.
 */
function silence(file: string, seconds: number): void {
  writeFileSync(file, wavOf(new Int16Array(Math.round(seconds * ESPEAK_RATE)), ESPEAK_RATE));
}

/**
 * Every chapter's pieces (WAV files, in order) joined into its MP3, all by one FFmpeg: each chapter's pieces are
 * inputs of their own, concatenated into that chapter's output, encoded as a run of its own would encode it.
 */
async function joinChapters(chapters: ReadonlyArray<{ pieces: readonly string[]; mp3: string }>): Promise<void> {
  const args = ['-v', 'error', '-y'];
  const graphs: string[] = [];
  const outputs: string[] = [];
  let first = 0;
  chapters.forEach(({ pieces, mp3 }, c) => {
    args.push(...pieces.flatMap((f) => ['-i', f]));
    const pads = pieces.map((_, i) => `[${first + i}:a]`).join('');
    graphs.push(`${pads}concat=n=${pieces.length}:v=0:a=1[out${c}]`);
    outputs.push('-map', `[out${c}]`, '-ac', '1', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k', mp3);
    first += pieces.length;
  });
  await run('ffmpeg', [...args, '-filter_complex', graphs.join(';'), ...outputs]);
}

/** Speak the book into `dir`: chapter MP3s under audio/ and the manifest; returns the manifest and its path. */
export async function speakBook(dir: string, book: SpokenBook): Promise<{ manifest: string; input: ReadAlongInput }> {
  mkdirSync(path.join(dir, 'audio'), { recursive: true });
  const work = path.join(dir, 'pieces');
  mkdirSync(work, { recursive: true });
  const [lead, pause] = [path.join(work, 'lead.wav'), path.join(work, 'pause.wav')];
  silence(lead, ROOM_TONE_S);
  silence(pause, PAUSE_S);
  const [leadS, pauseS] = [wavSeconds(lead), wavSeconds(pause)];
  const chapters: Array<ReadAlongInput['chapters'][number]> = [];
  const joined: Array<{ pieces: string[]; mp3: string }> = [];
  for (const [c, chapter] of book.chapters.entries()) {
    const pieces = [lead];
    const paragraphs: Array<ReadAlongInput['chapters'][number]['paragraphs'][number]> = [];
    let at = leadS;
    for (const [p, text] of chapter.paragraphs.entries()) {
      const wav = path.join(work, `c${c + 1}-p${p + 1}.wav`);
      await run('espeak-ng', ['-v', book.language, '-w', wav, text]);
      const seconds = wavSeconds(wav);
      paragraphs.push({ text, begin: at, end: at + seconds });
      at += seconds + pauseS;
      pieces.push(wav, pause);
    }
    const audio = `audio/chapter-${c + 1}.mp3`;
    joined.push({ pieces, mp3: path.join(dir, audio) });
    chapters.push({ title: chapter.title, audio, paragraphs });
  }
  await joinChapters(joined);
  const input: ReadAlongInput = { title: book.title, author: book.author, language: book.language, chapters };
  const manifest = path.join(dir, 'read-along.json');
  writeFileSync(manifest, JSON.stringify(input, null, 2));
  return { manifest, input };
}

/** Three short books, one per language, of three chapters each (the first chapter's title spoken before its text). */
export const BOOKS: readonly SpokenBook[] = [
  {
    title: 'The River Remembers',
    author: 'Nur Aisyah',
    language: 'en',
    chapters: [
      {
        title: 'The Flood',
        paragraphs: ['The Flood', 'The water rose in the night.', 'By morning the village was an island.'],
      },
      {
        title: 'The Boat',
        paragraphs: ['Grandfather built a boat from the old door.', 'It floated, to everyone’s surprise.'],
      },
      { title: 'Home', paragraphs: ['When the river went down, we walked home.'] },
    ],
  },
  {
    title: 'Sungai Yang Ingat',
    author: 'Nur Aisyah',
    language: 'ms',
    chapters: [
      {
        title: 'Banjir',
        paragraphs: ['Banjir', 'Air naik pada waktu malam.', 'Menjelang pagi, kampung itu menjadi sebuah pulau.'],
      },
      {
        title: 'Perahu',
        paragraphs: ['Datuk membina perahu daripada pintu lama.', 'Perahu itu terapung, semua orang terkejut.'],
      },
      { title: 'Pulang', paragraphs: ['Apabila air surut, kami berjalan pulang.'] },
    ],
  },
  {
    title: 'Sungai Yang Ingat',
    author: 'Nur Aisyah',
    language: 'id',
    chapters: [
      {
        title: 'Banjir',
        paragraphs: ['Banjir', 'Air naik pada malam hari.', 'Menjelang pagi, desa itu menjadi sebuah pulau.'],
      },
      {
        title: 'Perahu',
        paragraphs: ['Kakek membuat perahu dari pintu tua.', 'Perahu itu mengapung, semua orang heran.'],
      },
      { title: 'Pulang', paragraphs: ['Ketika air surut, kami berjalan pulang.'] },
    ],
  },
];
