// checkbox: one on/off value; "true"/"false", "yes"/"no", "1"/"0" are accepted from text.
import * as z from 'zod';
import type { FieldTypeDef } from './type.js';
import { reportIssue } from './issue.js';
import { FIELD_WORDS } from './words.js';
import { wordIn } from '../languages/index.js';

const TEXT: Record<string, boolean> = {
  true: true,
  yes: true,
  on: true,
  '1': true,
  false: false,
  no: false,
  off: false,
  '0': false,
};

export const checkboxType: FieldTypeDef = {
  widget: 'checkbox',
  check(field) {
    return field.default !== undefined && typeof field.default !== 'boolean'
      ? [['default', `${JSON.stringify(field.default)} is not true or false`]]
      : [];
  },
  fallbackDefault: () => false,
  zod: () =>
    z.unknown().transform((v, ctx) => {
      const b = typeof v === 'string' && Object.hasOwn(TEXT, v.toLowerCase()) ? TEXT[v.toLowerCase()] : v;
      if (typeof b === 'boolean') return b;
      reportIssue(ctx, { code: 'not_true_false', params: {} });
      return z.NEVER;
    }),
  parseText: (raw) => raw,
  isEmpty: (v) => v === undefined || v === null,
  describe: (value, _field, lang) => wordIn(value ? FIELD_WORDS.yes : FIELD_WORDS.no, lang),
};
