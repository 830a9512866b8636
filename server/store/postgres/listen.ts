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

/**
 * A kept LISTEN connection to `url` on `channels` (the set is read at every connect), each notice handed to
 * `onNotify`. `onLost` hears why it dropped or why opening it again failed; `keepListening` false (nobody
 * listens any more) leaves it closed after a drop until start() is called again.
 * @example const listening = listenConnection({ url, channels: new Set(['karya_users']), applicationName: 'karya-users-feed', onNotify, onBack })
 */
export function listenConnection(input: {
  url: string;
  channels: Set<string>;
  applicationName: string;
  onNotify: (message: pg.Notification) => void;
  onBack: () => void;
  onLost?: (error: unknown) => void;
  keepListening?: () => boolean;
}): ListenConnection {
  const { channels } = input;
  let applicationName = input.applicationName;
  let client: pg.Client | null = null;
  let ready: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let isClosed = false;
  const keepListening = () => !isClosed && (input.keepListening?.() ?? true);

  async function open(): Promise<void> {
    const opened = new pg.Client({ connectionString: input.url, application_name: applicationName });
    let isLost = false;
    // pg tells an unexpected end as an error, then 'end'; either alone is a drop too.
    const lost = (error: unknown) => {
      if (isLost) return;
      isLost = true;
      if (client !== opened) return;
      client = null;
      opened.end().catch(() => undefined);
      if (isClosed) return;
      input.onLost?.(error);
      reconnect(1);
    };
    opened.on('error', lost);
    opened.on('end', () => lost(new Error('the listening connection ended')));
    opened.on('notification', input.onNotify);
    try {
      await opened.connect();
      for (const channel of channels) await opened.query(`LISTEN ${channel}`);
    } catch (error) {
      isLost = true;
      await opened.end().catch(() => undefined);
      throw error;
    }
    if (isClosed) await opened.end().catch(() => undefined);
    else client = opened;
  }

  function start(): Promise<void> {
    ready ??= open().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  }

  /**
   * Listen again after the wait of try `attempt`, while anyone listens; then `onBack`. Meanwhile start() answers at
   * once (the connection comes back on its own); once nobody listens, the next start() opens it again.
   */
  function reconnect(attempt: number): void {
    if (retryTimer) return;
    if (!keepListening()) {
      ready = null;
      return;
    }
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!keepListening()) {
        ready = null;
        return;
      }
      open().then(input.onBack, (error: unknown) => {
        input.onLost?.(error);
        reconnect(attempt + 1);
      });
    }, delayFor(undefined, attempt, RECONNECT));
    retryTimer.unref();
  }

  return {
    start,
    get isListening() {
      return client !== null;
    },
    async listen(channel) {
      if (channels.has(channel)) return;
      channels.add(channel);
      await client?.query(`LISTEN ${channel}`);
    },
    async rename(name) {
      applicationName = name;
      await client?.query(`SET application_name = '${name.replace(/'/g, "''")}'`);
    },
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await ready?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}
