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
  /** A voice's answer (any format FFmpeg reads) decoded, trimmed and written as the raw piece `file`. */
  | { readonly kind: 'piece'; readonly bytes: Uint8Array; readonly file: string }
  /** The pieces laid out in `raw`, mastered into the MP3 `out` (master.ts masterFile). */
  | {
      readonly kind: 'master';
      readonly pieces: readonly SpeechPiece[];
      readonly out: string;
      readonly raw: string;
      readonly tags: FileTags;
    };

export type AudioJobValue<J extends AudioJob> = J extends { kind: 'piece' } ? PieceMeasured : MasteredFile;
