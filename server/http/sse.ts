// Server-sent events: headers, named events with JSON data, keep-alive comments.
import type { Response } from 'express';

export interface EventStream {
  send(event: string, data: unknown): void;
  close(): void;
}

export function openEventStream(res: Response, opts: { keepAliveMs?: number } = {}): EventStream {
  res.status(200);
  res.set({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  res.flushHeaders();
  const timer = opts.keepAliveMs ? setInterval(() => res.write(': keep-alive\n\n'), opts.keepAliveMs) : undefined;
  timer?.unref();
  const stop = () => timer && clearInterval(timer);
  res.on('close', stop);
  return {
    send(event, data) {
      if (!res.writableEnded && !res.destroyed) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      stop();
      if (!res.writableEnded) res.end();
    },
  };
}

/** True when the client asked for an event stream. */
export function wantsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('text/event-stream');
}
