// What a batch will cost before it runs (`--dry-run`): calls and tokens budgeted per book, the longest
// chain, and the lower bound on the wall time at the given limits. Also used by the benchmark.
import { numberIn, secondsIn } from '../../engine/index.js';
import {
  MEMORY_WORDS,
  applyStep,
  nextStep,
  renderMemoryUpdate,
  renderPrompt,
  stepPosition,
  type BookState,
  type Lang,
  type PromptRenderer,
  type RenderedPrompt,
  type Step,
} from '../../engine/index.js';
import { estimatePromptTokens } from './limits.js';
import type { BookRun } from './scheduler.js';
import { batchCount, batchWord, count, countIn } from '../batch-words.js';

export { count };

export interface BookPlan {
  name: string;
  index: number;
  generator: string;
  lang: string;
  out: string;
  steps: number;
  done: number;
  /** Calls still to make. */
  calls: number;
  /** Tokens budgeted for those calls: estimated prompts + max_tokens. */
  tokens: number;
  promptTokens: number;
  maxTokens: number;
  /** The biggest single call, which must fit into --tpm. */
  largestCall: number;
}

/** A stand-in for text not written yet, long enough to fill what later prompts quote (outline, previous ending). */
function standIn(step: Step): string {
  const words = step.kind === 'outline' ? 400 : 150;
  return Array.from({ length: words }, (_, i) => (i % 12 === 11 ? 'word.' : 'word')).join(' ');
}

/** Walk the steps still to do, rendering each prompt as it will be sent (earlier parts stood in for). */
export function planBook(book: BookRun, renderer: PromptRenderer): BookPlan {
  const { job } = book;
  const { spec } = job;
  let state: BookState = book.state;
  let calls = 0;
  let promptTokens = 0;
  let maxTokens = 0;
  let largestCall = 0;
  const count = (prompt: RenderedPrompt) => {
    const p = estimatePromptTokens(prompt.system, prompt.user);
    promptTokens += p;
    maxTokens += prompt.maxTokens;
    largestCall = Math.max(largestCall, p + prompt.maxTokens);
  };
  const memoryStandIn = Array.from({ length: MEMORY_WORDS }, () => 'word').join(' ');
  for (let step = nextStep(spec, state); step; step = nextStep(spec, state)) {
    calls++;
    if (step.kind !== 'image') count(renderPrompt({ spec, renderer, state, step }));
    const text = standIn(step);
    state = applyStep(spec, state, step, text);
    // A book's memory update after its introduction and each chapter is one more call (none after the conclusion).
    if (spec.kind === 'book' && (step.kind === 'introduction' || step.kind === 'chapter') && nextStep(spec, state)) {
      calls++;
      count(renderMemoryUpdate({ spec, renderer, state, step, text }));
      state = { ...state, memory: memoryStandIn, memoryUpTo: stepPosition(step) };
    }
  }
  return {
    name: job.name,
    index: job.index,
    generator: spec.id,
    lang: book.state.lang,
    out: job.outFile,
    steps: book.totalSteps,
    done: book.doneSteps,
    calls,
    tokens: promptTokens + maxTokens,
    promptTokens,
    maxTokens,
    largestCall,
  };
}

export interface BoundInput {
  calls: number;
  /** Calls in the longest chain still to run. */
  longestChain: number;
  tokens?: number;
  concurrency: number;
  /** Requests per window and tokens per window. */
  rpm?: number;
  tpm?: number;
  windowMs?: number;
  /** Seconds one call takes. */
  latencySeconds: number;
}

export interface Bound {
  seconds: number;
  chain: number;
  concurrency: number;
  requests: number;
  tokens: number;
}

/**
 * The lower bound on the wall time: max(longest chain × latency, calls × latency ÷ concurrency,
 * calls ÷ request rate, tokens ÷ token rate). No schedule can beat any of the four.
 */
export function lowerBound(b: BoundInput): Bound {
  const windowSeconds = (b.windowMs ?? 60_000) / 1000;
  const chain = b.longestChain * b.latencySeconds;
  const concurrency = (b.calls * b.latencySeconds) / Math.max(1, b.concurrency);
  const requests = b.rpm ? (b.calls / b.rpm) * windowSeconds : 0;
  const tokens = b.tpm && b.tokens ? (b.tokens / b.tpm) * windowSeconds : 0;
  return { seconds: Math.max(chain, concurrency, requests, tokens), chain, concurrency, requests, tokens };
}

/** A time as `lang` writes it (engine/number-words.ts: its decimal sign and its units). */
export const formatSeconds = (seconds: number, lang: Lang): string => secondsIn(seconds, lang);

export interface PlanSummary {
  type: 'plan';
  books: number;
  complete: number;
  calls: number;
  tokens: number;
  promptTokens: number;
  maxTokens: number;
  longestChain: number;
  limits: { concurrency: number; rpm: number | null; tpm: number | null };
  assumedLatencySeconds: number;
  lowerBoundSeconds: number;
  bound: Bound;
  /** Calls whose budget is above --tpm (they wait for an empty window and go alone). */
  oversizedCalls: number;
  jobs: BookPlan[];
}

export function summarisePlan(
  plans: readonly BookPlan[],
  limits: { concurrency: number; rpm?: number; tpm?: number },
  latencySeconds: number,
): PlanSummary {
  const calls = plans.reduce((n, p) => n + p.calls, 0);
  const tokens = plans.reduce((n, p) => n + p.tokens, 0);
  const longestChain = plans.reduce((n, p) => Math.max(n, p.calls), 0);
  const bound = lowerBound({
    calls,
    longestChain,
    tokens,
    concurrency: limits.concurrency,
    rpm: limits.rpm,
    tpm: limits.tpm,
    latencySeconds,
  });
  return {
    type: 'plan',
    books: plans.length,
    complete: plans.filter((p) => p.calls === 0).length,
    calls,
    tokens,
    promptTokens: plans.reduce((n, p) => n + p.promptTokens, 0),
    maxTokens: plans.reduce((n, p) => n + p.maxTokens, 0),
    longestChain,
    limits: { concurrency: limits.concurrency, rpm: limits.rpm ?? null, tpm: limits.tpm ?? null },
    assumedLatencySeconds: latencySeconds,
    lowerBoundSeconds: Number(bound.seconds.toFixed(3)),
    bound,
    oversizedCalls: limits.tpm ? plans.filter((p) => p.largestCall > limits.tpm!).length : 0,
    jobs: [...plans],
  };
}

/** The plan as text for a terminal, in `lang` (the batch's language). */
export function formatPlan(plan: PlanSummary, lang: Lang, cwd: string = process.cwd()): string {
  const n = (x: number) => countIn(x, lang);
  const rows = plan.jobs.map((p) => [
    String(p.index),
    p.name,
    p.generator,
    p.lang,
    `${p.done}/${p.steps}`,
    String(p.calls),
    n(p.tokens),
    relative(p.out, cwd),
  ]);
  const head = batchWord('planHead', lang).split('|');
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i === 0 || i === 5 || i === 6 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const b = plan.bound;
  const latency = numberIn(plan.assumedLatencySeconds, lang);
  const time = (seconds: number) => formatSeconds(seconds, lang);
  const calls = n(plan.calls);
  const terms = [
    batchWord('planChain', lang, { chain: plan.longestChain, latency, time: time(b.chain) }),
    batchWord('planConcurrency', lang, {
      calls,
      latency,
      concurrency: plan.limits.concurrency,
      time: time(b.concurrency),
    }),
    ...(plan.limits.rpm
      ? [batchWord('planRpm', lang, { calls, rpm: n(plan.limits.rpm), time: time(b.requests) })]
      : []),
    ...(plan.limits.tpm
      ? [batchWord('planTpm', lang, { tokens: n(plan.tokens), tpm: n(plan.limits.tpm), time: time(b.tokens) })]
      : []),
  ];
  const none = batchWord('planNone', lang);
  const out = [
    line(head),
    ...rows.map(line),
    '',
    batchWord(plan.complete ? 'planBooksComplete' : 'planBooks', lang, {
      books: plan.books,
      complete: plan.complete,
      calls,
      tokens: n(plan.tokens),
      prompts: n(plan.promptTokens),
      max: n(plan.maxTokens),
    }),
    batchWord('planLimits', lang, {
      concurrency: plan.limits.concurrency,
      rpm: plan.limits.rpm ? n(plan.limits.rpm) : none,
      tpm: plan.limits.tpm ? n(plan.limits.tpm) : none,
    }),
    batchWord('planBound', lang, { time: time(plan.lowerBoundSeconds), latency }),
    ...terms.map((t) => `  ${t}`),
  ];
  if (plan.oversizedCalls) out.push(batchCount('planOversized', plan.oversizedCalls, lang));
  return out.join('\n') + '\n';
}

function relative(file: string, cwd: string): string {
  const r = file.startsWith(cwd) ? file.slice(cwd.length + 1) : file;
  return r || file;
}
