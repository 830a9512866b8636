// flags: several independent toggles; the value is the list of option values switched on.
import * as z from 'zod';
import type { FieldTypeDef } from './type.js';
import { findOption, notAnOptionMessage, optionValues } from './options.js';
import { FIELD_WORDS } from './words.js';
import { wordIn } from '../languages/index.js';
import { reportIssue } from './issue.js';

export const flagsType: FieldTypeDef = {
  widget: 'flags',
  check(field) {
    const issues: Array<[string, string]> = [];
    if (!field.options || field.options.length === 0) issues.push(['options', 'flags need at least one option']);
    const d = field.default;
    if (d !== undefined && !Array.isArray(d)) issues.push(['default', 'must be a list of option values']);
    if (Array.isArray(d)) {
      d.forEach((v, i) => {
        if (!findOption(field, v)) issues.push([`default.${i}`, notAnOptionMessage(field, v)]);
      });
    }
    return issues;
  },
  fallbackDefault: () => [],
  zod(field) {
    return z.unknown().transform((list, ctx) => {
      if (!Array.isArray(list)) {
        reportIssue(ctx, { code: 'not_a_list', params: {} });
        return z.NEVER;
      }
      const out: string[] = [];
      for (const v of list) {
        const option = typeof v === 'string' || typeof v === 'number' ? findOption(field, v) : undefined;
        if (!option) {
          reportIssue(ctx, { code: 'not_an_option', params: { value: v, allowed: optionValues(field) } });
          return z.NEVER;
        }
        if (!out.includes(String(option.value))) out.push(String(option.value));
      }
      return out;
    });
  },
  parseText: (raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  isEmpty: (v) => v === undefined || v === null,
  describe(value, field, lang) {
    const list = Array.isArray(value) ? value : [];
    if (list.length === 0) return wordIn(FIELD_WORDS.none, lang);
    return list.map((v) => findOption(field, v)?.label[lang] ?? String(v)).join(', ');
  },
};
