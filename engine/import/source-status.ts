// What a manuscript's source is, read from its raw text before any header is stripped: a public-domain archive's
// licence or header (Project Gutenberg's), a public-domain statement, the year it was first published and its
// original author. A statement counts only where a book says such things about itself: the archive's header, the
// front matter before the first chapter, or the short notices after the last long paragraph (Wikisource's licence
// at the foot); "public domain" in a story's sentence is never read as the book's status. The words looked for
// are each language's data (languages/<code>/source-status.yaml), read for every language: an archive's English
// header sits on top of a Malay text too. Pure.
import { defineSection, langs, type LanguageTable } from '../languages/index.js';
import { languageTableError } from '../languages/errors.js';
import type { SourceStatus } from '../compile/provenance.js';
import { readHeading } from './headings.js';
import { countWords } from '../words.js';

export type { SourceStatus, SourceEvidence } from '../compile/provenance.js';

interface SourceWords {
  readonly archive: readonly RegExp[];
  readonly notPublicDomain: readonly RegExp[];
  readonly statements: readonly RegExp[];
  readonly firstPublished: readonly RegExp[];
  readonly notPublished: readonly RegExp[];
  readonly rightsClaims: readonly RegExp[];
  readonly authorLabels: readonly string[];
}

/** A year a book can have been published in, as `{year}` stands for it in the patterns. */
const YEAR = '((?:1[4-9]|20)\\d\\d)(?!\\d)';
const KEYS = ['archive', 'notPublicDomain', 'statements', 'firstPublished', 'notPublished', 'rightsClaims'] as const;

function parseSourceWords(raw: unknown, table: LanguageTable): SourceWords {
  const file = `languages/${table.code}/source-status.yaml`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw languageTableError(file, 'source-status', `a mapping of ${[...KEYS, 'authorLabels'].join(', ')}`);
  const r = raw as Record<string, unknown>;
  const list = (key: string): string[] => {
    const v = r[key] ?? [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || !x.trim()))
      throw languageTableError(file, key, 'a list of texts');
    return v as string[];
  };
  const patterns = (key: (typeof KEYS)[number]) =>
    list(key).map((p, i) => {
      if (key === 'firstPublished' && !p.includes('{year}'))
        throw languageTableError(file, `${key}.${i}`, 'a regular expression with {year}');
      try {
        return new RegExp(p.replace('{year}', YEAR), 'iu');
      } catch (e) {
        throw languageTableError(file, `${key}.${i}`, `a regular expression (${(e as Error).message})`);
      }
    });
  return {
    archive: patterns('archive'),
    notPublicDomain: patterns('notPublicDomain'),
    statements: patterns('statements'),
    firstPublished: patterns('firstPublished'),
    notPublished: patterns('notPublished'),
    rightsClaims: patterns('rightsClaims'),
    authorLabels: list('authorLabels').map((l) => l.toLowerCase()),
  };
}

const sourceWordsOf = defineSection('source-status', parseSourceWords);

/** Every language's patterns of one kind. */
const everyLanguage = (key: keyof Omit<SourceWords, 'authorLabels'>): RegExp[] =>
  langs().flatMap((code) => sourceWordsOf(code)[key]);

/** A paragraph this long or longer is the book's prose, not a notice. */
const PROSE_WORDS = 40;
/** The most lines read as front or back matter when no chapter heading bounds them. */
const MATTER_LINES = 300;

const isYearAlone = (line: string) => new RegExp(`^\\W*${YEAR}\\W*$`).test(line.trim());

/** The paragraphs of lines (blank lines between), as [first, end) line ranges, with their words. */
function paragraphsOf(lines: readonly string[]): Array<{ from: number; to: number; words: number }> {
  const out: Array<{ from: number; to: number; words: number }> = [];
  let from = -1;
  let words = 0;
  lines.forEach((line, i) => {
    if (line.trim() === '') {
      if (from !== -1) out.push({ from, to: i, words });
      from = -1;
      words = 0;
      return;
    }
    if (from === -1) from = i;
    words += countWords(line);
  });
  if (from !== -1) out.push({ from, to: lines.length, words });
  return out;
}

/**
 * The lines where a book speaks of itself: everything before its first chapter heading (or, without one, before its
 * first paragraph of prose), and the notices after its last paragraph of prose.
 */
function matterLines(lines: readonly string[]): string[] {
  const paragraphs = paragraphsOf(lines);
  const firstProse = paragraphs.find((p) => p.words >= PROSE_WORDS)?.from ?? lines.length;
  const heading = lines.findIndex(
    (line, i) =>
      i < MATTER_LINES &&
      !isYearAlone(line) &&
      (readHeading(line)?.kind === 'chapter' || readHeading(line)?.kind === 'prologue'),
  );
  const frontEnd = Math.min(heading === -1 ? firstProse : heading, MATTER_LINES);
  const lastProse = paragraphs.findLast((p) => p.words >= PROSE_WORDS);
  const backFrom = lastProse ? Math.max(lastProse.to, lines.length - MATTER_LINES, frontEnd) : lines.length;
  return [...lines.slice(0, frontEnd), ...lines.slice(backFrom)];
}

/**
 * The source status a raw manuscript text says of itself (see the file's comment): public domain when a
 * public-domain archive's licence or header or a public-domain statement stands in its front or back matter (an
 * archive's header that calls its text copyrighted says not); the year it was first published and its original
 * author when the text names them. `from` says what was read: `none` when nothing was.
 * @example readSourceStatus(gutenbergText) // { publicDomain: true, from: 'gutenberg', originalAuthor: 'Lucy Maud
 * Montgomery' }
 */
export function readSourceStatus(raw: string): SourceStatus {
  const lines = raw
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const archive = everyLanguage('archive');
  // An archive's header is read whole (its licence runs long); the rest only where a book speaks of itself.
  const start = lines.findIndex((l, i) => i < MATTER_LINES * 2 && /\*{3}/.test(l) && archive.some((p) => p.test(l)));
  const matter =
    start === -1 ? matterLines(lines) : [...lines.slice(0, start + 1), ...matterLines(lines.slice(start + 1))];
  // An archive's header that calls its text copyrighted says it is not public domain, whatever its licence's words.
  const isCopyrighted = matter.some((l) => everyLanguage('notPublicDomain').some((p) => p.test(l)));
  const isArchive = !isCopyrighted && matter.some((l) => archive.some((p) => p.test(l)));
  const statements = everyLanguage('statements');
  const hasStatement = !isArchive && !isCopyrighted && matter.some((l) => statements.some((p) => p.test(l.trim())));
  const year = firstPublishedIn(matter);
  const author = originalAuthorIn(matter);
  const from = isArchive ? 'gutenberg' : hasStatement ? 'statement' : 'none';
  return {
    publicDomain: from !== 'none',
    ...(year ? { firstPublished: year } : {}),
    ...(author ? { originalAuthor: author } : {}),
    from,
  };
}

/** The year the matter says the text was first published: a publication line, else a title page's year alone. */
function firstPublishedIn(matter: readonly string[]): number | undefined {
  const skip = everyLanguage('notPublished');
  const lines = matter.filter((l) => !skip.some((p) => p.test(l)));
  const patterns = everyLanguage('firstPublished');
  for (const pattern of patterns) {
    for (const line of lines) {
      const year = pattern.exec(line)?.[1];
      if (year) return Number(year);
    }
  }
  const alone = lines.find((l) => isYearAlone(l));
  return alone ? Number(/\d{4}/.exec(alone)![0]) : undefined;
}

/** The original author a header line names ("Author: Lucy Maud Montgomery"). */
function originalAuthorIn(matter: readonly string[]): string | undefined {
  const labels = new Set(langs().flatMap((code) => sourceWordsOf(code).authorLabels));
  for (const line of matter) {
    const m = /^\s*([\p{L} ]{2,20}?)\s*:\s*(.{2,120})$/u.exec(line);
    if (m && labels.has(m[1]!.trim().toLowerCase())) return m[2]!.trim();
  }
  return undefined;
}

/**
 * A generated copyright text for a public-domain edition, without the lines that claim the whole text: a © with a
 * year, "All rights reserved" in any language of the table (the edition's page claims © only over its additions).
 */
export function withoutRightsClaims(markdown: string): string {
  const claims = everyLanguage('rightsClaims');
  return markdown
    .split('\n')
    .filter((line) => !/(?:©|\(c\))\s*\d{4}/i.test(line) && !claims.some((p) => p.test(line)))
    .join('\n');
}
