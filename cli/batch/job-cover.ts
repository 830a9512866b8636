// A batch job's `cover:`: `typographic`, or the writer's own picture (a path beside the jobs file), as
// `karya publish --cover` takes them. The picture's size rules are checked when its package is made
// (before any publishing step is spent); here only that the field is one of those and the file is there.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedSpec } from '../../engine/index.js';
import { jobWords, type JobWords } from './job-words.js';

/** What a job asks for its cover: a typographic one, or the picture at this path. */
export type JobCover = { kind: 'typographic' } | { kind: 'picture'; file: string; given: string };

/** The job's `cover:` checked (null after an issue, undefined when there is none). */
export function jobCoverOf(
  value: unknown,
  spec: ResolvedSpec,
  jobsFile: string,
  add: (field: string, words: JobWords) => void,
): JobCover | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (spec.kind !== 'book' || !spec.publish) {
    add('cover', jobWords('coverNotPublished', { generator: spec.id }));
    return null;
  }
  if (typeof value !== 'string' || !value.trim()) {
    add('cover', jobWords('coverNotGiven'));
    return null;
  }
  if (value.trim().toLowerCase() === 'typographic') return { kind: 'typographic' };
  const file = path.resolve(path.dirname(jobsFile), value.trim());
  if (!existsSync(file)) {
    add('cover', jobWords('noSuchFile', { file: value.trim() }));
    return null;
  }
  return { kind: 'picture', file, given: value.trim() };
}
