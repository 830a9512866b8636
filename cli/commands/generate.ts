// `karya generate <id>`: validate settings, then run every step of the book with the provider, saving
// progress after each one so an interrupted run resumes where it stopped.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { BookSession, GenerationError, planSteps, startBook, type ProgressStore, type ResolvedSpec } from '../../engine/index.js';
import { providerFromEnv, countWords, type Provider } from '../../engine/providers/index.js';
import { openStateFile } from '../../server/store/state.js';
import { catalogOrExit, specOrExit, fail, info, EXIT, CliExit } from '../util.js';
import { settingsFromOptions, progressKey } from '../settings.js';
export { settingsFromOptions, progressKey } from '../settings.js';

export interface GenerateOptions {
  set: string[];
  lang?: string;
  chapters?: string;
  out?: string;
  withOutline?: boolean;
  state?: string;
  fresh?: boolean;
  json?: boolean;
}

export const CLI_USER = 'cli';
export const DEFAULT_STATE = path.join('.karya', 'state.sqlite');

/** The provider from the environment, once per command; says so on stderr when it is the offline one. */
export function cliProvider(): Provider {
  const provider = providerFromEnv();
  if (provider.isOffline) info('karya: OPENAI_API_KEY is not set; using the offline provider (clearly marked demo text, no network).');
  return provider;
}

function liveProgress(label: string): { onDelta: (d: string) => void; stop: () => void } {
  const isTty = process.stderr.isTTY === true;
  let words = 0;
  let last = 0;
  return {
    onDelta(delta) {
      words += countWords(delta);
      const now = Date.now();
      if (isTty && now - last > 100) {
        last = now;
        process.stderr.write(`\r  … ${label}: ${words} words so far`);
      }
    },
    stop() {
      if (isTty && last) process.stderr.write('\r\x1b[K');
    },
  };
}

/** Progress of a CLI run lives in no file (covers: the PNG is the result). */
const NO_PROGRESS: ProgressStore = { load: async () => null, saveStep: async () => undefined };

export async function generateCommand(id: string, opts: GenerateOptions): Promise<void> {
  const catalog = catalogOrExit();
  const spec = specOrExit(catalog, id);
  const { settings, totalChapters } = settingsFromOptions(spec, opts);
  const provider = cliProvider();
  const total = startBook({ spec, settings, totalChapters }).totalChapters;
  const stateFile = spec.kind === 'image' ? null : await openStateFile(opts.state ?? DEFAULT_STATE);
  const controller = new AbortController();
  let isInterrupted = false;
  const onSignal = () => {
    isInterrupted = true;
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // Only an interrupted book resumes: a finished one (or a single piece) is written anew.
    const session = await BookSession.open({
      spec, renderer: catalog.renderer, provider, store: stateFile?.progress(CLI_USER) ?? NO_PROGRESS,
      key: progressKey(spec, settings, total), settings, totalChapters: total, onFinished: 'restart', isFresh: opts.fresh === true,
    });
    if (session.resumedParts !== null) {
      info(`karya: resuming ${spec.id}: ${session.resumedParts} of ${planSteps(spec, total).length} parts already written (use --fresh to start again)`);
    }
    const parts: Array<{ label: string; words: number; seconds: number }> = [];
    let png: Uint8Array | undefined;
    for (let step = session.next(); step; step = session.next()) {
      const label = session.label(step);
      const live = liveProgress(label);
      let outcome;
      try {
        outcome = await session.advance({
          signal: controller.signal, onDelta: live.onDelta,
          onRetry: (notice) => {
            live.stop();
            info(`  … ${label}: ${notice.message}`);
          },
        });
      } finally {
        live.stop();
      }
      png = outcome.png ?? png;
      parts.push({ label, words: outcome.words, seconds: Number(outcome.seconds.toFixed(2)) });
      info(`  ✓ ${label.padEnd(24)} ${String(outcome.words).padStart(5)} words  ${outcome.seconds.toFixed(1)}s`);
    }
    const state = session.state;
    const result = writeResult(spec, session.assemble({ withOutline: opts.withOutline }), opts, png);
    if (opts.json) {
      process.stdout.write(JSON.stringify({ id: spec.id, lang: state.lang, totalChapters: state.totalChapters, parts, out: result.file ?? null, ...(result.file ? {} : { markdown: result.markdown }) }) + '\n');
    } else if (!result.file) process.stdout.write(result.markdown ?? '');
    if (result.file) info(`karya: wrote ${result.file}`);
  } catch (error) {
    if (isInterrupted) {
      info('karya: interrupted; finished parts are saved, run the same command again to continue');
      throw new CliExit(EXIT.interrupted);
    }
    if (error instanceof GenerationError) fail(`${error.message}${error.status ? ` (HTTP ${error.status})` : ''}; finished parts are saved, run the same command again to continue`, EXIT.failed);
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stateFile?.close();
  }
}

function writeResult(spec: ResolvedSpec, markdown: string, opts: GenerateOptions, png?: Uint8Array): { file?: string; markdown?: string } {
  if (spec.kind === 'image') {
    const file = opts.out ?? `${spec.id}.png`;
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    writeFileSync(file, png ?? new Uint8Array());
    return { file };
  }
  if (!opts.out) return { markdown };
  mkdirSync(path.dirname(path.resolve(opts.out)), { recursive: true });
  writeFileSync(opts.out, markdown);
  return { file: opts.out };
}
