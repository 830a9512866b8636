// No promotional words in the title, subtitle and series name, and no keyword stuffing (KDP's metadata
// guidelines; the other stores' own). On a KDP channel the title rule already says the title's.
import type { Channel } from '../channels.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { KEYWORD_WORD_MAX, forbiddenWordsIn, repeatedKeywordWords, titleKeywords } from '../rules.js';
import { failed, isKdp, pass } from './outcome.js';
import { sayer, type ReadinessText, type RuleWordTable } from './text.js';

const WORDS = {
  'label.stuffing': {},
  'stuffing.none': {},
  'stuffing.promo': {},
  'where.title': {},
  'where.subtitle': {},
  'where.series': {},
  'stuffing.title-keyword': {},
  'stuffing.word-repeated': {},
  'stuffing.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

const KDP_METADATA =
  'KDP Help, "Metadata Guidelines for Books" (title, series and keywords: no ' +
  'promotional claims such as "bestselling", "free" or "#1", no keyword repeated from ' +
  'the title or across keywords): https://kdp.amazon.com/en_US/help/topic/G201097560';
const quoteAll = (words: readonly string[]) => words.map((w) => `"${w}"`).join(', ');

/**
 * Promotional words in the title and subtitle (on a KDP channel its `title` rule says them), the series name, and
 * stuffed keywords.
 */
function stuffing(input: ReadinessInput, channel: Channel): RuleOutcome {
  const m = input.metadata;
  const places: Array<['where.title' | 'where.subtitle' | 'where.series', string]> = [
    ...(isKdp(channel)
      ? []
      : ([
          ['where.title', m.title],
          ['where.subtitle', m.subtitle],
        ] as Array<['where.title' | 'where.subtitle', string]>)),
    ['where.series', m.series?.name ?? ''],
  ];
  const problems: ReadinessText[] = [];
  for (const [where, text] of places) {
    const words = forbiddenWordsIn(text);
    if (words.length) problems.push(say('stuffing.promo', { where: say(where), words: quoteAll(words) }));
  }
  if (channel.hasKeywordBoxes) {
    const repeats = titleKeywords(m.keywords, m.title);
    if (repeats.length) problems.push(say('stuffing.title-keyword', { list: quoteAll(repeats) }));
    for (const { word, n } of repeatedKeywordWords(m.keywords, m.language))
      problems.push(say('stuffing.word-repeated', { word, n, max: KEYWORD_WORD_MAX }));
  }
  return problems.length
    ? failed(problems, say('stuffing.fix', { max: KEYWORD_WORD_MAX }))
    : pass(say('stuffing.none'));
}

export const METADATA_STUFFING = {
  id: 'metadata-stuffing',
  words: WORDS,
  label: () => say('label.stuffing'),
  appliesTo: () => true,
  source: (_, c) => (isKdp(c) ? KDP_METADATA : c.sources.metadata),
  evaluate: stuffing,
} satisfies ReadinessRule;
