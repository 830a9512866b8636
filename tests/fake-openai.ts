// A small OpenAI-compatible HTTP server (node:http) for tests and benchmarks: records every request,
// answers chat completions (plain or streamed), image generations and image downloads, and can be
// scripted to fail, hang, add latency, or enforce a request-rate limit. The provider's 1-token
// initialisation test calls (max_tokens 1, not streamed) are "probes": they answer "OK" from their own
// script (scriptProbes), do not advance the answer index, and never consume scripted chat replies.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
  at: number;
  /** The query string, e.g. "?api-version=2024-10-21" ("" when none). */
  search?: string;
  /** When the answer was fully written (chat requests answered 2xx only); unset while in flight or after a failure. */
  answeredAt?: number;
}

/** One scripted answer: a status with a JSON body, a hang (never answers), or a text to return. */
export type ScriptedReply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { hang: true }
  | { text: string; finishReason?: 'stop' | 'length' }
  | { dropConnection: true };

export interface FakeOpenAIOptions {
  /** Latency added before every chat answer, in ms. */
  latencyMs?: number;
  /** Enforced limit: more than this many chat requests in any 60 s window (or `rateWindowMs`) get 429. */
  requestsPerMinute?: number;
  /** The sliding window `requestsPerMinute` counts over, in ms (default 60 000); short windows keep rate tests fast. */
  rateWindowMs?: number;
  /** Decide a reply per chat request from its body (e.g. fail one book's calls); undefined falls through to the defaults. */
  reply?: (body: Record<string, unknown>, index: number) => ScriptedReply | undefined;
  /** Why a default answer ended: `length` cuts it as a model does at max_tokens (default `stop`). */
  finishReason?: (body: Record<string, unknown>, index: number) => 'stop' | 'length' | undefined;
  /** Pause between streamed words, in ms (a slow stream). */
  streamDelayMs?: number;
  /** Text of a default answer; receives the request body. */
  answer?: (body: Record<string, unknown>, index: number) => string;
}

export interface FakeOpenAI {
  url: string;
  /** Port the server listens on (127.0.0.1). */
  port: number;
  /** Base URL for the SDK: `${url}/v1`. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Requests to /v1/chat/completions only (generations and probes). */
  chatRequests(): RecordedRequest[];
  /** Chat requests that are generations (not 1-token initialisation probes). */
  generationRequests(): RecordedRequest[];
  /** The 1-token initialisation test calls (max_tokens 1, not streamed). */
  probeRequests(): RecordedRequest[];
  /** Requests to the image-generation endpoint. */
  imageRequests(): RecordedRequest[];
  /** Queue replies for the next probes (consumed in order, then they answer 200 "OK" again). */
  scriptProbes(...replies: ScriptedReply[]): void;
  /** Chat requests whose client went away before the answer was sent (aborted or timed out). */
  abandoned(): number;
  /** Resolves once `n` chat requests (generations and probes) have been received in all. */
  waitForChatRequests(n: number): Promise<void>;
  /** Queue replies for the next chat requests (consumed in order, then defaults resume). */
  script(...replies: ScriptedReply[]): void;
  /** Queue replies for the next image requests. */
  scriptImages(...replies: ScriptedReply[]): void;
  /** Highest number of chat requests in flight at once. */
  maxInFlight(): number;
  /** Number of chat requests refused by the rate limit. */
  rateLimited(): number;
  close(): Promise<void>;
}

/** A 1x1 transparent PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** The words a request asks for: the last "Write about N (more) words" / "Tulis kira-kira N patah perkataan (lagi)" of its user message; 0 when it asks for none. */
export function askedWordsOf(body: Record<string, unknown>): number {
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  const user = messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
  const last = [...user.matchAll(/Write about ([\d,]+) (?:more )?words|Tulis kira-kira ([\d,]+) patah perkataan/g)].at(-1);
  return last ? Number((last[1] ?? last[2])!.replace(/,/g, '')) : 0;
}

const FILL_EN = 'The rain kept falling over the harbour while the lights of the town came on one by one.';
const FILL_MS = 'Hujan terus turun di pelabuhan ketika lampu-lampu pekan menyala satu demi satu.';

/**
 * The default answer: "Fake answer N." with a character list, as a model that follows the request writes it:
 * as many words as the request asks for (in the request's language), so a part is never extended for being short.
 */
function defaultAnswer(body: Record<string, unknown>, index: number): string {
  const head = `Fake answer ${index + 1}. Character Details:\n- Aisha: the lead\n\n`;
  const asked = askedWordsOf(body);
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  const isMalay = messages.some((m) => /Bahasa Malaysia/.test(m.content));
  const filler = (isMalay ? FILL_MS : FILL_EN).split(' ');
  const words: string[] = [];
  for (let i = 0; words.length < asked - 6; i++) words.push(filler[i % filler.length]!);
  return `${head}${words.length ? `${words.join(' ')}\n\n` : ''}The end.`;
}

/**
 * A scripted answer made as long as the request asks (its last paragraph repeated, so its language stays
 * the same): for tests about something other than length, where a short answer would be extended.
 */
export function fullLength(answer: (body: Record<string, unknown>, index: number) => string): (body: Record<string, unknown>, index: number) => string {
  return (body, index) => {
    const text = answer(body, index);
    const asked = askedWordsOf(body);
    const count = (t: string) => t.split(/\s+/).filter(Boolean).length;
    if (!asked || count(text) >= asked) return text;
    const last = text.trim().split(/\n\s*\n/).at(-1)!.trim();
    const parts = [text.trim()];
    let words = count(text);
    while (words < asked && count(last) > 0) {
      parts.push(last);
      words += count(last);
    }
    return parts.join('\n\n');
  };
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const chatQueue: ScriptedReply[] = [];
  const imageQueue: ScriptedReply[] = [];
  const probeQueue: ScriptedReply[] = [];
  const chatWaiters: Array<{ n: number; resolve: () => void }> = [];
  let abandonedCount = 0;
  let chatSeen = 0;
  const sockets = new Set<import('node:net').Socket>();
  const windowStarts: number[] = [];
  let inFlight = 0;
  let peak = 0;
  let limited = 0;
  let chatCount = 0;
  let origin = '';

  const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };

  const completion = (body: Record<string, unknown>, text: string, finishReason: string) => ({
    id: `chatcmpl-${chatCount}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: String(body.model ?? 'fake'),
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
    usage: { prompt_tokens: 10, completion_tokens: text.split(/\s+/).length, total_tokens: 10 + text.split(/\s+/).length },
  });

  const streamText = async (res: http.ServerResponse, body: Record<string, unknown>, text: string, finishReason: string) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const words = text.match(/\S+\s*/g) ?? [];
    const base = { id: `chatcmpl-${chatCount}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: String(body.model ?? 'fake') };
    for (const w of words) {
      if (options.streamDelayMs) await new Promise((r) => setTimeout(r, options.streamDelayMs));
      if (res.destroyed) return;
      res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: { content: w }, finish_reason: null }] })}\n\n`);
    }
    res.write(`data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] })}\n\n`);
    const opts = body.stream_options as { include_usage?: boolean } | undefined;
    if (opts?.include_usage) {
      res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: words.length, total_tokens: 10 + words.length } })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> | undefined;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
      } catch {
        body = undefined;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const search = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body, at: Date.now(), search });

      if (req.method === 'GET' && path.startsWith('/images/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(TINY_PNG);
        return;
      }
      if (req.method === 'POST' && path.endsWith('/images/generations')) {
        const reply = imageQueue.shift();
        if (reply && 'hang' in reply) return;
        if (reply && 'status' in reply) return sendJson(res, reply.status, reply.body ?? {}, reply.headers);
        return sendJson(res, 200, { created: 1, data: [{ url: `${origin}/images/cover.png` }] });
      }
      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        const b = body ?? {};
        const isProbe = b.max_tokens === 1 && !b.stream;
        const index = isProbe ? -1 : chatCount++;
        chatSeen++;
        for (const w of chatWaiters.filter((x) => chatSeen >= x.n)) {
          chatWaiters.splice(chatWaiters.indexOf(w), 1);
          w.resolve();
        }
        res.on('close', () => {
          if (!res.writableEnded) abandonedCount++;
        });
        const recorded = requests[requests.length - 1]!;
        if (options.requestsPerMinute) {
          const now = Date.now();
          const windowMs = options.rateWindowMs ?? 60_000;
          while (windowStarts.length && now - windowStarts[0]! >= windowMs) windowStarts.shift();
          if (windowStarts.length >= options.requestsPerMinute) {
            limited++;
            const wait = Math.max(0.001, (windowMs - (now - windowStarts[0]!)) / 1000);
            return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'rate_limit' } }, { 'retry-after': wait.toFixed(3) });
          }
          windowStarts.push(now);
        }
        const reply = isProbe ? probeQueue.shift() : chatQueue.shift() ?? options.reply?.(b, index);
        if (reply && 'hang' in reply) return;
        if (reply && 'dropConnection' in reply) {
          req.socket.destroy();
          return;
        }
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          if (options.latencyMs) await new Promise((r) => setTimeout(r, options.latencyMs));
          if (reply && 'status' in reply) return sendJson(res, reply.status, reply.body ?? { error: { message: `status ${reply.status}` } }, reply.headers);
          const text = reply && 'text' in reply ? reply.text : isProbe ? 'OK' : options.answer ? options.answer(b, index) : defaultAnswer(b, index);
          const finishReason = (reply && 'text' in reply ? reply.finishReason : undefined) ?? (isProbe ? undefined : options.finishReason?.(b, index)) ?? 'stop';
          if (b.stream) await streamText(res, b, text, finishReason);
          else sendJson(res, 200, completion(b, text, finishReason));
          recorded.answeredAt = Date.now();
        } finally {
          inFlight--;
        }
        return;
      }
      sendJson(res, 404, { error: { message: `no route ${req.method} ${path}` } });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const isChat = (r: RecordedRequest) => r.path.endsWith('/chat/completions');
  const isProbeRequest = (r: RecordedRequest) => isChat(r) && r.body?.max_tokens === 1 && !r.body?.stream;
  return {
    url: origin,
    port,
    baseURL: `${origin}/v1`,
    requests,
    chatRequests: () => requests.filter(isChat),
    generationRequests: () => requests.filter((r) => isChat(r) && !isProbeRequest(r)),
    probeRequests: () => requests.filter(isProbeRequest),
    imageRequests: () => requests.filter((r) => r.path.endsWith('/images/generations')),
    scriptProbes: (...replies) => probeQueue.push(...replies),
    abandoned: () => abandonedCount,
    waitForChatRequests: (n) => (chatSeen >= n ? Promise.resolve() : new Promise<void>((resolve) => chatWaiters.push({ n, resolve }))),
    script: (...replies) => chatQueue.push(...replies),
    scriptImages: (...replies) => imageQueue.push(...replies),
    maxInFlight: () => peak,
    rateLimited: () => limited,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// Run standalone: `tsx tests/fake-openai.ts [port]` prints the base URL (for manual checks).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAI();
  process.stdout.write(`${fake.baseURL}\n`);
}
