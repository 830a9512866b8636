// number: an integer or decimal within min/max; numeric strings are accepted and converted.
import * as z from 'zod';
import type { FieldTypeDef } from './type.js';
import { reportIssue } from './issue.js';

function range(min?: number, max?: number): string {
  if (min !== undefined && max !== undefined) return `between ${min} and ${max}`;
  if (min !== undefined) return `at least ${min}`;
  if (max !== undefined) return `at most ${max}`;
  return 'a number';
}

export const numberType: FieldTypeDef = {
  widget: 'number',
  check(field) {
    const issues: Array<[string, string]> = [];
    if (field.min !== undefined && field.max !== undefined && field.min > field.max)
      issues.push(['min', `min ${field.min} is above max ${field.max}`]);
    const d = field.default;
    if (d !== undefined && typeof d !== 'number') issues.push(['default', `${JSON.stringify(d)} is not a number`]);
    if (
      typeof d === 'number' &&
      ((field.min !== undefined && d < field.min) || (field.max !== undefined && d > field.max))
    ) {
      issues.push(['default', `${d} is not ${range(field.min, field.max)}`]);
    }
    return issues;
  },
  fallbackDefault: (field) => field.min,
  zod(field) {
    const { min, max } = field;
    const params = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    return z.unknown().transform((v, ctx) => {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (
        typeof n !== 'number' ||
        !Number.isFinite(n) ||
        (min !== undefined && n < min) ||
        (max !== undefined && n > max)
      ) {
        reportIssue(ctx, { code: 'number_range', params });
        return z.NEVER;
      }
      return n;
    });
  },
  parseText: (raw) => raw,
  isEmpty: (v) => v === undefined || v === null || v === '',
  describe: (value) => String(value ?? ''),
};
