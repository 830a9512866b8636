// One LISTEN connection, kept: opened on first use, and when it drops (the database restarted, a network blip,
// pg_terminate_backend) opened and listened again with backoff (engine/retry.ts RECONNECT) for as long as it
// takes. Notices sent while it was away are lost, so once it is back `onBack` runs: whoever waited on a notice
// reads again what it stands for. The users feed (index.ts) and the queue's step channel (channel.ts) listen so.
import pg from 'pg';
import { delayFor, RECONNECT } from '../../../engine/index.js';

export interface ListenConnection {
  /** Connected and listening (the first call opens it; a failed open is thrown, and the next call tries again). */
  start(): Promise<void>;
  /** Whether the connection is up now (notices sent while it is down are lost). */
  readonly isListening: boolean;
  /** Listen to one more channel: now when connected, and after every reconnect. */
  listen(channel: string): Promise<void>;
  /** The application_name of the connection (seen in pg_stat_activity): set now, and on every reconnect. */
  rename(name: string): Promise<void>;
  close(): Promise<void>;
}

interface ListenInput {
  url: string;
  channels: Set<string>;
  applicationName: string;
  onNotify: (message: pg.Notification) => void;
  onBack: () => void;
  onLost?: (error: unknown) => void;
  keepListening?: () => boolean;
}

/**
 * A kept LISTEN connection to `url` on `channels` (the set is read at every connect), each notice handed to
 * `onNotify`. `onLost` hears why it dropped or why opening it again failed; `keepListening` false (nobody
 * listens any more) leaves it closed after a drop until start() is called again.
 * @example const listening = listenConnection({
 *   url, channels: new Set(['karya_users']), applicationName: 'karya-users-feed', onNotify, onBack,
 * })
 */
export function listenConnection(input: ListenInput): ListenConnection {
  return new KeptConnection(input);
}

/** The connection's state: the client while it is up, the open under way, the timer of the next try. */
class KeptConnection implements ListenConnection {
  private applicationName: string;
  private client: pg.Client | null = null;
  private ready: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private isClosed = false;

  constructor(private readonly input: ListenInput) {
    this.applicationName = input.applicationName;
  }

  get isListening(): boolean {
    return this.client !== null;
  }

  start(): Promise<void> {
    this.ready ??= this.open().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  async listen(channel: string): Promise<void> {
    if (this.input.channels.has(channel)) return;
    this.input.channels.add(channel);
    await this.client?.query(`LISTEN ${channel}`);
  }

  async rename(name: string): Promise<void> {
    this.applicationName = name;
    await this.client?.query(`SET application_name = '${name.replace(/'/g, "''")}'`);
  }

  async close(): Promise<void> {
    this.isClosed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.ready?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
  }

  private keepListening(): boolean {
    return !this.isClosed && (this.input.keepListening?.() ?? true);
  }

  private async open(): Promise<void> {
    const opened = new pg.Client({ connectionString: this.input.url, application_name: this.applicationName });
    let isLost = false;
    // pg tells an unexpected end as an error, then 'end'; either alone is a drop too.
    const lost = (error: unknown) => {
      if (isLost) return;
      isLost = true;
      if (this.client !== opened) return;
      this.client = null;
      opened.end().catch(() => undefined);
      if (this.isClosed) return;
      this.input.onLost?.(error);
      this.reconnect(1);
    };
    opened.on('error', lost);
    opened.on('end', () => lost(new Error('the listening connection ended')));
    opened.on('notification', this.input.onNotify);
    try {
      await opened.connect();
      for (const channel of this.input.channels) await opened.query(`LISTEN ${channel}`);
    } catch (error) {
      isLost = true;
      await opened.end().catch(() => undefined);
      throw error;
    }
    if (this.isClosed) await opened.end().catch(() => undefined);
    else this.client = opened;
  }

  /**
   * Listen again after the wait of try `attempt`, while anyone listens; then `onBack`. Meanwhile start() answers at
   * once (the connection comes back on its own); once nobody listens, the next start() opens it again.
   */
  private reconnect(attempt: number): void {
    if (this.retryTimer) return;
    if (!this.keepListening()) {
      this.ready = null;
      return;
    }
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (!this.keepListening()) {
          this.ready = null;
          return;
        }
        this.open().then(this.input.onBack, (error: unknown) => {
          this.input.onLost?.(error);
          this.reconnect(attempt + 1);
        });
      },
      delayFor(undefined, attempt, RECONNECT),
    );
    this.retryTimer.unref();
  }
}
