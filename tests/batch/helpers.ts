// Helpers for the `karya batch` suites: temp folders, running the CLI against the fake server, and
// reading the fake's request log the way the tests compare it.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { afterAll, expect } from 'vitest';
import type { FakeOpenAI, RecordedRequest } from '../fake-openai.js';
import { killAll } from '../karya-process.js';
import { removeTempDirs, tempDir as makeTempDir } from '../temp.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = path.join(ROOT, 'bin', 'karya.js');

/** A batch test's folder (tests/temp.ts: removed when the file ends, or sooner by removeTempDirs). */
export function tempDir(prefix = 'karya-batch-'): string {
  return makeTempDir(prefix);
}
export { removeTempDirs };

/**
 * The `karya` processes a test file starts (push each to the list returned), ended after its cases: those still
 * running killed (SIGKILL), then the file's fake server closed and its temp folders removed. Called after
 * usePostgresDatabase (tests/scale/postgres-database.ts): vitest runs the after-hooks last registered first, so
 * the processes end before the cluster stops.
 */
export function endAfterAll(fake: () => FakeOpenAI | undefined): CliRun[] {
  const runs: CliRun[] = [];
  afterAll(async () => {
    killAll(runs.map((run) => run.child));
    await fake()?.close();
    removeTempDirs();
  });
  return runs;
}

export function writeJobs(dir: string, name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** The calls a book makes: requests with a real prompt (not a provider's 1-token check). */
export function bookRequests(fake: FakeOpenAI): RecordedRequest[] {
  return fake.chatRequests().filter((r) => Number(r.body?.max_tokens ?? 0) > 1);
}

/** The call that updates a book's memory after a part (templates/memory.hbs), not a step of the book. */
export function isMemoryRequest(r: RecordedRequest): boolean {
  return /^(?:Update the story bible|Kemas kini catatan cerita)/.test(userPrompt(r));
}

/** The requests that write a step of a book (not memory updates, not probes). */
export function stepRequests(fake: FakeOpenAI): RecordedRequest[] {
  return bookRequests(fake).filter((r) => !isMemoryRequest(r));
}

/**
 * Calls one romance makes: outline, introduction, its chapters and the conclusion, plus one memory
 * update after the introduction, after each chapter and after the conclusion (a finished book's bible holds its
 * ending).
 */
export const romanceCalls = (chapters: number) => ({
  steps: chapters + 3,
  memory: chapters + 2,
  all: 2 * chapters + 5,
});

/** A request's identity: its messages (the same step of the same book always sends the same ones). */
export function promptId(r: RecordedRequest): string {
  return createHash('sha256')
    .update(JSON.stringify(r.body?.messages ?? null))
    .digest('hex')
    .slice(0, 16);
}

/** The user prompt of a request. */
export function userPrompt(r: RecordedRequest): string {
  const messages = (r.body?.messages ?? []) as Array<{ role: string; content: string }>;
  return messages.find((m) => m.role === 'user')?.content ?? '';
}

export interface CliRun {
  child: ChildProcess;
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  stdout(): string;
  stderr(): string;
}

/** Start `karya <args>` in `cwd` with the fake server as the provider. */
export function startCli(args: string[], opts: { cwd: string; fake?: FakeOpenAI; env?: NodeJS.ProcessEnv }): CliRun {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', ...opts.env };
  delete env.KARYA_CONFIG;
  if (opts.fake) {
    env.OPENAI_API_KEY = 'sk-test-batch';
    env.OPENAI_BASE_URL = opts.fake.baseURL;
  } else delete env.OPENAI_API_KEY;
  const child = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve) => {
      child.on('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err }));
    },
  );
  return { child, done, stdout: () => out, stderr: () => err };
}

/** Wait until `check` holds (polling), or fail after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 30_000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Most requests in any window of `windowMs`, from the server's timestamps. */
export function busiestWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= windowMs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

/** NDJSON lines as objects. */
export function events(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * A batch's totals are what the model server recorded: --json's summary and the closing line (`books` written of
 * `books`) say `calls` calls and `tokens` tokens, the counts a writer's account paid for.
 */
export function expectTotals(
  run: { stdout: string; stderr: string },
  books: number,
  recorded: { calls: number; tokens: number },
): void {
  const summary = events(run.stdout).find((e) => e.type === 'summary')!;
  expect({ calls: summary.calls, tokens: summary.tokens }).toEqual(recorded);
  const count = (n: number) => n.toLocaleString('en-US');
  expect(run.stderr).toMatch(
    new RegExp(
      `^karya batch: ${books} of ${books} books written · (?:[^\n]* · ` +
        `)?${count(recorded.calls)} calls · ${count(recorded.tokens)} tokens · [^\n]*$`,
      'm',
    ),
  );
}

/** The model server's record of a book's calls (its 1-token provider checks aside) and their tokens. */
export function recordedTotals(fake: FakeOpenAI): { calls: number; tokens: number } {
  const requests = bookRequests(fake);
  return { calls: requests.length, tokens: requests.reduce((n, q) => n + (q.totalTokens ?? 0), 0) };
}
