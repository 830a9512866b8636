// The one way a field type reports a bad value: a zod custom issue whose params carry the settings
// issue code and its params as data (`{code: 'too_long', max: 200}`); the message is English for logs.
import type * as z from 'zod';
import {
  settingsIssueMessage,
  type SettingsIssue,
  type SettingsIssueCode,
  type SettingsIssueParams,
} from '../errors.js';

/** Add one settings issue to a zod refinement context (the path is the caller's). */
export function reportIssue<C extends SettingsIssueCode>(
  ctx: z.core.$RefinementCtx,
  input: { code: C; params: SettingsIssueParams[C]; path?: PropertyKey[] },
): void {
  const issue = { field: '', code: input.code, params: input.params } as SettingsIssue;
  ctx.addIssue({
    code: 'custom',
    message: settingsIssueMessage(issue),
    params: { ...input.params, code: input.code },
    ...(input.path ? { path: input.path } : {}),
  });
}
