// The chapter plan of a book that has no outline step (black history, mental health): its introduction
// ends with a "Chapter Plan:" / "Rancangan Bab:" block (templates/guide/introduction.hbs asks for it), which
// the book keeps as its outline for later chapters and leaves out of the introduction's text.
import { readingPattern } from '../reading-words.js';

const planHeading = () => readingPattern(String.raw`^[#*_\s]*(?:{headings.chapterPlan})\b[*_\s]*:?[*_\s]*(.*)$`);

/** Where the plan block starts in the lines of an introduction, or -1. */
function planStart(lines: readonly string[]): number {
  return lines.findIndex((l) => planHeading().test(l.trim()));
}

/** The chapter plan an introduction gives (one line per chapter), or undefined. */
export function extractChapterPlan(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const start = planStart(lines);
  if (start < 0) return undefined;
  const first = planHeading().exec(lines[start]!.trim())?.[1]?.trim();
  const out = [
    ...(first ? [first] : []),
    ...lines
      .slice(start + 1)
      .map((l) => l.trim())
      .filter(Boolean),
  ];
  const plan = out.join('\n').trim();
  return plan || undefined;
}

/** An introduction without its chapter plan block. */
export function withoutChapterPlan(text: string): string {
  const lines = text.split(/\r?\n/);
  const start = planStart(lines);
  return start < 0 ? text : lines.slice(0, start).join('\n').trim();
}

/**
 * An introduction split at its chapter plan: the text before the plan and the plan's block (heading included);
 * undefined without one.
 */
export function splitChapterPlan(text: string): { before: string; block: string } | undefined {
  const lines = text.split(/\r?\n/);
  const start = planStart(lines);
  return start < 0
    ? undefined
    : { before: lines.slice(0, start).join('\n').trim(), block: lines.slice(start).join('\n').trim() };
}
