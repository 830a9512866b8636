// Request bodies read with a cap: the one reader of every body the server reads itself (an API request's JSON, an
// imported manuscript, a cover picture). A body declared longer than its cap is refused before a byte of it is
// read; one sent longer (chunked, with no length declared) as soon as the bytes received pass the cap: reading
// stops there and nothing past the cap is kept (a request never holds more than its cap, however many come at
// once). A refusal is answered at once and its connection closed after the answer (Connection: close), yet not
// reset under a client still sending: left unread a moment (LINGER_MS), so the client reads the answer (413
// naming the limit, in the caller's language) before the server lets the connection go.
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { ApiError, bodyTooLarge } from '../errors/api-error.js';

/** What a body may be: its most bytes, and the refusal of a longer one. */
export interface BodyCap {
  readonly bytes: number;
  /** The refusal of a body over the cap: `size`, the length it declared or the bytes received by then. */
  tooLarge(size: number): Error;
  /** A check of the body's first `bytes` (a picture's kind): made once they are in, or at the end of a shorter body. */
  readonly first?: { readonly bytes: number; check(first: Uint8Array): Error | undefined };
}

/** Where a refusal is answered: the header that closes the connection after it is set there. */
type Answer = { setHeader(name: string, value: string): unknown };

/**
 * How long a refused request's connection stays open after its answer, nothing more read from it: a client still
 * sending its body reads the answer, where closing at once would reset the connection under it (the answer lost).
 */
const LINGER_MS = 2_000;

/**
 * A refusal of a request whose body is not read to its end: no more of it is read (the socket's buffer fills and
 * the client waits), the answer closes the connection (Connection: close), LINGER_MS after the answer is sent.
 */
export function refusedUnread<E extends Error>(req: IncomingMessage, res: Answer, error: E): E {
  res.setHeader('connection', 'close');
  req.pause();
  // Read as far as the request's own buffer (so Node does not read the rest off the wire to discard it).
  req.read(0);
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Node closes a `Connection: close` answer's socket by destroySoon once the answer is sent: ended (the client
  // told no more comes), then let go a moment later, not at once.
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS).unref();
    socket.once('close', () => clearTimeout(timer));
  };
  return error;
}

/** The length a request declares (Content-Length), or undefined when it declares none (chunked). */
export function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  const length = header === undefined ? Number.NaN : Number(header);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** The cap's refusal, thrown, when the request declares a longer body (before a byte of it is read). */
export function refuseDeclared(req: IncomingMessage, res: Answer, cap: Pick<BodyCap, 'bytes' | 'tooLarge'>): void {
  const declared = declaredLength(req);
  if (declared !== undefined && declared > cap.bytes) throw refusedUnread(req, res, cap.tooLarge(declared));
}

/**
 * The request's body, counted as it arrives: the cap's refusal (closing the connection after the answer) as soon as
 * the length declared or the bytes received pass it, or as `first.check` refuses its first bytes; else its bytes.
 * A declared length is the body's one buffer, each piece copied in as it comes (no copy of the whole at its end).
 */
export function readBody(req: IncomingMessage, res: Answer, cap: BodyCap): Promise<Uint8Array> {
  try {
    refuseDeclared(req, res, cap);
  } catch (error) {
    return Promise.reject(error);
  }
  if (req.readableEnded) return Promise.resolve(new Uint8Array(0));
  const declared = declaredLength(req);
  const whole = declared !== undefined && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let isFirstChecked = cap.first === undefined;
    const sofar = () => (whole ? whole.subarray(0, received) : Buffer.concat(chunks, received));
    const stop = (error: unknown) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
      reject(error);
    };
    const refuse = (error: Error) => stop(refusedUnread(req, res, error));
    const onError = () => stop(ApiError.of(400, 'invalid_request'));
    const checkFirst = (bytes: Uint8Array) => {
      isFirstChecked = true;
      return cap.first?.check(bytes);
    };
    const onData = (chunk: Buffer) => {
      if (received + chunk.length > (whole?.length ?? cap.bytes)) return refuse(cap.tooLarge(received + chunk.length));
      if (whole) chunk.copy(whole, received);
      else chunks.push(chunk);
      received += chunk.length;
      if (isFirstChecked || received < cap.first!.bytes) return;
      const wrong = checkFirst(sofar());
      if (wrong) refuse(wrong);
    };
    const onEnd = () => {
      const bytes = sofar();
      const wrong = isFirstChecked ? undefined : checkFirst(bytes);
      if (wrong) return refuse(wrong);
      req.off('error', onError);
      resolve(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    };
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}

/** The Content-Encodings a JSON body may come in, each undone within the cap (its words past it are never made). */
const DECODERS: Readonly<Record<string, ((bytes: Uint8Array, limit: number) => Buffer) | undefined>> = {
  identity: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  gzip: (bytes, limit) => gunzipSync(bytes, { maxOutputLength: limit }),
  deflate: (bytes, limit) => inflateSync(bytes, { maxOutputLength: limit }),
  br: (bytes, limit) => brotliDecompressSync(bytes, { maxOutputLength: limit }),
  ...('zstdDecompressSync' in zlib
    ? { zstd: (bytes: Uint8Array, limit: number) => zlib.zstdDecompressSync(bytes, { maxOutputLength: limit }) }
    : {}),
};

/** The charset a Content-Type names (lower case), or undefined. */
function charsetOf(type: string | undefined): string | undefined {
  const found = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(type ?? '');
  return found?.[1]?.toLowerCase();
}

/** The decoder of a charset (utf-8, utf-16le…), or undefined for one the platform does not read. */
function textDecoderOf(charset: string): TextDecoder | undefined {
  try {
    return new TextDecoder(charset);
  } catch {
    return undefined;
  }
}

/** A body's JSON, as body-parser's strict parser reads it: nothing is {}, else an object or an array. */
function parseJson(text: string): unknown {
  const first = /^[\x20\x09\x0a\x0d]*(.?)/.exec(text)?.[1] ?? '';
  if (first === '') return {};
  if (first !== '{' && first !== '[') throw ApiError.of(400, 'invalid_json');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw ApiError.of(400, 'invalid_json');
  }
}

/** The JSON body undone from its Content-Encoding within the limit: 413 past it, 400 bad_encoding if it fails. */
function decodedOf(raw: Uint8Array, decode: (bytes: Uint8Array, limit: number) => Buffer, limit: number): Buffer {
  try {
    return decode(raw, limit);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw bodyTooLarge(limit);
    throw ApiError.catalogue(400, 'bad_encoding');
  }
}

/**
 * The API's JSON bodies (Content-Type application/json) read into `req.body` within `limit` bytes, received and
 * decoded: 413 body_too_large naming the limit (declared longer: before it is read; sent longer: once past it), 415
 * for a Content-Encoding or charset the server does not read, 400 for a body that does not decode or is not JSON.
 * Another type of body is left unread, as body-parser leaves it.
 */
export function jsonBody(limit: number): (req: Request, res: Response, next: NextFunction) => void {
  const cap: BodyCap = { bytes: limit, tooLarge: () => bodyTooLarge(limit) };
  return (req, res, next) => {
    if (req.readableEnded || !req.is('application/json')) return next();
    const charset = charsetOf(req.headers['content-type']) ?? 'utf-8';
    const decoder = charset.startsWith('utf-') ? textDecoderOf(charset) : undefined;
    if (!decoder) return next(refusedUnread(req, res, ApiError.of(415, 'invalid_request')));
    const decode = DECODERS[(req.headers['content-encoding'] ?? 'identity').toLowerCase()];
    if (!decode) return next(refusedUnread(req, res, ApiError.catalogue(415, 'bad_encoding')));
    readBody(req, res, cap)
      .then((raw) => {
        req.body = parseJson(decoder.decode(decodedOf(raw, decode, limit)));
      })
      .then(() => next(), next);
  };
}
