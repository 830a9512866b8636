// Server-sent events: headers, named events with JSON data, keep-alive comments.
import type { Response } from 'express';
import type { Gauge } from 'prom-client';
import type { Lifecycle } from './lifecycle.js';

/**
 * A comment line every 15 s keeps a proxy from cutting a stream that waits on a slow model (60 s idle limits are
 * common).
 */
export const SSE_KEEP_ALIVE_MS = 15_000;

/** Where createApp leaves the app's stream settings (app.locals): keep-alive interval, open-stream gauge, lifecycle. */
export const SSE_LOCAL = 'karyaSse';

interface StreamSettings {
  keepAliveMs?: number;
  openStreams?: Pick<Gauge, 'inc' | 'dec'>;
  lifecycle?: Pick<Lifecycle, 'untrack'>;
}

export interface EventStream {
  send(event: string, data: unknown): void;
  close(): void;
}

/**
 * Open an event stream on `res`. The keep-alive interval is the app's (15 s) unless given; `isEndless`
 * marks a stream that lives as long as its page (the admin's live list): a graceful stop does not wait for it.
 */
export function openEventStream(res: Response, opts: { keepAliveMs?: number; isEndless?: boolean } = {}): EventStream {
  const settings = (res.app?.locals?.[SSE_LOCAL] ?? {}) as StreamSettings;
  res.status(200);
  res.set({
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  const keepAliveMs = opts.keepAliveMs ?? settings.keepAliveMs ?? SSE_KEEP_ALIVE_MS;
  const timer =
    keepAliveMs > 0
      ? setInterval(() => {
          if (!res.writableEnded && !res.destroyed) res.write(': keep-alive\n\n');
        }, keepAliveMs)
      : undefined;
  timer?.unref();
  if (opts.isEndless) settings.lifecycle?.untrack(res);
  settings.openStreams?.inc();
  let isOpen = true;
  const stop = () => {
    if (timer) clearInterval(timer);
    if (isOpen) settings.openStreams?.dec();
    isOpen = false;
  };
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
