// `karya serve [--port N]`: the HTTP server with the studio and the JSON API (see docs/api.md).
import { startServer } from '../../server/index.js';
import { fail, info, wholeNumber } from '../util.js';
import { serveLang, serveWord } from '../serve-words.js';

export interface ServeOptions {
  port?: string;
  /** commander's --no-worker */
  worker?: boolean;
}

export async function serveCommand(opts: ServeOptions): Promise<void> {
  const lang = serveLang();
  let port: number | undefined;
  if (opts.port !== undefined) {
    port = wholeNumber(opts.port);
    if (port === undefined || port > 65535) fail(serveWord('portRange', lang, { value: opts.port }));
  }
  // The export limits (KARYA_EXPORT_*) are read at the first download; a bad value stops the start instead.
  try {
    (await (await import('../../engine/node.js')).loadExportPool()).exportLimitsFromEnv(process.env);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const running = await startServer({ ...(port !== undefined ? { port } : {}), ...(opts.worker === false ? { runsWorker: false } : {}) });
  const { config, provider } = running.ctx;
  process.stdout.write(`${serveWord('running', lang, { url: running.url })}\n`);
  const where = running.store.kind === 'postgres' ? serveWord('databasePostgres', lang, { location: running.store.location }) : config.dbFile;
  info(`  ${serveWord('database', lang, { where })}`);
  if (running.queue) info(`  ${running.worker ? serveWord('stepsHere', lang, { n: config.workerConcurrency }) : serveWord('stepsWorkers', lang)}`);
  info(`  ${provider.isOffline ? serveWord('providerOffline', lang) : serveWord('provider', lang, { name: provider.name })}`);
  info(`  ${config.adminEmail ? serveWord('admin', lang, { email: config.adminEmail }) : serveWord('adminNone', lang)}`);
  info(`  ${serveWord(running.ctx.mailer.transport === 'smtp' ? 'mailSmtp' : 'mailOutbox', lang)}`);
  await new Promise<void>((resolve) => {
    let signals = 0;
    const stop = () => {
      signals += 1;
      // A second Ctrl-C (or SIGTERM) does not wait for the grace period.
      if (signals > 1) {
        info(`karya: ${serveWord('stoppingNow', lang)}`);
        running.close().then(resolve, resolve);
        return;
      }
      info(`karya: ${serveWord('stopping', lang, { seconds: Math.round(config.generationTimeoutMs / 1000) })}`);
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
