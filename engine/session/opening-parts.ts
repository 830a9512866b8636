// An imported book's opening as the parts a reader sees: engine/session/import/book.ts keeps a manuscript's front
// matter (a preface, a dedication, the letters that open an epistolary novel) and its prologue in the book's
// introduction, each under a `###` heading. A document (every export, the book's contents) shows each as a part of
// its own, of its own kind: a preface is a Preface in the EPUB's navigation and landmarks and a page of the PDF,
// never text under an "Introduction". The kind is read from the heading by the import's words (languages/<code>/
// import-headings.yaml), so a heading a writer typed in any language Karya reads is one.
import { openingKindOf, type FrontKind } from '../import/front-matter.js';

/** What an opening part is: a kind of front matter, a letter of the story, or the prologue. */
export type OpeningRole = FrontKind | 'prologue';

export interface OpeningPiece {
  heading: string;
  role: OpeningRole;
  markdown: string;
}

/**
 * The pieces of an opening that starts with a `###` heading of front matter, a letter or a prologue, each up to the
 * next such heading; undefined when it does not (a written book's introduction, a prologue alone).
 */
export function openingPieces(markdown: string): OpeningPiece[] | undefined {
  const lines = markdown.split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const headingOf = (line: string) => /^###\s+(\S.*?)\s*#*\s*$/.exec(line.trim())?.[1];
  const roleAt = (i: number) => {
    const heading = headingOf(lines[i]!);
    return heading === undefined ? undefined : openingKindOf(heading);
  };
  if (first < 0 || roleAt(first) === undefined) return undefined;
  const pieces: OpeningPiece[] = [];
  for (let i = first; i < lines.length; i++) {
    const role = roleAt(i);
    if (role !== undefined) pieces.push({ heading: headingOf(lines[i]!)!, role, markdown: '' });
    else pieces.at(-1)!.markdown += `${lines[i]}\n`;
  }
  return pieces.map((p) => ({ ...p, markdown: p.markdown.trim() }));
}
