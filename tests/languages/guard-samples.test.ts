// The language guard on one-sentence news, read from every language's own samples (languages/<code>/samples.yaml,
// `guard:`; Indonesian's too while it is a draft): each language's sentences are kept in a book of that language
// and refused in a book of every other, at least 19 of 20 each way. Malaysian news in an Indonesian book and
// Indonesian news in a Malay book are found as that neighbour; English is refused in both. A fourth language
// brings its own samples and is held to the same.
import { describe, expect, it } from 'vitest';
import { findLanguageDrift, type Lang } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';

/** Every table file's guard samples, drafts included. */
const SAMPLES: ReadonlyArray<readonly [Lang, readonly string[]]> = readLanguages(languageFolders(), {
  KARYA_DRAFT_LANGUAGES: '1',
}).flatMap((src) => {
  const code = (src.data as { code: string }).code;
  const guard = (src.words.samples as { guard?: unknown } | undefined)?.guard;
  return Array.isArray(guard) ? [[code, guard.map(String)] as const] : [];
});
const AT_LEAST = 0.95;

/** Each table file's guard: its family and its function words. */
const GUARDS = new Map(
  readLanguages(languageFolders(), { KARYA_DRAFT_LANGUAGES: '1' }).map((src) => {
    const guard = src.words.guard as { family: string; functionWords: string };
    return [
      (src.data as { code: string }).code,
      { family: guard.family, words: new Set(guard.functionWords.split(/\s+/).filter(Boolean)) },
    ] as const;
  }),
);
/** Whether the guard's data tells `a` from `b`: one family's markers, or function words of their own. */
function toldApart(a: Lang, b: Lang): boolean {
  const [x, y] = [GUARDS.get(a)!, GUARDS.get(b)!];
  if (x.family === y.family) return true;
  const within = (p: Set<string>, q: Set<string>) => [...p].every((w) => q.has(w));
  return !within(x.words, y.words) && !within(y.words, x.words);
}

const kept = (s: string, book: Lang) => findLanguageDrift(s, book) === undefined;
const refused = (s: string, book: Lang) => findLanguageDrift(s, book) !== undefined;

describe("the guard on one-sentence news, from every language's samples", () => {
  it('has twenty one-sentence samples for English, Malay and Indonesian', () => {
    const codes = SAMPLES.map(([code]) => code);
    expect(codes).toEqual(expect.arrayContaining(['en', 'ms', 'id']));
    for (const [, sentences] of SAMPLES) {
      expect(sentences.length).toBeGreaterThanOrEqual(20);
      for (const s of sentences) expect(s.split(/(?<=[.!?]["”]?)\s+(?=["“]?[A-Z])/), s).toHaveLength(1);
    }
  });

  it.each(SAMPLES.map(([code, sentences]) => [code, sentences] as const))(
    '%s news is kept in a book of its own language',
    (code, sentences) => {
      const wrong = sentences.filter((s) => !kept(s, code));
      expect(sentences.length - wrong.length, wrong.join('\n')).toBeGreaterThanOrEqual(
        Math.ceil(AT_LEAST * sentences.length),
      );
    },
  );

  // Every pair the tables can tell apart: a language of a family of its own whose function words are all another
  // family's (copied and not yet worded again, docs/add-a-language.md) is that family's language to the guard.
  const pairs = SAMPLES.flatMap(([lang, sentences]) =>
    SAMPLES.filter(([book]) => book !== lang && toldApart(lang, book)).map(
      ([book]) => [lang, book, sentences] as const,
    ),
  );
  it.each(pairs)('%s news is refused in a %s book', (lang, book, sentences) => {
    const wrong = sentences.filter((s) => !refused(s, book));
    expect(sentences.length - wrong.length, wrong.join('\n')).toBeGreaterThanOrEqual(
      Math.ceil(AT_LEAST * sentences.length),
    );
  });

  it(
    'names the neighbour it found: Malaysian news in an Indonesian ' +
      'book is Malay, Indonesian in a Malay book Indonesian',
    () => {
      const of = (code: Lang) => SAMPLES.find(([c]) => c === code)![1];
      expect(of('ms').filter((s) => findLanguageDrift(s, 'id')?.found === 'ms').length).toBeGreaterThanOrEqual(19);
      expect(of('id').filter((s) => findLanguageDrift(s, 'ms')?.found === 'id').length).toBeGreaterThanOrEqual(19);
      expect(of('en').filter((s) => findLanguageDrift(s, 'id')?.found === 'en').length).toBeGreaterThanOrEqual(19);
      expect(of('en').filter((s) => findLanguageDrift(s, 'ms')?.found === 'en').length).toBeGreaterThanOrEqual(19);
    },
  );
});
