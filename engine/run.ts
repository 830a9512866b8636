// Run one step of a book: render its prompt, call the provider (streaming deltas if asked) and return the
// next state. Pure of storage: the caller saves the returned state (after every step).
import type { ResolvedSpec } from './spec/types.js';
import type { Provider, RetryNotice, TokenUsage } from './providers/types.js';
import { countWords } from './providers/types.js';
import { applyStep, type BookState, type Step } from './compile/flow.js';
import { renderPrompt, type PromptRenderer } from './compile/prompt.js';
import { GenerationError } from './errors.js';

export interface StepOutcome {
  state: BookState;
  step: Step;
  text: string;
  words: number;
  seconds: number;
  usage?: TokenUsage;
  /** PNG bytes for image generators. */
  png?: Uint8Array;
}

export async function runStep(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  provider: Provider;
  state: BookState;
  step: Step;
  chapterTitle?: string;
  signal?: AbortSignal;
  onDelta?: (delta: string) => void;
  /** Told before the provider retries on its own ("Connection error. Retrying... (n/3)"). */
  onRetry?: (notice: RetryNotice) => void;
}): Promise<StepOutcome> {
  const { spec, state, step } = input;
  const started = performance.now();
  const prompt = renderPrompt({ spec, renderer: input.renderer, state, step, chapterTitle: input.chapterTitle });
  if (!prompt.user.trim()) throw new GenerationError('prompt_required');
  if (step.kind === 'image') {
    const image = await input.provider.generateImage({ prompt: prompt.user, size: spec.image?.size ?? '1024x1024', meta: prompt.meta, signal: input.signal });
    const text = prompt.user;
    return { state: applyStep(spec, state, step, text), step, text, words: 0, seconds: (performance.now() - started) / 1000, png: image.png };
  }
  const result = await input.provider.generateText({
    system: prompt.system,
    user: prompt.user,
    maxTokens: prompt.maxTokens,
    temperature: prompt.temperature,
    presencePenalty: prompt.presencePenalty,
    frequencyPenalty: prompt.frequencyPenalty,
    meta: prompt.meta,
    signal: input.signal,
    onDelta: input.onDelta,
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
  });
  const text = result.text.trim();
  if (!text) throw new GenerationError('no_content');
  return {
    state: applyStep(spec, state, step, text),
    step,
    text,
    words: countWords(text),
    seconds: (performance.now() - started) / 1000,
    ...(result.usage ? { usage: result.usage } : {}),
  };
}
