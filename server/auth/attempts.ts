// Attempts taken from the shared limit store before a password is checked (sign-in, password change):
// every claim is taken atomically first, and given back when a later one refuses or the password is right,
// so a burst sent at once is held to the numbers of attempts sent one by one, on every instance.
import type { AttemptRule, LimitRepository } from '../store/ports.js';

/** Where the sign-in attempts held back by the per-account limit are counted, for the owner's notice. */
export const signInNoticeKey = (email: string): string => `signin-slowed:${email}`;

/** One limit an attempt counts against: a progressive delay (a counter) or a token bucket. */
export type Claim =
  { key: string; rule: AttemptRule } | { key: string; bucket: { capacity: number; refillMs: number } };

export type ClaimAnswer = { isAllowed: true } | { isAllowed: false; retryAfterMs: number; refused: Claim };

function takeOne(limits: LimitRepository, claim: Claim) {
  return 'rule' in claim
    ? limits.claimAttempt({ key: claim.key, rule: claim.rule })
    : limits.take({ key: claim.key, ...claim.bucket });
}

/** Give back what `claims` took (the attempt succeeded, or was not made). */
export async function giveBack(limits: LimitRepository, claims: readonly Claim[]): Promise<void> {
  for (const claim of claims) {
    if ('rule' in claim) await limits.returnAttempt(claim.key);
    else await limits.give({ key: claim.key, capacity: claim.bucket.capacity });
  }
}

/** Take one attempt from each claim in order; when one refuses, those already taken are given back. */
export async function claimAll(limits: LimitRepository, claims: readonly Claim[]): Promise<ClaimAnswer> {
  const taken: Claim[] = [];
  for (const claim of claims) {
    const answer = await takeOne(limits, claim);
    if (!answer.isAllowed) {
      await giveBack(limits, taken);
      return { isAllowed: false, retryAfterMs: answer.retryAfterMs, refused: claim };
    }
    taken.push(claim);
  }
  return { isAllowed: true };
}
