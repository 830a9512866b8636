// The fake OpenAI server (tests/fake-openai.ts) in a child process of its own, as a real API would be
// elsewhere: its own work (parsing, timers) then neither slows the code under measurement nor is slowed
// by it. The child prints its address, then answers each `stats` line on stdin with what it has seen.
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startFakeOpenAI, type FakeOpenAIOptions } from '../tests/fake-openai.js';

const SELF = fileURLToPath(import.meta.url);

/** What the fake has seen so far. */
export interface FakeStats {
  /** Chat requests, and when each arrived (the server's clock). */
  times: number[];
  /** The 1-token provider checks. */
  probes: number;
  maxInFlight: number;
  rateLimited: number;
}

export interface RemoteFake {
  baseURL: string;
  stats(): Promise<FakeStats>;
  close(): Promise<void>;
}

export async function startRemoteFake(options: FakeOpenAIOptions): Promise<RemoteFake> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF], {
    env: { ...process.env, KARYA_BENCH_FAKE: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async <T>(): Promise<T> => {
    const { value, done } = await lines.next();
    if (done) throw new Error('the fake server stopped');
    return JSON.parse(value as string) as T;
  };
  const { baseURL } = await next<{ baseURL: string }>();
  return {
    baseURL,
    stats: async () => {
      child.stdin!.write('stats\n');
      return next<FakeStats>();
    },
    close: async () => {
      child.stdin!.end();
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function serveFake(options: FakeOpenAIOptions): Promise<void> {
  const fake = await startFakeOpenAI(options);
  process.stdout.write(`${JSON.stringify({ baseURL: fake.baseURL })}\n`);
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line.trim() !== 'stats') continue;
    const stats: FakeStats = {
      times: fake.chatRequests().map((r) => r.at),
      probes: fake.probeRequests().length,
      maxInFlight: fake.maxInFlight(),
      rateLimited: fake.rateLimited(),
    };
    process.stdout.write(`${JSON.stringify(stats)}\n`);
  }
  await fake.close();
}

if (process.argv[1] === SELF && process.env.KARYA_BENCH_FAKE)
  await serveFake(JSON.parse(process.env.KARYA_BENCH_FAKE) as FakeOpenAIOptions);
