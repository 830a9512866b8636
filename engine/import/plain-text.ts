// Plain text as the writer meant its paragraphs. Project Gutenberg's texts and many manuscripts are
// hard-wrapped: every paragraph broken into lines of about 70 characters. Read as they are, each line end is
// a sentence end to a sentence segmenter (a line feed is a hard break in Unicode's segmentation), so a voice
// measured on them has half its real sentence length and loses the dialogue that spans lines. Here a text
// whose lines run to a common width has the lines of each paragraph joined; a line that stops well short of
// the width (a paragraph's last line, a heading, a title, a line of verse or a contents entry) keeps its
// line break, and so does an indented line. A text that is not wrapped is returned as it is. Pure, one pass.

/** How long the longest ordinary lines of a text are: the 95th percentile of its non-blank lines' lengths. */
function wrapWidth(lines: readonly string[]): number | undefined {
  const lengths = lines
    .map((l) => l.trimEnd().length)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  if (lengths.length < 8) return undefined;
  const width = lengths[Math.floor(lengths.length * 0.95)]!;
  if (width < 40 || width > 120) return undefined;
  // Wrapped text: a good share of its lines end near the width (prose on one line a paragraph has few).
  const near = lengths.filter((n) => n >= width * 0.75 && n <= width + 2).length;
  return near >= lengths.length * 0.3 ? width : undefined;
}

/** Is the text hard-wrapped? (Its wrap width, or undefined.) */
export function hardWrapWidth(text: string): number | undefined {
  return wrapWidth(text.split('\n'));
}

/**
 * The text with each hard-wrapped paragraph's lines joined into one line (see the file's comment); blank
 * lines, short lines and indented lines keep their breaks. A text that is not hard-wrapped comes back unchanged.
 * @example unwrapLines('It was a dark and stormy night; the rain fell in\ntorrents, except at occasional intervals.\n')
 * // one line
 */
export function unwrapLines(text: string): string {
  const lines = text.split('\n');
  const width = wrapWidth(lines);
  if (width === undefined) return text;
  const out: string[] = [];
  let previousIsFull = false;
  for (const raw of lines) {
    const line = raw.trimEnd();
    const isIndented = /^\s{2,}\S/.test(line) || /^\t/.test(line);
    const isBlank = line.trim() === '';
    // A line joins the one before when that one ran to the width (it was cut there) and this one goes on the prose.
    if (previousIsFull && !isBlank && !isIndented && out.length && !/^(#{1,6}\s|[-*•]\s|\d+[.)]\s)/.test(line.trim())) {
      out[out.length - 1] = `${out[out.length - 1]} ${line.trim()}`;
    } else out.push(line);
    previousIsFull = !isBlank && line.length >= width * 0.7;
  }
  return out.join('\n');
}

/** Project Gutenberg's licence markers: the text before the first and after the second is not the book's. */
export const LICENCE_START = /^\s*(?:\*{3}\s*)?START OF (?:THE|THIS) PROJECT GUTENBERG/i;
export const LICENCE_END =
  /^\s*(?:(?:\*{3}\s*)?END OF (?:THE|THIS) PROJECT GUTENBERG|End of (?:the )?Project Gutenberg)/i;

/** Whether a text carries Project Gutenberg's licence header: a public-domain text, not the writer's own. */
export function hasLicenceHeader(text: string): boolean {
  return text.split('\n').some((l) => LICENCE_START.test(l));
}

/** The lines between a licence header's and footer's markers (all lines when there are none). */
export function bodyLines(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => LICENCE_START.test(l));
  const end = lines.findIndex((l, i) => i > start && LICENCE_END.test(l));
  return lines.slice(start + 1, end === -1 ? lines.length : end);
}

/**
 * A plain text as the writer's prose: without a Project Gutenberg header and licence, its hard-wrapped paragraphs
 * joined.
 */
export function proseOfPlainText(text: string): string {
  return unwrapLines(bodyLines(text).join('\n'));
}
