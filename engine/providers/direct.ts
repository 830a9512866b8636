// A plain (not streamed) chat completion sent straight with `fetch`, for `karya batch`: the same request
// the SDK would send for the same client (URL, bearer key, organization and project headers, JSON body)
// and the SDK's own error classes for every failure (APIError by status, connection error, time-out,
// abort), so retries and catalogue messages work exactly as through the SDK. What it leaves out is the
// SDK's per-request machinery (header objects, debug-log formatting, promise wrappers, a second abort
// controller): about a fifth of a batch call's CPU, paid on the one thread that runs every book.
// Azure clients and streamed calls keep the SDK.
import type OpenAI from 'openai';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/core/error';
import type { Client } from './client.js';
import { startDeadline } from '../timing.js';

export type ChatBody = OpenAI.ChatCompletionCreateParamsNonStreaming;

export async function directChat(
  client: Client,
  body: ChatBody,
  opts: { signal: AbortSignal; timeout: number; fetch: typeof globalThis.fetch },
): Promise<OpenAI.ChatCompletion> {
  if (opts.signal.aborted) throw new APIUserAbortError();
  const base = client.baseURL;
  const url = `${base.endsWith('/') ? base.slice(0, -1) : base}/chat/completions`;
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (client.apiKey) headers.authorization = `Bearer ${client.apiKey}`;
  if (client.organization) headers['openai-organization'] = client.organization;
  if (client.project) headers['openai-project'] = client.project;
  // The caller's signal and this request's time-out in one (timing.ts), as the SDK's own time-out does.
  const deadline = startDeadline(opts.timeout, opts.signal);
  // Any failure before the whole answer is in: the caller's abort, our time-out, or the connection.
  const failed = (error: unknown) => {
    if (opts.signal.aborted) return new APIUserAbortError();
    if (deadline.isTimedOut()) return new APIConnectionTimeoutError();
    return new APIConnectionError({ cause: error instanceof Error ? error : new Error(String(error)) });
  };
  try {
    let text: string;
    let response: Response;
    try {
      response = await opts.fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: deadline.signal,
      });
      // Read as bytes, made a string here and parsed at once: read through text(), the string crossed an await and
      // was mostly promoted out of the young generation (~8 % of what a batch's thread promoted; what held it across
      // the await is not known), here it dies young.
      text = Buffer.from(await response.arrayBuffer()).toString('utf8');
      // As text() does: a byte-order mark is no part of the answer (JSON.parse would refuse it).
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    } catch (error) {
      throw failed(error);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok)
      throw APIError.generate(
        response.status,
        json as object | undefined,
        json === undefined ? text : undefined,
        response.headers,
      );
    // JSON begun and never ended: a body that ended cleanly mid-answer (a connection closed without a declared
    // length), a dropped connection as the SDK's would be.
    if (json === undefined && /^\s*[{[]/.test(text)) throw failed(new SyntaxError('the answer ended mid-JSON'));
    if (json === undefined || typeof json !== 'object' || json === null)
      throw new APIError(response.status, undefined, 'the answer is not JSON', response.headers);
    return json as OpenAI.ChatCompletion;
  } finally {
    deadline.dispose();
  }
}
