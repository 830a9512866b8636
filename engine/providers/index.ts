// Provider selection: OPENAI_API_KEY (+ OPENAI_BASE_URL, KARYA_MODEL) picks the OpenAI-compatible
// provider; without a key the offline provider writes demo text. Node-side only (not for the studio).
import type { Provider } from './types.js';
import { createOfflineProvider } from './offline.js';
import { createOpenAIProvider, DEFAULT_MODEL } from './openai.js';

export type { Provider, TextRequest, TextResult, ImageRequest, ImageResult, TokenUsage } from './types.js';
export { countWords } from './types.js';
export { createOfflineProvider } from './offline.js';
export { createOpenAIProvider } from './openai.js';

/** The provider the environment asks for. */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env): Provider {
  const key = env.OPENAI_API_KEY?.trim();
  if (!key) return createOfflineProvider();
  return createOpenAIProvider({ apiKey: key, baseURL: env.OPENAI_BASE_URL || undefined, model: env.KARYA_MODEL || DEFAULT_MODEL });
}
