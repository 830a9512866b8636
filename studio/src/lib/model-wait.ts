// A call that waits on the model (write more, a rewrite, the story bible's update, a publish, a series' next book, an
// import) read as server-sent events: while the server says it waits on the model (`waiting`: a rate limit and its
// seconds, a model slow to answer, the book's story bible still catching up in the background: the server's words, from
// the `model-waits` catalogue in the writer's language) the wait is shown, until the model's first words or its
// answer; then its answer (`done`), or its failure (`error`) thrown with the status its code has as an answer.
import { toast } from 'react-hot-toast';
import type { JsonRouteKey, ResponseOf } from '../engine.js';
import { ApiError, routeUrl, type CallInput } from './api.js';
import { postEventStream, refusalStatus } from './events.js';

/** The toast that says what a call waits for (one at a time). */
const WAIT_TOAST = 'model-wait';

/** `route` as `call` sends it, asked for as events; its waits shown meanwhile. */
export async function callShowingWaits<K extends JsonRouteKey>(route: K, input: CallInput<K>): Promise<ResponseOf<K>> {
  const { params, body } = input as { params?: object; body?: unknown };
  const [, path] = routeUrl(route, params ? { params } : {});
  return eventsShowingWaits<K>(path, body ?? {});
}

/** `route` as `upload` sends `file`, asked for as events; its waits shown meanwhile. */
export async function uploadShowingWaits<K extends JsonRouteKey>(
  route: K,
  input: { params?: object; query?: object },
  file: Blob,
): Promise<ResponseOf<K>> {
  const [, path] = routeUrl(route, {
    ...(input.params ? { params: input.params } : {}),
    ...(input.query ? { query: input.query } : {}),
  });
  // Sent as `upload` sends it: the file's bytes as application/octet-stream, whatever its own type.
  return eventsShowingWaits<K>(path, new Blob([file], { type: 'application/octet-stream' }));
}

async function eventsShowingWaits<K extends JsonRouteKey>(path: string, body: unknown): Promise<ResponseOf<K>> {
  let answer: ResponseOf<K> | undefined;
  let failure: ApiError | undefined;
  try {
    await postEventStream(path, body, (e) => {
      if (e.event === 'waiting') {
        const said = (e.data as { message?: string }).message;
        if (said) toast.loading(said, { id: WAIT_TOAST });
        return;
      }
      toast.dismiss(WAIT_TOAST);
      if (e.event === 'done') answer = e.data as ResponseOf<K>;
      else if (e.event === 'error') {
        const error = e.data as { code: string; message: string };
        failure = new ApiError(refusalStatus(error.code) ?? 502, error.code, error.message);
      }
    });
  } finally {
    toast.dismiss(WAIT_TOAST);
  }
  if (failure) throw failure;
  if (!answer) throw new ApiError(0, 'connection_closed');
  return answer;
}
