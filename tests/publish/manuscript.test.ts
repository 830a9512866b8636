// The manuscripts of a package: one copyright page (the built-in one, with the author and the
// year, carrying the generated rights text), the contents and the EPUB's landmarks starting at the
// book's first real part, the author in the EPUB's and the DOCX's metadata, epubcheck clean, and DOCX
// line spacing with a line rule (so the 28 pt title cannot overlap).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { finishedBook as bookOf } from './finished-book.js';
import { loadCatalog } from '../../engine/node/load.js';
import { renderDocument } from '../../engine/node/export/index.js';
import { packageDocument } from '../../engine/publish/index.js';
import { epubcheck, readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;

const finishedBook = () =>
  bookOf({
    spec: romance,
    settings: { language: 'en' },
    outline: '1. Chapter 1: The Harbour',
    content: ['Aisha came home to Kuantan.', 'The harbour was loud.', 'They stayed.'],
  });

const COPYRIGHT =
  '# Copyright Page\n\n**Rain Over Kuantan**\n\nCopyright © 2026 ' +
  'Siti Aminah. All rights reserved.\n\nThis is a work of fiction.';
const doc = packageDocument(romance, finishedBook(), {
  title: 'Rain Over Kuantan',
  author: 'Siti Aminah',
  copyright: COPYRIGHT,
});
const DATE = new Date('2026-03-01T00:00:00Z');

describe('package manuscripts', () => {
  it(
    'EPUB: one copyright page with the author, year and rights; ' +
      'contents and landmarks start at the first part; epubcheck clean',
    async () => {
      const epub = await renderDocument(doc, 'epub', { date: DATE });
      const entries = readZip(epub);
      const xhtml = entries.filter((e) => e.name.endsWith('.xhtml'));
      const copyrightPages = xhtml.filter((e) =>
        /copyright-page|>(?:Copyright|Hak Cipta)(?: Page)?<\/h1>/.test(e.data.toString('utf8')),
      );
      expect(copyrightPages.map((e) => e.name)).toEqual(['OEBPS/copyright.xhtml']);
      const copyright = zipText(entries, 'OEBPS/copyright.xhtml');
      expect(copyright).toContain('© 2026 Siti Aminah');
      expect(copyright).toContain('All rights reserved.');
      expect(copyright).toContain('This is a work of fiction.');
      expect(copyright.match(/©/g)).toHaveLength(1);

      const nav = zipText(entries, 'OEBPS/toc.xhtml');
      const toc = /<nav epub:type="toc"[\s\S]*?<\/nav>/.exec(nav)![0];
      const firstEntry = /<li><a href="([^"]+)">([^<]+)<\/a><\/li>/.exec(toc)!;
      expect(firstEntry[2]).toBe('Introduction');
      const bodymatter = /epub:type="bodymatter" href="([^"]+)"/.exec(nav)![1]!;
      expect(bodymatter).toBe(firstEntry[1]);
      expect(zipText(entries, `OEBPS/${bodymatter}`)).toContain('<h1>Introduction</h1>');

      const opf = zipText(entries, entries.find((e) => e.name.endsWith('.opf'))!.name);
      expect(opf).toContain('<dc:creator id="creator">Siti Aminah</dc:creator>');

      const dir = tempDir('karya-manuscript-');
      const file = path.join(dir, 'manuscript.epub');
      writeFileSync(file, epub);
      const { code, report } = await epubcheck(file);
      expect(code, report).toBe(0);
      expect(report).toMatch(/0 fatals? \/ 0 errors? \/ 0 warnings?|No errors or warnings detected/);
    },
    120_000,
  );

  it(
    'DOCX: the author as creator, no "Copyright" heading ' + 'among the parts, every line spacing with a line rule',
    async () => {
      const docx = await renderDocument(doc, 'docx', { date: DATE });
      const entries = readZip(docx);
      expect(zipText(entries, 'docProps/core.xml')).toContain('<dc:creator>Siti Aminah</dc:creator>');
      const body = zipText(entries, 'word/document.xml');
      const headings = [...body.matchAll(/<w:pStyle w:val="Heading1"\/>[\s\S]*?<w:t[^>]*>([^<]*)<\/w:t>/g)].map(
        (m) => m[1],
      );
      expect(headings[0]).toBe('Introduction');
      expect(headings).not.toContain('Copyright');
      expect(body).toContain('All rights reserved.');
      expect(body.match(/©/g)).toHaveLength(1);
      const styles = zipText(entries, 'word/styles.xml');
      const spacings = [...`${styles}${body}`.matchAll(/<w:spacing [^>]*w:line="\d+"[^>]*\/>/g)].map((m) => m[0]);
      expect(spacings.length).toBeGreaterThan(3);
      for (const s of spacings) expect(s).toMatch(/w:lineRule="auto"/);
      // The title style: 28 pt and its own auto line spacing.
      expect(styles).toMatch(/<w:style [^>]*w:styleId="Title"[\s\S]*?w:lineRule="auto"[\s\S]*?<w:sz w:val="56"\/>/);
    },
  );
});
