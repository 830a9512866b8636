// A DOCX's numbered paragraphs with their numbers written in. Word (and pandoc, which writes a line "II." as a
// list item numbered in upper-case Roman from 2) keeps a list's numbers in word/numbering.xml, not in the
// text, and mammoth drops them: a chapter heading written as a numbered line would lose its number. Before
// mammoth reads the document, each numbered paragraph (decimal, Roman or letter numbering; bullets are left
// alone) gets its label as text ("II. ") and loses its list marker. Counters run per list and level, from the
// level's start (or the list's start override), deeper levels starting again under a new item.
import { listNumber, type ListStyle } from '../../import/index.js';

interface Level {
  start: number;
  format: string;
  /** Word's label pattern, `%1.` or `Chapter %1`. */
  text: string;
}

const attr = (xml: string, name: string) => new RegExp(`<w:${name}\\b[^>]*w:val="([^"]*)"`).exec(xml)?.[1];

/** Each list's levels: numId → ilvl → level, with the list's own start overrides applied. */
function listLevels(numbering: string): Map<string, Map<string, Level>> {
  const abstracts = new Map<string, Map<string, Level>>();
  for (const m of numbering.matchAll(/<w:abstractNum\b[^>]*w:abstractNumId="([^"]+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
    const levels = new Map<string, Level>();
    for (const l of m[2]!.matchAll(/<w:lvl\b[^>]*w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)) {
      levels.set(l[1]!, { start: Number(attr(l[2]!, 'start') ?? 1), format: attr(l[2]!, 'numFmt') ?? 'decimal', text: attr(l[2]!, 'lvlText') ?? '%1.' });
    }
    abstracts.set(m[1]!, levels);
  }
  const lists = new Map<string, Map<string, Level>>();
  for (const m of numbering.matchAll(/<w:num\b[^>]*w:numId="([^"]+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    const levels = new Map(abstracts.get(attr(m[2]!, 'abstractNumId') ?? '') ?? []);
    for (const o of m[2]!.matchAll(/<w:lvlOverride\b[^>]*w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvlOverride>/g)) {
      const start = attr(o[2]!, 'startOverride');
      const level = levels.get(o[1]!);
      if (start !== undefined && level) levels.set(o[1]!, { ...level, start: Number(start) });
    }
    lists.set(m[1]!, levels);
  }
  return lists;
}

/** Word's number formats that are numbers, as list styles (bullets and the rest are not). */
const STYLES: Readonly<Record<string, ListStyle>> = { decimal: '1', upperRoman: 'I', lowerRoman: 'i', upperLetter: 'A', lowerLetter: 'a' };

/** A number in a level's format, or undefined for a format that is not a number (bullets, none). */
function formatted(n: number, format: string): string | undefined {
  const style = STYLES[format];
  return style ? listNumber(n, style) : undefined;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** word/document.xml with every numbered paragraph's label written into its text (see the file's comment). */
export function withListNumbers(documentXml: string, numberingXml: string | undefined): string {
  if (!numberingXml) return documentXml;
  const lists = listLevels(numberingXml);
  const counters = new Map<string, number[]>();
  return documentXml.replace(/<w:p\b[^>]*>[\s\S]*?<\/w:p>/g, (paragraph) => {
    const numPr = /<w:numPr>([\s\S]*?)<\/w:numPr>/.exec(paragraph);
    if (!numPr) return paragraph;
    const numId = attr(numPr[1]!, 'numId') ?? '';
    const ilvl = Number(attr(numPr[1]!, 'ilvl') ?? 0);
    const levels = lists.get(numId);
    const level = levels?.get(String(ilvl));
    if (!levels || !level || formatted(1, level.format) === undefined) return paragraph;
    const counts = counters.get(numId) ?? [];
    counts[ilvl] = counts[ilvl] === undefined ? level.start : counts[ilvl]! + 1;
    counts.length = ilvl + 1;
    counters.set(numId, counts);
    const label = level.text.replace(/%(\d)/g, (_, k: string) => formatted(counts[Number(k) - 1] ?? levels.get(String(Number(k) - 1))?.start ?? 1, levels.get(String(Number(k) - 1))?.format ?? 'decimal') ?? '');
    const run = `<w:r><w:t xml:space="preserve">${escapeXml(label)} </w:t></w:r>`;
    const bare = paragraph.replace(numPr[0], '');
    const afterProps = /<\/w:pPr>/.exec(bare);
    if (afterProps) return bare.replace('</w:pPr>', `</w:pPr>${run}`);
    return bare.replace(/^(<w:p\b[^>]*>)/, `$1${run}`);
  });
}
