// A continuity finding's key: the part it is on, its kind and what it says, short and stable, so the writer can
// mark one as intended ("Intended" in the studio) and the book keeps that mark, while a finding the bible no
// longer gives (or says differently) is simply not matched. Pure.
import type { ContinuityFinding } from '../view-schema.js';

/** The most findings a book keeps marked as intended (the oldest marks go first). */
export const MAX_INTENDED_FINDINGS = 200;

/** The key of the finding `finding` on the part at `position`: "7:acts_after_death:1k3x9q". */
export function findingKey(position: number, finding: Pick<ContinuityFinding, 'kind' | 'detail' | 'part'>): string {
  let hash = 5381;
  for (const ch of `${finding.part}\u0000${finding.detail}`) hash = ((hash * 33) ^ ch.codePointAt(0)!) >>> 0;
  return `${position}:${finding.kind}:${hash.toString(36)}`;
}

/** A well-formed key (what a request may send). */
export const FINDING_KEY = /^\d{1,4}:[a-z_]{1,24}:[0-9a-z]{1,8}$/;

/** The marks after the writer marked `key` as intended (or took the mark back), bounded. */
export function withIntended(marks: readonly string[] | undefined, key: string, isIntended: boolean): string[] {
  const rest = (marks ?? []).filter((k) => k !== key);
  return (isIntended ? [...rest, key] : rest).slice(-MAX_INTENDED_FINDINGS);
}
