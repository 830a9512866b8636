// `karya test-ai`: the 1-token check on every AI provider config (what the studio's AI test page
// shows): name, model, latency, context window and ok or the error a user would see; exit 1 if none works.
import { exitOnFailure } from '../errors.js';
import { loadProviders, type ConfigCheck, type LoadedConfigs } from '../../engine/node.js';

const { checkProviderConfigs, loadProviderConfigs } = await loadProviders();
import { EXIT, CliExit, fail, info, wholeNumber } from '../util.js';

export interface TestAiOptions {
  json?: boolean;
  timeout?: string;
}

function resultText(r: ConfigCheck): string {
  if (r.isOk) return 'ok';
  const detail = r.detail ? ` (${r.detail})` : r.status ? ` (HTTP ${r.status})` : '';
  return `error: ${r.message ?? 'Failed to initialize AI service. Please try again.'}${detail}`;
}

/** Print the results as aligned columns. */
export function formatChecks(results: readonly ConfigCheck[]): string {
  const rows = [['NAME', 'MODEL', 'LATENCY', 'CONTEXT', 'RESULT'], ...results.map((r) => [r.name, r.model, `${r.latencyMs} ms`, `${r.context.tokens} tokens (${r.context.source})`, resultText(r)])];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n') + '\n';
}

export async function testAiCommand(opts: TestAiOptions): Promise<void> {
  let loaded: LoadedConfigs;
  try {
    loaded = loadProviderConfigs();
  } catch (error) {
    exitOnFailure(error, 'en', { expects: ['spec'] });
    throw error;
  }
  let timeoutMs: number | undefined;
  if (opts.timeout !== undefined) {
    timeoutMs = wholeNumber(opts.timeout);
    if (timeoutMs === undefined || timeoutMs <= 0) fail(`--timeout: "${opts.timeout}" must be a whole number of milliseconds above 0, written in plain digits (like 30000)`);
  }
  if (loaded.configs.length === 0) {
    if (opts.json) process.stdout.write(JSON.stringify({ source: null, results: [] }) + '\n');
    info('karya: no AI service is configured: set OPENAI_API_KEY (and OPENAI_BASE_URL for another server) or write karya.config.yaml (see docs/providers.md). Until then karya uses the offline provider.');
    throw new CliExit(EXIT.failed);
  }
  const source = loaded.file ?? 'OPENAI_API_KEY';
  if (!opts.json) info(`karya: checking ${loaded.configs.length} AI config${loaded.configs.length === 1 ? '' : 's'} from ${source} with a 1-token call…`);
  const results = await checkProviderConfigs(loaded.configs, timeoutMs !== undefined ? { timeoutMs } : {});
  const working = results.filter((r) => r.isOk).length;
  if (opts.json) process.stdout.write(JSON.stringify({ source, results }) + '\n');
  else {
    process.stdout.write(formatChecks(results));
    info(`karya: ${working} of ${results.length} working`);
  }
  if (working === 0) throw new CliExit(EXIT.failed);
}
