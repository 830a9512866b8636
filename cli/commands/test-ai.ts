// `karya test-ai`: the 1-token check on every AI provider config (what the studio's AI test page
// shows): name, model, latency, context window and ok or the error a user would see; exit 1 if none works.
import { exitOnFailure } from '../errors.js';
import { loadProviders, type ConfigCheck, type LoadedConfigs } from '../../engine/node.js';

const { checkProviderConfigs, loadProviderConfigs } = await loadProviders();
import { EXIT, CliExit, fail, info, wholeNumber } from '../util.js';
import { writerLang } from '../langs.js';
import { toolWord } from '../tools-words.js';
import { millisecondsIn, type Lang } from '../../engine/index.js';

export interface TestAiOptions {
  json?: boolean;
  timeout?: string;
}

function resultText(r: ConfigCheck, lang: Lang): string {
  if (r.isOk) return toolWord('aiOk', lang);
  const detail = r.detail ? ` (${r.detail})` : r.status ? ` (HTTP ${r.status})` : '';
  return `${toolWord('aiError', lang, { message: r.message ?? toolWord('aiFailed', lang) })}${detail}`;
}

/** Print the results as aligned columns, their heads and words in `lang`. */
export function formatChecks(results: readonly ConfigCheck[], lang: Lang = writerLang()): string {
  const rows = [
    toolWord('aiHead', lang).split('|'),
    ...results.map((r) => [
      r.name,
      r.model,
      millisecondsIn(r.latencyMs, lang),
      toolWord('aiContext', lang, { tokens: r.context.tokens, source: r.context.source }),
      resultText(r, lang),
    ]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i < 4 ? cell.padEnd(widths[i]!) : cell)).join('  ')).join('\n') + '\n';
}

export async function testAiCommand(opts: TestAiOptions): Promise<void> {
  const lang = writerLang();
  let loaded: LoadedConfigs;
  try {
    loaded = loadProviderConfigs();
  } catch (error) {
    exitOnFailure(error, lang, { expects: ['spec'] });
    throw error;
  }
  let timeoutMs: number | undefined;
  if (opts.timeout !== undefined) {
    timeoutMs = wholeNumber(opts.timeout);
    if (timeoutMs === undefined || timeoutMs <= 0) fail(toolWord('aiTimeout', lang, { value: opts.timeout }));
  }
  if (loaded.configs.length === 0) {
    if (opts.json) process.stdout.write(JSON.stringify({ source: null, results: [] }) + '\n');
    info(`karya: ${toolWord('aiNone', lang)}`);
    throw new CliExit(EXIT.failed);
  }
  const source = loaded.file ?? 'OPENAI_API_KEY';
  const n = loaded.configs.length;
  if (!opts.json) info(`karya: ${toolWord(n === 1 ? 'aiChecking_one' : 'aiChecking', lang, { n, source })}`);
  const results = await checkProviderConfigs(loaded.configs, timeoutMs !== undefined ? { timeoutMs } : {});
  const working = results.filter((r) => r.isOk).length;
  if (opts.json) process.stdout.write(JSON.stringify({ source, results }) + '\n');
  else {
    process.stdout.write(formatChecks(results, lang));
    info(`karya: ${toolWord('aiWorking', lang, { working, total: results.length })}`);
  }
  if (working === 0) throw new CliExit(EXIT.failed);
}
