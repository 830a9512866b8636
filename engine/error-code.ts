// Zod schemas that fail with an error code as data: every failure of the wrapped schema becomes one
// custom issue with `params: {code}`, so a caller (the server's parse()) reads the code from the issue
// and never from its words. A language code refused carries its settings issue the same way (refuseUnknownLang).
import * as z from 'zod';
import { isLang } from './languages/index.js';
import { notALanguage, settingsIssueMessage } from './errors.js';

/**
 * `schema`, whose every failure is one issue worded `message` and carrying `code` in its params.
 * @example
 * const email = withErrorCode(z.string().trim().min(1), { code: 'email_required', message: 'Please enter your email
 * address' })
 *   .pipe(withErrorCode(z.email(), { code: 'invalid_email', message: 'Please enter a valid email address' }));
 */
export function withErrorCode<T extends z.ZodType>(
  schema: T,
  issue: { code: string; message: string },
): z.ZodType<z.output<T>, z.input<T>> {
  // z.any(), not z.unknown(): the wrapper takes whatever the wrapped schema takes, so it can follow a .pipe().
  return z.any().transform((value, ctx) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data as z.output<T>;
    ctx.addIssue({ code: 'custom', message: issue.message, params: { code: issue.code } });
    return z.NEVER;
  });
}

/** The error code a zod issue carries as data (`params.code`, see withErrorCode), if any. */
export function errorCodeOf(issue: z.core.$ZodIssue): string | undefined {
  const code: unknown = issue.code === 'custom' ? issue.params?.code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A zod refinement of a language code (the contract's LangSchema, a book view's lang): a code the language table
 * does not have is one issue worded in English that carries the settings issue not_an_option as data, as the
 * settings schema's issues do (`params: {code, value, allowed}`: engine/compile/schema.ts settingsIssueOf), so a
 * caller says it in its reader's language.
 */
export function refuseUnknownLang(value: string, ctx: z.core.$RefinementCtx<string>): void {
  if (isLang(value)) return;
  const refused = notALanguage(value);
  ctx.addIssue({
    code: 'custom',
    message: settingsIssueMessage(refused),
    params: { code: refused.code, ...refused.params },
  });
}
