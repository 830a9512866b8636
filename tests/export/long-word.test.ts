// A chapter that is one 59,000-character word (no space anywhere) exports as PDF in linear time:
// the word is cut into pieces that fit a line before pdfkit sees it (pdfkit's own line wrapper is
// quadratic on such a word), and every character is still in the PDF, in order.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/session/book.js';
import { renderDocument } from '../../engine/node/export/index.js';
import { runTool } from './tools.js';
import { tempDir } from '../temp.js';

const LENGTH = 59_000;
/** Letters in a pattern that shows any piece lost, doubled or out of order. */
const WORD = Array.from({ length: LENGTH }, (_, i) =>
  String.fromCharCode(97 + ((i * 7 + Math.floor(i / 26)) % 26)),
).join('');

describe('PDF export of a 59,000-character word', () => {
  it('finishes (well under a minute) and keeps every character in order', async () => {
    const doc: BookDocument = {
      title: 'One Word',
      author: 'Siti Aminah',
      lang: 'en',
      typeLabel: 'Story',
      parts: [
        { id: 'chapter:1', heading: 'Chapter 1', markdown: WORD },
        { id: 'chapter:2', heading: 'Chapter 2', markdown: `Before ${WORD.slice(0, 5000)} after.` },
      ],
    };
    const bytes = await renderDocument(doc, 'pdf');
    const file = path.join(tempDir('karya-long-word-'), 'long.pdf');
    writeFileSync(file, bytes);
    const text = (await runTool('pdftotext', ['-layout', file, '-'])).stdout;
    // The word's lines are the lines of letters only (running heads, page numbers and headings have spaces or digits).
    const lines = text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^[a-z]{12,}$/.test(l));
    const joined = lines.join('');
    expect(joined.startsWith(WORD)).toBe(true);
    // The second chapter's 5,000 letters follow (their last line, with " after.", is not a letters-only line).
    const rest = joined.slice(LENGTH);
    expect(WORD.slice(0, 5000).startsWith(rest)).toBe(true);
    expect(rest.length).toBeGreaterThan(4800);
    expect(text).toMatch(/[a-z]+ after\./);
    // Every line of the word fits the text block: none is wider than the page.
    const bbox = (await runTool('pdftotext', ['-bbox', file, '-'])).stdout;
    const right = Math.max(...[...bbox.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1])));
    expect(right).toBeLessThan(432 - 18);
  }, 60_000);
});
