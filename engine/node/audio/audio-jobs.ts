// What the audio edition asks of its worker threads (audio-pool.ts, audio-worker.ts), as data that crosses threads.
import type { FileTags, MasteredFile, SpeechPiece } from './master.js';

/** A piece's samples as measured: their count, their sum of squares (its level), its peak, its clipped stretches. */
export interface PieceMeasured {
  readonly samples: number;
  readonly sumSquares: number;
  readonly peak: number;
  readonly clipped: number;
}

export type AudioJob =
  /**
   * Voices' answers (files in any format FFmpeg reads) decoded by one FFmpeg, each trimmed and written as the raw
   * piece of the same place in `files`; the answers' files are removed.
   */
  | { readonly kind: 'pieces'; readonly answers: readonly string[]; readonly files: readonly string[] }
  /** The pieces laid out in `raw`, mastered into the MP3 `out` (master.ts masterFile). */
  | {
      readonly kind: 'master';
      readonly pieces: readonly SpeechPiece[];
      readonly out: string;
      readonly raw: string;
      readonly tags: FileTags;
    };

export type AudioJobValue<J extends AudioJob> = J extends { kind: 'pieces' } ? PieceMeasured[] : MasteredFile;
