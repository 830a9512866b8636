// A charged call on a part (write more, a rewrite) read as server-sent events: while the server says it waits on
// the model (`waiting`: a rate limit and its seconds, a model slow to answer, in the server's words) the wait is
// shown, until the model's first words; then its answer (`done`), or its failure (`error`, refunded) thrown.
import { toast } from 'react-hot-toast';
import type { JsonRouteKey, ResponseOf } from '../engine.js';
import { ApiError, postEventStream, routeUrl, type CallInput } from './api.js';

/** The toast that says what a call waits for (one at a time). */
const WAIT_TOAST = 'model-wait';

/** `route` as `call` sends it, asked for as events; its waits shown meanwhile. */
export async function callShowingWaits<K extends JsonRouteKey>(route: K, input: CallInput<K>): Promise<ResponseOf<K>> {
  const { params, body } = input as { params?: object; body?: unknown };
  const [, path] = routeUrl(route, params ? { params } : {});
  let answer: ResponseOf<K> | undefined;
  let failure: ApiError | undefined;
  try {
    await postEventStream(path, body ?? {}, (e) => {
      if (e.event === 'waiting') {
        const said = (e.data as { message?: string }).message;
        if (said) toast.loading(said, { id: WAIT_TOAST });
        return;
      }
      toast.dismiss(WAIT_TOAST);
      if (e.event === 'done') answer = e.data as ResponseOf<K>;
      else if (e.event === 'error') {
        const error = e.data as { code: string; message: string };
        failure = new ApiError(502, error.code, error.message);
      }
    });
  } finally {
    toast.dismiss(WAIT_TOAST);
  }
  if (failure) throw failure;
  if (!answer) throw new ApiError(0, 'network', 'The connection closed before the answer');
  return answer;
}
