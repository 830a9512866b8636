// `karya batch --queue`: a worker SIGKILLed while its steps' answers are in hand and not saved yet (each introduction
// answered too short, its ask for more in flight) loses none of them: the worker that takes the book over after the
// queue retries the job is given the answers back and asks only for the rest. Counted at the fake model. Spawned
// processes: the SIGKILL is the point.
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { usePostgresDatabase } from './postgres-database.js';
import { bookRequests, endAfterAll, startCli, tempDir, waitFor, writeJobs } from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const JOBS = `
- { id: kl, generator: romance, lang: en, chapters: 1, settings: { settingType: urban } }
- { id: pantai, generator: romance, lang: en, chapters: 1, settings: { settingType: coastal } }
`;

const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
const runs = endAfterAll(() => fake);

const isIntroduction = (body: Record<string, unknown>) => userMessageOf(body).startsWith('Write the introduction');
const isMore = (body: Record<string, unknown>) => /Your answer so far is/.test(JSON.stringify(body.messages ?? ''));

describe.skipIf(skip)('karya batch --queue, its worker killed with answers in hand', () => {
  it('the worker that takes over is given the answers back: no introduction is paid for twice', async () => {
    let isKilled = false;
    fake = await startFakeOpenAI({
      writeRatio: (body) => (!isKilled && isIntroduction(body) && !isMore(body) ? 0.4 : 1),
      reply: (body) => (!isKilled && isMore(body) ? { hang: true } : undefined),
    });
    const dir = tempDir('karya-queue-');
    const file = writeJobs(dir, 'jobs.yaml', JOBS);
    // A dead worker's lease is swept after 5 s (not 20).
    const env = { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn', KARYA_LEASE_TIMEOUT_MS: '5000' };
    const start = (args: string[]) => {
      const run = startCli(args, { cwd: dir, fake, env });
      runs.push(run);
      return run;
    };
    const victim = start(['worker', '--concurrency', '2']);
    await waitFor(() => victim.stderr().includes('karya worker '), 90_000, 'the worker started');
    const batch = start(['batch', file, '--queue']);
    // Both introductions answered (too short), both asks for more hanging: then the worker dies.
    await waitFor(
      () => fake!.chatRequests().filter((r) => isMore(r.body ?? {})).length >= 2,
      90_000,
      'both introductions asking for more',
    );
    victim.child.kill('SIGKILL');
    await victim.done;
    isKilled = true;
    const answeredIntroductions = () =>
      bookRequests(fake!).filter(
        (r) => r.answeredAt !== undefined && isIntroduction(r.body ?? {}) && !isMore(r.body ?? {}),
      ).length;
    expect(answeredIntroductions()).toBe(2);

    const heir = start(['worker', '--concurrency', '2']);
    const result = await batch.done;
    expect(result.stderr).toContain('2 of 2 books written');
    expect(result.code).toBe(0);
    heir.child.kill('SIGTERM');
    // Each introduction paid for once: the heir was given them back and asked only for the rest of each.
    expect(answeredIntroductions()).toBe(2);
    expect(bookRequests(fake).filter((r) => r.answeredAt !== undefined && isMore(r.body ?? {}))).toHaveLength(2);
  }, 240_000);
});
