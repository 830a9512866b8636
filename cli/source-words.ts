// What `karya import` and `karya source` say of a book's source text (public domain or not, first published, the
// original author, what said so), in every language of the table: its words are in
// languages/<code>/cli-source.yaml, English's and Malay's too.
import { catalogue, sayer, type Lang, type SourceStatus } from '../engine/index.js';

const WORDS = catalogue('cli-source', [
  'publicDomain',
  'notPublicDomain',
  'firstPublished',
  'originalAuthor',
  'fromGutenberg',
  'fromStatement',
  'fromNone',
  'fromWriter',
  'confirmed',
  'line',
  'change',
  'badYear',
  'saved',
]);

const say = sayer(WORDS);
export type SourceWord = keyof typeof WORDS;
export const sourceWord = (key: SourceWord, lang: Lang, vars: Record<string, string | number> = {}): string =>
  say(key, lang, vars);

/**
 * A source status in words: "the text is in the public domain, first published 1909, by L. M. Montgomery (read from
 * …)".
 */
export function sourceStatusLine(source: SourceStatus | undefined, lang: Lang): string {
  const status = source?.publicDomain
    ? [
        say('publicDomain', lang),
        ...(source.firstPublished ? [say('firstPublished', lang, { year: source.firstPublished })] : []),
        ...(source.originalAuthor ? [say('originalAuthor', lang, { author: source.originalAuthor })] : []),
      ].join(', ')
    : say('notPublicDomain', lang);
  const from = say(
    source?.from === 'gutenberg'
      ? 'fromGutenberg'
      : source?.from === 'statement'
        ? 'fromStatement'
        : source?.from === 'writer'
          ? 'fromWriter'
          : 'fromNone',
    lang,
  );
  return say('line', lang, {
    status: `${status} (${from}${source?.confirmed && source.from !== 'writer' ? `, ${say('confirmed', lang)}` : ''})`,
  });
}

/**
 * The writer's word on the source from the options (--public-domain / --no-public-domain, --first-published YEAR,
 * --original-author NAME).
 */
export function sourceOptionsOf(
  opts: { publicDomain?: boolean; firstPublished?: string; originalAuthor?: string },
  lang: Lang,
  fail: (message: string) => never,
): Partial<Pick<SourceStatus, 'publicDomain' | 'firstPublished' | 'originalAuthor'>> {
  const year =
    opts.firstPublished === undefined
      ? undefined
      : /^\d{4}$/.test(opts.firstPublished.trim())
        ? Number(opts.firstPublished.trim())
        : fail(say('badYear', lang, { value: opts.firstPublished }));
  return {
    ...(opts.publicDomain !== undefined ? { publicDomain: opts.publicDomain } : {}),
    ...(year !== undefined ? { firstPublished: year } : {}),
    ...(opts.originalAuthor?.trim() ? { originalAuthor: opts.originalAuthor.trim() } : {}),
  };
}
