// compileSettingsSchema(): the zod schema of one generator's settings (options, defaults, required and
// conditional requirements, hidden fields dropped, chapter counts as integers). Shared by studio, server and CLI.
import * as z from 'zod';
import type { Condition, FieldValue, ResolvedField, ResolvedSpec, Settings } from '../spec/types.js';
import { fieldType } from '../fields/registry.js';
import { SettingsError, type SettingsIssue } from '../errors.js';

/** True when a condition holds for the given settings. */
export function conditionHolds(condition: Condition, values: Readonly<Record<string, unknown>>): boolean {
  const actual = values[condition.field];
  const wanted = Array.isArray(condition.is) ? condition.is : [condition.is];
  return wanted.some((w) => String(w) === String(actual));
}

export function isFieldVisible(field: ResolvedField, values: Readonly<Record<string, unknown>>): boolean {
  return !field.visibleWhen || conditionHolds(field.visibleWhen, values);
}

export function isFieldRequired(field: ResolvedField, values: Readonly<Record<string, unknown>>): boolean {
  return field.required || (field.requiredWhen !== undefined && conditionHolds(field.requiredWhen, values));
}

/** The default settings of a generator (every field at its default). */
export function defaultSettings(spec: ResolvedSpec): Settings {
  return Object.fromEntries(spec.fields.map((f) => [f.name, f.default]));
}

const cache = new WeakMap<ResolvedSpec, z.ZodType<Settings>>();

/**
 * The settings schema: accepts a partial object of raw values, returns complete validated settings.
 * Issues carry the field name as path and, for choices, the allowed values in `params.allowed`.
 */
export function compileSettingsSchema(spec: ResolvedSpec): z.ZodType<Settings> {
  const hit = cache.get(spec);
  if (hit) return hit;
  const valueSchemas = new Map(spec.fields.map((f) => [f.name, fieldType(f).zod(f)]));
  const names = new Set(spec.fields.map((f) => f.name));

  const schema = z.record(z.string(), z.unknown(), { error: 'settings must be an object' }).transform((raw, ctx) => {
    for (const key of Object.keys(raw)) {
      if (!names.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: `is not a setting of ${spec.id}`, params: { allowed: [...names] } });
    }
    // Pass 1: every field's own value (or its default), so conditions can look at any field.
    const values: Record<string, FieldValue> = {};
    const failed = new Set<string>();
    for (const field of spec.fields) {
      const type = fieldType(field);
      const given = raw[field.name];
      if (type.isEmpty(given)) {
        values[field.name] = field.default;
        continue;
      }
      const result = valueSchemas.get(field.name)!.safeParse(given);
      if (result.success) values[field.name] = result.data as FieldValue;
      else {
        failed.add(field.name);
        for (const i of result.error.issues) {
          ctx.addIssue({ code: 'custom', path: [field.name], message: i.message, params: (i as { params?: Record<string, unknown> }).params });
        }
      }
    }
    // Pass 2: visibility and requiredness.
    const out: Record<string, FieldValue> = {};
    for (const field of spec.fields) {
      if (!isFieldVisible(field, values)) continue;
      const type = fieldType(field);
      if (isFieldRequired(field, values) && !failed.has(field.name) && type.isEmpty(values[field.name])) {
        ctx.addIssue({ code: 'custom', path: [field.name], message: 'is required' });
        continue;
      }
      out[field.name] = values[field.name];
    }
    return out as Settings;
  });
  cache.set(spec, schema);
  return schema;
}

/** Validate raw settings; throws SettingsError naming each field, what is wrong and what is allowed. */
export function parseSettings(spec: ResolvedSpec, raw: Readonly<Record<string, unknown>>): Settings {
  const result = compileSettingsSchema(spec).safeParse(raw);
  if (result.success) return result.data;
  const issues: SettingsIssue[] = result.error.issues.map((i) => {
    const allowed = (i as { params?: { allowed?: Array<string | number> } }).params?.allowed;
    return { field: String(i.path[0] ?? ''), message: i.message, ...(allowed ? { allowed } : {}) };
  });
  throw new SettingsError(issues);
}
