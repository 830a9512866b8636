// text and textarea: free text without hidden characters (engine/clean-text.ts), trimmed; maxLength guards the prompt
// size.
import * as z from 'zod';
import type { FieldTypeDef } from './type.js';
import { reportIssue } from './issue.js';
import { cleanText } from '../clean-text.js';

const DEFAULT_MAX = { text: 200, textarea: 20000 } as const;

function makeTextType(widget: 'text' | 'textarea'): FieldTypeDef {
  return {
    widget,
    check: () => [],
    fallbackDefault: () => '',
    zod(field) {
      const max = field.maxLength ?? DEFAULT_MAX[widget];
      return z.unknown().transform((v, ctx) => {
        if (typeof v !== 'string') {
          reportIssue(ctx, { code: 'not_text', params: {} });
          return z.NEVER;
        }
        const text = cleanText(v).trim();
        if (text.length > max) {
          reportIssue(ctx, { code: 'too_long', params: { max } });
          return z.NEVER;
        }
        return text;
      });
    },
    parseText: (raw) => raw,
    isEmpty: (v) => v === undefined || v === null || (typeof v === 'string' && v.trim() === ''),
    describe: (value) => String(value ?? ''),
  };
}

export const textType = makeTextType('text');
export const textareaType = makeTextType('textarea');
