// The commands' door for the rest of cli/: what the batch does as a command does (a batch thread's provider as
// `karya batch` makes its own, a translation job as `karya translate`), each a small function here, so cli/batch/
// never imports a command's file (tests/architecture/layers.test.ts). A command's file loads when first used, as
// cli/main.ts loads it, so importing the door costs nothing.
import { loadProviders, type Provider } from '../../engine/node.js';
import type { TranslateOptions, TranslateOutput } from './translate.js';

/**
 * The provider a batch's thread calls: the batch command's own (checked alongside its first calls, the lighter fetch),
 * without its notice on stderr.
 */
export async function batchThreadProvider(env: NodeJS.ProcessEnv = process.env): Promise<Provider> {
  const [{ providerFromEnv }, { BATCH_PROVIDER_OPTIONS }] = await Promise.all([
    loadProviders(),
    import('./generate.js'),
  ]);
  return providerFromEnv(env, BATCH_PROVIDER_OPTIONS);
}

/** Translate a saved book as `karya translate --book ID --to LANG` does; a refusal or failure is its CliExit. */
export async function translateBook(opts: TranslateOptions, out?: TranslateOutput): Promise<void> {
  const { translateCommand } = await import('./translate.js');
  await translateCommand(opts, out);
}
