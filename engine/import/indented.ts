// Indented text in a plain manuscript as the writer meant it. Project Gutenberg's texts and typed manuscripts
// indent verse, letters and quotations by a few spaces; a book's parts are Markdown, where a line indented four
// spaces starts a code block (a grey box in monospace) and one indented two loses its line break. So a block
// (lines between blank lines) indented as a whole becomes a block quote: verse keeps its lines (the book's
// Markdown reads each newline as a line break), a letter's hard-wrapped lines are joined into its paragraph;
// any other indented line (a paragraph's first-line indent, a signature set to the right) loses its indent.
// A heading line is left as it is. Pure.
import { readHeading } from './headings.js';

const isIndented = (line: string) => /^(?: {2,}|\t)\s*\S/.test(line);

/** Verse, headlines, an address: most of its lines open with a capital (as verse is set), or all are short. */
function isVerse(lines: readonly string[]): boolean {
  const trimmed = lines.map((l) => l.trim());
  // A line set in emphasis (`**THE DAILY NEWS**`, `_Sailors tell of a giant_`) opens with its marks, then its capital.
  const capitals = trimmed.filter((l) => /^[*_]*["'“‘(]?\p{Lu}/u.test(l)).length;
  return capitals >= 0.6 * trimmed.length || trimmed.every((l) => l.length <= 40);
}

/** One block of lines (no blank line among them) as Markdown that keeps it the writer's text. */
function block(lines: readonly string[]): string[] {
  const wholeIndented = lines.length >= 2 && lines.every(isIndented) && !readHeading(lines[0]!);
  if (!wholeIndented) return lines.map((l) => (isIndented(l) && !readHeading(l) ? l.trim() : l));
  if (isVerse(lines)) return lines.map((l) => `> ${l.trim()}`);
  return [`> ${lines.map((l) => l.trim()).join(' ')}`];
}

/**
 * A plain text's part with its indented blocks as block quotes and other indents removed (see the file's comment).
 * @example writersText('She sang:\n\n Oh, the river runs,\n And the pines stand tall;') // '…\n\n> Oh, the river
 * runs,\n> And the pines stand tall;'
 */
export function writersText(text: string): string {
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.push(...block(run));
    run = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      flush();
      out.push('');
    } else run.push(line);
  }
  flush();
  return out.join('\n');
}
