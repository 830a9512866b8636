// An introduction's character list (kept in the book's state on its own, out of the book's text): found
// under the heading the template asks for or one a model translated it to, taken out, or split around.
import { onLanguagesLoaded } from '../languages/index.js';
import { readingPattern } from '../reading-words.js';

/**
 * Headings a character list may come under: the one the introduction template asks for in each language
 * ("Character Details:", "Butiran Watak:") and the translations a model writes instead, so a list under a
 * heading the model chose is not silently lost. Only the asked-for ones may run on into text on their line.
 */
const characterHeadings = () =>
  readingPattern(String.raw`^[#*_\s]*(?:(?:{headings.characterDetails})\b|(?:{headings.characterList})[*_\s]*(?::|$))`);

/**
 * Where the character list of an introduction sits: its lines, the heading's index, the index after the list, and the
 * list.
 */
function locateCharacterDetails(
  text: string,
): { lines: string[]; start: number; end: number; details: string } | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => characterHeadings().test(l.trim()));
  if (start < 0) return undefined;
  const heading = lines[start]!.trim();
  const label = characterHeadings().exec(heading)![0];
  const first = heading
    .slice(label.length)
    .replace(/^[*_:\s]+/, '')
    .trim();
  const out: string[] = first ? [first] : [];
  let end = start + 1;
  for (; end < lines.length; end++) {
    const t = lines[end]!.trim();
    if (t === '') {
      if (out.length) break;
      continue;
    }
    if (/^#/.test(t) || (/^\p{Lu}[^:]{0,60}$/u.test(t.replace(/\*/g, '')) && !/^[-*•]/.test(t))) break;
    out.push(t);
  }
  const details = out.join('\n').trim();
  return details ? { lines, start, end, details } : undefined;
}

/**
 * The character list of an introduction: the text after its heading ("Character Details:" or "Butiran
 * Watak:", or a heading the model translated it to), up to a blank line or the next heading-like
 * capitalised line.
 */
export function extractCharacterDetails(text: string): string | undefined {
  return locateCharacterDetails(text)?.details;
}

/**
 * An introduction split around its character list: the prose before it, the list's lines (heading
 * included) and the prose after it; undefined when it has none. A length extension goes after the prose,
 * never inside the list (engine/session).
 */
export function splitCharacterDetails(text: string): { before: string; block: string; after: string } | undefined {
  const found = locateCharacterDetails(text);
  if (!found) return undefined;
  return {
    before: found.lines.slice(0, found.start).join('\n').trim(),
    block: found.lines.slice(found.start, found.end).join('\n').trim(),
    after: found.lines.slice(found.end).join('\n').trim(),
  };
}

/**
 * The last introductions taken their list off and what was left, a few in turn: a step's checks, its length check,
 * its measures and the next part's prompt and bible update each ask for the same introduction's prose (five times a
 * book, each a split of the text into lines and a join), and the same string given back each time is counted once
 * (engine/words.ts countWords finds it among the last texts it counted).
 */
const PROSE_KEPT = 4;
const listed: string[] = new Array<string>(PROSE_KEPT).fill('');
const prose: string[] = new Array<string>(PROSE_KEPT).fill('');
let nextKept = 0;
// A table read again may name other headings: what was taken off before is worked out again.
onLanguagesLoaded(() => {
  listed.fill('');
  prose.fill('');
});

/** An introduction without its character list (kept in the state on its own, out of the book's text). */
export function withoutCharacterDetails(text: string): string {
  for (let k = 0; k < PROSE_KEPT; k++) if (listed[k] === text) return prose[k]!;
  const without = proseWithoutList(text);
  listed[nextKept] = text;
  prose[nextKept] = without;
  nextKept = (nextKept + 1) % PROSE_KEPT;
  return without;
}

function proseWithoutList(text: string): string {
  const found = locateCharacterDetails(text);
  if (!found) return text.trim();
  return [...found.lines.slice(0, found.start), ...found.lines.slice(found.end)]
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
