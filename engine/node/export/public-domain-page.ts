// The copyright page of a public-domain edition, in the book's language: the text is in the public domain (its
// original author and year when known), what this edition adds (the parts a model wrote, passages, the editor's own
// parts, a translation, a cover), and copyright claimed only over those additions ("Introduction, translation and
// cover © 2026 Publisher"), never over the text. An edition that adds nothing claims nothing.
import type { BookDocument } from '../../session/book.js';
import type { EditionAdditions } from '../../session/public-domain.js';
import { hasAdditions } from '../../session/public-domain.js';
import { catalogue, sayer } from '../../languages/index.js';
import { bookLanguageName } from '../../publish/language-data.js';

/** The page's words; another language's are in languages/<code>/export-public-domain.yaml. */
const WORDS = catalogue('export-public-domain', [
  'publicDomain',
  'originalBy',
  'originalByYear',
  'originalYear',
  'adds',
  'addsNothing',
  'modelParts',
  'modelPassages',
  'writerParts',
  'translation',
  'coverModel',
  'coverAuthor',
  'claim',
  'claimBy',
  'passagesIn',
  'translationNoun',
  'coverNoun',
  'and',
]);

const say = sayer(WORDS);
type Key = keyof typeof WORDS;

/** "A", "A and B", "A, B and C" in the language's words. */
function listOf(items: readonly string[], and: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The public-domain page's notice (one paragraph, every export prints it where a book's "© year author" stands).
 * @example publicDomainNotice(doc, 2026) // "This text is in the public domain. The original is by L. M. Montgomery,
 * first published in 1909. This edition adds …. Introduction and translation © 2026 Nur Press."
 */
export function publicDomainNotice(doc: Pick<BookDocument, 'lang' | 'edition' | 'rightsHolder'>, year: number): string {
  const lang = doc.lang;
  const w = (key: Key, params?: Record<string, string | number>) => say(key, lang, params);
  const and = w('and');
  const edition = doc.edition;
  const author = edition?.originalAuthor;
  const first = edition?.firstPublished;
  const original =
    author && first
      ? w('originalByYear', { author, year: first })
      : author
        ? w('originalBy', { author })
        : first
          ? w('originalYear', { year: first })
          : '';
  const additions = edition?.additions;
  if (!additions || !hasAdditions(additions))
    return [w('publicDomain'), original, w('addsNothing')].filter(Boolean).join(' ');
  const added = additionsSaid(additions, lang, w, and);
  const claimed = listOf(claimedNouns(additions, w, and), and);
  const claim = doc.rightsHolder
    ? w('claimBy', { list: capitalised(claimed), year, holder: doc.rightsHolder })
    : w('claim', { list: capitalised(claimed), year });
  return [w('publicDomain'), original, w('adds', { list: listOf(added, and) }), `${claim}.`].filter(Boolean).join(' ');
}

type Say = (key: Key, params?: Record<string, string | number>) => string;

/** What the edition adds, each with who made it. */
function additionsSaid(a: EditionAdditions, lang: BookDocument['lang'], w: Say, and: string): string[] {
  return [
    ...(a.modelParts.length ? [w('modelParts', { parts: listOf(a.modelParts, and) })] : []),
    ...(a.modelPassages.length ? [w('modelPassages', { parts: listOf(a.modelPassages, and) })] : []),
    ...(a.writerParts.length ? [w('writerParts', { parts: listOf(a.writerParts, and) })] : []),
    ...(a.translatedFrom ? [w('translation', { language: bookLanguageName(a.translatedFrom, lang) })] : []),
    ...(a.cover ? [w(a.cover === 'model' ? 'coverModel' : 'coverAuthor')] : []),
  ];
}

/**
 * The additions as the copyright line names them: the parts by their labels, the passages, the translation, the cover.
 */
function claimedNouns(a: EditionAdditions, w: Say, and: string): string[] {
  return [
    ...a.modelParts,
    ...a.writerParts,
    ...(a.modelPassages.length ? [w('passagesIn', { parts: listOf(a.modelPassages, and) })] : []),
    ...(a.translatedFrom ? [w('translationNoun')] : []),
    ...(a.cover ? [w('coverNoun')] : []),
  ];
}
