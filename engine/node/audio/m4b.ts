// The whole audio edition as one M4B (AAC in MP4), made by FFmpeg from the chapter MP3s in order, with a chapter mark
// for each (an FFmpeg metadata file's [CHAPTER] entries, titled as the book titles them, each as long as its file's
// samples as mastered: the MP3s decode to exactly those) and the book's title, author and language as its tags.
import { writeFile } from 'node:fs/promises';
import { runTool } from './tools.js';

/** A value of an FFmpeg metadata file, its special characters escaped. */
const escaped = (value: string) => value.replace(/[\\=;#\n]/g, (c) => `\\${c === '\n' ? '\n' : c}`);

/** The metadata file of a book whose files (in order, each with its title and length in seconds) make its chapters. */
export function chapterMetadata(
  book: { title: string; author: string; lang: string },
  files: ReadonlyArray<{ title: string; seconds: number }>,
): string {
  const lines = [
    ';FFMETADATA1',
    `title=${escaped(book.title)}`,
    `album=${escaped(book.title)}`,
    ...(book.author ? [`artist=${escaped(book.author)}`] : []),
    'genre=Audiobook',
    `language=${escaped(book.lang)}`,
  ];
  let at = 0;
  for (const file of files) {
    const start = Math.round(at * 1000);
    at += file.seconds;
    lines.push(
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      `START=${start}`,
      `END=${Math.round(at * 1000)}`,
      `title=${escaped(file.title)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The M4B at `out` of `files` (MP3s, in order, each with its length in seconds), its chapter marks their titles.
 * `work`: a folder for the list and the metadata.
 * @example await writeM4b({ out: 'book.m4b', work: tmp, book, files: [{ path, title, seconds }] })
 */
export async function writeM4b(input: {
  out: string;
  work: string;
  book: { title: string; author: string; lang: string };
  files: ReadonlyArray<{ path: string; title: string; seconds: number }>;
  signal?: AbortSignal;
}): Promise<{ seconds: number }> {
  const { signal } = input;
  const timed = input.files;
  const list = `${input.work}/m4b-files.txt`;
  const metadata = `${input.work}/m4b-chapters.txt`;
  await writeFile(list, timed.map((f) => `file '${f.path.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
  await writeFile(metadata, chapterMetadata(input.book, timed));
  await runTool(
    'ffmpeg',
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-i',
      metadata,
      '-map',
      '0:a',
      '-map_metadata',
      '1',
      '-map_chapters',
      '1',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ar',
      '44100',
      '-ac',
      '1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      input.out,
    ],
    signal ? { signal } : {},
  );
  return { seconds: timed.reduce((n, f) => n + f.seconds, 0) };
}
