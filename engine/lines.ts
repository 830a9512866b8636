// Lines of a text as the engine reads them, for the readers that look at a text's first line only (a part's leading
// heading, engine/compile/heading.ts; an answer's announcement, engine/session/answers/text.ts): the first line that
// is not blank, found without splitting the whole text, and line breaks made one kind.

/** Line breaks made one kind ("\r\n" and a lone "\r" as "\n"); a text without "\r" is given back as it is. */
export function oneKindOfBreak(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** A text's first line that is not blank. */
export interface FirstTextLine {
  /** The line as written (untrimmed; without its line break). */
  readonly line: string;
  /** Where the line after it starts; -1 when the text ends with the line (no line break after it). */
  readonly next: number;
}

/**
 * The first line of `text` that is not blank (`trim()` leaves something), and where the line after it starts; undefined
 * when every line is blank. A line ends at "\n", "\r\n" or a lone "\r". Only the lines up to it are read: a part's
 * whole text is not split into lines (and joined again) for its first one.
 * @example firstTextLine('\n  \r\n  # Chapter 3\r\nRain') // { line: '  # Chapter 3', next: 18 }
 */
export function firstTextLine(text: string): FirstTextLine | undefined {
  for (let from = 0; ;) {
    let end = from;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === 0x0a || c === 0x0d) break;
      end++;
    }
    const next =
      end === text.length ? -1 : end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1);
    const line = text.slice(from, end);
    if (line.trim()) return { line, next };
    if (next < 0) return undefined;
    from = next;
  }
}
