// A premise the writer labelled in the manuscript's notes before its first part ("Premise: A widowed lighthouse
// keeper…", "Premis: …", "**Premise:**"): the label is any language's premise word of its reading table
// (languages/<code>/reading.yaml `bible.premise`), so a language added to the table is read the same. The text is
// the rest of the label's paragraph, or the paragraph under a label that stands alone. Pure.
import { readingPattern } from '../reading-words.js';

/** The longest premise read (a field's own limit cuts it further). */
const MOST_CHARS = 2000;

/** The labelled premise among `lines` (the manuscript's lines before its first part), or undefined. */
export function labelledPremise(lines: readonly string[]): string | undefined {
  const label = readingPattern(
    '^\\s*(?:[#>*_-]+\\s*)?[*_]{0,2}(?:{bible.premise})[*_]{0,2}\\s*[:：—–][*_]{0,2}\\s*(.*)$',
  );
  for (let i = 0; i < lines.length; i++) {
    const m = label.exec(lines[i]!);
    if (!m) continue;
    const paragraph: string[] = m[1]!.trim() ? [m[1]!] : [];
    let k = i + 1;
    // A label alone on its line: its text is the paragraph under it.
    if (!paragraph.length) while (k < lines.length && !lines[k]!.trim()) k++;
    for (; k < lines.length && lines[k]!.trim(); k++) paragraph.push(lines[k]!);
    const text = paragraph
      .join(' ')
      .replace(/[*_]{1,2}(?=\S)|(?<=\S)[*_]{1,2}/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (text) return text.slice(0, MOST_CHARS);
  }
  return undefined;
}
