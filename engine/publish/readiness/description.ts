// description.html as the stores take it: text, only the tags they keep, no links, at most KDP's length, and a
// blurb rather than working labels (rules.ts descriptionTextProblems).
import { KDP_DESCRIPTION_MAX, disallowedTags, hasUrl } from '../html.js';
import type { ReadinessRule } from '../readiness-types.js';
import { descriptionTextProblems } from '../rules.js';
import { everyChannel, failed, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.description': {},
  'description.size': {},
  'description.tags': {},
  'description.url': {},
  'description.empty': {},
  'description.write': {},
  'description.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.description': {},
} as const satisfies RuleWordTable;

export const DESCRIPTION = {
  id: 'description',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.description', { max: KDP_DESCRIPTION_MAX }),
  appliesTo: everyChannel,
  source: (_, c) => c.sources.description ?? c.sources.metadata,
  evaluate: (i) => {
    const d = i.metadata.description;
    const text = d.replace(/<[^>]*>/g, '').trim();
    const bad = disallowedTags(d);
    const notBlurb = descriptionTextProblems(text);
    const isOk = text.length > 0 && bad.length === 0 && d.length <= KDP_DESCRIPTION_MAX && !hasUrl(text);
    const found = [
      say('description.size', { n: d.length }),
      ...(bad.length ? [say('description.tags', { tags: bad.join(' ') })] : []),
      ...(hasUrl(text) ? [say('description.url')] : []),
      ...(text ? [] : [say('description.empty')]),
      ...notBlurb,
    ];
    if (notBlurb.length)
      return failed(found, isOk ? say('description.write') : [say('description.write'), say('description.fix')]);
    return outcome(isOk, found, say('description.fix'));
  },
} satisfies ReadinessRule;
