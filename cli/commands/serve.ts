// `karya serve [--port N]`: the HTTP server with the studio and the JSON API (see docs/api.md).
import { ConfigError, startServer } from '../../server/index.js';
import type { Lang } from '../../engine/index.js';
import { fail, info, wholeNumber } from '../util.js';
import { exitOnFailure } from '../errors.js';
import { serveLang, serveWord } from '../serve-words.js';

export interface ServeOptions {
  port?: string;
  /** commander's --no-worker */
  worker?: boolean;
}

/**
 * The limits the pools read when first used (KARYA_EXPORT_*, KARYA_IMPORT_*, KARYA_AUDIO_THREADS and
 * KARYA_EPUBCHECK_IDLE_MS: at the first download, import, audiobook or EPUB check); a bad value stops the start
 * instead, said as the server's other settings are (the
 * variable, the value, what is allowed: the engine's LimitSettingError is the data, errors-config's
 * `config_whole_number` the words) in `lang`.
 */
export async function limitSettingsOrExit(lang: Lang): Promise<void> {
  const { loadExportPool, loadImportPool, loadAudioPool, loadEpubcheckServer, LimitSettingError } =
    await import('../../engine/node.js');
  try {
    (await loadExportPool()).exportLimitsFromEnv(process.env);
    (await loadImportPool()).importLimitsFromEnv(process.env);
    (await loadAudioPool()).audioThreads(process.env);
    (await loadEpubcheckServer()).epubcheckIdleMs(process.env);
  } catch (error) {
    const worded = error instanceof LimitSettingError ? new ConfigError(error.code, error.params) : error;
    exitOnFailure(worded, lang, { selfWorded: [ConfigError] });
    throw error;
  }
}

export async function serveCommand(opts: ServeOptions): Promise<void> {
  const lang = serveLang();
  let port: number | undefined;
  if (opts.port !== undefined) {
    port = wholeNumber(opts.port);
    if (port === undefined || port > 65535) fail(serveWord('portRange', lang, { value: opts.port }));
  }
  await limitSettingsOrExit(lang);
  const running = await startServer({
    ...(port !== undefined ? { port } : {}),
    ...(opts.worker === false ? { runsWorker: false } : {}),
  });
  const { config, provider } = running.ctx;
  process.stdout.write(`${serveWord('running', lang, { url: running.url })}\n`);
  const where =
    running.store.kind === 'postgres'
      ? serveWord('databasePostgres', lang, { location: running.store.location })
      : config.dbFile;
  info(`  ${serveWord('database', lang, { where })}`);
  const steps = running.worker
    ? serveWord('stepsHere', lang, { n: config.workerConcurrency })
    : serveWord('stepsWorkers', lang);
  if (running.queue) info(`  ${steps}`);
  const model = provider.isOffline
    ? serveWord('providerOffline', lang)
    : serveWord('provider', lang, { name: provider.name });
  info(`  ${model}`);
  info(
    `  ${config.adminEmail ? serveWord('admin', lang, { email: config.adminEmail }) : serveWord('adminNone', lang)}`,
  );
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
