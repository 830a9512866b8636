// SIGTERM stops a long command as Ctrl-C does: the call in flight is cut off, what finished stays saved, and the
// command exits at once with the interrupted code (143 = 128 + SIGTERM's 15). Real processes: the signal is the point.
import type { ChildProcess } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isTranslateRequest } from '../fake-translator.js';
import { killAll, spawnKarya } from '../karya-process.js';
import { saveRomance } from '../translate/book.js';
import { startCli, waitFor, writeJobs } from '../batch/helpers.js';
import { interruptedExitCode, listenForInterrupt } from '../../cli/interrupt.js';
import { tempDir } from '../temp.js';

const children: ChildProcess[] = [];
const fakes: FakeOpenAI[] = [];
const dirs: string[] = [];
afterAll(async () => {
  killAll(children);
  await Promise.all(fakes.map((f) => f.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A model server whose answers to the asks `hangs` picks never come (a call that would stay in flight for good). */
async function hangingModel(hangs: (body: Record<string, unknown>) => boolean) {
  const fake = await startFakeOpenAI({ reply: (body) => (hangs(body) ? { hang: true } : undefined) });
  fakes.push(fake);
  const cwd = tempDir('karya-sigterm-');
  dirs.push(cwd);
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL };
  delete env.KARYA_CONFIG;
  delete env.KARYA_DATABASE_URL;
  return { cwd, env, fake };
}

/** SIGTERM, then the exit: its code and how long it took. */
async function terminate(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const sent = Date.now();
  child.kill('SIGTERM');
  const code = await exited;
  return { code, ms: Date.now() - sent };
}

describe('SIGTERM stops a long command with the interrupted exit code', () => {
  it('karya translate, its window in flight', async () => {
    const { cwd, env } = await hangingModel((body) => isTranslateRequest(body));
    const state = path.join(cwd, 'state.sqlite');
    const id = await saveRomance(state, 'en');
    const run = await spawnKarya(['translate', '--book', String(id), '--to', 'ms', '--state', state], /translating/, {
      env,
      timeoutMs: 60_000,
      children,
    });
    const { code, ms } = await terminate(run.child);
    expect(code).toBe(143);
    // At once: the window in flight would never be answered.
    expect(ms).toBeLessThan(5_000);
  }, 90_000);

  it('karya batch, its calls in flight', async () => {
    const { cwd, env } = await hangingModel(() => true);
    const file = writeJobs(
      cwd,
      'jobs.yaml',
      '- { id: kl, generator: romance, lang: en, chapters: 2, settings: { settingType: urban } }\n',
    );
    const run = await spawnKarya(['batch', file, '--state', path.join(cwd, 'state.sqlite')], /kl \(romance, en\)/, {
      env,
      timeoutMs: 60_000,
      children,
    });
    const { code, ms } = await terminate(run.child);
    expect(code).toBe(143);
    expect(ms).toBeLessThan(5_000);
    expect(run.output()).toContain('interrupted; finished steps are saved');
  }, 90_000);

  it('karya generate, its step in flight', async () => {
    const { cwd, fake } = await hangingModel(() => true);
    // (It prints nothing before its first step is done: started without waiting for its output.)
    const run = startCli(['generate', 'romance', '--chapters', '2', '--state', 'state.sqlite', '--out', 'book.md'], {
      cwd,
      fake,
    });
    children.push(run.child);
    await waitFor(
      () => fake.chatRequests().some((r) => Number(r.body?.max_tokens ?? 0) > 1),
      60_000,
      'the first step asked for',
    );
    const { code, ms } = await terminate(run.child);
    expect(code, run.stderr()).toBe(143);
    expect(ms).toBeLessThan(5_000);
  }, 90_000);

  it('karya import, reading its settings from the manuscript', async () => {
    const { cwd, env, fake } = await hangingModel(() => true);
    const DAWN = 'Aisha opened the old bookshop before dawn and the street was still quiet outside.';
    const chapter = (n: number) => `Chapter ${n}\n` + `\n${Array.from({ length: 6 }, () => DAWN).join(' ')}\n`;
    writeFileSync(path.join(cwd, 'novel.txt'), [1, 2, 3].map(chapter).join('\n'));
    const run = await spawnKarya(
      ['import', path.join(cwd, 'novel.txt'), '--generator', 'romance', '--state', path.join(cwd, 'state.sqlite')],
      /karya: /,
      { env, timeoutMs: 60_000, children },
    );
    // The settings are being read: the model has been asked (and will not answer).
    await waitFor(
      () => fake.chatRequests().some((r) => Number(r.body?.max_tokens ?? 0) > 1),
      60_000,
      'the settings asked for',
    );
    const { code, ms } = await terminate(run.child);
    expect(code, run.output()).toBe(143);
    expect(ms).toBeLessThan(5_000);
  }, 90_000);

  it('after a Ctrl-C, a SIGTERM ends the command as Node does (it was swallowed, and the command went on)', () => {
    const before = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
    const interrupt = listenForInterrupt();
    try {
      process.emit('SIGINT', 'SIGINT');
      expect(interrupt.signal.aborted).toBe(true);
      expect(interruptedExitCode()).toBe(130);
      // Nothing of the command listens any more: the next signal of either kind takes its default action.
      expect(process.listenerCount('SIGTERM')).toBe(before.term);
      expect(process.listenerCount('SIGINT')).toBe(before.int);
    } finally {
      interrupt.release();
    }
  });
});
