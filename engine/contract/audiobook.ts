// A finished book's audio edition from the studio (server/routes/audiobook.ts, engine/node/audio): GET says what
// making it costs before anything is spent (the characters read aloud at the server's speech price) and how the
// edition stands (not made, waiting for a turn, being made with its files done, made, failed); POST starts it as a
// job and answers at once (202): charged once when the whole edition is kept, given back when it is not. Each
// chapter's MP3 is listened to as it was made (audio/mpeg, Range), the whole edition downloaded as a zip.
import * as z from 'zod';
import { LangSchema } from './common.js';

const Count = z.number().int().nonnegative();

/** What the edition costs: the characters read aloud (the credits' texts too), the credits they come to. */
export const AudiobookCostSchema = z.strictObject({
  characters: Count,
  /** Characters read for one credit (the server's speech price). */
  characters_per_credit: z.number().int().positive(),
  credits: Count,
});

/** One file of the edition made: a credit or a chapter, its title and length. */
export const AudiobookFileSchema = z.strictObject({
  kind: z.enum(['opening', 'chapter', 'closing']),
  title: z.string(),
  /** Its name: listened to at GET /api/books/:id/audiobook/files/:file. */
  file: z.string(),
  seconds: z.number().nonnegative(),
});

/**
 * The run making the edition: waiting for one of the server's turns, running (its files done of all), or failed (why,
 * as every error is worded).
 */
export const AudiobookJobSchema = z.strictObject({
  state: z.enum(['waiting', 'running', 'failed']),
  files_done: Count,
  files_total: Count,
  error: z.strictObject({ code: z.string(), message: z.string() }).nullable(),
});

/** GET and POST /api/books/:id/audiobook */
export const AudiobookStatusSchema = z.strictObject({
  book: z.strictObject({ id: z.number().int().positive(), title: z.string(), lang: LangSchema }),
  cost: AudiobookCostSchema,
  /**
   * The voice that reads it: a speech server's (its voice and name), or the offline demo voice (the studio discloses
   * either as synthetic).
   */
  voice: z.strictObject({ kind: z.enum(['server', 'demo']), name: z.string() }),
  job: AudiobookJobSchema.nullable(),
  /** The edition made, or null; `is_current` false when the book's text changed since. */
  edition: z
    .strictObject({
      files: z.array(AudiobookFileSchema),
      seconds: z.number().nonnegative(),
      credits_charged: Count,
      is_current: z.boolean(),
      made_at: z.string(),
    })
    .nullable(),
  credits_available: Count,
});
export type AudiobookStatus = z.infer<typeof AudiobookStatusSchema>;

/** POST /api/books/:id/audiobook: `again` makes it again when one is made (charged again). */
export const MakeAudiobookBodySchema = z.strictObject({ again: z.boolean().optional() });

/** GET /api/books/:id/audiobook/files/:file: a file's name as the edition lists it. */
export const AudiobookFileParamsSchema = z.strictObject({
  id: z.coerce.number<number | string>().int().positive().max(Number.MAX_SAFE_INTEGER),
  file: z.string().regex(/^\d{2}-[a-z-]+\.mp3$/),
});

/** What the audio routes answer with: a chapter's MP3, the edition's zip. */
export const AUDIO_FILE_TYPES = { mp3: 'audio/mpeg', zip: 'application/zip' } as const;
