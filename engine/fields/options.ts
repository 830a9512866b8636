// Helpers shared by the option-based field types (select, flags).
import type { ResolvedField, ResolvedOption } from '../spec/types.js';

export function optionValues(field: ResolvedField): Array<string | number> {
  return (field.options ?? []).map((o) => o.value);
}

export function listValues(field: ResolvedField): string {
  return optionValues(field).join(', ');
}

/** The option whose value equals `value`, comparing numbers and numeric strings alike. */
export function findOption(field: ResolvedField, value: unknown): ResolvedOption | undefined {
  return (field.options ?? []).find((o) => o.value === value || String(o.value) === String(value));
}

export function quote(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
}
