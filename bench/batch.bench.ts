// `npm run bench:batch`: how close `karya batch`'s scheduler gets to the fastest possible schedule.
// 50 books of 6 steps (outline, introduction, 3 chapters, conclusion) and 4 memory updates each against the fake OpenAI
// server with a fixed latency per call and an enforced request-rate limit; prints the wall time, the lower
// bound max(longest chain × latency, calls ÷ rate, calls × latency ÷ concurrency) and their ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCatalog } from '../engine/node.js';
import { loadProviders } from '../engine/node.js';

const { providerFromEnv } = await loadProviders();
import { startRemoteFake, type RemoteFake } from './remote-fake.js';
import { validateJobs, type RawJob } from '../cli/batch/jobs.js';
import { loadBooks, runBatch } from '../cli/batch/scheduler.js';
import { lowerBound, planBook } from '../cli/batch/plan.js';
import { openBatchState } from '../cli/batch/state.js';

const BOOKS = 50;
const STEPS = 6;
/** Calls per book: its steps, and a memory update after the introduction and each of its 3 chapters. */
const CALLS = STEPS + (STEPS - 3) + 1;
const LATENCY_MS = 100;
const GOAL = 1.15;
const RUNS = 3;

interface Scenario {
  name: string;
  concurrency: number;
  /** Requests the fake accepts per window, and the window. */
  rate: number;
  windowMs: number;
}

const SCENARIOS: Scenario[] = [
  // The request rate binds: 60 requests a second (240 in any 4 s window), while 16 calls could be in flight.
  { name: 'rate-bound', concurrency: 16, rate: 240, windowMs: 4000 },
  // The calls in flight bind: 8 at a time against 200 requests a second (800 in any 4 s window).
  { name: 'concurrency-bound', concurrency: 8, rate: 800, windowMs: 4000 },
];

const romanceTypes = [
  'contemporary',
  'historical',
  'paranormal',
  'romantic-suspense',
  'romantic-comedy',
  'fantasy',
  'small-town',
  'second-chance',
];
const heatLevels = ['sweet', 'mild', 'moderate', 'steamy'];

function benchJobs(): RawJob[] {
  return Array.from({ length: BOOKS }, (_, i) => ({
    index: i + 1,
    line: i + 1,
    value: {
      id: `book-${i + 1}`,
      generator: 'romance',
      lang: i % 2 ? 'ms' : 'en',
      chapters: STEPS - 3,
      settings: {
        romanceType: romanceTypes[i % romanceTypes.length],
        heatLevel: heatLevels[Math.floor(i / romanceTypes.length) % heatLevels.length],
      },
    },
  }));
}

/** Most requests the server saw in any window of `windowMs` (from its own clock). */
function busiestWindow(times: number[], windowMs: number): number {
  let best = 0;
  for (let i = 0, j = 0; j < times.length; j++) {
    while (times[j]! - times[i]! >= windowMs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

/** One timed batch of the 50 books, from empty saved progress. */
async function runOnce(s: Scenario, fake: RemoteFake, provider: ReturnType<typeof providerFromEnv>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-'));
  const store = await openBatchState(path.join(dir, 'state.sqlite'));
  try {
    const catalog = loadCatalog();
    const { jobs, issues } = validateJobs(benchJobs(), { catalog, file: 'bench', outDir: path.join(dir, 'books') });
    if (issues.length) throw new Error(`bench jobs are invalid: ${JSON.stringify(issues[0])}`);
    const books = await loadBooks(store, jobs);
    // Let the server's window empty, so every run starts from a fresh rate window (when the limit can bind).
    if (s.rate < BOOKS * CALLS + 2) await new Promise((r) => setTimeout(r, s.windowMs + LATENCY_MS));
    const before = await fake.stats();
    const started = performance.now();
    const result = await runBatch({
      books,
      renderer: catalog.renderer,
      provider,
      state: store,
      limits: { concurrency: s.concurrency, rpm: s.rate, windowMs: s.windowMs },
    });
    const wall = (performance.now() - started) / 1000;
    const after = await fake.stats();
    if (result.failed || result.succeeded !== BOOKS) throw new Error(`${s.name}: ${result.failed} books failed`);
    const times = after.times.slice(before.times.length);
    return {
      wall,
      calls: books.reduce((n, b) => n + planBook(b, catalog.renderer).calls, 0),
      retries: result.retries,
      requests: times.length,
      refused: after.rateLimited - before.rateLimited,
      busiest: busiestWindow(times, s.windowMs),
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A scenario, run RUNS times; the median run is the figure (wall times on a shared machine are noisy). */
async function runScenario(s: Scenario): Promise<{ ratio: number }> {
  const fake = await startRemoteFake({ latencyMs: LATENCY_MS, requestsPerMinute: s.rate, rateWindowMs: s.windowMs });
  try {
    const provider = providerFromEnv({ OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.baseURL });
    // Warm up: a provider may check its client with one extra request on first use; keep it out of the runs.
    await provider.generateText({
      system: 'warm-up',
      user: 'warm-up',
      maxTokens: 1,
      temperature: 0,
      presencePenalty: 0,
      frequencyPenalty: 0,
    });
    const bound = lowerBound({
      calls: BOOKS * CALLS,
      longestChain: CALLS,
      concurrency: s.concurrency,
      rpm: s.rate,
      windowMs: s.windowMs,
      latencySeconds: LATENCY_MS / 1000,
    });
    const ratePerSecond = (s.rate * 1000) / s.windowMs;
    process.stdout.write(
      `${s.name}: ${BOOKS} books × (${STEPS} steps + ${CALLS - STEPS} memory updates) ` +
        `= ${BOOKS * CALLS} calls, latency ${LATENCY_MS} ms, concurrency ${s.concurrency}, ` +
        `limit ${s.rate} requests in any ${s.windowMs} ms (${ratePerSecond}/s)\n`,
    );
    process.stdout.write(
      `  lower bound  ${bound.seconds.toFixed(2)} s = max(longest chain × ` +
        `latency ${bound.chain.toFixed(2)} s, calls ÷ rate ${bound.requests.toFixed(2)} ` +
        `s, calls × latency ÷ concurrency ${bound.concurrency.toFixed(2)} s)\n`,
    );
    const walls: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const r = await runOnce(s, fake, provider);
      if (r.calls !== BOOKS * CALLS) throw new Error(`${s.name}: expected ${BOOKS * CALLS} calls, planned ${r.calls}`);
      walls.push(r.wall);
      process.stdout.write(
        `  run ${run}: wall ${r.wall.toFixed(2)} s, ratio ${(r.wall / bound.seconds).toFixed(3)} ` +
          `· at the fake: ${r.requests} requests, ${r.refused} refused (429), busiest ${s.windowMs} ` +
          `ms window ${r.busiest}/${s.rate}${r.retries ? `, ${r.retries} retries` : ''}\n`,
      );
    }
    const stats = await fake.stats();
    const median = [...walls].sort((a, b) => a - b)[Math.floor(walls.length / 2)]!;
    const ratio = median / bound.seconds;
    process.stdout.write(
      `  median wall  ${median.toFixed(2)} s · ratio ${ratio.toFixed(3)} (goal ` +
        `≤ ${GOAL}) · most in flight ${stats.maxInFlight}/${s.concurrency}\n\n`,
    );
    return { ratio };
  } finally {
    await fake.close();
  }
}

const ratios: number[] = [];
for (const s of SCENARIOS) ratios.push((await runScenario(s)).ratio);
const worst = Math.max(...ratios);
process.stdout.write(
  `worst median ratio ${worst.toFixed(3)}: ${worst <= GOAL ? 'goal met' : 'GOAL MISSED'} ` +
    `(≤ ${GOAL}); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs\n`,
);
process.exitCode = worst <= GOAL ? 0 : 1;
