// The shapes a batch's books are run with (book-run.ts): a job with its saved progress (BookRun), what every book
// of one batch shares (BatchCalls), the events a book tells (BatchEvent), what a series book is told before it
// starts (SeriesTold) and what a running book tells its admission (BookProgress).
import type {
  BookSeries,
  BookState,
  CallBudget,
  CatalogueCode,
  GenerationError,
  PromptRenderer,
  Settings,
} from '../../engine/index.js';
import type { Provider } from '../../engine/node.js';
import type { StateFile, StepDoneEvent, StepRetryEvent, StepStartedEvent } from '../../server/index.js';
import type { BookEnds } from './book-end.js';
import type { BatchJob } from './jobs.js';
import type { TokenWindow } from './limits.js';
import type { CheckJob, JobNearDuplicates } from './near-duplicates.js';

/** A job with its saved progress loaded: what is left to do. */
export interface BookRun {
  job: BatchJob;
  state: BookState;
  totalSteps: number;
  doneSteps: number;
  isComplete: boolean;
  /** The book's budget of model calls in this run (engine/budget.ts): its steps left and their story-bible updates. */
  budget?: CallBudget;
}

export interface StepTokens {
  prompt: number;
  completion: number;
  total: number;
}

/** The calls and tokens sent since the event before that said them (spent.ts): the progress adds them up. */
type Spending = { spent?: { calls: number; tokens: number } };

export type BatchEvent =
  | {
      type: 'job_started';
      job: string;
      index: number;
      generator: string;
      lang: string;
      steps: number;
      done: number;
      out: string;
      calls?: { planned: number; bound: number };
    }
  | StepStartedEvent
  | (StepDoneEvent & { tokens: StepTokens | null; budget?: number } & Spending)
  | (StepRetryEvent & { code: CatalogueCode } & Spending)
  | ({
      type: 'job_done';
      job: string;
      index: number;
      out: string;
      words: number;
      seconds: number;
      calls: number;
      shortParts?: number;
      repeatingParts?: number;
      continuity?: number;
      overdueThreads?: string[];
    } & JobNearDuplicates &
      Spending)
  | ({
      type: 'job_failed';
      job: string;
      index: number;
      step: string;
      code: CatalogueCode;
      message: string;
      params?: Readonly<Record<string, string>>;
      status?: number;
    } & Spending)
  | { type: 'rate_limited'; waitSeconds: number };

/**
 * What a series book of a batch is told before it starts: its place in the series and its settings with the brief
 * filled from it.
 */
export interface SeriesTold {
  series: BookSeries;
  settings: Settings;
}

/**
 * What every book of one batch shares: the provider, the call queue and its pacing, the totals, the first fatal error.
 */
export interface BatchCalls {
  provider: Provider;
  renderer: PromptRenderer;
  progressStore: ReturnType<StateFile['progress']>;
  signal?: AbortSignal;
  emit: (event: BatchEvent) => void;
  tokenWindow?: TokenWindow;
  /** Runs a call in the shared queue, the book with more steps left first. */
  schedule: <T>(task: () => Promise<T>, priority: number) => Promise<T>;
  totals: {
    calls: number;
    retries: number;
    tokens: number;
    shortParts: number;
    repeatingParts: number;
    tooClose: number;
  };
  /** Compares a finished book with the owner's others and the batch's done before it (cli/batch/near-duplicates.ts). */
  nearDuplicates?: CheckJob;
  /** Where a finished book's files are written and its text read (book-end.ts): a thread of its own, else this one. */
  bookEnds?: Pick<BookEnds, 'end'>;
  fatal?: GenerationError;
}

/** What a running book tells its admission (admission.ts): each step done, and when its calls are done. */
export interface BookProgress {
  stepDone(): void;
  callsDone(): void;
}
