// The print interior's front matter: the title page, the copyright page (the generated copyright text
// above the notice) and the contents, laid out before the body with room for the page numbers, which
// `numberContents` fills in once the parts have their pages.
import type { BookDocument } from '../../session/book.js';
import { parseMarkdown, spansText } from '../../markdown.js';
import { exportWords, copyrightLines, type Section } from '../export/sections.js';
import type { FontName, Measure } from './typeset.js';
import { BODY, SMALL, type Flow, type Item } from './book-flow.js';
import type { Composer } from './composer.js';

/** Where a contents entry's last line is: its page number goes at its right. */
export interface ContentsEntry {
  page: number;
  y: number;
  lines: number;
}

/** Room left at the right of a contents entry for its page number, in points. */
const NUMBER_ROOM = 30;

/** What the front matter is laid out from: the book, the page flow and its composer, the page size, the sections. */
type FrontInput = {
  doc: BookDocument;
  flow: Flow;
  c: Composer;
  width: number;
  height: number;
  date: Date;
  copyrightPart?: Section;
  sections: readonly Section[];
};

/**
 * Lay out the title page, the copyright page and, for a book of more than one part, the contents (on a
 * right-hand page). Returns where each contents entry is, for `numberContents`.
 */
export function layoutFrontMatter(input: FrontInput): ContentsEntry[] {
  titlePage(input);
  copyrightPage(input);
  return contentsPages(input);
}

/** The title page: the title a third of the way down, the author below it. */
function titlePage({ doc, flow, c, height }: FrontInput): void {
  flow.newPage('title');
  flow.y = height * 0.24;
  flow.place([{ lines: c.plain(doc.title, 'bold', { size: 24 }), size: 24, leading: 30, x: 0, before: 0, after: 0 }]);
  if (doc.author) {
    flow.y = Math.max(flow.y + 40, height * 0.5);
    flow.place([
      { lines: c.plain(doc.author, 'serif', { size: 14 }), size: 14, leading: 19, x: 0, before: 0, after: 0 },
    ]);
  }
}

/** The copyright page: the notice at the foot of the page, the generated copyright text above it. */
function copyrightPage(input: FrontInput): void {
  const { doc, flow, c, height } = input;
  const words = exportWords(doc.lang);
  const { notice, writtenWith } = copyrightLines(doc, input.date.getFullYear());
  const small = (text: string, font: FontName = 'serif'): Item => ({
    lines: c.lines([{ text, font }], { size: SMALL.size, align: 'left', hyphenate: false }),
    size: SMALL.size,
    leading: SMALL.leading,
    x: 0,
    before: 0,
    after: SMALL.leading * 0.5,
  });
  const notes: Item[] = [
    small(doc.title, 'italic'),
    ...(doc.author ? [small(`${words.by} ${doc.author}`)] : []),
    small(notice),
    small(writtenWith),
  ];
  // The generated copyright text (the document's `copyright`, or an older document's copyright part).
  const copyrightBlocks = input.copyrightPart?.blocks ?? (doc.copyright ? parseMarkdown(doc.copyright) : []);
  if (copyrightBlocks.length) {
    // The generated copyright text in 8.5 pt above the notice; its own heading ("Copyright") is the page's.
    const text = copyrightBlocks.flatMap((b) =>
      b.kind === 'paragraph'
        ? [small(spansText(b.spans))]
        : b.kind === 'list'
          ? b.items.flatMap((it) => it.flatMap((x) => (x.kind === 'paragraph' ? [small(spansText(x.spans))] : [])))
          : [],
    );
    notes.unshift(...text, {
      lines: [],
      size: SMALL.size,
      leading: SMALL.leading,
      x: 0,
      before: 0,
      after: SMALL.leading,
    });
  }
  flow.newPage('copyright');
  const total = notes.reduce((n, it) => n + it.lines.length * it.leading + it.after, 0);
  flow.y = Math.max(0, height - total);
  flow.place(notes);
}

/**
 * The contents (a book of more than one part): laid out now with room for the numbers, filled in once the parts have
 * their pages.
 */
function contentsPages({ doc, flow, c, width, height, sections }: FrontInput): ContentsEntry[] {
  const entries: ContentsEntry[] = [];
  if (sections.length <= 1) return entries;
  // The contents open on a right-hand page too (a long copyright text can fill two pages).
  if (flow.pages.length % 2 === 1) flow.newPage('blank');
  flow.newPage('contents');
  flow.y = height * 0.12;
  flow.place([
    {
      lines: c.plain(exportWords(doc.lang).contents, 'serif', { size: 17 }),
      size: 17,
      leading: 22,
      x: 0,
      before: 0,
      after: BODY.leading * 1.5,
    },
  ]);
  for (const s of sections) {
    const lines = c.lines([{ text: s.heading, font: 'serif' }], {
      size: BODY.size,
      width: width - NUMBER_ROOM,
      align: 'left',
      hyphenate: false,
    });
    const before = flow.y > 0 ? BODY.leading * 0.45 : 0;
    flow.place([{ lines, size: BODY.size, leading: BODY.leading, x: 0, before, after: 0 }]);
    entries.push({ page: flow.pages.length - 1, y: flow.y - BODY.leading, lines: lines.length });
  }
  return entries;
}

/** The page numbers of the contents, now that each part's opening page is known, with a link to each part. */
export function numberContents(input: {
  flow: Flow;
  m: Measure;
  entries: readonly ContentsEntry[];
  openings: readonly number[];
  width: number;
}): void {
  const { flow, m, width } = input;
  input.entries.forEach((entry, i) => {
    const number = String(input.openings[i]! + 1);
    const w = m.width(number, 'serif', BODY.size);
    const page = flow.pages[entry.page]!;
    page.ops.push({ text: number, font: 'serif', size: BODY.size, x: width - w, y: entry.y });
    const top = entry.y - (entry.lines - 1) * BODY.leading;
    (page.links ??= []).push({ x: 0, y: top, width, height: entry.lines * BODY.leading, part: i });
  });
}
