// Field-type registry: each type owns its checks, default, zod builder, widget and text parsing,
// so compilers never switch on field.type. A new type is one file plus one line here.
import type * as z from 'zod';
import type { FieldShape, FieldType, FieldValue, Lang } from '../spec/types.js';
import { selectType } from './select.js';
import { textType, textareaType } from './text.js';
import { numberType } from './number.js';
import { checkboxType } from './checkbox.js';
import { flagsType } from './flags.js';

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

export const FIELD_TYPE_REGISTRY: Readonly<Record<FieldType, FieldTypeDef>> = Object.freeze({
  select: selectType,
  text: textType,
  textarea: textareaType,
  number: numberType,
  checkbox: checkboxType,
  flags: flagsType,
});

export function fieldType(field: Pick<FieldShape, 'type'>): FieldTypeDef {
  return FIELD_TYPE_REGISTRY[field.type];
}
