// The provider interface every caller (CLI, server, batch) uses. Providers never see settings objects,
// only a rendered prompt; `meta` carries structured facts for the offline provider.
import type { PromptMeta } from '../compile/prompt.js';

export interface TextRequest {
  system: string;
  user: string;
  maxTokens: number;
  temperature: number;
  presencePenalty: number;
  frequencyPenalty: number;
  meta?: PromptMeta;
  /** Cancels the request at once. */
  signal?: AbortSignal;
  /** Called with each text delta as it arrives (streaming). */
  onDelta?: (delta: string) => void;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface TextResult {
  text: string;
  usage?: TokenUsage;
  model: string;
}

export interface ImageRequest {
  prompt: string;
  size: '1024x1024' | '1024x1792' | '1792x1024';
  meta?: PromptMeta;
  signal?: AbortSignal;
}

export interface ImageResult {
  /** PNG bytes. */
  png: Uint8Array;
  model: string;
}

export interface Provider {
  readonly name: string;
  readonly isOffline: boolean;
  generateText(request: TextRequest): Promise<TextResult>;
  generateImage(request: ImageRequest): Promise<ImageResult>;
}

/** Count words the way the progress lines and the preview do. */
export function countWords(text: string): number {
  const m = text.match(/\S+/g);
  return m ? m.length : 0;
}
