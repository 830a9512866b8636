// Generation retries, time-outs and cancel against the fake OpenAI-compatible server. Expected
// messages and numbers are typed from the platform requirements (§4, §8, §9) and the non-fiction, creative and
// publishing ones (§8, §9).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type ScriptedReply } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { GenerationError } from '../../engine/errors.js';
import { retryAfterMs } from '../../engine/retry.js';
import type { RetryNotice } from '../../engine/provider.js';
import { drive, isSettled, rejectionOf, textRequest, until } from './helpers.js';

const MSG = {
  auth: 'Authentication error. Please refresh the page and try again.',
  tooMany: 'Too many requests. Please wait a moment and try again.',
  server: 'Server error. Please try again in a few moments.',
  unavailable: 'Service temporarily unavailable. Please try again in a few minutes.',
  timedOut: 'Content generation timed out after 3 minutes. Please try again.',
  aborted: 'Generation timed out. Please try again.',
  other: 'Failed to generate content. Please try again.',
  empty: 'No content generated',
  maxRetries: 'Maximum retry attempts reached. Please try again later.',
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());
afterEach(() => {
  vi.useRealTimers();
});

/**
 * Every test runs twice: through the SDK (the server, `karya generate`) and the way `karya batch` sends
 * (plain calls straight through the light fetch, engine/providers/direct.ts): the same requests, retries
 * and messages.
 */
const MODES = [
  { name: 'through the SDK', options: {} },
  { name: 'sent directly, as karya batch does', options: { directChat: true, fetch: lightFetch } },
] as const;
let mode: (typeof MODES)[number] = MODES[0];

/** A provider on the fake server and the generation requests it makes from now on. */
function provider(opts: { timeoutMs?: number } = {}) {
  const before = fake.generationRequests().length;
  const p = createOpenAIProvider({ apiKey: 'sk-test-key', baseURL: fake.baseURL, ...mode.options, ...opts });
  return { p, sent: () => fake.generationRequests().slice(before) };
}

function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
}

describe.each(MODES)('$name', (current) => {
  beforeAll(() => {
    mode = current;
  });

  describe('429 and 503: at most 2 more requests, 2 s apart (platform §4, §9)', () => {
    it('429 → 429 → 200 succeeds with exactly 3 generation requests, each 2 s after the last failure', async () => {
      fakeClock();
      const { p, sent } = provider();
      fake.script({ status: 429 }, { status: 429 }, { text: 'Third time lucky.' });
      const notices: RetryNotice[] = [];
      const result = p.generateText(textRequest({ onRetry: (n) => notices.push(n) }));

      await until(() => notices.length === 1, 'the first retry notice');
      expect(sent()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(await isSettled(result)).toBe(false);
      expect(sent()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await until(() => notices.length === 2, 'the second retry notice');
      expect(sent()).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(2_000);

      expect((await result).text).toBe('Third time lucky.');
      expect(sent()).toHaveLength(3);
      expect(notices.map((n) => [n.reason, n.attempt, n.of, n.delayMs])).toEqual([
        ['rate_limited', 1, 2, 2_000],
        ['rate_limited', 2, 2, 2_000],
      ]);
      const at = sent().map((r) => r.at);
      expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(2_000);
      expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(2_000);
    });

    const exhausted: Array<{ name: string; replies: ScriptedReply[]; message: string; status: number }> = [
      {
        name: '429 × 3',
        replies: [{ status: 429 }, { status: 429 }, { status: 429 }],
        message: MSG.tooMany,
        status: 429,
      },
      {
        name: '503 × 3',
        replies: [{ status: 503 }, { status: 503 }, { status: 503 }],
        message: MSG.unavailable,
        status: 503,
      },
      {
        name: '429, 503, 429',
        replies: [{ status: 429 }, { status: 503 }, { status: 429 }],
        message: MSG.tooMany,
        status: 429,
      },
    ];
    it.each(exhausted)(
      '$name fails with the catalogue message after exactly 3 requests (no SDK retries)',
      async ({ replies, message, status }) => {
        fakeClock();
        const { p, sent } = provider();
        fake.script(...replies);
        const error = await rejectionOf(drive(p.generateText(textRequest())));
        expect(error).toBeInstanceOf(GenerationError);
        expect(error.message).toBe(message);
        expect((error as GenerationError).status).toBe(status);
        expect(sent()).toHaveLength(3);
      },
    );

    it(
      'a 429 its retries did not outlast still asks for the ' +
        "server's wait: whoever tries again next (a batch) reads it",
      async () => {
        fakeClock();
        const { p, sent } = provider();
        const busy = { status: 429, headers: { 'retry-after': '30' } };
        fake.script(busy, busy, busy);
        const error = await rejectionOf(drive(p.generateText(textRequest())));
        expect(sent()).toHaveLength(3);
        expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
        expect(retryAfterMs(error)).toBe(30_000);
      },
    );

    it("503 honours the server's retry-after when it is under 60 s", async () => {
      fakeClock();
      const { p, sent } = provider();
      fake.script({ status: 503, headers: { 'retry-after': '5' } }, { text: 'After five seconds.' });
      const notices: RetryNotice[] = [];
      const result = p.generateText(textRequest({ onRetry: (n) => notices.push(n) }));
      await until(() => notices.length === 1, 'the retry notice');
      expect(notices[0]).toMatchObject({ reason: 'service_unavailable', delayMs: 5_000, message: MSG.unavailable });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(await isSettled(result)).toBe(false);
      expect(sent()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await drive(result)).text).toBe('After five seconds.');
      expect(sent()).toHaveLength(2);
    });

    const waits: Array<{ headers: Record<string, string>; delayMs: number }> = [
      { headers: { 'retry-after': '0.5' }, delayMs: 500 },
      { headers: { 'retry-after-ms': '1500' }, delayMs: 1_500 },
      { headers: { 'retry-after': '59' }, delayMs: 59_000 },
      { headers: { 'retry-after': '60' }, delayMs: 2_000 },
      { headers: { 'retry-after': '120' }, delayMs: 2_000 },
    ];
    it.each(waits)(
      '429 with $headers waits $delayMs ms (a retry-after of 60 s or more is not honoured)',
      async ({ headers, delayMs }) => {
        fakeClock();
        const { p } = provider();
        fake.script({ status: 429, headers }, { text: 'ok' });
        const notices: RetryNotice[] = [];
        await drive(p.generateText(textRequest({ onRetry: (n) => notices.push(n) })));
        expect(notices.map((n) => n.delayMs)).toEqual([delayMs]);
      },
    );
  });

  describe('other statuses do not retry', () => {
    const table: Array<{ status: number; message: string }> = [
      { status: 401, message: MSG.auth },
      { status: 500, message: MSG.server },
      { status: 400, message: MSG.other },
      { status: 404, message: MSG.other },
    ];
    it.each(table)('$status fails after 1 request: "$message"', async ({ status, message }) => {
      const { p, sent } = provider();
      fake.script({ status });
      const notices: RetryNotice[] = [];
      const error = await rejectionOf(p.generateText(textRequest({ onRetry: (n) => notices.push(n) })));
      expect(error.message).toBe(message);
      expect(sent()).toHaveLength(1);
      expect(notices).toEqual([]);
    });

    it('an empty answer is "No content generated" after 1 request', async () => {
      const { p, sent } = provider();
      fake.script({ text: '  ' });
      expect((await rejectionOf(p.generateText(textRequest()))).message).toBe(MSG.empty);
      expect(sent()).toHaveLength(1);
    });

    it('the Malay message is in the catalogue under the same stable code', async () => {
      const { catalogueMessage } = await import('../../engine/errors.js');
      const { p } = provider();
      fake.script({ status: 429 }, { status: 429 }, { status: 429 });
      fakeClock();
      const error = (await rejectionOf(drive(p.generateText(textRequest())))) as GenerationError;
      expect(error.code).toBe('rate_limited');
      expect(catalogueMessage(error.code, 'ms')).toBe('Terlalu banyak permintaan. Sila tunggu sebentar dan cuba lagi.');
    });
  });

  describe('network failures: up to 3 retries, reported to the caller (platform §4)', () => {
    it('two dropped connections, then an answer: "Connection error. Retrying... (1/3)", "(2/3)"', async () => {
      fakeClock();
      const { p, sent } = provider();
      fake.script({ dropConnection: true }, { dropConnection: true }, { text: 'Back online.' });
      const messages: string[] = [];
      const result = await drive(p.generateText(textRequest({ onRetry: (n) => messages.push(n.message) })));
      expect(result.text).toBe('Back online.');
      expect(messages).toEqual(['Connection error. Retrying... (1/3)', 'Connection error. Retrying... (2/3)']);
      expect(sent()).toHaveLength(3);
    });

    it(
      'four dropped connections: three notices, then "Maximum ' + 'retry attempts reached. Please try again later."',
      async () => {
        fakeClock();
        const { p, sent } = provider();
        fake.script(
          { dropConnection: true },
          { dropConnection: true },
          { dropConnection: true },
          { dropConnection: true },
        );
        const messages: string[] = [];
        const error = await rejectionOf(
          drive(p.generateText(textRequest({ onRetry: (n) => messages.push(n.message) }))),
        );
        expect(error.message).toBe(MSG.maxRetries);
        expect(messages).toEqual([
          'Connection error. Retrying... (1/3)',
          'Connection error. Retrying... (2/3)',
          'Connection error. Retrying... (3/3)',
        ]);
        expect(sent()).toHaveLength(4);
      },
    );

    it('the notices are in Malay when the request is', async () => {
      fakeClock();
      const { p } = provider();
      fake.script({ dropConnection: true }, { text: 'ok' });
      const messages: string[] = [];
      const meta = {
        generatorId: 'poems',
        family: 'creative',
        kind: 'single',
        stepKind: 'single' as const,
        stepLabel: 'Puisi',
        lang: 'ms' as const,
        title: 'Puisi',
        settingsSummary: [],
        wordTarget: 200,
        isFiction: false,
      };
      await drive(p.generateText(textRequest({ meta, onRetry: (n) => messages.push(n.message) })));
      expect(messages).toEqual(['Ralat sambungan. Mencuba semula... (1/3)']);
    });
  });

  describe('time-out and cancel (platform §4, §7: 180 s, request time-out 175 s)', () => {
    it('a server that never answers times out after 3 minutes with the catalogue message', async () => {
      fakeClock();
      const { p, sent } = provider();
      const abandonedBefore = fake.abandoned();
      fake.script({ hang: true });
      const result = p.generateText(textRequest());
      await until(() => sent().length === 1, 'the generation request');
      await vi.advanceTimersByTimeAsync(174_000);
      expect(await isSettled(result)).toBe(false);
      await vi.advanceTimersByTimeAsync(6_000);
      const error = await rejectionOf(result);
      expect(error.message).toBe(MSG.timedOut);
      await until(() => fake.abandoned() === abandonedBefore + 1, 'the request to be closed');
    });

    it(
      'the time-out is configurable, and its message names ' + 'the limit that applied, not the default 3 minutes',
      async () => {
        const { p } = provider({ timeoutMs: 300 });
        fake.script({ hang: true });
        const started = Date.now();
        const error = await rejectionOf(p.generateText(textRequest()));
        // A limit under a second is said as the second it rounds up to, never shorter than it was.
        expect(error.message).toBe('Content generation timed out after 1 second. Please try again.');
        expect(Date.now() - started).toBeLessThan(3_000);
      },
    );

    it('a time-out of 10 s says 10 seconds, in English and in Malay', async () => {
      fakeClock();
      const { p, sent } = provider({ timeoutMs: 10_000 });
      fake.script({ hang: true });
      const result = p.generateText(textRequest());
      await until(() => sent().length === 1, 'the generation request');
      const rejected = rejectionOf(result);
      await vi.advanceTimersByTimeAsync(10_000);
      const error = await rejected;
      expect(error).toBeInstanceOf(GenerationError);
      expect(error.message).toBe('Content generation timed out after 10 seconds. Please try again.');
      expect((error as GenerationError).messageIn('ms')).toBe(
        'Penjanaan kandungan tamat masa selepas 10 saat. Sila cuba lagi.',
      );
    });

    it("the caller's AbortSignal cancels the HTTP request at once", async () => {
      // The clock stands still: the fake hangs and no timer runs (the 3-minute time-out never comes), so only the
      // abort can end the call, and "at once" is before any time passes.
      fakeClock();
      const { p, sent } = provider();
      const abandonedBefore = fake.abandoned();
      fake.script({ hang: true });
      const controller = new AbortController();
      const result = p.generateText(textRequest({ signal: controller.signal }));
      await until(() => sent().length === 1, 'the generation request');
      const started = Date.now();
      controller.abort();
      const error = await rejectionOf(result);
      expect(error.message).toBe(MSG.aborted);
      expect(Date.now()).toBe(started);
      await until(() => fake.abandoned() === abandonedBefore + 1, 'the request to be closed');
      expect(sent()).toHaveLength(1);
    });

    it('an abort during the 2 s wait stops the retries', async () => {
      fakeClock();
      const { p, sent } = provider();
      fake.script({ status: 429 });
      const controller = new AbortController();
      const notices: RetryNotice[] = [];
      const result = p.generateText(textRequest({ signal: controller.signal, onRetry: (n) => notices.push(n) }));
      await until(() => notices.length === 1, 'the retry notice');
      controller.abort();
      expect((await rejectionOf(result)).message).toBe(MSG.aborted);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(sent()).toHaveLength(1);
    });
  });

  describe('the exact payload (platform §7)', () => {
    it(
      'sends model, [system, user], max_tokens, temperature and ' +
        'both penalties, nothing else, with the key as a bearer token',
      async () => {
        const { p, sent } = provider();
        fake.script({ text: 'A line.' });
        const result = await p.generateText(
          textRequest({
            system: 'You are an expert writer.',
            user: 'Write a haiku.',
            maxTokens: 500,
            temperature: 0.9,
            presencePenalty: 0.3,
            frequencyPenalty: 0.3,
          }),
        );
        expect(result).toMatchObject({ text: 'A line.', model: 'gpt-4o-mini' });
        expect(sent()[0]!.body).toEqual({
          model: 'gpt-4o-mini',
          messages: [
            { role: 'system', content: 'You are an expert writer.' },
            { role: 'user', content: 'Write a haiku.' },
          ],
          max_tokens: 500,
          temperature: 0.9,
          presence_penalty: 0.3,
          frequency_penalty: 0.3,
        });
        expect(sent()[0]!.headers.authorization).toBe('Bearer sk-test-key');
        expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 2, totalTokens: 12 });
      },
    );

    it('sends the organization and project the SDK takes from OPENAI_ORG_ID and OPENAI_PROJECT_ID', async () => {
      vi.stubEnv('OPENAI_ORG_ID', 'org-karya');
      vi.stubEnv('OPENAI_PROJECT_ID', 'proj-karya');
      try {
        const { p, sent } = provider();
        await p.generateText(textRequest());
        expect(sent()[0]!.headers['openai-organization']).toBe('org-karya');
        expect(sent()[0]!.headers['openai-project']).toBe('proj-karya');
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it('the initialisation test call is 1 token', async () => {
      const before = fake.probeRequests().length;
      const { p } = provider();
      await p.generateText(textRequest());
      const probes = fake.probeRequests().slice(before);
      expect(probes).toHaveLength(1);
      expect(probes[0]!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 1 });
    });
  });
});
