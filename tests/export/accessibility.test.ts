// Every EPUB Karya writes says how it can be read (EPUB Accessibility 1.1, what DAISY's Ace and the stores read):
// the package's schema.org metadata with its summary in the book's language, a DPUB-ARIA role beside each
// structural type, landmarks, and headings without gaps. Ace's own verdict on whole books: ace.test.ts.
import { describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/session/book.js';
import type { Lang } from '../../engine/spec/types.js';
import { renderDocument } from '../../engine/node/export/index.js';
import { aceVerdict, aceViolations, runAce, type AceViolation } from '../../engine/node/ace.js';
import { readinessText } from '../../engine/publish/index.js';
import { readZip, zipText } from './tools.js';

const DATE = new Date('2026-03-04T05:06:07Z');

function book(lang: Lang): BookDocument {
  return {
    title: 'Sungai',
    author: 'Nur',
    lang,
    typeLabel: 'Novel',
    parts: [
      { id: 'dedication', heading: 'Dedication', markdown: 'For my mother.', role: 'dedication' },
      { id: 'epigraph', heading: 'Epigraph', markdown: '> The river remembers.', role: 'epigraph' },
      {
        id: 'chapter:1',
        heading: 'One',
        markdown: 'First words.\n\n### Too deep\n\nText.\n\n#### Deeper\n\nMore.\n\n## Back up\n\nEnd.',
      },
      { id: 'chapter:2', heading: 'Two', markdown: 'Second words.' },
    ],
  };
}

async function epubOf(lang: Lang): Promise<{ opf: string; file: (name: string) => string }> {
  const entries = readZip(await renderDocument(book(lang), 'epub', { date: DATE }));
  return { opf: zipText(entries, 'OEBPS/content.opf'), file: (name) => zipText(entries, `OEBPS/${name}`) };
}

const metas = (opf: string, property: string) =>
  [...opf.matchAll(new RegExp(`<meta property="${property}">([^<]*)</meta>`, 'g'))].map((m) => m[1]);

describe("an EPUB's accessibility", () => {
  it('declares how it is read, what helps, no hazards and the conformance Ace accepts', async () => {
    const { opf } = await epubOf('en');
    expect(metas(opf, 'schema:accessMode')).toEqual(['textual']);
    expect(metas(opf, 'schema:accessModeSufficient')).toEqual(['textual']);
    expect(metas(opf, 'schema:accessibilityFeature')).toEqual(
      expect.arrayContaining(['structuralNavigation', 'tableOfContents', 'readingOrder']),
    );
    // No pictures in its pages: no claim of alternative text for them.
    expect(metas(opf, 'schema:accessibilityFeature')).not.toContain('alternativeText');
    expect(metas(opf, 'schema:accessibilityHazard')).toEqual(['none']);
    expect(metas(opf, 'dcterms:conformsTo')).toEqual(['EPUB Accessibility 1.1 - WCAG 2.1 Level AA']);
    // Nobody certified it: no certifier is named.
    expect(opf).not.toMatch(/certifiedBy/);
  });

  it("summarises its accessibility in the book's language (English, Malay, Indonesian)", async () => {
    const summaries = await Promise.all(
      (['en', 'ms', 'id'] as const).map(async (lang) => metas((await epubOf(lang)).opf, 'schema:accessibilitySummary')),
    );
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

describe("Ace's verdict in readiness", () => {
  const v = (impact: AceViolation['impact']): AceViolation => ({
    file: 'OEBPS/part-001.xhtml',
    rule: 'heading-order',
    impact,
  });

  it('fails on a serious or critical violation, warns on moderate or minor ones only, passes on none', () => {
    expect(aceVerdict([v('moderate'), v('serious')])).toMatchObject({
      status: 'fail',
      counts: { critical: 0, serious: 1, moderate: 1, minor: 0 },
    });
    expect(aceVerdict([v('critical')]).status).toBe('fail');
    expect(aceVerdict([v('minor'), v('moderate')]).status).toBe('warn');
    expect(aceVerdict([])).toMatchObject({
      status: 'pass',
      counts: { critical: 0, serious: 0, moderate: 0, minor: 0 },
    });
    // What it found names the rule, its impact and the file, the worst first.
    expect(readinessText(aceVerdict([v('minor'), v('serious')]).detail, 'en')).toBe(
      'Ace: 0 critical, 1 serious, 0 moderate, 1 minor: heading-order ' +
        '(serious, part-001.xhtml) | heading-order (minor, part-001.xhtml)',
    );
  });

  it('reads the violations of an Ace report (report.json): each page, its rules and their impact', () => {
    const report = {
      assertions: [
        {
          'earl:testSubject': { url: 'OEBPS/content.opf' },
          assertions: [{ 'earl:test': { 'earl:impact': 'serious', 'dct:title': 'metadata-accessmode' } }],
        },
        { 'earl:testSubject': { url: 'toc.xhtml' }, assertions: [] },
      ],
    };
    expect(aceViolations(report)).toEqual([
      { file: 'OEBPS/content.opf', rule: 'metadata-accessmode', impact: 'serious' },
    ]);
    expect(aceViolations({})).toEqual([]);
  });

  it(
    'is skipped saying why, never a silent pass: turned off, or no ' +
      "Chromium (named with how to install it), in the writer's language",
    async () => {
      const saved = { ace: process.env.KARYA_ACE, chromium: process.env.PUPPETEER_EXECUTABLE_PATH };
      try {
        process.env.KARYA_ACE = 'off';
        const off = await runAce('book.epub');
        expect(off.status).toBe('skipped');
        expect(readinessText(off.detail, 'en')).toMatch(/KARYA_ACE=off/);
        process.env.KARYA_ACE = 'on';
        process.env.PUPPETEER_EXECUTABLE_PATH = '/nowhere/chromium';
        const none = await runAce('book.epub');
        expect(none.status).toBe('skipped');
        expect(readinessText(none.detail, 'en')).toMatch(
          /Chromium.*apt install chromium-headless-shell.*PUPPETEER_EXECUTABLE_PATH/,
        );
        expect(readinessText(none.detail, 'ms')).toMatch(/memerlukan Chromium/);
        expect(readinessText(none.detail, 'id')).toMatch(/memerlukan Chromium/);
      } finally {
        for (const [name, value] of [
          ['KARYA_ACE', saved.ace],
          ['PUPPETEER_EXECUTABLE_PATH', saved.chromium],
        ] as const) {
          if (value === undefined) delete process.env[name];
          else process.env[name] = value;
        }
      }
    },
  );
});
