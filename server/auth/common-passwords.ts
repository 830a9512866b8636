// The most common passwords, refused wherever a password is chosen (sign-up, reset, change, an admin
// adding a user): the first COMMON_PASSWORDS that the password rule would accept, from the
// frequency-ordered list of leaked passwords in @zxcvbn-ts/language-common (maintained with zxcvbn-ts;
// OWASP ASVS 5 asks for at least the top 3000). Loaded at the first check, compared without case.
import type { Lang } from '../../engine/index.js';
import { MIN_PASSWORD } from '../../engine/contract/index.js';
import { ApiError, messageIn } from '../errors/api-error.js';

export const COMMON_PASSWORDS = 10_000;

let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD).slice(0, COMMON_PASSWORDS)),
  );
  return common;
}

/** True when `password` (any case) is one of the most common passwords. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());
}

/** 400 `password_too_common` on `field`, worded in `lang`, when `password` is a common one. */
export async function refuseCommonPassword(input: { password: string; field: string; lang: Lang }): Promise<void> {
  if (!(await isCommonPassword(input.password))) return;
  const message = messageIn('password_too_common', input.lang);
  throw new ApiError(400, 'password_too_common', message, { [input.field]: message });
}
