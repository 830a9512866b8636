// A batch job's publishing facts (`author`, `title`, `subtitle`, `publisher`) and the batch's own
// (`karya batch --publish --author NAME --publisher P`): checked by the contract's PublishFactsSchema, so a
// job says what `karya publish --author …` and the studio's publish form take, within the same limits.
import {
  PUBLISH_FACT_FIELDS,
  PublishFactsSchema,
  type Lang,
  type PublishFacts,
  type ResolvedSpec,
} from '../../engine/index.js';
import { fail } from '../util.js';
import { batchWord } from '../batch-words.js';
import { jobWords, sayJob, type JobWords } from './job-words.js';

type AddIssue = (field: string, words: JobWords) => void;

/** Why a value was refused, said the way the jobs file's other issues are (the field is named by the caller). */
function issueWords(issue: { code: string; maximum?: unknown; origin?: string; input?: unknown }): JobWords {
  if (issue.code === 'too_big') return jobWords('factTooLong', { max: Number(issue.maximum) });
  if (issue.code === 'too_small') return jobWords('factEmpty');
  return jobWords('factNotText');
}

/**
 * The publishing facts a job gives (undefined when none). A single piece or a cover has no package, so it
 * may not name them.
 */
export function checkPublishFacts(
  o: Record<string, unknown>,
  spec: ResolvedSpec | undefined,
  add: AddIssue,
): PublishFacts | undefined {
  const named = PUBLISH_FACT_FIELDS.filter((f) => o[f] !== undefined && o[f] !== null);
  if (!named.length) return undefined;
  if (spec && (spec.kind !== 'book' || !spec.publish)) {
    add(named[0]!, jobWords('publishNotBook', { generator: spec.id, fields: named.join(', ') }));
    return undefined;
  }
  // A number as a title ("1984") is the writer's text, as YAML wrote it.
  const given = Object.fromEntries(named.map((f) => [f, typeof o[f] === 'number' ? String(o[f]) : o[f]]));
  const parsed = PublishFactsSchema.safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      add(String(issue.path[0] ?? ''), issueWords(issue as Parameters<typeof issueWords>[0]));
    return undefined;
  }
  return parsed.data;
}

/**
 * `--author NAME` and `--publisher P` of `karya batch` (the imprint with --publish only): every job's, unless the job
 * gives its own. Refused in `lang`, the batch's (--lang's, else as the jobs' checks).
 */
export function batchPublishFactsOrExit(
  opts: { author?: string; publisher?: string; publish?: boolean },
  lang: Lang,
): PublishFacts {
  const given = {
    ...(opts.author !== undefined ? { author: opts.author } : {}),
    ...(opts.publisher !== undefined ? { publisher: opts.publisher } : {}),
  };
  if (!Object.keys(given).length) return {};
  // The author is printed in the books' own EPUB, DOCX and PDF files too (a job's `formats`); an imprint only in a
  // package.
  if (given.publisher !== undefined && !opts.publish) fail(batchWord('publisherNeedsPublish', lang));
  const parsed = PublishFactsSchema.safeParse(given);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const name = String(issue!.path[0]);
    const value = JSON.stringify((given as Record<string, string>)[name]);
    fail(`--${name}: ${value} ${sayJob(issueWords(issue as Parameters<typeof issueWords>[0]), lang)}`);
  }
  return parsed.data;
}

/** A job's facts over the batch's: a job's own value wins. */
export function publishFactsOf(batch: PublishFacts, own: PublishFacts | undefined): PublishFacts | undefined {
  const facts = { ...batch, ...(own ?? {}) };
  return Object.keys(facts).length ? facts : undefined;
}
