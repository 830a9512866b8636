// text and textarea: free text, trimmed; maxLength guards the prompt size.
import * as z from 'zod';
import type { FieldTypeDef } from './registry.js';

const DEFAULT_MAX = { text: 200, textarea: 20000 } as const;

function makeTextType(widget: 'text' | 'textarea'): FieldTypeDef {
  return {
    widget,
    check: () => [],
    fallbackDefault: () => '',
    zod(field) {
      const max = field.maxLength ?? DEFAULT_MAX[widget];
      return z
        .string({ error: 'must be text' })
        .transform((s) => s.trim())
        .pipe(z.string().max(max, { error: `must be at most ${max} characters` }));
    },
    parseText: (raw) => raw,
    isEmpty: (v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === ''),
    describe: (value) => String(value ?? ''),
  };
}

export const textType = makeTextType('text');
export const textareaType = makeTextType('textarea');
