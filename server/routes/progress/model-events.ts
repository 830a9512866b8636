// The answer of a charged call on a part that waits on the model (a passage, write more, a rewrite): JSON, or
// when asked (Accept: text/event-stream) an event stream that opens once the call is charged, before the model is
// asked, and says what it waits for (`waiting`: the model, then its slowness, its server's rate limits) until the
// model's first words (`delta`), then `done` with the answer or `error` (refunded). A refusal before the charge
// is an ordinary error answer; a failure after it is the `error` event.
import type { Request, Response } from 'express';
import type { Lang, RetryNotice } from '../../../engine/index.js';
import { errorReply } from '../../errors/reply.js';
import { modelWaits, type ModelWaits } from '../../http/model-wait.js';
import { openEventStream, wantsEventStream, type EventStream } from '../../http/sse.js';

export interface ModelAnswer {
  /** The call is charged and about to ask the model: a stream opens now. */
  open(): void;
  /** What the model calls are given: its words and its server's retries, said on the stream (none for JSON). */
  readonly hooks: { onDelta?: (text: string) => void; onRetry?: (notice: RetryNotice) => void };
  /** The answer: the `done` event, or JSON. */
  answer(body: object): void;
  /** Run the charged call: a failure after the stream opened is its `error` event, else it is thrown. */
  run(call: () => Promise<void>): Promise<void>;
}

export function modelAnswer(req: Request, res: Response, lang: Lang): ModelAnswer {
  const isStream = wantsEventStream(req.get('accept'));
  let stream: EventStream | undefined;
  let waits: ModelWaits | undefined;
  return {
    open() {
      if (!isStream || stream) return;
      const open = openEventStream(res);
      stream = open;
      waits = modelWaits(res, (wait) => open.send('waiting', wait), { lang });
    },
    hooks: isStream ? {
      onDelta: (text) => {
        waits?.answered();
        stream?.send('delta', { text });
      },
      onRetry: (notice) => waits?.retry(notice),
    } : {},
    answer(body) {
      waits?.stop();
      if (!stream) return void res.json(body);
      stream.send('done', body);
      stream.close();
    },
    async run(call) {
      try {
        await call();
      } catch (error) {
        waits?.stop();
        if (!stream) throw error;
        stream.send('error', errorReply(error, { lang }).body.error);
        stream.close();
      }
    },
  };
}
