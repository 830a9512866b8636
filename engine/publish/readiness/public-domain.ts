// A public-domain text on KDP: KDP does not publish an undifferentiated edition of a public-domain title that is free
// in its store; a differentiated one is a unique translation, hand-crafted annotations (a study guide, a critique, a
// biography, historical context) or 10 or more unique illustrations, with (Translated), (Annotated) or (Illustrated)
// in its title, and the upload declares it a public-domain work. Said from what the edition adds (engine/session/
// public-domain.ts); listed only for a public-domain book, so nothing changes for any other.
import type { ReadinessRule } from '../readiness-types.js';
import type { EditionAdditions } from '../../session/public-domain.js';
import { failed, isKdp } from './outcome.js';
import { languageName, sayer, type ReadinessText, type RuleWordTable } from './text.js';

const KDP_PUBLIC_DOMAIN = 'KDP Help, "Publishing Public Domain Content": https://kdp.amazon.com/en_US/help/topic/G200743940';
/** KDP's own marks for a differentiated edition's title field, the same in every language of the book. */
const TITLE_MARKS = { translated: '(Translated)', annotated: '(Annotated)' } as const;

const WORDS = {
  'label.public-domain': { en: 'a public-domain text: KDP publishes only a differentiated edition, declared as public domain at upload', ms: 'teks domain awam: KDP hanya menerbitkan edisi yang dibezakan, diisytiharkan sebagai domain awam semasa muat naik' },
  'public-domain.text': { en: 'the text is in the public domain', ms: 'teks ini berada dalam domain awam' },
  'public-domain.text-year': { en: 'the text is in the public domain (first published in {year})', ms: 'teks ini berada dalam domain awam (pertama kali diterbitkan pada tahun {year})' },
  'public-domain.none': { en: 'this edition adds nothing that differentiates it: no translation, no annotations, no parts of its own', ms: 'edisi ini tidak menambah apa-apa yang membezakannya: tiada terjemahan, tiada anotasi, tiada bahagian sendiri' },
  'public-domain.adds': { en: 'this edition adds {list}', ms: 'edisi ini menambah {list}' },
  'public-domain.translation': { en: 'a translation from {language} by AI', ms: 'terjemahan daripada {language} oleh AI' },
  'public-domain.model-parts': { en: '{parts} written by AI', ms: '{parts} yang ditulis oleh AI' },
  'public-domain.model-passages': { en: 'passages written by AI in {parts}', ms: 'petikan yang ditulis oleh AI dalam {parts}' },
  'public-domain.writer-parts': { en: '{parts} written by you', ms: '{parts} yang ditulis oleh anda' },
  'public-domain.differentiate': { en: 'KDP publishes a public-domain text only as a differentiated edition: a unique translation (Translated), hand-crafted annotations such as a study guide, a critique, a biography or historical context (Annotated), or 10 or more unique illustrations (Illustrated); add one, or publish this text on another channel', ms: 'KDP hanya menerbitkan teks domain awam sebagai edisi yang dibezakan: terjemahan yang unik (Translated), anotasi buatan tangan seperti panduan belajar, kritikan, biografi atau konteks sejarah (Annotated), atau 10 atau lebih ilustrasi unik (Illustrated); tambahkan satu, atau terbitkan teks ini di saluran lain' },
  'public-domain.mark': { en: 'put {mark} in the title field, as KDP asks of a differentiated public-domain edition', ms: 'letakkan {mark} dalam ruangan tajuk, seperti yang diminta KDP bagi edisi domain awam yang dibezakan' },
  'public-domain.ai-made': { en: 'KDP asks for a unique translation and hand-crafted annotations: an AI translation or AI-written parts may not count; revise them yourself, or verify on the page named', ms: 'KDP meminta terjemahan yang unik dan anotasi buatan tangan: terjemahan AI atau bahagian yang ditulis oleh AI mungkin tidak dikira; semak semula sendiri, atau sahkan pada halaman yang dinamakan' },
  'public-domain.declare': { en: 'at upload, under publishing rights, choose "This is a public domain work" (such a book is not eligible for the 70% royalty)', ms: 'semasa muat naik, di bawah hak penerbitan, pilih "This is a public domain work" (buku sebegini tidak layak untuk royalti 70%)' },
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
  id: 'public-domain', words: WORDS, label: () => say('label.public-domain'), appliesTo: isKdp, when: (i) => i.publicDomain !== undefined,
  source: () => KDP_PUBLIC_DOMAIN,
  evaluate: (i) => {
    const edition = i.publicDomain!;
    const a = edition.additions;
    const text = edition.firstPublished ? say('public-domain.text-year', { year: edition.firstPublished }) : say('public-domain.text');
    const adds = differentiation(a);
    if (!adds.length) return failed([text, say('public-domain.none')], [say('public-domain.differentiate'), say('public-domain.declare')]);
    const detail = [text, say('public-domain.adds', { list: adds })];
    // The title carries KDP's mark for what differentiates it: a translation's, else annotations'.
    const mark = a.translatedFrom ? TITLE_MARKS.translated : TITLE_MARKS.annotated;
    const title = `${i.metadata.title} ${i.metadata.subtitle ?? ''}`;
    const isMarked = Object.values(TITLE_MARKS).some((m) => title.toLowerCase().includes(m.toLowerCase()));
    const isAiMade = a.writerParts.length === 0;
    const fix = [...(isMarked ? [] : [say('public-domain.mark', { mark })]), ...(isAiMade ? [say('public-domain.ai-made')] : []), say('public-domain.declare')];
    // KDP's own judgement and the upload's declaration cannot be checked here: the writer confirms them.
    return isMarked ? { status: 'check', detail, fix } : failed(detail, fix);
  },
} satisfies ReadinessRule;
