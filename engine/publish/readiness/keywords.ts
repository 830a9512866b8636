// KDP's keyword boxes (rules.ts keywordProblems), and no keyword that is only a character's name.
import type { ReadinessRule } from '../readiness-types.js';
import {
  KDP_KEYWORD_MAX,
  KDP_KEYWORD_SLOTS,
  KEYWORD_MIN_LETTERS,
  keywordProblems,
  nameOnlyKeywords,
} from '../rules.js';
import { fromProblems } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.keywords': {},
  'keywords.count': {},
  'keywords.names': {},
  'keywords.names-fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.keywords': {},
} as const satisfies RuleWordTable;

export const KEYWORDS = {
  id: 'keywords',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.keywords', { slots: KDP_KEYWORD_SLOTS, min: KEYWORD_MIN_LETTERS, max: KDP_KEYWORD_MAX }),
  appliesTo: (c) => c.hasKeywordBoxes,
  source: (_, c) => c.sources.metadata,
  evaluate: (i) => {
    const names = nameOnlyKeywords(i.metadata.keywords, i.characterNames ?? []);
    const problems = [
      ...keywordProblems(i.metadata.keywords),
      ...(names.length
        ? [
            {
              problem: say('keywords.names', { list: names.map((n) => `"${n}"`).join(', ') }),
              fix: say('keywords.names-fix'),
            },
          ]
        : []),
    ];
    return fromProblems(problems, say('keywords.count', { n: i.metadata.keywords.length }));
  },
} satisfies ReadinessRule;
