// A prompt context's values worked out only when a template (or a spread, or code) first reads them: the brief,
// the format and the previous part's ending (the system prompt and the memory update never read them).
import type { PromptContext } from './prompt-context-shape.js';

/** A context's values worked out when a template (or a spread, or code) first reads them: withLazy. */
const LAZY_KEYS = ['brief', 'format', 'previousEnding'] as const;
export type LazyKey = (typeof LAZY_KEYS)[number];
const LAZY = Symbol('lazy context values');
export interface LazyValues {
  readonly of: Partial<Record<LazyKey, () => string>>;
  /** A key's value once worked out; null while it is. */
  readonly values: Partial<Record<LazyKey, string | null>>;
}

/**
 * The accessors of the lazy keys, the same functions for every context (each reads its context's own LazyValues):
 * every context then has one shape, its properties kept in place (an accessor made per context, or one put over a
 * property the literal had, turns each context into a slow dictionary of its properties).
 */
const LAZY_ACCESSORS: PropertyDescriptorMap = Object.fromEntries(
  LAZY_KEYS.map((key) => [
    key,
    {
      enumerable: true,
      configurable: true,
      // While it renders, the value reads as empty (as it did when it was rendered before the others); '' without a
      // source.
      get(this: { [LAZY]: LazyValues }): string {
        const lazy = this[LAZY];
        const known = lazy.values[key];
        if (typeof known === 'string') return known;
        const of = lazy.of[key];
        if (!of || known === null) return '';
        lazy.values[key] = null;
        try {
          return (lazy.values[key] = of());
        } catch (error) {
          if (lazy.values[key] === null) lazy.values[key] = undefined;
          throw error;
        }
      },
      set(this: { [LAZY]: LazyValues }, next: string) {
        this[LAZY].values[key] = next;
      },
    },
  ]),
);

/**
 * `ctx` with its lazy keys: own, enumerable properties (as templates and spreads expect), each computed on first read
 * by `of`.
 */
export function withLazy(ctx: PromptContext, of: LazyValues['of']): PromptContext {
  Object.defineProperty(ctx, LAZY, { value: { of, values: {} } satisfies LazyValues });
  return Object.defineProperties(ctx, LAZY_ACCESSORS);
}
