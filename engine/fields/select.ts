// select: one value out of a list of options; numeric options (chapter counts) come out as integers.
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
    return z.unknown().transform((v, ctx) => {
      const option = findOption(field, v);
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
    return findOption(field, value)?.label[lang] ?? String(value ?? '');
  },
};
