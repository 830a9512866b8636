// description.html as the stores take it: text, only the tags they keep, no links, at most KDP's length, and a
// blurb rather than working labels (rules.ts descriptionTextProblems).
import { KDP_DESCRIPTION_MAX, disallowedTags, hasUrl } from '../html.js';
import type { ReadinessRule } from '../readiness-types.js';
import { descriptionTextProblems } from '../rules.js';
import { everyChannel, failed, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.description': {
    en: 'description.html has text, only the tags stores keep, no links or URLs, at most {max} characters',
    ms: 'description.html mempunyai teks, hanya tag yang dikekalkan oleh kedai, tiada pautan atau URL, paling banyak {max} aksara',
  },
  'description.size': { en: '{n} characters', ms: '{n} aksara' },
  'description.tags': { en: 'tags stores remove: {tags}', ms: 'tag yang dibuang oleh kedai: {tags}' },
  'description.url': { en: 'has a URL', ms: 'ada URL' },
  'description.empty': { en: 'no text', ms: 'tiada teks' },
  'description.write': {
    en: 'write the description again: a few sentences that make a reader want the book, without labels such as "Characters:"',
    ms: 'tulis penerangan sekali lagi: beberapa ayat yang membuat pembaca mahukan buku ini, tanpa label seperti "Watak:"',
  },
  'description.fix': {
    en: 'edit description.html: keep to b, i, em, strong, u, br, p, ul, ol, li, h4, h5, h6, no links, and 4,000 characters',
    ms: 'sunting description.html: gunakan hanya b, i, em, strong, u, br, p, ul, ol, li, h4, h5, h6, tanpa pautan, dan paling banyak 4,000 aksara',
  },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.description': {
    en: 'the description has text, only the formatting stores keep, no links, at most {max} characters',
    ms: 'penerangan mempunyai teks, hanya format yang dikekalkan oleh kedai, tiada pautan, paling banyak {max} aksara',
  },
} as const satisfies RuleWordTable;

export const DESCRIPTION = {
  id: 'description', words: WORDS, studioWords: STUDIO_WORDS, label: () => say('label.description', { max: KDP_DESCRIPTION_MAX }),
  appliesTo: everyChannel, source: (_, c) => c.sources.description ?? c.sources.metadata,
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
    if (notBlurb.length) return failed(found, isOk ? say('description.write') : [say('description.write'), say('description.fix')]);
    return outcome(isOk, found, say('description.fix'));
  },
} satisfies ReadinessRule;
