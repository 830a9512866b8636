// A batch job's `cover:`: `typographic`, or the writer's own picture (a path beside the jobs file), as
// `karya publish --cover` takes them. The picture's size rules are checked when its package is made
// (before any publishing step is spent); here only that the field is one of those and the file is there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedSpec } from '../../engine/index.js';

/** What a job asks for its cover: a typographic one, or the picture at this path. */
export type JobCover = { kind: 'typographic' } | { kind: 'picture'; file: string; given: string };

/** The job's `cover:` checked (null after an issue, undefined when there is none). */
export function jobCoverOf(value: unknown, spec: ResolvedSpec, jobsFile: string, add: (field: string, message: string) => void): JobCover | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (spec.kind !== 'book' || !spec.publish) {
    add('cover', `${spec.id} is not a book that is published; only books take a cover`);
    return null;
  }
  if (typeof value !== 'string' || !value.trim()) {
    add('cover', 'must be typographic, or the path of your cover picture (JPEG, PNG or TIFF) beside the jobs file');
    return null;
  }
  if (value.trim().toLowerCase() === 'typographic') return { kind: 'typographic' };
  const file = path.resolve(path.dirname(jobsFile), value.trim());
  if (!existsSync(file)) {
    add('cover', `${value.trim()}: no such file (paths are read beside the jobs file)`);
    return null;
  }
  return { kind: 'picture', file, given: value.trim() };
}
