// compileSettingsSchema(): the zod schema of one generator's settings (options, defaults, required and
// conditional requirements, hidden fields dropped, chapter counts as integers). Shared by studio, server and CLI.
import * as z from 'zod';
import type { Condition, FieldValue, FieldShape, BookSpec, Settings } from '../spec/types.js';
import { fieldType } from '../fields/registry.js';
import { SETTINGS_MESSAGES, SettingsError, type SettingsIssue } from '../errors.js';
import { reportIssue } from '../fields/issue.js';

/** True when a condition holds for the given settings. */
export function conditionHolds(condition: Condition, values: Readonly<Record<string, unknown>>): boolean {
  const actual = values[condition.field];
  const wanted = Array.isArray(condition.is) ? condition.is : [condition.is];
  return wanted.some((w) => String(w) === String(actual));
}

export function isFieldVisible(field: FieldShape, values: Readonly<Record<string, unknown>>): boolean {
  return !field.visibleWhen || conditionHolds(field.visibleWhen, values);
}

export function isFieldRequired(field: FieldShape, values: Readonly<Record<string, unknown>>): boolean {
  return field.required || (field.requiredWhen !== undefined && conditionHolds(field.requiredWhen, values));
}

/** The default settings of a generator (every field at its default). */
export function defaultSettings(spec: BookSpec): Settings {
  return Object.fromEntries(spec.fields.map((f) => [f.name, f.default]));
}

const cache = new WeakMap<BookSpec, z.ZodType<Settings>>();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The settings schema: accepts a partial object of raw values, returns complete validated settings.
 * Every issue is a custom issue on the field's path whose params carry the settings issue as data
 * (`{code: 'not_an_option', value, allowed}`); `settingsIssueOf` reads it back.
 */
export function compileSettingsSchema(spec: BookSpec): z.ZodType<Settings> {
  const hit = cache.get(spec);
  if (hit) return hit;
  const valueSchemas = new Map(spec.fields.map((f) => [f.name, fieldType(f).zod(f)]));
  const names = spec.fields.map((f) => f.name);

  const schema = z.unknown().transform((raw, ctx): Settings => {
    if (!isPlainObject(raw)) {
      reportIssue(ctx, { code: 'not_an_object', params: {} });
      return z.NEVER;
    }
    for (const key of Object.keys(raw)) {
      if (!names.includes(key))
        reportIssue(ctx, { code: 'unknown_setting', params: { generator: spec.id, allowed: names }, path: [key] });
    }
    // Pass 1: every field's own value (or its default), so conditions can look at any field.
    const values: Record<string, FieldValue> = {};
    const failed = new Set<string>();
    for (const field of spec.fields) {
      const type = fieldType(field);
      const given = raw[field.name];
      if (type.isEmpty(given)) {
        // A missing value takes the default; a required value the user emptied stays empty, so it is
        // reported as required instead of silently becoming the default (an emptied Publication Year).
        if (given !== undefined && field.required) values[field.name] = undefined;
        else values[field.name] = field.default;
        continue;
      }
      const result = valueSchemas.get(field.name)!.safeParse(given);
      if (result.success) values[field.name] = result.data as FieldValue;
      else {
        failed.add(field.name);
        for (const i of result.error.issues) ctx.addIssue({ ...i, code: 'custom', path: [field.name] });
      }
    }
    // Pass 2: visibility and requiredness.
    const out: Record<string, FieldValue> = {};
    for (const field of spec.fields) {
      if (!isFieldVisible(field, values)) continue;
      const type = fieldType(field);
      if (isFieldRequired(field, values) && !failed.has(field.name) && type.isEmpty(values[field.name])) {
        reportIssue(ctx, { code: 'required', params: {}, path: [field.name] });
        continue;
      }
      out[field.name] = values[field.name];
    }
    return out as Settings;
  });
  cache.set(spec, schema);
  return schema;
}

/** The settings issue a settings-schema zod issue carries (field from its path, code and params from its params). */
export function settingsIssueOf(issue: z.core.$ZodIssue): SettingsIssue {
  const field = String(issue.path[0] ?? '');
  const { code, ...params } = (issue.code === 'custom' ? issue.params : undefined) ?? {};
  if (typeof code !== 'string' || !Object.hasOwn(SETTINGS_MESSAGES, code)) {
    throw new Error(`settings schema issue without a settings issue code at "${field}": ${issue.message}`);
  }
  return { field, code, params } as SettingsIssue;
}

/** Validate raw settings; throws SettingsError naming each field, what is wrong and what is allowed. */
export function parseSettings(spec: BookSpec, raw: Readonly<Record<string, unknown>>): Settings {
  const result = compileSettingsSchema(spec).safeParse(raw);
  if (result.success) return result.data;
  throw new SettingsError(result.error.issues.map(settingsIssueOf), {
    chaptersField: spec.fields.find((f) => f.role === 'chapters')?.name,
  });
}
