// `karya serve [--port N]`: the HTTP server with the studio and the JSON API (see docs/api.md).
import { startServer } from '../../server/index.js';
import { fail, info, wholeNumber } from '../util.js';

export interface ServeOptions {
  port?: string;
  /** commander's --no-worker */
  worker?: boolean;
}

export async function serveCommand(opts: ServeOptions): Promise<void> {
  let port: number | undefined;
  if (opts.port !== undefined) {
    port = wholeNumber(opts.port);
    if (port === undefined || port > 65535) fail(`--port: "${opts.port}" must be a whole number from 0 to 65535, written in plain digits (like 3000)`);
  }
  // The export limits (KARYA_EXPORT_*) are read at the first download; a bad value stops the start instead.
  try {
    (await (await import('../../engine/node.js')).loadExportPool()).exportLimitsFromEnv(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const running = await startServer({ ...(port !== undefined ? { port } : {}), ...(opts.worker === false ? { runsWorker: false } : {}) });
  const { config, provider } = running.ctx;
  process.stdout.write(`Karya is running at ${running.url}\n`);
  info(`  database: ${running.store.kind === 'postgres' ? `Postgres ${running.store.location}` : config.dbFile}`);
  if (running.queue) info(`  steps: Postgres job queue; ${running.worker ? `this process runs up to ${config.workerConcurrency} at once` : 'run by `karya worker` processes (--no-worker)'}`);
  info(`  provider: ${provider.isOffline ? 'offline (demo text; set OPENAI_API_KEY for a real model)' : provider.name}`);
  info(`  administrator: ${config.adminEmail ?? 'none (set KARYA_ADMIN_EMAIL and sign up with that address)'}`);
  info(`  mail: ${running.ctx.mailer.transport === 'smtp' ? 'SMTP' : 'mail_outbox table and the log (set KARYA_SMTP_URL to send)'}`);
  await new Promise<void>((resolve) => {
    let signals = 0;
    const stop = () => {
      signals += 1;
      // A second Ctrl-C (or SIGTERM) does not wait for the grace period.
      if (signals > 1) {
        info('karya: stopping now');
        running.close().then(resolve, resolve);
        return;
      }
      info(`karya: stopping the server: no new work; open streams and running steps may finish (up to ${Math.round(config.generationTimeoutMs / 1000)} s)`);
      running.stop({ graceMs: config.generationTimeoutMs }).then(() => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      }, resolve);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
