// A DOCX's numbered paragraphs with their numbers written in. Word (and pandoc, which writes a line "II." as a
// list item numbered in upper-case Roman from 2) keeps a list's numbers in word/numbering.xml, not in the
// text, and mammoth drops them: a chapter heading written as a numbered line would lose its number. Before
// mammoth reads the document, each numbered paragraph (decimal, Roman or letter numbering; bullets are left
// alone) gets its label as text ("II. ") and loses its list marker. Counters run per list and level, from the
// level's start (or the list's start override), deeper levels starting again under a new item.
// Both parts are read by htmlparser2's streaming XML tokenizer in one pass each (no pattern scans from a
// tag to the end of the document), and the document's edits are spliced in one pass after it; a document
// whose elements do not close is refused as damaged (`BrokenXml`) before any reader spends time on it.
import { Parser } from 'htmlparser2';
import { KaryaError } from '../../karya-error.js';
import { listNumber, type ListStyle } from '../../import/index.js';
import { escapeText } from '../../markup.js';

interface Level {
  start: number;
  format: string;
  /** Word's label pattern, `%1.` or `Chapter %1`. */
  text: string;
}

/** A document part whose elements do not close (or close out of order): not a Word document's XML. */
export class BrokenXml extends KaryaError {
  readonly code = 'import_unreadable';
  constructor(
    readonly part: string,
    readonly unclosed: number,
  ) {
    super(`${part}: ${unclosed} element(s) not closed`, { httpStatus: 400 });
    this.name = 'BrokenXml';
  }
}

type Open = (name: string, attrs: Readonly<Record<string, string>>, start: number, end: number) => void;

/** Deeper than any Word part nests: a deeper one is refused before the tokenizer's own stack grows costly. */
export const MOST_XML_DEPTH = 512;
type Close = (name: string, end: number) => void;

/**
 * Walks an XML part in one pass, calling `open` and `close` with the element's offsets; throws BrokenXml
 * when elements are left open or closed out of order (htmlparser2 closes them as HTML would, which a Word
 * part never needs).
 */
function walkXml(part: string, xml: string, handlers: { open?: Open; close?: Close }): void {
  const stack: string[] = [];
  let misplaced = 0;
  const parser: Parser = new Parser(
    {
      onopentag: (name, attrs) => {
        stack.push(name);
        if (stack.length > MOST_XML_DEPTH) throw new BrokenXml(part, stack.length);
        handlers.open?.(name, attrs, parser.startIndex, parser.endIndex + 1);
      },
      onclosetag: (name, isImplied) => {
        if (isImplied && !xml.endsWith('/>', parser.endIndex + 1)) misplaced += 1;
        stack.pop();
        handlers.close?.(name, parser.endIndex + 1);
      },
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(xml);
  const open = stack.length;
  parser.end();
  if (open > 0 || misplaced > 0) throw new BrokenXml(part, open + misplaced);
}

/** Each list's levels: numId → ilvl → level, with the list's own start overrides applied. */
function listLevels(numbering: string): Map<string, Map<string, Level>> {
  const abstracts = new Map<string, Map<string, Level>>();
  const nums = new Map<string, { abstract: string; starts: Map<string, number> }>();
  let abstract: Map<string, Level> | undefined;
  let level: Level | undefined;
  let num: { abstract: string; starts: Map<string, number> } | undefined;
  let override: string | undefined;
  walkXml('word/numbering.xml', numbering, {
    open: (name, attrs) => {
      const val = attrs['w:val'];
      if (name === 'w:abstractNum' && attrs['w:abstractNumId'] !== undefined)
        abstracts.set(attrs['w:abstractNumId'], (abstract = new Map()));
      else if (name === 'w:lvl' && abstract && attrs['w:ilvl'] !== undefined)
        abstract.set(attrs['w:ilvl'], (level = { start: 1, format: 'decimal', text: '%1.' }));
      else if (level && name === 'w:start' && val !== undefined) level.start = Number(val);
      else if (level && name === 'w:numFmt' && val !== undefined) level.format = val;
      else if (level && name === 'w:lvlText' && val !== undefined) level.text = val;
      else if (name === 'w:num' && attrs['w:numId'] !== undefined)
        nums.set(attrs['w:numId'], (num = { abstract: '', starts: new Map() }));
      else if (num && name === 'w:abstractNumId' && val !== undefined) num.abstract = val;
      else if (num && name === 'w:lvlOverride') override = attrs['w:ilvl'];
      else if (num && override !== undefined && name === 'w:startOverride' && val !== undefined)
        num.starts.set(override, Number(val));
    },
    close: (name) => {
      if (name === 'w:abstractNum') abstract = undefined;
      else if (name === 'w:lvl') level = undefined;
      else if (name === 'w:num') num = undefined;
      else if (name === 'w:lvlOverride') override = undefined;
    },
  });
  const lists = new Map<string, Map<string, Level>>();
  for (const [numId, { abstract: id, starts }] of nums) {
    const levels = new Map(abstracts.get(id) ?? []);
    for (const [ilvl, start] of starts) {
      const found = levels.get(ilvl);
      if (found && Number.isFinite(start)) levels.set(ilvl, { ...found, start });
    }
    lists.set(numId, levels);
  }
  return lists;
}

/** Word's number formats that are numbers, as list styles (bullets and the rest are not). */
const STYLES: Readonly<Record<string, ListStyle>> = {
  decimal: '1',
  upperRoman: 'I',
  lowerRoman: 'i',
  upperLetter: 'A',
  lowerLetter: 'a',
};

/** A number in a level's format, or undefined for a format that is not a number (bullets, none). */
function formatted(n: number, format: string): string | undefined {
  const style = STYLES[format];
  return style ? listNumber(n, style) : undefined;
}

/** A paragraph being read: where its list marker is and where its text begins. */
interface Paragraph {
  /** The end of `<w:p …>`: where a label goes when the paragraph has no properties. */
  afterOpen: number;
  afterProps?: number;
  numPr?: { start: number; end?: number; numId?: string; ilvl?: string };
}

/** One change to the document: the text from `start` to `end` replaced by `text`. */
interface Splice {
  start: number;
  end: number;
  text: string;
}

/** The label of a numbered paragraph (counting it), or undefined when its list is not numbered. */
function labelOf(
  lists: Map<string, Map<string, Level>>,
  counters: Map<string, number[]>,
  numId: string,
  ilvl: number,
): string | undefined {
  const levels = lists.get(numId);
  const level = levels?.get(String(ilvl));
  if (!levels || !level || formatted(1, level.format) === undefined) return undefined;
  const counts = counters.get(numId) ?? [];
  counts[ilvl] = counts[ilvl] === undefined ? level.start : counts[ilvl]! + 1;
  counts.length = ilvl + 1;
  counters.set(numId, counts);
  return level.text.replace(/%(\d)/g, (_, k: string) => {
    const at = levels.get(String(Number(k) - 1));
    return formatted(counts[Number(k) - 1] ?? at?.start ?? 1, at?.format ?? 'decimal') ?? '';
  });
}

/** word/document.xml with every numbered paragraph's label written into its text (see the file's comment). */
export function withListNumbers(documentXml: string, numberingXml: string | undefined): string {
  if (!numberingXml) {
    walkXml('word/document.xml', documentXml, {});
    return documentXml;
  }
  const lists = listLevels(numberingXml);
  const counters = new Map<string, number[]>();
  const splices: Splice[] = [];
  const paragraphs: Paragraph[] = [];
  walkXml('word/document.xml', documentXml, {
    open: (name, attrs, start, end) => {
      const p = paragraphs[paragraphs.length - 1];
      if (name === 'w:p') paragraphs.push({ afterOpen: end });
      else if (p && name === 'w:numPr' && !p.numPr) p.numPr = { start };
      else if (p?.numPr && p.numPr.end === undefined && name === 'w:numId') p.numPr.numId = attrs['w:val'];
      else if (p?.numPr && p.numPr.end === undefined && name === 'w:ilvl') p.numPr.ilvl = attrs['w:val'];
    },
    close: (name, end) => {
      const p = paragraphs[paragraphs.length - 1];
      if (!p) return;
      if (name === 'w:numPr' && p.numPr && p.numPr.end === undefined) p.numPr.end = end;
      else if (name === 'w:pPr' && p.afterProps === undefined) p.afterProps = end;
      else if (name === 'w:p') {
        paragraphs.pop();
        const numPr = p.numPr;
        if (!numPr || numPr.end === undefined) return;
        const label = labelOf(lists, counters, numPr.numId ?? '', Number(numPr.ilvl ?? 0));
        if (label === undefined) return;
        splices.push({ start: numPr.start, end: numPr.end, text: '' });
        splices.push({
          start: p.afterProps ?? p.afterOpen,
          end: p.afterProps ?? p.afterOpen,
          text: `<w:r><w:t xml:space="preserve">${escapeText(label)} </w:t></w:r>`,
        });
      }
    },
  });
  if (splices.length === 0) return documentXml;
  splices.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: string[] = [];
  let at = 0;
  for (const s of splices) {
    out.push(documentXml.slice(at, s.start), s.text);
    at = s.end;
  }
  out.push(documentXml.slice(at));
  return out.join('');
}
