// Step events between processes over Postgres LISTEN/NOTIFY: a worker publishes a step's events
// (charged, delta, end) under its job id, and the server instance holding the request relays them to the
// client; a request that ends early publishes a cancel. One listening connection per process.
import pg from 'pg';

export const EVENTS_CHANNEL = 'karya_step_events';
export const CANCEL_CHANNEL = 'karya_step_cancel';
/** A job was queued (payload: the queue's name): idle workers fetch at once instead of at their next poll. */
export const JOBS_CHANNEL = 'karya_jobs';

/** Tell every worker that a job waits on `queueName`. */
export async function announceJob(pool: pg.Pool, queueName: string): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, queueName]);
}

export type StepEvent = { t: 'charged' } | { t: 'delta'; d: string } | { t: 'end' };

/** NOTIFY payloads are limited to 8000 bytes: deltas are sent in pieces well below that. */
const MAX_DELTA_CHARS = 1500;

export class StepChannel {
  private readonly jobs = new Map<string, (event: StepEvent) => void>();
  private readonly cancelListeners = new Set<(jobId: string) => void>();
  private readonly jobListeners = new Set<(queueName: string) => void>();
  private client: pg.Client | null = null;
  private ready: Promise<void> | null = null;
  private isClosed = false;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Listen (again, after a dropped connection). */
  start(): Promise<void> {
    this.ready ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('error', (error) => {
        this.onError(error);
        this.client = null;
        this.ready = null;
        if (!this.isClosed) setTimeout(() => void this.start().catch(this.onError), 1000).unref();
      });
      client.on('notification', (message) => {
        if (!message.payload) return;
        if (message.channel === JOBS_CHANNEL) {
          for (const listener of this.jobListeners) listener(message.payload);
          return;
        }
        if (message.channel === CANCEL_CHANNEL) {
          for (const listener of this.cancelListeners) listener(message.payload);
          return;
        }
        const at = message.payload.indexOf(' ');
        const jobId = message.payload.slice(0, at);
        const handler = this.jobs.get(jobId);
        if (handler) handler(JSON.parse(message.payload.slice(at + 1)) as StepEvent);
      });
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
      await client.query(`LISTEN ${CANCEL_CHANNEL}`);
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
      if (this.isClosed) await client.end();
      else this.client = client;
    })();
    return this.ready;
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

  onJob(listener: (queueName: string) => void): () => void {
    this.jobListeners.add(listener);
    return () => this.jobListeners.delete(listener);
  }

  async publish(jobId: string, event: StepEvent): Promise<void> {
    if (event.t === 'delta' && event.d.length > MAX_DELTA_CHARS) {
      for (let i = 0; i < event.d.length; i += MAX_DELTA_CHARS) await this.publish(jobId, { t: 'delta', d: event.d.slice(i, i + MAX_DELTA_CHARS) });
      return;
    }
    await this.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, `${jobId} ${JSON.stringify(event)}`]);
  }

  async cancel(jobId: string): Promise<void> {
    await this.pool.query('SELECT pg_notify($1, $2)', [CANCEL_CHANNEL, jobId]);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.jobs.clear();
    this.cancelListeners.clear();
    this.jobListeners.clear();
    await this.ready?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }
}
