// What the provider sends: a text request's chat completion body, a cover's image body, and the 1-token
// test call that initialisation (and `karya test-ai`) makes; `karya prompts` prints the bodies unsent.
import type { ImageRequest, TextRequest } from '../provider.js';
import type { ChatBody } from './direct.js';
import { chatModelOf, type ProviderConfig } from './config.js';
import type { Lease } from './pool.js';

/** The 1-token test call that initialisation (and `karya test-ai`) makes. */
export async function probeConfig(lease: Lease, signal: AbortSignal): Promise<void> {
  await (await lease.client.sdk()).chat.completions.create(probeBody(lease.config), { signal });
}

/** The body of that 1-token call. */
export function probeBody(config: ProviderConfig): ChatBody {
  return { model: chatModelOf(config), messages: [{ role: 'user', content: 'Hi' }], max_tokens: 1 };
}

/**
 * The chat completion body of a text request, as every OpenAI-compatible call sends it (`karya prompts`
 * prints it without sending it).
 */
export function chatBody(
  request: Pick<TextRequest, 'system' | 'user' | 'maxTokens' | 'temperature' | 'presencePenalty' | 'frequencyPenalty'>,
  model: string,
) {
  return {
    model,
    messages: [
      { role: 'system' as const, content: request.system },
      { role: 'user' as const, content: request.user },
    ],
    max_tokens: request.maxTokens,
    temperature: request.temperature,
    presence_penalty: request.presencePenalty,
    frequency_penalty: request.frequencyPenalty,
  };
}

/**
 * The image generation body of a cover request, as the provider sends it (`karya prompts` prints it).
 */
export function imageBody(request: Pick<ImageRequest, 'prompt' | 'size'>, model: string) {
  return {
    model,
    prompt: request.prompt,
    n: 1,
    size: request.size,
    quality: 'standard' as const,
    style: 'vivid' as const,
    response_format: 'url' as const,
  };
}
