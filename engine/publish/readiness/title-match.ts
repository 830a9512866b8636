// One title on the cover, in the EPUB (dc:title) and in metadata.json: a store's reviewers compare them.
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { failed, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.title-match': {},
  'title-match.same': {},
  'title-match.cover': {},
  'title-match.epub': {},
  'title-match.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.title-match': {},
} as const satisfies RuleWordTable;

const same = (a: string, b: string) =>
  a.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() ===
  b.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

function titleMatch(input: ReadinessInput): RuleOutcome {
  const title = input.metadata.title;
  const { cover, epub } = input.titles ?? {};
  const found = [
    ...(cover !== undefined && !same(cover, title) ? [say('title-match.cover', { found: cover, title })] : []),
    ...(epub !== undefined && !same(epub, title) ? [say('title-match.epub', { found: epub, title })] : []),
  ];
  return found.length ? failed(found, say('title-match.fix')) : pass(say('title-match.same', { title }));
}

export const TITLE_MATCH = {
  id: 'title-match',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.title-match'),
  appliesTo: () => true,
  when: (i) => i.titles?.cover !== undefined || i.titles?.epub !== undefined,
  source: (_, c) => c.sources.metadata,
  evaluate: titleMatch,
} satisfies ReadinessRule;
