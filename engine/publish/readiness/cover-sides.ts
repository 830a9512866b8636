// Google Play's cover sides: at least 640 px, at most 7,200 px.
import { jpegInfo, pngSize } from '../files.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { failed, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.cover-sides': {},
  'cover.sides': {},
  'cover.sides-fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

const GOOGLE_FILES =
  'Google Play Books Partner Center Help, "Files & uploading overview" ("Cover ' +
  'files must have a minimum resolution of 640 pixels. The maximum height and width ' +
  'are 7,200 pixels."): https://support.google.com/books/partner/answer/3424254';

/** Google Play's cover sides (GOOGLE_FILES). */
export const GOOGLE_COVER = { minSide: 640, maxSide: 7200 } as const;

function coverSides(input: ReadinessInput): RuleOutcome {
  const size = jpegInfo(input.cover.bytes) ?? pngSize(input.cover.bytes);
  if (!size) return failed(say('cover.unreadable', { file: input.cover.name }), say('cover.unreadable-fix'));
  const detail = say('cover.sides', { width: size.width, height: size.height });
  const isOk =
    Math.min(size.width, size.height) >= GOOGLE_COVER.minSide &&
    Math.max(size.width, size.height) <= GOOGLE_COVER.maxSide;
  return isOk ? pass(detail) : failed(detail, say('cover.sides-fix'));
}

export const COVER_SIDES = {
  id: 'cover-sides',
  words: WORDS,
  label: () => say('label.cover-sides', { min: GOOGLE_COVER.minSide, max: GOOGLE_COVER.maxSide }),
  appliesTo: (c) => c.id === 'google_play',
  source: () => GOOGLE_FILES,
  evaluate: coverSides,
} satisfies ReadinessRule;
