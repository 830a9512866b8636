// What went wrong with a provider call: classify an SDK or network failure (for the retry policy),
// map it to a catalogue error (engine/errors.ts) and keep keys out of messages (Retry-After is engine/retry.ts's).
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/core/error';
import { GenerationError } from '../errors.js';
import { retryAfterMs } from '../retry.js';
import { contextTooLong } from '../context-window.js';
import { overflowWindow } from './context.js';

/** How a failed attempt counts for the retry policy. */
export type FailureKind = 'rate_limited' | 'service_unavailable' | 'network' | 'timeout' | 'aborted' | 'final';

/** Where a call stands when it failed: the caller's signal and whether our own deadline fired. */
export interface FailureContext {
  signal?: AbortSignal;
  isTimedOut?: () => boolean;
  /** Strings that must never appear in a message (the API keys in use). */
  secrets?: readonly string[];
  /**
   * The model's context window as Karya knows it, named when the server refuses a prompt as too long without naming its
   * own.
   */
  contextTokens?: number;
  /**
   * The generation's time-out that applied, in ms: a time-out names it (a writer's 10 s is not the default 3 minutes).
   */
  timeoutMs?: number;
}

/** The time-out failure, naming the limit that applied when it is known. */
export function timedOut(timeoutMs: number | undefined, cause?: Error): GenerationError {
  const params = timeoutMs && timeoutMs > 0 ? { params: { seconds: String(timeoutMs / 1000) } } : {};
  return new GenerationError('timeout', { ...params, ...(cause ? { cause } : {}) });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The HTTP status text of a code ("Bad Request"), if it is a common one. */
export function statusText(status: number): string | undefined {
  return STATUS_TEXT[status];
}

/**
 * An answer's body that broke off before its end, as the SDK's connection error (retried as a dropped connection
 * is): undici's "terminated" (the socket closed before the declared length), node's "aborted" (ECONNRESET), or
 * JSON cut short (a body that ended cleanly mid-answer). Undefined for any other failure, and once `signal` aborted.
 */
export function cutBodyError(error: unknown, signal: AbortSignal): APIConnectionError | undefined {
  if (signal.aborted || error instanceof APIError) return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  const isCut =
    error instanceof SyntaxError ||
    (error instanceof TypeError && error.message === 'terminated') ||
    code === 'ECONNRESET' ||
    code === 'UND_ERR_SOCKET';
  return isCut ? new APIConnectionError({ cause: error as Error }) : undefined;
}

/** Classify one failed attempt. */
export function classifyFailure(error: unknown, ctx: FailureContext = {}): FailureKind {
  if (ctx.isTimedOut?.()) return 'timeout';
  if (error instanceof APIUserAbortError || ctx.signal?.aborted) return 'aborted';
  if (error instanceof GenerationError) return 'final';
  if (error instanceof APIConnectionTimeoutError) return 'timeout';
  if (error instanceof APIConnectionError) return 'network';
  if (error instanceof APIError) {
    if (error.status === 429) return 'rate_limited';
    if (error.status === 503) return 'service_unavailable';
  }
  return 'final';
}

/** Replace every secret (and anything shaped like an OpenAI key, masked or not) with "[redacted]". */
export function redact(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]');
  return out.replace(/\bsk-[A-Za-z0-9_*\-.]{3,}/g, '[redacted]');
}

/**
 * A cause that is safe to log: the failure's name and redacted message, no headers or bodies; and the wait the
 * server asked for (`retryAfterMs`, its Retry-After), passed on to whoever tries again after the provider (a batch).
 */
export function safeCause(error: unknown, secrets: readonly string[] = []): Error {
  const message = error instanceof Error ? error.message : String(error);
  const asked = retryAfterMs(error);
  const cause: Error & { retryAfterMs?: number } = new Error(redact(message, secrets));
  cause.name = error instanceof Error ? error.constructor.name : 'Error';
  if (asked !== undefined) cause.retryAfterMs = asked;
  return cause;
}

/** The upstream HTTP status of a failure, if any. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof GenerationError) return error.status;
  return error instanceof APIError && typeof error.status === 'number' ? error.status : undefined;
}

/** Map an SDK or network failure to a catalogue error with a stable code. */
export function toGenerationError(error: unknown, ctx: FailureContext = {}): GenerationError {
  if (error instanceof GenerationError) return error;
  const cause = safeCause(error, ctx.secrets);
  const kind = classifyFailure(error, ctx);
  if (kind === 'timeout') return timedOut(ctx.timeoutMs, cause);
  if (kind === 'aborted') return new GenerationError('aborted', { cause });
  if (kind === 'network') return new GenerationError('generation_failed', { cause, isRetryable: true });
  const status = statusOf(error);
  const window = overflowWindow(error, ctx.contextTokens);
  if (window !== undefined) return contextTooLong(window, cause);
  if (status === 401) return new GenerationError('auth_error', { status, cause });
  if (status === 429) return new GenerationError('rate_limited', { status, cause, isRetryable: true });
  if (status === 503) return new GenerationError('service_unavailable', { status, cause, isRetryable: true });
  if (status !== undefined && status >= 500) return new GenerationError('server_error', { status, cause });
  return new GenerationError('generation_failed', { ...(status !== undefined ? { status } : {}), cause });
}

/** The message an image failure shows: the server's error.message, else its status text, else "Unknown error". */
export function imageFailureMessage(error: unknown, secrets: readonly string[] = []): string {
  if (error instanceof APIError) {
    const body = error.error as { message?: unknown } | undefined;
    if (body && typeof body.message === 'string' && body.message.trim()) return redact(body.message.trim(), secrets);
    if (typeof error.status === 'number') return statusText(error.status) ?? `HTTP ${error.status}`;
  }
  if (error instanceof Error && error.message.trim()) return redact(error.message.trim(), secrets);
  return 'Unknown error';
}
