// A jobs file's lines are the operator's, in English like every other line the batch says of its jobs file: a
// translate job's unknown language names the table's languages joined with English's "or", whichever language
// the table lists first (its order is data: a maintainer may put Malay first).
import { afterEach, describe, expect, it } from 'vitest';
import { langs, setLanguageSource } from '../../engine/index.js';
import { readLanguages } from '../../engine/node/languages.js';
import { translateJobsOf } from '../../cli/batch/translate-jobs.js';

const asUsual = () => setLanguageSource(() => readLanguages());

/** The table with Malay first. */
function malayFirst(): void {
  setLanguageSource(() => readLanguages().map((src) => ((src.data as { code?: string }).code === 'ms' ? { ...src, data: { ...(src.data as object), order: -1 } } : src)));
}

const job = (to: string) => [{ index: 1, line: 1, value: { translate: { book: 3, to } } }];

describe("a translate job's language refused in the jobs file", () => {
  afterEach(asUsual);

  it('names the languages joined in English', () => {
    const { issues } = translateJobsOf(job('fr'), 'jobs.yaml');
    const codes = langs();
    expect(issues).toEqual([`jobs.yaml:1: job 1: translate.to: "fr" is not a language Karya writes; use ${codes.slice(0, -1).join(', ')}, or ${codes.at(-1)}`]);
  });

  it('stays English when the table lists Malay first', () => {
    malayFirst();
    expect(langs()[0]).toBe('ms');
    const { issues } = translateJobsOf(job('fr'), 'jobs.yaml');
    const codes = langs();
    expect(codes.slice(0, 3)).toEqual(['ms', 'en', 'id']);
    expect(issues).toEqual([`jobs.yaml:1: job 1: translate.to: "fr" is not a language Karya writes; use ${codes.slice(0, -1).join(', ')}, or ${codes.at(-1)}`]);
  });
});
