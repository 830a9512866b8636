// renderDocument on a document with everything the block model holds, markup in the text, a long part
// and a Malay title: valid EPUB (epubcheck), escaped everywhere, DOCX headings and lists, PDF front
// matter, contents, running heads and page numbers.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/session/book.js';
import { renderDocument } from '../../engine/node/export/index.js';
import { epubcheck, readZip, runTool, zipText } from './tools.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-render-');
const long = Array.from(
  { length: 60 },
  (_, i) => `Perenggan ${i + 1}: pengembaraan dan kebahagiaan yang tidak dijangka, di tepi sungai yang tenang.`,
).join('\n\n');

const DOC: BookDocument = {
  title: 'Kisah <Cinta> & "Rindu"',
  author: 'Siti Aminah',
  lang: 'ms',
  typeLabel: 'Kisah Cinta',
  parts: [
    {
      id: 'introduction',
      heading: 'Pengenalan',
      markdown: '## Pengenalan\n\nA <script>alert(1)</script> line & more.\n\n<script>\nsteal()\n</script>',
    },
    {
      id: 'chapter:1',
      heading: 'Bab 1: Hujan',
      markdown:
        '# Sebuah tajuk\n\nIni **tebal**, *condong* dan `kod`.\nBaris kedua.\n\n- satu\n- dua\n  - ' +
        'dalam\n\n1. pertama\n2. kedua\n\n> Petikan.\n\n---\n\n### Kecil\n\n```\nx < y && y > z\n```',
    },
    { id: 'conclusion:2', heading: 'Kesimpulan', markdown: long },
  ],
};
const DATE = new Date('2025-03-04T05:06:07Z');

describe('renderDocument', () => {
  const files: Record<'epub' | 'docx' | 'pdf', string> = { epub: '', docx: '', pdf: '' };
  beforeAll(async () => {
    for (const format of ['epub', 'docx', 'pdf'] as const) {
      files[format] = path.join(tmp, `book.${format}`);
      writeFileSync(files[format], await renderDocument(DOC, format, { date: DATE }));
    }
  });

  it('md is the document as Markdown', async () => {
    const md = new TextDecoder().decode(await renderDocument(DOC, 'md'));
    expect(md.startsWith('# Kisah <Cinta> & "Rindu"\n\n## Pengenalan\n\n## Pengenalan\n\nA <script>')).toBe(true);
  });

  it(
    'EPUB: epubcheck finds nothing; markup in the text is ' + 'escaped text; a part does not repeat its own heading',
    async () => {
      const { code, report } = await epubcheck(files.epub);
      expect(report).toMatch(/0 fatals \/ 0 errors \/ 0 warnings/);
      expect(code).toBe(0);
      const entries = readZip(await import('node:fs').then((fs) => fs.readFileSync(files.epub)));
      const intro = zipText(entries, 'OEBPS/part-001.xhtml');
      expect(intro).not.toMatch(/<script/i);
      expect(intro).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(intro.match(/Pengenalan/g)).toHaveLength(2); // <title> and the one <h1>
      const chapter = zipText(entries, 'OEBPS/part-002.xhtml');
      expect(chapter).toContain('<h1>Bab 1: Hujan</h1>');
      expect(chapter).toContain('<h2>Sebuah tajuk</h2>');
      expect(chapter).toContain('<h3>Kecil</h3>');
      expect(chapter).toMatch(/<strong>tebal<\/strong>, <em>condong<\/em> dan <code>kod<\/code>.<br\/>Baris kedua./);
      expect(chapter).toMatch(/<ul><li>satu<\/li><li>dua<ul><li>dalam<\/li><\/ul><\/li><\/ul>/);
      expect(chapter).toContain('<blockquote><p>Petikan.</p></blockquote>');
      expect(chapter).toContain('<pre><code>x &lt; y &amp;&amp; y &gt; z</code></pre>');
      const opf = zipText(entries, 'OEBPS/content.opf');
      expect(opf).toContain('<dc:creator id="creator">Siti Aminah</dc:creator>');
      expect(opf).toContain('<dc:date>2025-03-04</dc:date>');
      expect(opf).toContain('<meta property="dcterms:modified">2025-03-04T05:06:07Z</meta>');
    },
    // The worker's epubcheck JVM may start here (as in the other epubcheck files): 30 s ran out at load 16.
    120_000,
  );

  it(
    'DOCX: parts are Heading 1, inner headings Heading ' + '2 and 3, lists numbered and bulleted, text escaped',
    async () => {
      const xml = zipText(
        readZip(await import('node:fs').then((fs) => fs.readFileSync(files.docx))),
        'word/document.xml',
      );
      const styled = (style: string) =>
        (xml.match(/<w:p\b[^>]*>[\s\S]*?<\/w:p>/g) ?? [])
          .filter((p) => p.includes(`<w:pStyle w:val="${style}"/>`))
          .map((p) => [...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''));
      expect(styled('Heading1')).toEqual(['Pengenalan', 'Bab 1: Hujan', 'Kesimpulan']);
      expect(styled('Heading2')).toEqual(['Sebuah tajuk']);
      expect(styled('Heading3')).toEqual(['Kecil']);
      expect(xml).toContain('<w:pageBreakBefore/>');
      expect(xml.match(/<w:numPr>/g)?.length).toBe(5);
      expect(xml).toContain('A &lt;script&gt;alert(1)&lt;/script&gt; line &amp; more.');
      expect(xml).toContain('Ditulis dengan Karya');
      expect(xml).toContain('© 2025 Siti Aminah');
    },
  );

  it(
    'PDF: 6 × 9 in; title, copyright and contents pages; parts on odd pages; ' +
      'running heads (author left, title right) and page numbers; Malay not hyphenated',
    async () => {
      const info = await runTool('pdfinfo', [files.pdf]);
      expect(info.stdout).toMatch(/Page size:\s+432 x 648 pts/);
      const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]);
      const text = await Promise.all(
        Array.from({ length: pages }, (_, i) =>
          runTool('pdftotext', ['-layout', '-f', String(i + 1), '-l', String(i + 1), files.pdf, '-']).then(
            (r) => r.stdout,
          ),
        ),
      );
      const flat = (page: string | undefined) => (page ?? '').replace(/\s+/g, ' ');
      expect(flat(text[0])).toContain('Kisah <Cinta> & "Rindu"');
      expect(flat(text[0])).toContain('Siti Aminah');
      expect(text[1]).toContain('Ditulis dengan Karya');
      expect(text[1]).toContain('© 2025 Siti Aminah');
      // Contents in Malay, each part with the page it opens on: always a right-hand (odd) page.
      expect(text[2]).toContain('Kandungan');
      const entries = [...text[2]!.matchAll(/^\s*(\S.*?\S)\s{2,}(\d+)\s*$/gm)].map(
        (m) => [m[1]!, Number(m[2])] as const,
      );
      expect(entries.map(([heading]) => heading)).toEqual(['Pengenalan', 'Bab 1: Hujan', 'Kesimpulan']);
      for (const [heading, page] of entries) {
        expect(page % 2, heading).toBe(1);
        expect(flat(text[page - 1]), heading).toContain(heading.replace('Bab 1: ', ''));
      }
      expect(text[entries[0]![1] - 1]).toContain('<script>alert(1)</script>');
      // The conclusion runs over several pages: each has its number, and the author (left) or the title (right) above.
      const opening = entries[2]![1];
      expect(pages - opening).toBeGreaterThan(1);
      for (let number = opening + 1; number <= pages; number++) {
        const page = text[number - 1]!;
        if (!page.trim()) continue; // the blank page that makes the count even
        expect(page, `page ${number}`).toMatch(new RegExp(`^\\s*${number}\\s*$`, 'm'));
        expect(
          page
            .split('\n')
            .find((l) => l.trim())
            ?.trim(),
          `page ${number}`,
        ).toBe(number % 2 === 0 ? 'Siti Aminah' : 'Kisah <Cinta> & "Rindu"');
      }
      // No hyphenation patterns for Malay: no line ends in a word broken with a hyphen.
      expect(text.join('\n')).not.toMatch(/\p{L}-\n/u);
    },
  );
});
