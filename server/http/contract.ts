// The HTTP contract (engine/contract) on the server side: a route's Express response typed with the
// contract's answer, its event stream typed with the contract's events, and a file route's download, so
// an answer that drifts from the contract fails the typecheck.
import type { Request, Response } from 'express';
import type { EventsOf, FileRouteKey, JsonRouteKey, ResponseOf, StreamRouteKey } from '../../engine/contract/index.js';
import type { EventStream } from './sse.js';
import { etagOf } from '../static.js';

/** The response of route `K` ("GET /me"): `res.json()` accepts only the contract's answer. */
export type Reply<K extends JsonRouteKey> = Response<ResponseOf<K>>;

export interface TypedEventStream<Events> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  close(): void;
}

/** The event stream of route `K`, typed with the contract's events. */
export function typedStream<K extends StreamRouteKey>(stream: EventStream): TypedEventStream<EventsOf<K>> {
  return stream;
}

/** A public answer that does not change while the server runs, serialised once (see sendPublicJson). */
export interface PublicJson {
  body: string;
  etag: string;
}

export function publicJson(value: unknown): PublicJson {
  const body = JSON.stringify(value);
  return { body, etag: etagOf(body) };
}

/** Answer with a PublicJson: revalidated by its ETag (`no-cache`), 304 when the client has it. */
export function sendPublicJson(req: Request, res: Response, answer: PublicJson): void {
  res.set({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', etag: answer.etag });
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.send(answer.body);
}

/** A file to download: its bytes, media type and file name (ASCII, without quotes). */
export interface Download {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

/** The response of file route `K` ("GET /books/:id/export"), answered with `sendDownload`. */
export type FileReply<K extends FileRouteKey> = Response & { readonly fileRoute?: K };

/** Answer a file route with a download: the bytes, their Content-Type and an attachment Content-Disposition. */
export function sendDownload<K extends FileRouteKey>(res: FileReply<K>, download: Download): void {
  res.status(200);
  res.set({
    'content-type': download.contentType,
    'content-disposition': `attachment; filename="${download.fileName.replace(/["\\\r\n]/g, '')}"`,
    'content-length': String(download.bytes.byteLength),
    'cache-control': 'private, no-store',
  });
  res.end(Buffer.from(download.bytes.buffer, download.bytes.byteOffset, download.bytes.byteLength));
}
