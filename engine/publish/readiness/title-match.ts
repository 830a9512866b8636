// One title on the cover, in the EPUB (dc:title) and in metadata.json: a store's reviewers compare them.
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { failed, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.title-match': {
    en: 'the title in metadata.json is the title on the cover and in the EPUB',
    ms: 'tajuk dalam metadata.json sama dengan tajuk pada kulit buku dan dalam EPUB',
  },
  'title-match.same': { en: '"{title}" on the cover, in the EPUB and in metadata.json', ms: '"{title}" pada kulit buku, dalam EPUB dan dalam metadata.json' },
  'title-match.cover': { en: 'the cover says "{found}", metadata.json says "{title}"', ms: 'kulit buku menyatakan "{found}", metadata.json menyatakan "{title}"' },
  'title-match.epub': { en: 'the EPUB says "{found}", metadata.json says "{title}"', ms: 'EPUB menyatakan "{found}", metadata.json menyatakan "{title}"' },
  'title-match.fix': {
    en: 'use one title everywhere: make the cover and the package again with the title of metadata.json{how_title}',
    ms: 'gunakan satu tajuk di semua tempat: buat kulit buku dan pakej sekali lagi dengan tajuk dalam metadata.json{how_title}',
  },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.title-match': { en: 'the title is the same on the cover, in the eBook and in the store form', ms: 'tajuk sama pada kulit buku, dalam eBuku dan dalam borang kedai' },
} as const satisfies RuleWordTable;

const same = (a: string, b: string) => a.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

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
  id: 'title-match', words: WORDS, studioWords: STUDIO_WORDS, label: () => say('label.title-match'), appliesTo: () => true, when: (i) => i.titles?.cover !== undefined || i.titles?.epub !== undefined,
  source: (_, c) => c.sources.metadata, evaluate: titleMatch,
} satisfies ReadinessRule;
