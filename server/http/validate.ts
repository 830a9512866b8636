// zod at every route: parse params, query and bodies, or answer 400 with per-field messages.
// A schema that needs its own error code says so as data (engine/error-code.ts withErrorCode: the
// issue's params carry the code); parse() answers with the first such code, never reading the words. A field
// refused with a settings issue code (engine/error-code.ts refuseUnknownLang) is worded again from its params.
import type * as z from 'zod';
import { errorCodeOf, SETTINGS_MESSAGES, settingsIssueOf } from '../../engine/index.js';
import { ApiError, MESSAGES, type MessageCode, type Wording } from '../errors/api-error.js';

function isMessageCode(code: string | undefined): code is MessageCode {
  return code !== undefined && Object.hasOwn(MESSAGES, code);
}

/** Field path → first message, e.g. `{ email: "Please enter a valid email address" }`. */
export function fieldsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Parse `value` with `schema` or throw a 400 ApiError naming each field, with the code the first coded issue carries.
 */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldsOf(result.error.issues);
  const code = result.error.issues.map(errorCodeOf).find(isMessageCode) ?? 'invalid_request';
  const error = ApiError.of(400, code, fields);
  // Each field's first issue that carries a code (or a settings issue) is worded again in the caller's language.
  const fieldWordings: Record<string, Wording> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (key in fieldWordings || fields[key] !== issue.message) continue;
    const issueCode = errorCodeOf(issue);
    if (isMessageCode(issueCode)) fieldWordings[key] = { kind: 'message', code: issueCode };
    else if (issueCode !== undefined && Object.hasOwn(SETTINGS_MESSAGES, issueCode))
      fieldWordings[key] = { kind: 'settings', issue: { ...settingsIssueOf(issue), field: key } };
  }
  if (Object.keys(fieldWordings).length) error.fieldWordings = fieldWordings;
  throw error;
}
