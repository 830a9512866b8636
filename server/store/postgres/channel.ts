// Events between processes over Postgres LISTEN/NOTIFY: a worker publishes a step's events (charged, delta,
// end) under its job id, and the server instance holding the request relays them to the client; a request
// that ends early publishes a cancel; a queued batch's command hears its books' progress (onBatch). One
// listening connection per process, listened again after a drop.
import pg from 'pg';
import type { RetryNotice } from '../../../engine/index.js';
import { BATCH_CHANNEL } from './batch-names.js';
import { listenConnection, type ListenConnection } from './listen.js';

export const EVENTS_CHANNEL = 'karya_step_events';
export const CANCEL_CHANNEL = 'karya_step_cancel';
/** The writer pressed Stop on an instance that does not run their step (payload: a StopRequest). */
export const STOP_CHANNEL = 'karya_step_stop';
/** The application_name of a worker's listening connection: a live worker is one connected under it. */
export const WORKER_APPLICATION = 'karya-worker';

/** How many workers are connected to the database now (their listening connections). */
export async function liveWorkers(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
    [WORKER_APPLICATION],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A job was queued (payload: the queue's name): idle workers fetch at once instead of at their next poll. */
export const JOBS_CHANNEL = 'karya_jobs';

/** Tell every worker that a job waits on `queueName` (on a pool, or a transaction's connection: then at its commit). */
export async function announceJob(
  db: { query(text: string, values: unknown[]): Promise<unknown> },
  queueName: string,
): Promise<void> {
  await db.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queueName]);
}

export type StepEvent =
  | { t: 'charged' }
  | { t: 'delta'; d: string }
  /** A retry the model's server asked for (its notice: reason, seconds, words), for the request's `waiting` event. */
  | { t: 'retry'; n: RetryNotice }
  | { t: 'end' }
  /** Answers to a StopRequest (under its id): the step was found and is being stopped; then what it charged. */
  | { t: 'stopping'; generation?: string }
  | { t: 'stopped'; charged: number };

/** Stop the running step of one user's book, wherever it runs; answered under `id` by the process running it. */
export interface StopRequest {
  id: string;
  userId: string;
  bookType: string;
}

/** NOTIFY payloads are limited to 8000 bytes: deltas are sent in pieces well below that. */
const MAX_DELTA_CHARS = 1500;

export class StepChannel {
  private readonly jobs = new Map<string, (event: StepEvent) => void>();
  private readonly cancelListeners = new Set<(jobId: string) => void>();
  private readonly stopListeners = new Set<(request: StopRequest) => void>();
  private readonly jobListeners = new Set<(queueName: string) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  private readonly batches = new Map<string, (notice: unknown) => void>();
  /** The listening connection: a step's channels (events, cancel, stop, jobs), and a batch's once onBatch is called. */
  private readonly listening: ListenConnection;

  constructor(
    url: string,
    private readonly pool: pg.Pool,
    onError: (error: unknown) => void = () => undefined,
    /** Whether this process handles steps (false: a batch's command, which listens to its batch only). */
    isStepListener = true,
  ) {
    this.listening = listenConnection({
      url,
      channels: new Set(isStepListener ? [EVENTS_CHANNEL, CANCEL_CHANNEL, STOP_CHANNEL, JOBS_CHANNEL] : []),
      applicationName: 'karya-queue',
      onNotify: (message) => this.notified(message),
      onBack: () => {
        for (const listener of this.reconnectListeners) listener();
      },
      onLost: onError,
    });
  }

  /** Whether the listening connection is up now (events sent while it is down are lost: read the tables). */
  get isListening(): boolean {
    return this.listening.isListening;
  }

  /**
   * Listen. A dropped connection (the database restarted or is away) is listened again with backoff, from
   * 250 ms up to 5 s between tries, for as long as it takes; then the reconnect listeners run, so that
   * whoever waited on an event re-reads the state it stands for from its table.
   */
  start(): Promise<void> {
    return this.listening.start();
  }

  private notified(message: pg.Notification): void {
    if (!message.payload) return;
    if (message.channel === JOBS_CHANNEL) {
      for (const listener of this.jobListeners) listener(message.payload);
      return;
    }
    if (message.channel === CANCEL_CHANNEL) {
      for (const listener of this.cancelListeners) listener(message.payload);
      return;
    }
    if (message.channel === STOP_CHANNEL) {
      const request = parseStopRequest(message.payload);
      if (request) for (const listener of this.stopListeners) listener(request);
      return;
    }
    const at = message.payload.indexOf(' ');
    const jobId = message.payload.slice(0, at);
    if (message.channel === BATCH_CHANNEL) {
      this.batches.get(jobId)?.(JSON.parse(message.payload.slice(at + 1)));
      return;
    }
    const handler = this.jobs.get(jobId);
    if (handler) handler(JSON.parse(message.payload.slice(at + 1)) as StepEvent);
  }

  /**
   * Name this process's listening connection (`application_name`, seen in pg_stat_activity): workers
   * call themselves WORKER_APPLICATION, so that a server instance can tell whether any worker is alive.
   */
  async setApplicationName(name: string): Promise<void> {
    await this.listening.rename(name);
  }

  /** Called after every reconnect of the listening connection. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Receive the events of one job until the returned function is called. */
  subscribe(jobId: string, handler: (event: StepEvent) => void): () => void {
    this.jobs.set(jobId, handler);
    return () => this.jobs.delete(jobId);
  }

  onCancel(listener: (jobId: string) => void): () => void {
    this.cancelListeners.add(listener);
    return () => this.cancelListeners.delete(listener);
  }

  /** Stop requests from any instance (every process that runs steps listens: the one running it answers). */
  onStop(listener: (request: StopRequest) => void): () => void {
    this.stopListeners.add(listener);
    return () => this.stopListeners.delete(listener);
  }

  /**
   * Hear the progress notices of one queued batch (its workers' NOTIFY on BATCH_CHANNEL) until the returned
   * function is called; answers once listening (a notice lost while the connection is away only misses a
   * progress line: the books' ends are in batch_books).
   */
  async onBatch(batchId: string, handler: (notice: unknown) => void): Promise<() => void> {
    this.batches.set(batchId, handler);
    await this.listening.listen(BATCH_CHANNEL);
    await this.start();
    return () => this.batches.delete(batchId);
  }

  onJob(listener: (queueName: string) => void): () => void {
    this.jobListeners.add(listener);
    return () => this.jobListeners.delete(listener);
  }

  async publish(jobId: string, event: StepEvent): Promise<void> {
    if (event.t === 'delta' && event.d.length > MAX_DELTA_CHARS) {
      for (let i = 0; i < event.d.length; i += MAX_DELTA_CHARS)
        await this.publish(jobId, { t: 'delta', d: event.d.slice(i, i + MAX_DELTA_CHARS) });
      return;
    }
    await this.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, `${jobId} ${JSON.stringify(event)}`]);
  }

  async cancel(jobId: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, jobId]);
  }

  async requestStop(request: StopRequest): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [STOP_CHANNEL, JSON.stringify(request)]);
  }

  async close(): Promise<void> {
    this.reconnectListeners.clear();
    this.jobs.clear();
    this.cancelListeners.clear();
    this.stopListeners.clear();
    this.jobListeners.clear();
    this.batches.clear();
    await this.listening.close();
  }
}

/** A stop request as sent by requestStop, or null for anything else. */
function parseStopRequest(payload: string): StopRequest | null {
  try {
    const value = JSON.parse(payload) as Partial<StopRequest>;
    return typeof value.id === 'string' && typeof value.userId === 'string' && typeof value.bookType === 'string'
      ? { id: value.id, userId: value.userId, bookType: value.bookType }
      : null;
  } catch {
    return null;
  }
}
