// Every EPUB Karya writes says how it can be read (EPUB Accessibility 1.1, what DAISY's Ace and the stores read):
// the package's schema.org metadata with its summary in the book's language, a DPUB-ARIA role beside each
// structural type, landmarks, and headings without gaps. Ace's own verdict on whole books: ace.test.ts.
import { describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/session/book.js';
import type { Lang } from '../../engine/spec/types.js';
import { renderDocument } from '../../engine/node/export/index.js';
import { readZip, zipText } from './tools.js';

const DATE = new Date('2026-03-04T05:06:07Z');

function book(lang: Lang): BookDocument {
  return {
    title: 'Sungai', author: 'Nur', lang, typeLabel: 'Novel',
    parts: [
      { id: 'dedication', heading: 'Dedication', markdown: 'For my mother.', role: 'dedication' },
      { id: 'epigraph', heading: 'Epigraph', markdown: '> The river remembers.', role: 'epigraph' },
      { id: 'chapter:1', heading: 'One', markdown: 'First words.\n\n### Too deep\n\nText.\n\n#### Deeper\n\nMore.\n\n## Back up\n\nEnd.' },
      { id: 'chapter:2', heading: 'Two', markdown: 'Second words.' },
    ],
  };
}

async function epubOf(lang: Lang): Promise<{ opf: string; file: (name: string) => string }> {
  const entries = readZip(await renderDocument(book(lang), 'epub', { date: DATE }));
  return { opf: zipText(entries, 'OEBPS/content.opf'), file: (name) => zipText(entries, `OEBPS/${name}`) };
}

const metas = (opf: string, property: string) => [...opf.matchAll(new RegExp(`<meta property="${property}">([^<]*)</meta>`, 'g'))].map((m) => m[1]);

describe("an EPUB's accessibility", () => {
  it('declares how it is read, what helps, no hazards and the conformance Ace accepts', async () => {
    const { opf } = await epubOf('en');
    expect(metas(opf, 'schema:accessMode')).toEqual(['textual']);
    expect(metas(opf, 'schema:accessModeSufficient')).toEqual(['textual']);
    expect(metas(opf, 'schema:accessibilityFeature')).toEqual(expect.arrayContaining(['structuralNavigation', 'tableOfContents', 'readingOrder']));
    // No pictures in its pages: no claim of alternative text for them.
    expect(metas(opf, 'schema:accessibilityFeature')).not.toContain('alternativeText');
    expect(metas(opf, 'schema:accessibilityHazard')).toEqual(['none']);
    expect(metas(opf, 'dcterms:conformsTo')).toEqual(['EPUB Accessibility 1.1 - WCAG 2.1 Level AA']);
    // Nobody certified it: no certifier is named.
    expect(opf).not.toMatch(/certifiedBy/);
  });

  it("summarises its accessibility in the book's language (English, Malay, Indonesian)", async () => {
    const summaries = await Promise.all((['en', 'ms', 'id'] as const).map(async (lang) => metas((await epubOf(lang)).opf, 'schema:accessibilitySummary')));
    for (const s of summaries) expect(s).toHaveLength(1);
    const [en, ms, id] = summaries.map((s) => s[0]!.toLowerCase());
    expect(en).toContain('table of contents');
    expect(ms).toContain('senarai kandungan');
    expect(id).toContain('daftar isi');
    expect(new Set([en, ms, id]).size).toBe(3);
  });

  it('gives each part the ARIA role of its type, the contents doc-toc, and keeps the landmarks', async () => {
    const { file } = await epubOf('ms');
    expect(file('part-001.xhtml')).toMatch(/<section epub:type="dedication" role="doc-dedication">/);
    expect(file('part-002.xhtml')).toMatch(/<section epub:type="epigraph" role="doc-epigraph">/);
    expect(file('part-003.xhtml')).toMatch(/<section epub:type="chapter" role="doc-chapter">/);
    const nav = file('toc.xhtml');
    expect(nav).toMatch(/<nav epub:type="toc" role="doc-toc" id="toc">/);
    expect(nav).toMatch(/<nav epub:type="landmarks"[^>]*>[\s\S]*epub:type="bodymatter" href="part-003.xhtml"/);
    // The title and copyright pages have types with no ARIA role: none is made up.
    expect(file('title-page.xhtml')).toMatch(/<section epub:type="titlepage" class="titlepage">/);
  });

  it("numbers headings without a gap: a ### under the chapter's h1 is an h2, one level deeper an h3", async () => {
    const chapter = (await epubOf('en')).file('part-003.xhtml');
    const levels = [...chapter.matchAll(/<h(\d)>([^<]*)<\/h\d>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(levels).toEqual(['1 One', '2 Too deep', '3 Deeper', '2 Back up']);
  });
});
