// Every body the server reads is capped as it arrives (server/http/body.ts): a JSON body sent in chunks past its
// 100 KB is answered 413 naming 100 KB (in the caller's language) while the client is still sending, the server
// having taken off the wire little more than the limit; a JSON body declared longer is refused by its length; a
// JSON body of exactly 100 KB is read. A cover picture and a manuscript sent in chunks past their 10 MB and 20 MB
// are refused the same way, the server taking little more than their limits.
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorEnvelopeSchema } from '../../engine/contract/index.js';
import { catalogueMessage } from '../../engine/index.js';
import { PASSWORD, serverOnFakeModel, signUp, uniqueEmail } from './helpers.js';
import { romanceSaves } from '../translate/book.js';

const served = serverOnFakeModel();
/** Who signs in with a body of exactly the limit (a user of their own: signing in again ends the writer's session). */
const email = uniqueEmail('signs-in');
let writer: { cookie: string; bookId: number };
beforeAll(async () => {
  const { ts } = served;
  await signUp(ts, email);
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  writer = {
    cookie,
    bookId: await ts.ctx.repos.books.saveImport({ userId: id, key: 'romance', saves: romanceSaves('en') }),
  };
});

const KB = 1024;
const MB = KB * KB;
const errorOf = (body: unknown) => ApiErrorEnvelopeSchema.parse(body).error;

interface Answer {
  status: number;
  body: unknown;
  connection: string | undefined;
  /** Whether the client had ended its body when the answer came. */
  isEnded: boolean;
  /** The bytes the server had read off the connection (headers and body) when the answer came. */
  serverRead: number;
}

/**
 * Send `body` to `path` in 16 KB pieces (chunked, or declaring `length`), each once the one before is sent, until the
 * answer comes; with `end: false` the body is never ended, so an answer proves the server did not wait for its end.
 */
function send(
  path: string,
  body: Buffer,
  input: {
    method: string;
    type: string;
    length?: number;
    end?: boolean;
    headers?: Record<string, string>;
    isSignedIn?: false;
  },
): Promise<Answer> {
  const url = new URL(`${served.ts.url}${path}`);
  const framing =
    input.length === undefined ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(input.length) };
  const headers = {
    ...(input.isSignedIn === false ? {} : { cookie: writer.cookie }),
    origin: url.origin,
    'content-type': input.type,
    ...framing,
    ...input.headers,
  };
  let socket: Socket | undefined;
  const onRequest = (req: { url?: string; socket: Socket }) => {
    if (req.url === `${url.pathname}${url.search}`) socket = req.socket;
  };
  served.ts.server.on('request', onRequest);
  return new Promise<Answer>((resolve, reject) => {
    let isEnded = false;
    let isAnswered = false;
    const req = request(url, { method: input.method, headers }, (res) => {
      isAnswered = true;
      const ended = isEnded;
      const serverRead = socket?.bytesRead ?? Number.NaN;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as unknown,
          connection: res.headers.connection,
          isEnded: ended,
          serverRead,
        });
      });
    });
    req.on('error', (error) => (isAnswered ? undefined : reject(error)));
    let at = 0;
    const more = () => {
      if (isAnswered) return;
      if (at >= body.length) {
        if (input.end === false) return;
        isEnded = true;
        return void req.end();
      }
      const piece = body.subarray(at, at + 16 * KB);
      at += piece.length;
      req.write(piece, () => setImmediate(more));
    };
    more();
  }).finally(() => served.ts.server.off('request', onRequest));
}

/** A JSON object of exactly `size` bytes: a part's text edit, padded with the spaces JSON allows after it. */
const jsonOf = (value: unknown, size: number) => Buffer.from(JSON.stringify(value).padEnd(size, ' '));

describe('a JSON body past its 100 KB', () => {
  it.each(['en', 'ms'] as const)(
    '(%s) sent in chunks: 413 naming 100 KB while the client still sends, little more than 100 KB taken',
    async (lang) => {
      const body = jsonOf({ text: 'x'.repeat(150 * KB) }, 150 * KB);
      const res = await send('/api/progress/romance/part', body, {
        method: 'PUT',
        type: 'application/json',
        end: false,
        headers: { 'accept-language': lang },
      });
      expect([res.status, res.connection, res.isEnded]).toEqual([413, 'close', false]);
      expect(errorOf(res.body)).toEqual({
        code: 'body_too_large',
        message: catalogueMessage('body_too_large', lang, { limit: '100 KB' }),
      });
      // The limit, the piece that passed it, and what the socket's buffers held: never the whole 150 KB.
      expect(res.serverRead).toBeLessThan(150 * KB);
    },
  );

  it('2 MB sent in chunks: the server reads a fraction of it before answering', async () => {
    const res = await send('/api/progress/romance/part', Buffer.alloc(2 * MB, 0x20), {
      method: 'PUT',
      type: 'application/json',
      end: false,
    });
    expect([res.status, errorOf(res.body).code]).toEqual([413, 'body_too_large']);
    expect(res.serverRead).toBeLessThan(400 * KB);
  });

  it('declared at 150 KB: refused by its length, naming 100 KB, with only its first bytes sent', async () => {
    const body = jsonOf({ text: 'x' }, 16 * KB);
    const res = await send('/api/progress/romance/part', body, {
      method: 'PUT',
      type: 'application/json',
      length: 150 * KB,
      end: false,
    });
    expect([res.status, res.connection, res.isEnded]).toEqual([413, 'close', false]);
    expect(errorOf(res.body)).toEqual({
      code: 'body_too_large',
      message: catalogueMessage('body_too_large', 'en', { limit: '100 KB' }),
    });
  });

  it.each([undefined, 100 * KB])(
    'of exactly 100 KB (declared length: %s) is read: the sign-in it carries goes through',
    async (length) => {
      const body = jsonOf({ email, password: PASSWORD }, 100 * KB);
      const res = await send('/api/auth/sign-in/email', body, {
        method: 'POST',
        type: 'application/json',
        isSignedIn: false,
        ...(length ? { length } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const over = await send('/api/auth/sign-in/email', jsonOf({ email, password: PASSWORD }, 100 * KB + 1), {
        method: 'POST',
        type: 'application/json',
        isSignedIn: false,
      });
      expect(over.status).toBe(413);
    },
  );
});

describe('an upload past its limit, sent in chunks and never ended', () => {
  it('a cover picture: 413 naming 10 MB, the server taking little more than 10 MB', async () => {
    const body = Buffer.alloc(14 * MB, 0x20);
    body.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await send(`/api/books/${writer.bookId}/cover?file=scan.jpg`, body, {
      method: 'PUT',
      type: 'image/jpeg',
      end: false,
    });
    expect([res.status, res.connection, res.isEnded]).toEqual([413, 'close', false]);
    expect(errorOf(res.body)).toEqual({
      code: 'cover_upload_too_large',
      message: catalogueMessage('cover_upload_too_large', 'en', { file: 'scan.jpg', limit: '10 MB' }),
    });
    expect(res.serverRead).toBeLessThan(11 * MB);
  });

  it('a manuscript: 413 naming 20 MB, the server taking little more than 20 MB', async () => {
    const body = Buffer.from('The rain came down on the harbour. '.repeat(Math.ceil((24 * MB) / 35)).slice(0, 24 * MB));
    const res = await send('/api/books/import/preview?file=novel.txt', body, {
      method: 'POST',
      type: 'text/plain',
      end: false,
    });
    expect([res.status, res.connection, res.isEnded]).toEqual([413, 'close', false]);
    expect(errorOf(res.body).code).toBe('import_too_large');
    expect(errorOf(res.body).message).toContain('20 MB');
    expect(res.serverRead).toBeLessThan(21 * MB);
  });
});
