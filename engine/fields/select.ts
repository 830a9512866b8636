// select: one value out of a list of options; numeric options (chapter counts) come out as integers.
import * as z from 'zod';
import type { FieldTypeDef } from './registry.js';
import { findOption, listValues, optionValues, quote } from './options.js';

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
      issues.push(['default', `${quote(field.default)} is not one of ${listValues(field)}`]);
    }
    return issues;
  },
  fallbackDefault: (field) => field.options?.[0]?.value,
  zod(field) {
    const values = optionValues(field);
    const message = `must be one of ${listValues(field)}`;
    return z.unknown().transform((v, ctx) => {
      const option = findOption(field, v);
      if (!option) {
        ctx.addIssue({ code: 'custom', message: `${quote(v)} is not one of ${values.join(', ')}`, params: { allowed: values } });
        return z.NEVER;
      }
      return option.value;
    }).describe(message);
  },
  parseText: (raw) => raw,
  isEmpty: (v) => v === undefined || v === null || v === '',
  describe(value, field, lang) {
    return findOption(field, value)?.label[lang] ?? String(value ?? '');
  },
};
