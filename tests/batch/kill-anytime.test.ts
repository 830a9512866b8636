// A batch killed with SIGKILL at any moment and run again pays for no answer twice: an answer the model gave is
// kept the moment it arrives, before its step's own work on it (a part too short asked for more, a 429's wait, the
// story bible's update after it), and the next run is given it back instead of asking again. Counted at the fake
// model over both runs: no request is answered 2xx twice, and no step of a book (same book, same part) is asked
// for anew. The killed run is a real process (the SIGKILL is the point); the run again reads the state file it left,
// in the test's own process (tests/karya-in-process.ts: the same exit code and output, one `karya` start fewer a case).
import { afterAll, describe, expect, it } from 'vitest';
import {
  startFakeOpenAI,
  isBibleRequest,
  userMessageOf,
  type FakeOpenAI,
  type RecordedRequest,
  type ScriptedReply,
} from '../fake-openai.js';
import { killAll } from '../karya-process.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  bookRequests,
  events,
  promptId,
  removeTempDirs,
  startCli,
  tempDir,
  userPrompt,
  waitFor,
  writeJobs,
  type CliRun,
} from './helpers.js';

const fakes: FakeOpenAI[] = [];
const runs: CliRun[] = [];
afterAll(async () => {
  killAll(runs.map((r) => r.child));
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

// Three romances of one chapter (outline, introduction, chapter, conclusion: 4 steps each), told apart by their
// setting.
const SETTINGS = ['urban', 'coastal', 'rural'];
const JOBS =
  SETTINGS.map(
    (s, i) => `- { id: k${i}, generator: romance, lang: en, chapters: 1, settings: { settingType: ${s} } }`,
  ).join('\n') + '\n';
const STEPS = 4 * SETTINGS.length;

const messagesOf = (body: Record<string, unknown>) => JSON.stringify(body.messages ?? '');
/** An ask for more of a part already begun (an extension or a continuation): not a step's first ask. */
const isMore = (body: Record<string, unknown>) =>
  /Your answer so far is|Continue the same part|continue (?:it|the text) from/i.test(messagesOf(body));
const isIntroduction = (body: Record<string, unknown>) => userMessageOf(body).startsWith('Write the introduction');
/** A step's first ask as the writer sees it: its book (by its setting) and its part (the prompt's first line). */
function stepOf(r: RecordedRequest): string {
  const user = userPrompt(r);
  return `${/- Setting: (.*)/.exec(user)?.[1] ?? '?'} | ${user.split('\n')[0]}`;
}

type Phase = { isKilled: boolean };

/**
 * Run the batch until `isReady` (the fake scripted by `reply` while the first run lives), SIGKILL it, run it again
 * (in this process) against a model that answers everything, and give what the fake saw.
 */
async function killAndResume(input: {
  reply: (body: Record<string, unknown>, phase: Phase) => ScriptedReply | undefined;
  writeRatio?: (body: Record<string, unknown>, phase: Phase) => number;
  isReady: (fake: FakeOpenAI) => boolean;
  what: string;
}) {
  const phase: Phase = { isKilled: false };
  const fake = await startFakeOpenAI({
    latencyMs: 20,
    writeRatio: (body) => input.writeRatio?.(body, phase) ?? 1,
    reply: (body) => (phase.isKilled ? undefined : input.reply(body, phase)),
  });
  fakes.push(fake);
  const dir = tempDir();
  const file = writeJobs(dir, 'jobs.yaml', JOBS);
  const args = ['batch', file, '--concurrency', '3', '--json'];
  const first = startCli(args, { cwd: dir, fake });
  runs.push(first);
  await waitFor(() => input.isReady(fake), 60_000, input.what).catch((error: Error) => {
    throw new Error(`${error.message}: ${first.stderr()}`);
  });
  const killedAt = Date.now();
  first.child.kill('SIGKILL');
  expect((await first.done).signal).toBe('SIGKILL');
  phase.isKilled = true;
  const answeredFirst = bookRequests(fake).filter((r) => r.answeredAt !== undefined && r.answeredAt < killedAt);
  const result = await runKaryaInProcess(args, {
    cwd: dir,
    env: { OPENAI_API_KEY: 'sk-test-batch', OPENAI_BASE_URL: fake.baseURL },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(events(result.stdout).find((e) => e.type === 'summary')).toMatchObject({
    books: SETTINGS.length,
    succeeded: SETTINGS.length,
  });
  const answered = bookRequests(fake).filter((r) => r.answeredAt !== undefined);
  return { fake, answeredFirst, answered };
}

/** Paid once: no request answered twice, no step's first ask answered twice, every step answered. */
function expectPaidOnce(answered: readonly RecordedRequest[]): void {
  const twice = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);
  expect(twice(answered.map(promptId))).toEqual([]);
  const firstAsks = answered.filter((r) => !isBibleRequest(r.body ?? {}) && !isMore(r.body ?? {})).map(stepOf);
  expect(twice(firstAsks)).toEqual([]);
  expect(new Set(firstAsks).size).toBe(STEPS);
}

describe('a batch killed with SIGKILL and run again asks no answered step again', () => {
  it('killed right after the introductions arrived, while each asks for more (too short)', async () => {
    // Each introduction comes back at 40 % of its words: its step asks for more, and that ask is never answered.
    const { answeredFirst, answered } = await killAndResume({
      writeRatio: (body, phase) => (!phase.isKilled && isIntroduction(body) && !isMore(body) ? 0.4 : 1),
      reply: (body) => (isMore(body) ? { hang: true } : undefined),
      isReady: (fake) => fake.chatRequests().filter((r) => isMore(r.body ?? {})).length >= SETTINGS.length,
      what: 'every introduction answered and asking for more',
    });
    // The three introductions were paid for before the kill, none of them saved as a step.
    expect(answeredFirst.filter((r) => isIntroduction(r.body ?? {}) && !isMore(r.body ?? {}))).toHaveLength(
      SETTINGS.length,
    );
    expectPaidOnce(answered);
  }, 120_000);

  it('killed during a retry wait (the ask for more answered 429, Retry-After 30 s)', async () => {
    const { answeredFirst, answered } = await killAndResume({
      writeRatio: (body, phase) => (!phase.isKilled && isIntroduction(body) && !isMore(body) ? 0.4 : 1),
      reply: (body) =>
        isMore(body)
          ? {
              status: 429,
              body: { error: { message: 'Rate limit reached', type: 'rate_limit' } },
              headers: { 'retry-after': '30' },
            }
          : undefined,
      // Every book's ask for more refused once, and a quarter of a second into the wait.
      isReady: (fake) => {
        const limited = fake.chatRequests().filter((r) => isMore(r.body ?? {}));
        return limited.length >= SETTINGS.length && Date.now() - Math.max(...limited.map((r) => r.at)) > 250;
      },
      what: 'every introduction answered and its ask for more waiting after a 429',
    });
    expect(answeredFirst.filter((r) => isIntroduction(r.body ?? {}) && !isMore(r.body ?? {}))).toHaveLength(
      SETTINGS.length,
    );
    expectPaidOnce(answered);
  }, 120_000);

  it("killed during the story-bible updates (each book's first update in flight, never answered)", async () => {
    const { answeredFirst, answered } = await killAndResume({
      reply: (body) => (isBibleRequest(body) ? { hang: true } : undefined),
      isReady: (fake) => fake.chatRequests().filter((r) => isBibleRequest(r.body ?? {})).length >= SETTINGS.length,
      what: "every book's first bible update in flight",
    });
    // Every introduction was paid for before the kill; the second run asks for none of them again.
    expect(answeredFirst.filter((r) => isIntroduction(r.body ?? {}))).toHaveLength(SETTINGS.length);
    expectPaidOnce(answered);
  }, 120_000);

  it('killed right after answers arrived, nothing in flight answered after (any step, any book)', async () => {
    // After the sixth answer the model answers nothing more; the kill comes a second later.
    let answeredCount = 0;
    const { answeredFirst, answered } = await killAndResume({
      reply: () => (answeredCount++ >= 6 ? { hang: true } : undefined),
      isReady: (fake) => {
        const last = Math.max(0, ...bookRequests(fake).map((r) => r.answeredAt ?? 0));
        return bookRequests(fake).filter((r) => r.answeredAt !== undefined).length >= 6 && Date.now() - last > 1_000;
      },
      what: 'six answers, then a second of silence',
    });
    expect(answeredFirst.length).toBeGreaterThanOrEqual(6);
    expectPaidOnce(answered);
  }, 120_000);
});
