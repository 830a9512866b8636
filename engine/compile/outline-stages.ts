// The outline's lines read one at a time, each by the first stage that takes it: the model's chatter, an
// awaited title, an entry's head, a part grouping chapters, a labelled block, an entry's text, else the
// text of the block being read. Pure.

import { countWords } from '../words.js';
import {
  blockOf,
  cellsOf,
  headingLevel,
  isChatter,
  isEndingPhrase,
  isIntro,
  isHeadingLike,
  isRule,
  isTitleLike,
  unmark,
  unquote,
  wordHeadOf,
} from './outline-lines.js';
import { readingPattern } from '../reading-words.js';
import { closeEntry, entryAt, openEntry, startEnding, type Reading } from './outline-reading.js';

/** One line, read by the first stage that takes it. */
export function readLine(r: Reading, line: string, i: number): void {
  if (!line.trim() || isRule(line)) {
    r.blankBefore = true;
    if (r.current) r.current.lines.push('');
    return;
  }
  const plain = unmark(line);
  const isTaken =
    skipsChatter(r, plain) ||
    readsAwaitedTitle(r, line) ||
    readsEntryHead(r, line) ||
    readsGrouping(r, line) ||
    readsLabelled(r, line, i) ||
    readsEntryText(r, line, plain, i);
  if (!isTaken) readBlockText(r, line, plain);
  r.blankBefore = false;
}

/** The model's chatter ("Let me know…") ends what was being read and is no one's text. */
function skipsChatter(r: Reading, plain: string): boolean {
  if (!isChatter(plain)) return false;
  if (r.block !== 'preamble' || r.recs.length) closeEntry(r, 'other');
  return true;
}

/** The line after a bare "Title:" is the title when it looks like one. */
function readsAwaitedTitle(r: Reading, line: string): boolean {
  if (!r.awaitTitle) return false;
  r.awaitTitle = false;
  r.block = 'preamble';
  if (r.title || !isTitleLike(line)) return false;
  r.title = unquote(unmark(line)).slice(0, 200);
  return true;
}

/**
 * An entry's head opens it; a table's other rows (header, separator) are no one's text, and what follows a table is not
 * its last row's.
 */
function readsEntryHead(r: Reading, line: string): boolean {
  const rec = entryAt(r, line);
  if (rec) {
    openEntry(r, rec);
    return true;
  }
  if (r.style.kind === 'table' && cellsOf(line)) return true;
  if (r.current?.table) closeEntry(r, 'after');
  return false;
}

/** "Part Two", "Act II" (and "Bahagian 2" / "Section 2" headings in a "Chapter N" outline) group chapters. */
function readsGrouping(r: Reading, line: string): boolean {
  const word = wordHeadOf(line);
  const isOtherFamily = word && !(r.style.kind === 'word' && word.family === r.style.family);
  if (
    !isOtherFamily ||
    !(word.family === 'part' || (word.family === 'section' && isHeadingLike(line))) ||
    countWords(unmark(line)) > 14
  )
    return false;
  closeEntry(r, 'entries');
  return true;
}

/**
 * A labelled line ("Premise:", "Characters:", "Ending:"…): inside an entry the entry's, unless it ends it; else it
 * starts its block.
 */
function readsLabelled(r: Reading, line: string, i: number): boolean {
  const b = blockOf(line);
  if (!b) return false;
  if (r.current) {
    const heading = isHeadingLike(line);
    const later = r.laterEntry[i + 1]!;
    if (b.kind === 'ending' && (r.blankBefore || heading || !later))
      startEnding(r, b.label, b.rest ? [b.rest] : [], [line.trim()]);
    else if (
      (b.kind === 'other' || b.kind === 'entries') &&
      r.blankBefore &&
      (!later || (headingLevel(line) > 0 && headingLevel(line) <= (r.current.level || 6)))
    )
      closeEntry(r, b.kind === 'entries' ? 'entries' : 'other');
    // Anything else labelled inside an entry ("Setting:", "Characters:", "Summary:") is the entry's.
    else r.current.lines.push(line.trim());
    return true;
  }
  if (b.kind === 'ending') startEnding(r, b.label, b.rest ? [b.rest] : [], [line.trim()]);
  else if (b.kind === 'title') {
    if (!r.title && b.rest) r.title = unquote(unmark(b.rest)).slice(0, 200);
    r.awaitTitle = !b.rest;
    r.block = 'preamble';
  } else {
    r.block = b.kind;
    r.blockItems = b.rest ? 1 : 0;
    r.blockNumbered = false;
    if (b.kind === 'entries' && !r.title && b.rest && isHeadingLike(line) && isTitleLike(b.rest))
      r.title = unquote(unmark(b.rest)).slice(0, 200);
    if (b.rest && b.kind === 'premise') r.premise.push(b.rest);
    else if (b.rest && b.kind === 'characters') r.characters.push(b.rest);
  }
  return true;
}

/** A line inside an entry: its text, unless a heading at its level ends it or a closing paragraph starts the ending. */
function readsEntryText(r: Reading, line: string, plain: string, i: number): boolean {
  if (!r.current) return false;
  // A heading of the entry's level or above that is not an entry ends it ("## Appendix" after "## Chapter 9").
  const level = headingLevel(line);
  if (level && r.current.level && level <= r.current.level) closeEntry(r, 'other');
  else if (r.blankBefore && !r.laterEntry[i + 1] && isEndingPhrase(plain))
    startEnding(r, '', [line.trim()], [line.trim()]);
  else r.current.lines.push(line.trim());
  return true;
}

/** A line outside any entry: the text of the block being read (preamble, premise, characters, ending). */
function readBlockText(r: Reading, line: string, plain: string): void {
  const text = line.trim();
  switch (r.block) {
    case 'preamble':
      if (r.recs.length) break;
      if (isIntro(plain) && (/[:：]$/.test(plain) || readingPattern('{outline.noun}').test(plain))) break;
      if (
        !r.title &&
        !r.preamble.length &&
        !r.premise.length &&
        (headingLevel(line) || /^(\*\*|__).+(\*\*|__)$/.test(text)) &&
        isTitleLike(line)
      ) {
        r.title = unquote(unmark(line)).slice(0, 200);
        break;
      }
      r.preamble.push(text);
      break;
    case 'premise':
      r.premise.push(text);
      break;
    case 'characters':
      r.characters.push(text);
      break;
    case 'ending':
      r.endings[r.endings.length - 1]?.text.push(text);
      r.endings[r.endings.length - 1]?.raw.push(text);
      break;
    case 'after':
      startEnding(r, '', [text], [text]);
      break;
    default:
      break;
  }
  r.blockItems++;
  r.blockNumbered = /^\d{1,3}[.)]/.test(plain);
}
