// What a field type provides (engine/fields/registry.ts lists the types; each type's file implements
// this). Its own file so that the types and the registry do not import each other.
import type * as z from 'zod';
import type { FieldShape, FieldValue, Lang } from '../spec/types.js';

export type Widget = 'select' | 'text' | 'textarea' | 'number' | 'checkbox' | 'flags';

export interface FieldTypeDef {
  /** Semantic problems of an authored (merged) field, as [subpath, message] pairs. */
  check(field: FieldShape): Array<[string, string]>;
  /** The default when the spec gives none. */
  fallbackDefault(field: FieldShape): FieldValue;
  /** The zod schema of a present value (requiredness and conditions are applied by the compiler). */
  zod(field: FieldShape): z.ZodType;
  widget: Widget;
  /** Parse a value typed on a command line (`--set name=value`). */
  parseText(raw: string, field: FieldShape): unknown;
  /** True when the value counts as not given. */
  isEmpty(value: unknown): boolean;
  /** Human text of a value for prompts and summaries. */
  describe(value: FieldValue, field: FieldShape, lang: Lang): string;
}
