// The studio's streaming reads of the API: a GET route of the contract as an EventSource with typed handlers
// (`openEvents`), and a POST answered as server-sent events (`postEventStream`: the generation, an edition, a
// publish), its deltas shown a frame before the final event; refusals sent as an `error` event keep their status.
import type { EventsOf, StreamRouteKey } from '../engine.js';
import { ApiError, errorFrom, langHeader, routeUrl } from './api.js';

/** Handlers of a streaming route's events, each typed with the contract's event data. */
export type EventHandlers<K extends StreamRouteKey> = { [E in keyof EventsOf<K>]?: (data: EventsOf<K>[E]) => void };

/** Open a streaming route of the contract (GET, server-sent events) with typed handlers; the caller closes it. */
export function openEvents<K extends StreamRouteKey>(route: K, handlers: EventHandlers<K>): EventSource {
  const [, path] = routeUrl(route);
  const source = new EventSource(`/api${path}`);
  for (const [event, handle] of Object.entries(handlers) as Array<[string, ((data: unknown) => void) | undefined]>) {
    if (handle) source.addEventListener(event, (e) => handle(JSON.parse((e as MessageEvent<string>).data) as unknown));
  }
  return source;
}

/** One server-sent event. */
export interface StreamEvent {
  event: string;
  data: unknown;
}

/** Split a text/event-stream body into events (named events with JSON data). */
export function parseEventBlock(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  try {
    return { event, data: JSON.parse(data.join('\n')) as unknown };
  } catch {
    return { event, data: data.join('\n') };
  }
}

const nextFrame = () =>
  new Promise<void>((resolve) => {
    if (
      typeof requestAnimationFrame === 'function' &&
      typeof document !== 'undefined' &&
      document.visibilityState === 'visible'
    )
      requestAnimationFrame(() => resolve());
    else setTimeout(resolve, 16);
  });

/**
 * The status a refusal's code has when answered before a stream opens, for the same refusal sent as a stream's
 * `error` event (a step that waited its turn, a publish whose stream had opened): what callers tell apart by status.
 */
const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  insufficient_credits: 402,
  rate_limited: 429,
  not_signed_in: 401,
  session_expired: 401,
  unauthorized: 401,
  step_running: 409,
  step_not_allowed: 409,
  book_complete: 409,
  idempotency_in_progress: 409,
  publish_running: 409,
  invalid_settings: 400,
  invalid_chapters: 400,
  // A change refused while an audio edition or an edition in another language of a book of its kind is made.
  audio_running: 409,
  translation_running: 409,
};

/** The status of a refusal sent as an `error` event (STATUS_OF_CODE), or undefined for a failure of the work itself. */
export function refusalStatus(code: string): number | undefined {
  return STATUS_OF_CODE[code];
}

/**
 * POST and read the answer as server-sent events. `onEvent` gets every event in order; when deltas and
 * the final event arrive in one network chunk, the deltas are shown for a frame first, so the reader
 * always sees the text stream in. Non-2xx answers throw ApiError before any event.
 */
export async function postEventStream(
  path: string,
  body: unknown,
  onEvent: (e: StreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let res: Response;
  // A file sent as the raw body (an upload) goes as it is, with its own type.
  const raw = body instanceof Blob ? body : undefined;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        accept: 'text/event-stream',
        'content-type': raw ? raw.type || 'application/octet-stream' : 'application/json',
        ...langHeader(),
      },
      body: raw ?? JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'network');
  }
  if (!res.ok) throw await errorFrom(res);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    // A JSON answer (a server without streaming): one `done` event.
    onEvent({ event: 'done', data: await res.json() });
    return;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let hasDeltas = false;
  const handle = async (event: StreamEvent) => {
    if (event.event === 'delta') hasDeltas = true;
    else if (hasDeltas) await nextFrame();
    onEvent(event);
  };
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new ApiError(0, 'network');
    }
    if (chunk.done) break;
    buffer += chunk.value.replace(/\r\n/g, '\n');
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const event = parseEventBlock(block);
      if (event) await handle(event);
    }
  }
  const rest = parseEventBlock(buffer.trim());
  if (rest) await handle(rest);
}
