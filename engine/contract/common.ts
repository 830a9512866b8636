// What every area of the HTTP contract shares: the error envelope, the `{message}` answer, times,
// roles and the profile (the user as the API shows it, snake_case as spec/ names it).
import * as z from 'zod';
import { cleanText } from '../clean-text.js';
import { TEXT_HASH } from '../text-hash.js';
import { ASSIGNABLE_ROLES, ROLES } from './roles.js';
import { refuseUnknownLang } from '../error-code.js';

/**
 * Text a writer sends (a part, a passage, a note, a card, the bible, a title, an author's name): kept without
 * hidden characters (engine/clean-text.ts: NUL and other controls, bidi overrides, zero-width characters).
 */
export const WriterTextSchema = z.string().overwrite(cleanText);

/** The hash of a part's text as the book view gave it (its `hash`): an edit names the text it was made on by it. */
export const PartHashSchema = z.string().regex(TEXT_HASH);

/**
 * `{error: {code, message, fields?}}`: the body of every non-2xx answer and of the SSE `error` event's data (its inner
 * object).
 */
export const ApiErrorBodySchema = z.strictObject({
  code: z.string().min(1),
  message: z.string(),
  /** Field path → first message, e.g. `{email: "Please enter a valid email address"}`. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export const ApiErrorEnvelopeSchema = z.strictObject({ error: ApiErrorBodySchema });
export type ApiErrorEnvelope = z.infer<typeof ApiErrorEnvelopeSchema>;

/**
 * Control characters (NUL included), bidirectional overrides, embeddings, isolates and marks, and
 * zero-width characters: invisible in a name, they spoof the text around it (an admin's user list).
 */
const INVISIBLE = /[\p{Cc}\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** A display name as stored: without invisible characters (INVISIBLE), trimmed, at most 100 characters. */
export const DisplayNameSchema = z
  .string()
  .overwrite((name) => name.replace(INVISIBLE, ''))
  .trim()
  .max(100);

/** An answer that only says what happened ("Signed out successfully"). */
export const MessageResponseSchema = z.strictObject({ message: z.string().min(1) });

/** Every time the API answers is ISO 8601 in UTC (`2025-01-31T09:30:00.000Z`). */
export const TimestampSchema = z.iso.datetime();

export { ASSIGNABLE_ROLES, ROLES };
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const AssignableRoleSchema = z.enum(ASSIGNABLE_ROLES);
export type AssignableRole = z.infer<typeof AssignableRoleSchema>;

/**
 * A language of the studio and of books: a code of the language table (engine/languages), refused with the
 * value and the table's codes named, as data the server words in the caller's language (refuseUnknownLang). The
 * table is read when the first value is checked, in Node and in the browser alike.
 */
export const LangSchema = z.string().superRefine(refuseUnknownLang);

/**
 * A text in every language, by code (a generator's label, a book type's name): the table decides which codes a
 * writer meets, so a text for a language not loaded here (a draft) is kept, not refused.
 */
export const WordedSchema = z.record(z.string().regex(/^[a-z]{2,3}$/), z.string());

/** The user as the API shows it: `GET /api/me`, the `user` of auth answers, admin user rows. */
export const ProfileSchema = z.strictObject({
  id: z.string().min(1),
  email: z.string(),
  name: z.string(),
  bio: z.string(),
  role: RoleSchema,
  credits_available: z.number().int().min(0),
  total_usage: z.number().int().min(0),
  /** The studio language the user chose (the shell, dashboard, profile, admin and messages). */
  lang: LangSchema,
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** A positive whole-number id in a path (`/api/history/:id`); the client sends a number. */
export const NumericIdParamsSchema = z.strictObject({
  id: z.coerce.number<number | string>().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** `GET /api/health`. */
export const HealthResponseSchema = z.strictObject({
  status: z.literal('ok'),
  version: z.string(),
  provider: z.string(),
  generators: z.number().int().min(0),
});

/**
 * `GET /api/ready` (readiness): each part's state (`ok`, the queue `unused` on SQLite, or what is wrong:
 * `pending` migrations, a `down` store); 503 with `status` not_ready, starting or stopping otherwise.
 */
export const ReadyResponseSchema = z.strictObject({
  status: z.literal('ready'),
  checks: z.record(z.string(), z.string()),
});

/**
 * What a long run (an edition) has spent so far and the time it has left at its pace (engine/pace.ts), on its
 * progress events: the model requests sent, the tokens their answers reported, the credits charged, the seconds
 * since it started and those left (null before its first part: no pace yet).
 */
export const RunSoFarSchema = z.strictObject({
  calls: z.number().int().nonnegative(),
  tokens: z.number().int().nonnegative(),
  credits: z.number().int().nonnegative(),
  elapsed_seconds: z.number().nonnegative(),
  eta_seconds: z.number().nonnegative().nullable(),
});
export type RunSoFar = z.infer<typeof RunSoFarSchema>;

/**
 * A run's figures (engine/pace.ts runFigures, read by their shape: the contract loads no provider) as its events carry
 * them.
 */
export function runSoFar(f: {
  calls: number;
  tokens: number;
  credits: number;
  elapsedSeconds: number;
  etaSeconds: number | null;
}): RunSoFar {
  return {
    calls: f.calls,
    tokens: f.tokens,
    credits: f.credits,
    elapsed_seconds: f.elapsedSeconds,
    eta_seconds: f.etaSeconds,
  };
}

/**
 * The `waiting` event of a stream that waits on the model (an edition, a book step, a passage): what it waits for.
 * `model` as soon as the work holds its place, before its first model call (the stream's first bytes never wait
 * on the model); `slow_model` each time the model has kept it waiting a while with no answer (`seconds` waited so
 * far); then each retry the model's server made it wait for (`rate_limited`, `service_unavailable`, a lost
 * connection: `network`), with its wait in `seconds`, its `attempt` of `of`, and `message`, its words in the
 * writer's language. Before any of those, a step may wait its turn: `book_step` while another step of the same book is
 * written, `queue` while no worker has taken it yet (with Postgres), `story_bible` while the book's story bible catches
 * up in the background (the bible's update, a series' next book), each with its `message`.
 */
export const ModelWaitingEventSchema = z.strictObject({
  reason: z.enum([
    'model',
    'slow_model',
    'network',
    'rate_limited',
    'service_unavailable',
    'book_step',
    'queue',
    'story_bible',
  ]),
  seconds: z.number().int().nonnegative().optional(),
  attempt: z.number().int().positive().optional(),
  of: z.number().int().positive().optional(),
  message: z.string().optional(),
});
export type ModelWaitingEvent = z.infer<typeof ModelWaitingEventSchema>;

/**
 * The events of a request that waits on the model and answers at its end (the story bible's update, a publish, a
 * series' next book, an import's reading), when asked for as events: `waiting` (above) until the model answers,
 * then `done` with the route's JSON answer, or `error` with the error body's `error`.
 */
export function modelWaitEvents<S extends z.ZodType>(done: S) {
  return { waiting: ModelWaitingEventSchema, done, error: ApiErrorBodySchema } as const;
}
