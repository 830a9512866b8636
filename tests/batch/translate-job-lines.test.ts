// A translate job's issue is data, said in the batch's language when printed: its unknown language names the
// table's languages joined as that language joins choices (English's "or" in English, Malay's "atau" in Malay),
// whichever language the table lists first (its order is data: a maintainer may put Malay first).
import { afterEach, describe, expect, it } from 'vitest';
import { langs, setLanguageSource } from '../../engine/index.js';
import { readLanguages } from '../../engine/node/languages.js';
import { translateJobsOf } from '../../cli/batch/translate-jobs.js';
import { issueLine } from '../../cli/batch/job-words.js';

const asUsual = () => setLanguageSource(() => readLanguages());

/** The table with Malay first. */
function malayFirst(): void {
  setLanguageSource(() =>
    readLanguages().map((src) =>
      (src.data as { code?: string }).code === 'ms' ? { ...src, data: { ...(src.data as object), order: -1 } } : src,
    ),
  );
}

const job = (to: string) => [{ index: 1, line: 1, value: { translate: { book: 3, to } } }];

describe("a translate job's language refused in the jobs file", () => {
  afterEach(asUsual);

  it('names the languages joined in the language it is said in', () => {
    const { issues } = translateJobsOf(job('fr'));
    const codes = langs();
    const [first, last] = [codes.slice(0, -1).join(', '), codes.at(-1)];
    expect(issues.map((i) => issueLine('jobs.yaml', i, 'en'))).toEqual([
      `jobs.yaml:1: job 1: translate.to: "fr" is not a language Karya writes; use ${first}, or ${last}`,
    ]);
    expect(issues.map((i) => issueLine('jobs.yaml', i, 'ms'))).toEqual([
      `jobs.yaml:1: kerja 1: translate.to: "fr" bukan bahasa yang ditulis oleh Karya; gunakan ${first}, atau ${last}`,
    ]);
  });

  it('said in English, stays English when the table lists Malay first', () => {
    malayFirst();
    expect(langs()[0]).toBe('ms');
    const { issues } = translateJobsOf(job('fr'));
    const codes = langs();
    expect(codes.slice(0, 3)).toEqual(['ms', 'en', 'id']);
    const [first, last] = [codes.slice(0, -1).join(', '), codes.at(-1)];
    expect(issues.map((i) => issueLine('jobs.yaml', i, 'en'))).toEqual([
      `jobs.yaml:1: job 1: translate.to: "fr" is not a language Karya writes; use ${first}, or ${last}`,
    ]);
  });
});
