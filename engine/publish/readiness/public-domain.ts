// A public-domain text on KDP: KDP does not publish an undifferentiated edition of a public-domain title that is free
// in its store; a differentiated one is a unique translation, hand-crafted annotations (a study guide, a critique, a
// biography, historical context) or 10 or more unique illustrations, with (Translated), (Annotated) or (Illustrated)
// in its title, and the upload declares it a public-domain work. Said from what the edition adds (engine/session/
// public-domain.ts); listed only for a public-domain book, so nothing changes for any other.
import type { ReadinessRule } from '../readiness-types.js';
import type { EditionAdditions } from '../../session/public-domain.js';
import { failed, isKdp } from './outcome.js';
import { languageName, sayer, type ReadinessText, type RuleWordTable } from './text.js';

const KDP_PUBLIC_DOMAIN =
  'KDP Help, "Publishing Public Domain Content": https://kdp.amazon.com/en_US/help/topic/G200743940';
/** KDP's own marks for a differentiated edition's title field, the same in every language of the book. */
const TITLE_MARKS = { translated: '(Translated)', annotated: '(Annotated)' } as const;

const WORDS = {
  'label.public-domain': {},
  'public-domain.text': {},
  'public-domain.text-year': {},
  'public-domain.none': {},
  'public-domain.adds': {},
  'public-domain.translation': {},
  'public-domain.model-parts': {},
  'public-domain.model-passages': {},
  'public-domain.writer-parts': {},
  'public-domain.differentiate': {},
  'public-domain.mark': {},
  'public-domain.ai-made': {},
  'public-domain.declare': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

/** What the edition adds that KDP may count as differentiation (a cover is not one), said with who made it. */
function differentiation(a: EditionAdditions): ReadinessText[] {
  const list = (parts: readonly string[]) => parts.join(', ');
  return [
    ...(a.translatedFrom ? [say('public-domain.translation', { language: languageName(a.translatedFrom) })] : []),
    ...(a.writerParts.length ? [say('public-domain.writer-parts', { parts: list(a.writerParts) })] : []),
    ...(a.modelParts.length ? [say('public-domain.model-parts', { parts: list(a.modelParts) })] : []),
    ...(a.modelPassages.length ? [say('public-domain.model-passages', { parts: list(a.modelPassages) })] : []),
  ];
}

export const PUBLIC_DOMAIN = {
  id: 'public-domain',
  words: WORDS,
  label: () => say('label.public-domain'),
  appliesTo: isKdp,
  when: (i) => i.publicDomain !== undefined,
  source: () => KDP_PUBLIC_DOMAIN,
  evaluate: (i) => {
    const edition = i.publicDomain!;
    const a = edition.additions;
    const text = edition.firstPublished
      ? say('public-domain.text-year', { year: edition.firstPublished })
      : say('public-domain.text');
    const adds = differentiation(a);
    if (!adds.length)
      return failed(
        [text, say('public-domain.none')],
        [say('public-domain.differentiate'), say('public-domain.declare')],
      );
    const detail = [text, say('public-domain.adds', { list: adds })];
    // The title carries KDP's mark for what differentiates it: a translation's, else annotations'.
    const mark = a.translatedFrom ? TITLE_MARKS.translated : TITLE_MARKS.annotated;
    const title = `${i.metadata.title} ${i.metadata.subtitle ?? ''}`;
    const isMarked = Object.values(TITLE_MARKS).some((m) => title.toLowerCase().includes(m.toLowerCase()));
    const isAiMade = a.writerParts.length === 0;
    const fix = [
      ...(isMarked ? [] : [say('public-domain.mark', { mark })]),
      ...(isAiMade ? [say('public-domain.ai-made')] : []),
      say('public-domain.declare'),
    ];
    // KDP's own judgement and the upload's declaration cannot be checked here: the writer confirms them.
    return isMarked ? { status: 'check', detail, fix } : failed(detail, fix);
  },
} satisfies ReadinessRule;
