// The answer of a request that waits on the model (a passage, write more, a rewrite, the story bible's update, a
// publish, a series' next book, an import's reading of its settings): JSON, or when asked (Accept:
// text/event-stream) an event stream that opens before the model is asked and says what it waits for (`waiting`:
// the model, then its slowness, its server's rate limits) until the model's first words (`delta`) or its answer,
// then `done` with the answer or `error`. A refusal before the stream opened is an ordinary error answer; a
// failure after it is the `error` event. A run of several model calls (a bible's parts, a publish's pieces) goes
// through `through(provider)`: each call's slowness and retries are said, each from its own start.
import type { Request, Response } from 'express';
import { providerThrough, type Lang, type Provider, type RetryNotice, type TurnReason } from '../../engine/index.js';
import { errorReply } from '../errors/reply.js';
import { modelWaits, turnWaitFor, type ModelWaits } from './model-wait.js';
import { openEventStream, wantsEventStream, type EventStream } from './sse.js';

export interface ModelAnswer {
  /** Whether the client asked for events. */
  readonly isStream: boolean;
  /** The request holds its place and is about to ask the model: a stream opens now (once; nothing for JSON). */
  open(): void;
  /** What the model calls are given: its words and its server's retries, said on the stream (none for JSON). */
  readonly hooks: { onDelta?: (text: string) => void; onRetry?: (notice: RetryNotice) => void };
  /**
   * `provider` with every call's waits said on the stream (the stream opened at the first call, if not before);
   * `provider` itself for JSON.
   */
  through(provider: Provider): Provider;
  /** Another wait than the model's (`waiting` with its reason and its writer's words), said now: the stream opens for
   * it. */
  waitingFor(reason: TurnReason): void;
  /** The answer: the `done` event, or JSON (with `status` when not 200: a stream's status is 200). */
  answer(body: object, status?: number): void;
  /** Run the request's work: a failure after the stream opened is its `error` event, else it is thrown. */
  run(call: () => Promise<void>): Promise<void>;
}

export function modelAnswer(req: Request, res: Response, lang: Lang): ModelAnswer {
  const isStream = wantsEventStream(req.get('accept'));
  let stream: EventStream | undefined;
  let waits: ModelWaits | undefined;
  /** Model calls under way: the slow model is said while one is. */
  let calls = 0;
  const events = (): EventStream => (stream ??= openEventStream(res));
  const open = () => {
    if (!isStream || waits) return;
    waits = modelWaits(res, (wait) => events().send('waiting', wait));
  };
  return {
    isStream,
    open,
    hooks: isStream
      ? {
          onDelta: (text) => {
            waits?.answered();
            events().send('delta', { text });
          },
          onRetry: (notice) => waits?.retry(notice),
        }
      : {},
    through(provider) {
      if (!isStream) return provider;
      /** One model call (a text or a picture, a publish's cover) under way: its slowness said from its start. */
      const calling = async <T>(call: () => Promise<T>): Promise<T> => {
        if (!waits) open();
        else if (calls === 0) waits.asking();
        calls++;
        try {
          return await call();
        } finally {
          if (--calls === 0) waits?.answered();
        }
      };
      return providerThrough(provider, {
        text: (request, send) =>
          calling(() =>
            send({
              ...request,
              onRetry: (notice) => {
                request.onRetry?.(notice);
                waits?.retry(notice);
              },
            }),
          ),
        image: (request, send) =>
          calling(() =>
            send({
              ...request,
              onRetry: (notice) => {
                request.onRetry?.(notice);
                waits?.retry(notice);
              },
            }),
          ),
      });
    },
    waitingFor(reason) {
      if (isStream && !res.writableEnded && !res.destroyed) events().send('waiting', turnWaitFor(res, reason));
    },
    answer(body, status = 200) {
      waits?.stop();
      if (!stream) return void res.status(status).json(body);
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
