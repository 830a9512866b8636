// A manuscript's title page read for its title, its subtitle and its author: Project Gutenberg's `Title:` and
// `Author:` lines (in the header before its licence marker), a Markdown `# Title`, or the title page itself: its
// first line in capitals that is not a byline or a publisher's line, else its first short line that is not a
// sentence; the line under the title when it opens with a subtitle's word ("or, the Modern Prometheus"), the
// title ends as one that goes on (`Frankenstein;`) or it is set in small letters between a title in capitals and
// the byline; the name after a byline ("by Mary Shelley", "oleh Merari
// Siregar", "BY" alone, the name on the next line). The words are every language's (heading-words.ts). Pure.
import { frontKindOf, isCapsTitle, isContentsHeading, isProse, readHeading } from './headings.js';
import { wordsPattern } from './heading-words.js';

/** What a title page names: each where it gives one. */
export interface TitlePage {
  title?: string;
  subtitle?: string;
  author?: string;
}

/**
 * A heading or title as the writer wrote it: without Markdown's marks and emphasis, a closing full stop, or a `;`, `,`
 * or `:` that led on to a subtitle.
 */
export const tidy = (line: string) =>
  line
    .trim()
    .replace(/^#{1,6}\s+/, '')
    .replace(/^[*_\s]+|[*_\s]+$/g, '')
    .replace(/(?<![.\s])\.$/, '')
    .replace(/\s*[;,:]$/, '')
    .trim();

/** Lines of a title page that are not the book's title (besides a byline). */
// (A year is four digits written out: `{4}` would read as a key of the heading words.)
const NOT_TITLE = () => wordsPattern('^(?:{titlePageLine}|\\[illustration.*|\\d\\d\\d\\d|{copyright}\\b.*)$');
/** Lines a transcriber added before the title page. */
const TRANSCRIBER = /^(?:produced by|transcribed by|transcriber|prepared by|e-?text|this e-?book|html version|note:)/i;
/** A file header's `Title:` or `Author:` line (the labels are every language's: heading-words.ts). */
const TITLE_LINE = () => wordsPattern('^\\s*{titleLabel}\\s*:\\s*(\\S.*?)\\s*$');
const AUTHOR_LINE = () => wordsPattern('^\\s*{authorLabel}\\s*:\\s*(\\S.*?)\\s*$');
const isHeaderLine = (line: string) => TITLE_LINE().test(line) || AUTHOR_LINE().test(line);

const BYLINE = () => wordsPattern('^{byline}\\s+(\\S.*?)$');
const BYLINE_ALONE = () => wordsPattern('^{byline}$');
const SUBTITLE = () => wordsPattern('^{subtitle}\\b[,:]?\\s*\\S');

const isByline = (line: string) => BYLINE().test(tidyMarks(line)) || BYLINE_ALONE().test(tidyMarks(line));
const tidyMarks = (line: string) =>
  line
    .trim()
    .replace(/^#{1,6}\s+/, '')
    .replace(/^[*_\s]+|[*_\s]+$/g, '');

/** A name as a byline gives it: no closing full stop or comma, spaces made one. */
const nameOf = (text: string) =>
  tidyMarks(text)
    .replace(/[.,;]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The title page's title, subtitle and author (see the file's comment): `header` is the lines before a licence
 * marker, `front` the lines before the first part.
 */
export function readTitlePage(header: readonly string[], front: readonly string[]): TitlePage {
  const fromHeader = (line: () => RegExp) => header.map((l) => line().exec(l)?.[1]).find((v) => v !== undefined);
  const headerTitle = fromHeader(TITLE_LINE);
  const headerAuthor = fromHeader(AUTHOR_LINE);
  const candidates: string[] = [];
  for (const raw of front) {
    const line = raw.trim();
    if (!line || TRANSCRIBER.test(line) || isHeaderLine(line)) continue;
    if (frontKindOf(line) || isContentsHeading(line) || readHeading(line)?.kind === 'letter') break;
    candidates.push(line);
  }
  const author = headerAuthor ? nameOf(headerAuthor) : bylineName(candidates);
  const markdown = ownMarkdownTitle(front.filter((l) => /^#\s+\S/.test(l.trim())));
  const isTitle = (l: string) => !NOT_TITLE().test(l) && !isByline(l);
  const caps = candidates.find((l) => isCapsTitle(l) && isTitle(l));
  const first = candidates.find((l) => l.length <= 120 && !isProse(l) && isTitle(l));
  const line = headerTitle ?? (markdown ? tidy(markdown) : (caps ?? first));
  if (!line) return author ? { author } : {};
  const subtitle = headerTitle
    ? undefined
    : subtitleAfter(
        candidates,
        candidates.findIndex((c) => tidy(c) === tidy(line)),
      );
  return { title: tidy(line), ...(subtitle ? { subtitle } : {}), ...(author ? { author } : {}) };
}

const normal = (text: string) =>
  tidy(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * The book's own `# Title` among a front's: where a converter set a title of its own above the book's (pandoc's
 * "Frankenstein | Project Gutenberg" from the page's `<title>`), the book's is the one that title starts with.
 */
function ownMarkdownTitle(titles: readonly string[]): string | undefined {
  const own = titles.find((t) => titles.every((other) => normal(other).startsWith(normal(t))));
  return own ?? titles[0];
}

/**
 * The line under the title when it is a subtitle: it opens with a subtitle's word ("or, …"), or the title ended on `;`
 * or `:`.
 */
function subtitleAfter(candidates: readonly string[], at: number): string | undefined {
  if (at < 0) return undefined;
  const next = candidates[at + 1];
  if (!next || isByline(next) || NOT_TITLE().test(next) || isProse(next) || next.length > 120) return undefined;
  const leadsOn = /[;:]$/.test(candidates[at]!.trim());
  // A title in capitals, a line in small letters under it and the byline under that: the line is its subtitle.
  const setBelow = isCapsTitle(candidates[at]!) && !isCapsTitle(next) && isByline(candidates[at + 2] ?? '');
  return SUBTITLE().test(tidyMarks(next)) || leadsOn || setBelow ? tidy(next) : undefined;
}

/**
 * The name after a byline on the title page ("by Mary Shelley"), or on the line after a byline alone ("BY" / "ELINOR
 * LANE").
 */
function bylineName(candidates: readonly string[]): string | undefined {
  for (let i = 0; i < candidates.length; i++) {
    const line = tidyMarks(candidates[i]!);
    const named = BYLINE().exec(line)?.[1];
    if (named && !isProse(line.replace(/[.]$/, ''))) return nameOf(named);
    if (BYLINE_ALONE().test(line) && candidates[i + 1] && !isProse(candidates[i + 1]!))
      return nameOf(candidates[i + 1]!);
  }
  return undefined;
}
