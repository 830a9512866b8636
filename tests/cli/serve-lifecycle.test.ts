// `karya serve` as a process: every health request sent while it starts is answered, a
// start-up failure exits non-zero and frees the port, and SIGTERM lets an open stream finish with `done`. The two
// start-up failures run the command in the test's process (tests/karya-in-process.ts: the same exit code and message,
// and the port free again once the command has returned); the start, the signals and the exits on them are a real
// process's.
import { writeFileSync } from 'node:fs';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { parseEvents } from '../server/helpers.js';
import { startCli } from './run-cli.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('karya-serve-');
});

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether something can listen on the port (the previous owner freed it). */
async function canListen(port: number): Promise<boolean> {
  const probe = createNetServer();
  return new Promise<boolean>((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

const serveEnv = (extra: Record<string, string> = {}) => ({
  KARYA_DB: path.join(dir, `${Math.random().toString(36).slice(2)}.sqlite`),
  KARYA_SCRYPT_LOG_N: '4',
  KARYA_LOG_LEVEL: 'warn',
  ...extra,
});

describe('karya serve start-up', () => {
  it('every health request sent every 100 ms from the start is answered (none hangs)', async () => {
    const port = await freePort();
    const { child, done } = startCli(['serve', '--port', String(port)], { env: serveEnv() });
    const outcomes: Array<{ at: number; result: string }> = [];
    const started = Date.now();
    let isRunning = false;
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('Karya is running')) isRunning = true;
    });
    const pending: Array<Promise<void>> = [];
    // From the spawn until 1.5 s after the server said it runs (at most 30 s in all).
    for (let sentAfterRunning = 0; sentAfterRunning < 15 && Date.now() - started < 30_000;) {
      pending.push(
        fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
          async (res) =>
            void outcomes.push({
              at: Date.now() - started,
              result: `${res.status} ${((await res.json()) as { status: string }).status}`,
            }),
          (error: unknown) => {
            const cause = (error as { cause?: { code?: string } }).cause?.code;
            outcomes.push({
              at: Date.now() - started,
              result: cause === 'ECONNREFUSED' ? 'refused' : `failed ${String((error as Error).name)} ${cause ?? ''}`,
            });
          },
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
      if (isRunning) sentAfterRunning += 1;
    }
    await Promise.all(pending);
    child.kill('SIGTERM');
    const result = await done;
    expect(result.code).toBe(0);
    const results = outcomes.sort((a, b) => a.at - b.at).map((o) => o.result);
    // Refused while the process loads (nothing listens yet); once the port is open, every request is answered.
    const firstAnswer = results.findIndex((r) => r !== 'refused');
    expect(firstAnswer).toBeGreaterThanOrEqual(0);
    expect(
      results.slice(firstAnswer).every((r) => r === '200 ok' || r === '200 starting'),
      results.join(', '),
    ).toBe(true);
    expect(results.at(-1)).toBe('200 ok');
  }, 60_000);

  it('a port already taken: exit 1 with a message', async () => {
    const holder = createNetServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as AddressInfo;
    try {
      const result = await runKaryaInProcess(['serve', '--port', String(port)], { env: serveEnv() });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/EADDRINUSE|in use/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 60_000);

  it('a database that cannot be opened after the port was taken: exit 1 and the port is free again', async () => {
    const port = await freePort();
    // A "folder" that is a file: the database cannot be made there.
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const result = await runKaryaInProcess(['serve', '--port', String(port)], {
      env: serveEnv({ KARYA_DB: path.join(file, 'karya.sqlite') }),
    });
    expect(result.code).toBe(1);
    expect(await canListen(port)).toBe(true);
  }, 60_000);
});

describe('karya serve on SIGTERM', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    // 30 words, one every 50 ms: a streamed step of about 1.5 s, still under way when the signal comes at its first
    // word.
    fake = await startFakeOpenAI({
      streamDelayMs: 50,
      answer: () => Array.from({ length: 30 }, (_, i) => `word${i}`).join(' '),
    });
  });
  afterAll(() => fake.close());

  it('during a streamed step: the stream gets its done event, new work is refused, the process exits 0', async () => {
    const port = await freePort();
    const { child, done } = startCli(['serve', '--port', String(port)], {
      env: serveEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
    const url = `http://127.0.0.1:${port}`;
    let isUp = false;
    for (let i = 0; i < 300 && !isUp; i++) {
      isUp = await fetch(`${url}/api/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!isUp) await new Promise((r) => setTimeout(r, 100));
    }
    expect(isUp).toBe(true);
    const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'stop@karya.test', password: 'karya-secret1' }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${url}/api/generators/poems/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie },
      body: JSON.stringify({ settings: {} }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let text = '';
    let onText = () => {};
    const reading = (async () => {
      for (;;) {
        const { done: isDone, value } = await reader.read();
        if (isDone) return;
        text += Buffer.from(value).toString('utf8');
        onText();
      }
    })();
    // The signal comes once the first words have reached the client (or the stream ended without any: a failure).
    const firstWords = new Promise<void>((resolve) => {
      onText = () => {
        if (text.includes('event: delta')) resolve();
      };
      onText();
    });
    await Promise.race([firstWords, reading]);
    expect(text).toContain('event: delta');
    expect(text).not.toContain('event: done');
    // Its stop begins (new work refused from then on) when it says so.
    const stopping = new Promise<void>((resolve) => {
      let said = '';
      child.stderr!.on('data', (d: Buffer) => {
        said += d.toString();
        if (said.includes('stopping the server')) resolve();
      });
    });
    child.kill('SIGTERM');
    await stopping;
    // New work on a new connection: refused (the port is closed) or answered 503.
    const late = await fetch(`${url}/api/generators/poems/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: '{"settings":{}}',
    }).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);
    await reading;
    const events = parseEvents(text);
    expect(events.at(-1)?.event).toBe('done');
    expect((events.at(-1)?.data as { content: string }).content).toContain('word29');
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('stopping the server');
  }, 60_000);
});

describe('an interrupted command', () => {
  it('karya generate stopped by SIGTERM exits 143 (128 + 15), finished parts kept', async () => {
    const fake = await startFakeOpenAI({ latencyMs: 3_000 });
    try {
      const state = path.join(dir, 'interrupted-state');
      const { child, done } = startCli(
        ['generate', 'romance', '--chapters', '3', '--state', state, '--out', path.join(dir, 'interrupted.md')],
        { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } },
      );
      // A generation call in flight (not the provider's start-up probe): the command listens for signals.
      for (let i = 0; i < 600 && fake.generationRequests().length === 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(fake.generationRequests().length).toBeGreaterThan(0);
      child.kill('SIGTERM');
      const result = await done;
      expect(result.code).toBe(143);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
