// A lighter `fetch` for the provider SDK in `karya batch`: node:http(s) with keep-alive agents, the
// answer read whole into a light Response (or streamed, for server-sent events, as a standard one). Through the SDK a
// call costs 0.87-0.97 ms of CPU this way against 1.5-1.6 ms with the global (undici) fetch (100 calls in
// flight, same run, load 14 on 2 cores), which a batch of thousands of calls pays on its one thread.
// Anything but http(s) goes to the global fetch. Aborts reject with an AbortError, as fetch does.
import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';

// node:http and node:https are required, not imported: an ES import of a built-in builds its namespace by
// reading every export, and node:http's WebSocket getters then load the whole undici fetch (~25 ms of a
// batch's start, before its first call; required, ~3 ms). node:https (TLS) is loaded at its first call.
const requireBuiltin = createRequire(import.meta.url);
type Protocol = 'http:' | 'https:';
const modules: Partial<Record<Protocol, typeof Http>> = {};
const agents: Partial<Record<Protocol, Http.Agent>> = {};
const moduleOf = (protocol: Protocol): typeof Http =>
  (modules[protocol] ??= requireBuiltin(protocol === 'https:' ? 'node:https' : 'node:http') as typeof Http);
const agentOf = (protocol: Protocol): Http.Agent =>
  (agents[protocol] ??= new (moduleOf(protocol).Agent)({ keepAlive: true, maxSockets: Infinity }));
const isHttp = (protocol: string): protocol is Protocol => protocol === 'http:' || protocol === 'https:';

function headersOf(init: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!init) return out;
  // Not `instanceof Headers`: touching that global loads fetch's implementation (~20 ms of a batch's
  // start), and the direct calls pass a plain object.
  if (Array.isArray(init)) for (const [key, value] of init) out[key!.toLowerCase()] = value!;
  else if (typeof (init as Headers).forEach === 'function')
    (init as Headers).forEach((value, key) => (out[key] = value));
  else for (const [key, value] of Object.entries(init)) if (value !== undefined) out[key.toLowerCase()] = String(value);
  return out;
}

/**
 * The headers of an answer, read through Headers' methods from the object node:http already parsed
 * (lower-case names, repeated headers joined). Building a real Headers (and a Response around it) cost
 * each call of a batch more than the SDK's own work on the answer; the SDK and the provider only read
 * headers (`get`, and `entries` when a debug log is on).
 */
class AnswerHeaders {
  readonly #headers: NodeJS.Dict<string | string[]>;
  constructor(headers: NodeJS.Dict<string | string[]>) {
    this.#headers = headers;
  }
  get(name: string): string | null {
    const value = this.#headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
  has(name: string): boolean {
    return this.#headers[name.toLowerCase()] !== undefined;
  }
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.#headers).sort()) yield [name, this.get(name)!];
  }
  keys(): IterableIterator<string> {
    return Object.keys(this.#headers).sort()[Symbol.iterator]();
  }
  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }
  forEach(callback: (value: string, name: string, headers: AnswerHeaders) => void): void {
    for (const [name, value] of this.entries()) callback(value, name, this);
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * A whole answer, with the part of Response that readers of a finished answer use: status, ok, url,
 * headers, text(), json(), arrayBuffer(), and `body` (a stream made only if someone asks for it). The
 * bytes are all here, so nothing builds a ReadableStream per answer (a third of the response's cost in
 * a batch's CPU profile when it was an undici Response).
 */
class WholeResponse {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly url: string;
  readonly headers: AnswerHeaders;
  readonly redirected = false;
  readonly type = 'basic';
  readonly #bytes: Buffer<ArrayBuffer> | null;
  #stream: ReadableStream<Uint8Array> | null | undefined;
  #used = false;
  constructor(
    bytes: Buffer<ArrayBuffer> | null,
    init: { status: number; statusText: string; url: string; headers: NodeJS.Dict<string | string[]> },
  ) {
    this.status = init.status;
    this.statusText = init.statusText;
    this.ok = init.status >= 200 && init.status < 300;
    this.url = init.url;
    this.headers = new AnswerHeaders(init.headers);
    this.#bytes = bytes;
  }
  get body(): ReadableStream<Uint8Array> | null {
    if (!this.#bytes) return null;
    return (this.#stream ??= new Response(this.#bytes).body);
  }
  get bodyUsed(): boolean {
    return this.#used;
  }
  #read(): Buffer<ArrayBuffer> {
    if (this.#used) throw new TypeError('Body is unusable: Body has already been read');
    this.#used = true;
    return this.#bytes ?? Buffer.alloc(0);
  }
  async text(): Promise<string> {
    return this.#read().toString('utf8');
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.#read().toString('utf8'));
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#read();
    // The body is read once: bytes in an ArrayBuffer of their own (not the shared pool's) are handed over, not copied.
    const isWhole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    return isWhole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason instanceof Error && signal.reason.name !== 'AbortError'
    ? signal.reason
    : new DOMException('This operation was aborted', 'AbortError');
}

export const lightFetch: typeof globalThis.fetch = (input, init = {}) => {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href);
  if (
    !isHttp(url.protocol) ||
    (typeof input !== 'string' && !(input instanceof URL)) ||
    (init.body !== undefined &&
      init.body !== null &&
      typeof init.body !== 'string' &&
      !(init.body instanceof Uint8Array))
  ) {
    return globalThis.fetch(input, init);
  }
  const headers = headersOf(init.headers);
  // A string body is sent as its bytes: node:http joins a string to its headers (one string copied whole again as it is
  // written, every request's prompts once more on the thread that reads the answers), a buffer it writes beside them.
  const given = init.body as string | Uint8Array | undefined | null;
  const body = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  if (body != null && headers['content-length'] === undefined) headers['content-length'] = String(body.byteLength);
  return send({ protocol: url.protocol, url, href, method: init.method ?? 'GET', headers, signal: init.signal }, body);
};

/**
 * One request, its body given apart: the body is written at once and no callback of the request holds it (nor the
 * caller's init, which holds it too: a closure keeps every variable of the scopes around it that any closure there
 * reads). Held by the answer's callbacks, a batch's request bodies (a copy of every prompt)
 * lived through the model's latency and were moved to the old generation by the young one's collections: ~8 % of what
 * the batch's thread promoted.
 */
function send(
  request: {
    protocol: Protocol;
    url: URL;
    href: string;
    method: string;
    headers: Record<string, string>;
    signal: AbortSignal | null | undefined;
  },
  body: string | Uint8Array | undefined | null,
): Promise<Response> {
  const { protocol, url, href, method, headers, signal } = request;
  if (signal?.aborted) return Promise.reject(abortError(signal));
  let sent: Http.ClientRequest | undefined;
  const answer = new Promise<Response>((resolve, reject) => {
    sent = moduleOf(protocol).request(url, { method, headers, agent: agentOf(protocol) }, (res) => {
      const status = res.statusCode ?? 500;
      const hasBody = status !== 204 && status !== 304 && method !== 'HEAD';
      if (hasBody && (res.headers['content-type'] ?? '').includes('text/event-stream')) {
        const responseHeaders = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          responseHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        signal?.removeEventListener('abort', onAbort);
        signal?.addEventListener('abort', () => res.destroy(abortError(signal) as Error), { once: true });
        resolve(
          new Response(Readable.toWeb(res) as ReadableStream, {
            status,
            statusText: res.statusMessage ?? '',
            headers: responseHeaders,
          }),
        );
        return;
      }
      const meta = { status, statusText: res.statusMessage ?? '', url: href, headers: res.headers };
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(new WholeResponse(hasBody ? Buffer.concat(chunks) : null, meta) as unknown as Response);
      });
      res.on('error', (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
      });
    });
    const onAbort = () => {
      sent!.destroy();
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    sent!.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? abortError(signal) : new TypeError('fetch failed', { cause: error }));
    });
  });
  // Written here, not in the promise's executor: a variable its callbacks' scope can see would hold the body.
  // (None when the request could not be made: the promise has its error.)
  sent?.end(body ?? undefined);
  return answer;
}
