// The one capped body reader (server/http/body.ts), on a bare HTTP server with a 64 KB cap: a body of exactly the
// cap is read whole, sent chunked or declared; one byte more is refused (declared: before a byte of it is read);
// a body sent in chunks and never ended is answered while the client is still sending, the reader handed no more
// than the cap and the piece that passed it, and twenty such bodies at once each the same; a body whose first
// bytes are refused is answered once they are in.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody, type BodyCap } from '../../server/http/body.js';

const CAP = 64 * 1024;
/** The most Node hands a request's reader at once (a socket read): what may pass the cap before it is refused. */
const PIECE = 64 * 1024;

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly size?: number,
  ) {
    super('refused');
  }
}

/** The cap of the requests to /capped; /first also refuses a body whose first 4 bytes are "STOP". */
const capOf = (url: string | undefined): BodyCap => ({
  bytes: CAP,
  tooLarge: (size) => new Refused(413, size),
  ...(url === '/first'
    ? {
        first: {
          bytes: 4,
          check: (first: Uint8Array) =>
            Buffer.from(first.subarray(0, 4)).toString() === 'STOP' ? new Refused(422) : undefined,
        },
      }
    : {}),
});

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    // What the request handed its reader (its `data` events) until the reader's answer.
    let handed = 0;
    const emit = req.emit.bind(req) as (event: string, ...args: unknown[]) => boolean;
    req.emit = ((event: string, ...args: unknown[]) => {
      if (event === 'data') handed += (args[0] as Buffer).length;
      return emit(event, ...args);
    }) as IncomingMessage['emit'];
    readBody(req, res, capOf(req.url)).then(
      (bytes) => res.end(JSON.stringify({ read: bytes.byteLength, handed })),
      (error: Refused) => {
        res.statusCode = error.status;
        res.end(JSON.stringify({ size: error.size, handed }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Answer {
  status: number;
  body: { read?: number; size?: number; handed: number };
  connection: string | undefined;
  /** Whether the client had ended its body when the answer came. */
  isEnded: boolean;
}

/** POST `body` to `path`, chunked or declaring its length; `end: false` never ends it (the answer must come first). */
function post(path: string, body: Buffer, input: { isChunked: boolean; end?: boolean }): Promise<Answer> {
  const framing = input.isChunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) };
  return new Promise((resolve, reject) => {
    let isEnded = false;
    let isAnswered = false;
    const req = request(`${base}${path}`, { method: 'POST', headers: framing }, (res) => {
      isAnswered = true;
      const ended = isEnded;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          body: JSON.parse(text) as Answer['body'],
          connection: res.headers.connection,
          isEnded: ended,
        });
      });
    });
    req.on('error', (error) => (isAnswered ? undefined : reject(error)));
    // In 16 KB pieces, each once the one before is sent, until the answer comes.
    let at = 0;
    const more = () => {
      if (isAnswered) return;
      if (at >= body.length) {
        if (input.end === false) return;
        isEnded = true;
        return void req.end();
      }
      const piece = body.subarray(at, at + 16 * 1024);
      at += piece.length;
      req.write(piece, () => setImmediate(more));
    };
    more();
  });
}

const bytes = (n: number) => Buffer.alloc(n, 0x61);

describe('a body of exactly the cap', () => {
  it.each([true, false])('is read whole (chunked: %s)', async (isChunked) => {
    const res = await post('/capped', bytes(CAP), { isChunked });
    expect([res.status, res.body.read]).toEqual([200, CAP]);
  });
});

describe('a body over the cap', () => {
  it('declared one byte longer: refused before a byte is read, the connection closed after the answer', async () => {
    const res = await post('/capped', bytes(CAP + 1), { isChunked: false, end: false });
    expect(res).toMatchObject({ status: 413, body: { size: CAP + 1, handed: 0 }, connection: 'close' });
  });

  it('sent one byte longer in chunks: refused, naming what was received', async () => {
    const res = await post('/capped', bytes(CAP + 1), { isChunked: true });
    expect([res.status, res.body.size, res.connection]).toEqual([413, CAP + 1, 'close']);
  });

  it('never ended: answered while the client still sends, the reader handed the cap and a piece at most', async () => {
    const res = await post('/capped', bytes(16 * CAP), { isChunked: true, end: false });
    expect([res.status, res.connection, res.isEnded]).toEqual([413, 'close', false]);
    expect(res.body.handed).toBeGreaterThan(CAP);
    expect(res.body.handed).toBeLessThanOrEqual(CAP + PIECE);
  });

  it('twenty at once, each never ended: each answered 413, none handed more than the cap and one piece', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/capped', bytes(16 * CAP), { isChunked: true, end: false })),
    );
    for (const res of answers) {
      expect([res.status, res.isEnded]).toEqual([413, false]);
      expect(res.body.handed).toBeLessThanOrEqual(CAP + PIECE);
    }
  });
});

describe('a body refused by its first bytes', () => {
  it('is answered once they are in, the rest never read; a body whose first bytes pass is read', async () => {
    const refused = await post('/first', Buffer.concat([Buffer.from('STOP'), bytes(CAP - 4)]), {
      isChunked: true,
      end: false,
    });
    expect([refused.status, refused.connection, refused.isEnded]).toEqual([422, 'close', false]);
    const read = await post('/first', Buffer.concat([Buffer.from('GO! '), bytes(100)]), { isChunked: false });
    expect([read.status, read.body.read]).toEqual([200, 104]);
  });
});
