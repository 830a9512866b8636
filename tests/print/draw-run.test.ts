// A run of text drawn with drawRun (engine/node/print/line-ops.ts) is the run pdfkit's text() draws: the same PDF,
// byte for byte, for plain runs, justified runs (word spacing), runs in each of the book's fonts and sizes, a no-break
// space, a run of several white spaces and a run over two lines; only the widths text() measures besides are not
// measured again.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { drawRun, type TextOp } from '../../engine/node/print/line-ops.js';
import { registerFonts, type FontName } from '../../engine/node/print/typeset.js';

type Run = Pick<TextOp, 'text' | 'font' | 'size' | 'x' | 'y' | 'wordSpacing'>;

const RUNS: Run[] = [
  { text: 'It was the best of times, it was the worst of times,', font: 'serif', size: 11, x: 54, y: 60 },
  { text: 'justified across the line with room to spare', font: 'serif', size: 11, x: 54, y: 75, wordSpacing: 1.7 },
  { text: 'Chapter 1: The Letter', font: 'bold', size: 18, x: 80, y: 100 },
  { text: 'an aside in italics', font: 'italic', size: 11, x: 54, y: 130, wordSpacing: 0.4 },
  { text: 'Siti Aminah', font: 'sans', size: 8.5, x: 120, y: 20 },
  { text: '10\u00a0km along the river', font: 'sansBold', size: 9, x: 54, y: 150 },
  { text: 'two  spaces   and  more', font: 'serif', size: 11, x: 54, y: 170, wordSpacing: 2 },
  { text: 'a run over\ntwo lines', font: 'serif', size: 11, x: 54, y: 190 },
  { text: 'Kata Pendahoeloean — “petikan” ‘kata’', font: 'serif', size: 12, x: 54, y: 210 },
];

/** A one-page PDF, uncompressed, with each run drawn by `draw`. */
async function pdfOf(draw: (pdf: PDFKit.PDFDocument, run: Run) => void): Promise<string> {
  const date = new Date('2026-01-01T00:00:00Z');
  const pdf = new PDFDocument({
    size: [432, 648],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    compress: false,
    info: { Title: 'runs', CreationDate: date, ModDate: date },
  });
  registerFonts(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve) => pdf.on('end', resolve));
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (const run of RUNS) {
    pdf.font(run.font).fontSize(run.size).fillColor('black');
    draw(pdf, run);
  }
  pdf.end();
  await done;
  return Buffer.concat(chunks).toString('latin1');
}

describe('drawRun', () => {
  it('draws the PDF pdfkit text() draws, byte for byte', async () => {
    const byText = await pdfOf((pdf, r) =>
      pdf.text(r.text, r.x, r.y, { lineBreak: false, ...(r.wordSpacing ? { wordSpacing: r.wordSpacing } : {}) }),
    );
    const byRun = await pdfOf((pdf, r) => drawRun(pdf, r.text, r.x, r.y, r.wordSpacing));
    // Every run is in the page's content (its glyphs as hex strings in TJ operations).
    expect(byText.match(/\] TJ/g)?.length ?? 0).toBeGreaterThanOrEqual(RUNS.length);
    expect(byRun).toBe(byText);
  });
});
