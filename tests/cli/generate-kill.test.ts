// `karya generate` killed with SIGKILL mid-book, then the same command again: no answer the model gave is paid for
// twice. The introduction arrives too short and asks for more; the kill comes while that ask is in flight, or while it
// waits after a 429; the second run is given the introduction back and asks only for the rest. Counted at the fake
// model. The killed run is a real process (the SIGKILL is the point); the second reads the state file it left in the
// test's own process (tests/karya-in-process.ts: the same exit code).
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI, type ScriptedReply } from '../fake-openai.js';
import { killAll } from '../karya-process.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { bookRequests, removeTempDirs, startCli, tempDir, waitFor, type CliRun } from '../batch/helpers.js';

const fakes: FakeOpenAI[] = [];
const runs: CliRun[] = [];
afterAll(async () => {
  killAll(runs.map((r) => r.child));
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

const isIntroduction = (body: Record<string, unknown>) => userMessageOf(body).startsWith('Write the introduction');
const isMore = (body: Record<string, unknown>) => /Your answer so far is/.test(JSON.stringify(body.messages ?? ''));

/**
 * The introduction's ask for more answered by `more` until the kill; the book then written to its end by a second run.
 */
async function killedWhileMore(more: ScriptedReply, isReady: (fake: FakeOpenAI) => boolean) {
  let isKilled = false;
  const fake = await startFakeOpenAI({
    writeRatio: (body) => (!isKilled && isIntroduction(body) && !isMore(body) ? 0.4 : 1),
    reply: (body) => (!isKilled && isMore(body) ? more : undefined),
  });
  fakes.push(fake);
  const cwd = tempDir('karya-generate-kill-');
  const args = ['generate', 'romance', '--chapters', '1', '--state', 'state.sqlite', '--out', 'book.md'];
  const first = startCli(args, { cwd, fake });
  runs.push(first);
  await waitFor(() => isReady(fake), 60_000, 'the introduction asking for more').catch((error: Error) => {
    throw new Error(`${error.message}: ${first.stderr()}`);
  });
  first.child.kill('SIGKILL');
  expect((await first.done).signal).toBe('SIGKILL');
  isKilled = true;
  const introductions = () =>
    bookRequests(fake).filter(
      (r) => r.answeredAt !== undefined && isIntroduction(r.body ?? {}) && !isMore(r.body ?? {}),
    ).length;
  expect(introductions()).toBe(1);
  const result = await runKaryaInProcess(args, {
    cwd,
    env: { OPENAI_API_KEY: 'sk-test-batch', OPENAI_BASE_URL: fake.baseURL },
  });
  expect(result.code, result.stderr).toBe(0);
  // Paid once: the second run was given the introduction back and asked only for its rest.
  expect(introductions()).toBe(1);
  expect(bookRequests(fake).filter((r) => r.answeredAt !== undefined && isMore(r.body ?? {}))).toHaveLength(1);
}

describe('karya generate killed with SIGKILL and run again', () => {
  it('killed while the introduction asks for more: it is not asked for again', async () => {
    await killedWhileMore({ hang: true }, (fake) => fake.chatRequests().some((r) => isMore(r.body ?? {})));
  }, 120_000);

  it(
    'killed during a retry wait (the ask for more answered 429, ' +
      'Retry-After 20 s): the introduction is not asked for again',
    async () => {
      const limited: ScriptedReply = {
        status: 429,
        body: { error: { message: 'Rate limit reached', type: 'rate_limit' } },
        headers: { 'retry-after': '20' },
      };
      await killedWhileMore(limited, (fake) => {
        const asked = fake.chatRequests().filter((r) => isMore(r.body ?? {}));
        return asked.length > 0 && Date.now() - asked[0]!.at > 300;
      });
    },
    120_000,
  );
});
