// zod at every route: parse params, query and bodies, or answer 400 with per-field messages.
// When an issue carries one of the server's catalogue messages, that message and its code lead.
import type * as z from 'zod';
import { ApiError, MESSAGES, type MessageCode } from './errors.js';

const CODE_BY_MESSAGE = new Map<string, MessageCode>(Object.entries(MESSAGES).map(([code, message]) => [message, code as MessageCode]));

/** Field path → first message, e.g. `{ email: "Please enter a valid email address" }`. */
export function fieldsOf(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Parse `value` with `schema` or throw a 400 ApiError naming each field. */
export function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldsOf(result.error.issues);
  const code = result.error.issues.map((i) => CODE_BY_MESSAGE.get(i.message)).find((c) => c !== undefined) ?? 'invalid_request';
  throw new ApiError(400, code, MESSAGES[code], fields);
}
