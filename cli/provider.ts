// The model provider a command runs with, from the environment (OPENAI_API_KEY, else the offline provider's demo
// text, said on stderr), and a part's words counted live on a terminal while its answer streams in.
import { countWords, word, type Lang } from '../engine/index.js';
import { lightFetch, loadProviders, type Provider } from '../engine/node.js';
import { info } from './util.js';
import { writerLang } from './langs.js';

const { providerFromEnv } = await loadProviders();

/**
 * How a batch calls the provider (its own thread's and each batch thread's): it checks the provider alongside its
 * first calls and sends its plain calls straight through the lighter fetch (engine/providers/direct.ts,
 * engine/node/light-fetch.ts).
 */
export const BATCH_PROVIDER_OPTIONS = { probeAlongside: true, fetch: lightFetch, directChat: true } as const;

/** The provider from the environment, once per command; says so on stderr when it is the offline one. */
export function cliProvider(opts: { forBatch?: boolean; lang?: Lang } = {}): Provider {
  const provider = providerFromEnv(process.env, opts.forBatch ? BATCH_PROVIDER_OPTIONS : {});
  if (provider.isOffline) info(`karya: ${word('offline', opts.lang ?? writerLang())}`);
  return provider;
}

/** A part's words so far, on one line of a terminal that changes (nothing when stderr is not one). */
export function liveProgress(label: string, lang: Lang = 'en'): { onDelta: (d: string) => void; stop: () => void } {
  const isTty = process.stderr.isTTY === true;
  let words = 0;
  let last = 0;
  return {
    onDelta(delta) {
      words += countWords(delta);
      const now = Date.now();
      if (isTty && now - last > 100) {
        last = now;
        process.stderr.write(`\r\x1b[K  … ${label}: ${word('wordsSoFar', lang, { words })}`);
      }
    },
    stop() {
      if (isTty && last) process.stderr.write('\r\x1b[K');
    },
  };
}
