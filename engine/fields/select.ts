// select: one value out of a list of options; numeric options (chapter counts) come out as integers. A book's
// chapter count (role: chapters) may be any whole number from 1 to its menu's largest: the menu's values are presets.
import * as z from 'zod';
import type { FieldTypeDef } from './type.js';
import { findOption, notAnOptionMessage, optionValues, quote } from './options.js';
import { reportIssue } from './issue.js';

export const selectType: FieldTypeDef = {
  widget: 'select',
  check(field) {
    const issues: Array<[string, string]> = [];
    if (!field.options || field.options.length === 0) issues.push(['options', 'a select needs at least one option']);
    const seen = new Set<string>();
    (field.options ?? []).forEach((o, i) => {
      if (seen.has(String(o.value))) issues.push([`options.${i}.value`, `${quote(o.value)} is listed twice`]);
      seen.add(String(o.value));
    });
    if (field.default !== undefined && field.options && !findOption(field, field.default)) {
      issues.push(['default', notAnOptionMessage(field, field.default)]);
    }
    return issues;
  },
  fallbackDefault: (field) => field.options?.[0]?.value,
  zod(field) {
    const allowed = optionValues(field);
    const most = chaptersMost(field);
    return z.unknown().transform((v, ctx) => {
      const option = findOption(field, v);
      if (!option && most !== undefined) {
        const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
        if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= most) return n;
        reportIssue(ctx, { code: 'number_range', params: { min: 1, max: most } });
        return z.NEVER;
      }
      if (!option) {
        reportIssue(ctx, { code: 'not_an_option', params: { value: v, allowed } });
        return z.NEVER;
      }
      return option.value;
    });
  },
  parseText: (raw) => raw,
  isEmpty: (v) => v === undefined || v === null || v === '',
  describe(value, field, lang) {
    const first = field.options?.[0]?.label[lang];
    // A chapter count off the menu is worded as the menu words its numbers ("5 Chapters").
    return (
      findOption(field, value)?.label[lang] ??
      (chaptersMost(field) !== undefined && first && /\d+/.test(first)
        ? first.replace(/\d+/, String(value))
        : String(value ?? ''))
    );
  },
};

/** The largest chapter count a book's chapters field allows (its menu's largest), or undefined for any other select. */
export function chaptersMost(field: {
  role?: string;
  options?: ReadonlyArray<{ value: string | number }>;
}): number | undefined {
  if (field.role !== 'chapters') return undefined;
  const numbers = (field.options ?? []).map((o) => Number(o.value)).filter((n) => Number.isInteger(n) && n > 0);
  return numbers.length ? Math.max(...numbers) : undefined;
}
