// Field-type registry: each type owns its checks, default, zod builder, widget and text parsing,
// so compilers never switch on field.type. A new type is one file plus one line here. What a type
// provides (FieldTypeDef) is in ./type.ts, which the types import (not this file, which imports them).
import type { FieldShape, FieldType } from '../spec/types.js';
import type { FieldTypeDef } from './type.js';
import { selectType } from './select.js';
import { textType, textareaType } from './text.js';
import { numberType } from './number.js';
import { checkboxType } from './checkbox.js';
import { flagsType } from './flags.js';

export type { FieldTypeDef, Widget } from './type.js';

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
