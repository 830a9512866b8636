// Helpers shared by the option-based field types (select, flags).
import type { FieldShape, ResolvedOption } from '../spec/types.js';
import { settingsIssueMessage } from '../errors.js';

export { quoteValue as quote } from '../errors.js';

export function optionValues(field: FieldShape): Array<string | number> {
  return (field.options ?? []).map((o) => o.value);
}

export function listValues(field: FieldShape): string {
  return optionValues(field).join(', ');
}

/** The option whose value equals `value`, comparing numbers and numeric strings alike. */
export function findOption(field: FieldShape, value: unknown): ResolvedOption | undefined {
  return (field.options ?? []).find((o) => o.value === value || String(o.value) === String(value));
}

/**
 * `"hot" is not one of sweet, mild, …`: the catalogue's words for a value outside the options (spec checks use it too).
 */
export function notAnOptionMessage(field: FieldShape, value: unknown): string {
  return settingsIssueMessage({
    field: field.name,
    code: 'not_an_option',
    params: { value, allowed: optionValues(field) },
  });
}
