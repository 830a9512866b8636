// The dual-language book: `karya export --book EDITION --bilingual` of the Malay edition of an English romance.
// The EPUB passes epubcheck; read as XHTML, every English paragraph of the source is followed by its Malay
// translation, each carrying its language; dc:language names both (the edition's first), the contents and headings
// are in both languages, the copyright page discloses the AI translation and names both languages. A book that is
// not an edition is refused, naming what to pass.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, saveRomance, savedBook } from '../translate/book.js';
import { epubcheck, readZip, runTool, zipText, type ZipEntry } from './tools.js';
import { tempDir } from '../temp.js';

/** The paragraphs of an XHTML file with their language, in document order. */
function paragraphs(xhtml: string): Array<{ lang: string | undefined; xmlLang: string | undefined; text: string }> {
  const dom = parseDocument(xhtml, { xmlMode: true });
  return DomUtils.findAll((e) => e.name === 'p', dom.children).map((p) => ({
    lang: p.attribs.lang,
    xmlLang: p.attribs['xml:lang'],
    text: DomUtils.textContent(p).trim(),
  }));
}

const parts = (files: readonly ZipEntry[]) =>
  files
    .filter((f) => /part-\d+\.xhtml$/.test(f.name))
    .map((f) => f.name)
    .sort();

describe('karya export --bilingual', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  let state: string;
  let source: number;
  let edition: number;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
    cwd = tempDir('karya-bilingual-');
    state = path.join(cwd, 'state.sqlite');
    source = await saveRomance(state, 'en', { isWhole: true });
    const made = await runKaryaInProcess(
      ['translate', '--book', String(source), '--to', 'ms', '--json', '--state', state],
      { cwd, env: env() },
    );
    expect(made.code, made.stderr).toBe(0);
    edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;
  }, 120_000);
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it(
    'the EPUB of a Malay edition of an English book passes epubcheck, each ' +
      'English paragraph followed by its Malay one, each in its language',
    async () => {
      const out = await runKaryaInProcess(
        [
          'export',
          '--book',
          String(edition),
          '--bilingual',
          '--format',
          'epub',
          '--out',
          'dual.epub',
          '--author',
          'Siti Aminah',
          '--state',
          state,
        ],
        { cwd, env: env() },
      );
      expect(out.code, out.stderr).toBe(0);
      const file = path.join(cwd, 'dual.epub');
      const check = await epubcheck(file);
      expect(check.code, check.report).toBe(0);
      expect(check.report).not.toMatch(/ERROR|FATAL/);

      const files = readZip(readFileSync(file));
      const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
      expect([...opf.matchAll(/<dc:language>([^<]+)<\/dc:language>/g)].map((m) => m[1])).toEqual(['ms', 'en']);
      expect(opf).toContain('<meta refines="#translator" property="role" scheme="marc:relators">trl</meta>');

      // Chapter n of the source is its part n + 1 (the prologue first); every English paragraph is there, in order,
      // each followed by one Malay paragraph.
      const names = parts(files);
      for (let n = 1; n <= CHAPTERS; n++) {
        const got = paragraphs(zipText(files, names[n]!));
        const english = chapterParagraphs(n, 'en');
        expect(got).toHaveLength(english.length * 2);
        english.forEach((text, i) => {
          expect(got[2 * i]).toEqual({ lang: 'en', xmlLang: 'en', text });
          const malay = got[2 * i + 1]!;
          expect(malay).toMatchObject({ lang: 'ms', xmlLang: 'ms' });
          expect(malay.text).not.toBe(text);
          expect(malay.text.length).toBeGreaterThan(text.length * 0.7);
        });
      }
      // The heading of a chapter in both languages, each in its own.
      const chapter = zipText(files, names[1]!);
      expect(chapter).toMatch(
        new RegExp(
          /<h1><span xml:lang="en" lang="en">Chapter 1[^<]*<\/span> <span xml:lang="ms" lang="ms" class="o/.source +
            /ther">Bab 1[^<]*<\/span><\/h1>/.source,
        ),
      );
      // The contents in both languages.
      const nav = zipText(files, files.find((f) => f.name.endsWith('toc.xhtml'))!.name);
      expect(nav).toContain('Kandungan / Contents');
      expect(nav).toMatch(
        /<span xml:lang="en" lang="en">Chapter 2[^<]*<\/span> \/ <span xml:lang="ms" lang="ms">Bab 2[^<]*<\/span>/,
      );
      // The copyright page: the AI translation disclosed and both languages named, in each language.
      const page = zipText(files, files.find((f) => f.name.endsWith('copyright.xhtml'))!.name);
      expect(page).toContain('Diterjemah daripada bahasa Inggeris oleh AI dengan Karya');
      expect(page).toContain('Translated from English by AI with Karya');
      expect(page).toContain('Edisi dwibahasa: bahasa Inggeris dan bahasa Melayu');
      expect(page).toContain('Bilingual edition: English and Malay');
      expect(page).toContain('Siti Aminah');
    },
    120_000,
  );

  /** The saved edition's paragraphs of chapter n (its part n: the prologue is part 0). */
  async function malayOf(n: number): Promise<string[]> {
    const book = await savedBook(state, edition);
    return book!.state.content[n]!.split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
  }
  const firstWords = (text: string, n: number) => text.split(/\s+/).slice(0, n).join(' ');

  it(
    'the alternating PDF (the default) is valid and its text ' +
      'runs each English paragraph, then its Malay one, in order',
    async () => {
      const out = await runKaryaInProcess(
        ['export', '--book', String(edition), '--bilingual', '--format', 'pdf', '--out', 'dual.pdf', '--state', state],
        { cwd, env: env() },
      );
      expect(out.code, out.stderr).toBe(0);
      const file = path.join(cwd, 'dual.pdf');
      const info = await runTool('pdfinfo', [file]);
      expect(info.code, info.stderr).toBe(0);
      // Lines broken and hyphenated by the layout are joined again before the paragraphs are looked for.
      const text = (await runTool('pdftotext', [file, '-'])).stdout.replace(/-\n/g, '').replace(/\s+/g, ' ');
      let at = 0;
      for (let n = 1; n <= CHAPTERS; n++) {
        const malay = await malayOf(n);
        const english = chapterParagraphs(n, 'en');
        expect(malay).toHaveLength(english.length);
        english.forEach((en, i) => {
          const e = text.indexOf(firstWords(en, 6), at);
          expect(e, `chapter ${n} paragraph ${i + 1} in English after the one before`).toBeGreaterThanOrEqual(0);
          const m = text.indexOf(firstWords(malay[i]!, 4), e);
          expect(m, `chapter ${n} paragraph ${i + 1} in Malay after its English`).toBeGreaterThan(e);
          at = m;
        });
      }
    },
  );

  it('the columns PDF is valid and sets each Malay paragraph facing its English one', async () => {
    const out = await runKaryaInProcess(
      [
        'export',
        '--book',
        String(edition),
        '--bilingual',
        '--format',
        'pdf',
        '--layout',
        'columns',
        '--out',
        'columns.pdf',
        '--state',
        state,
      ],
      { cwd, env: env() },
    );
    expect(out.code, out.stderr).toBe(0);
    const file = path.join(cwd, 'columns.pdf');
    const info = await runTool('pdfinfo', [file]);
    expect(info.code, info.stderr).toBe(0);
    const lines = (await runTool('pdftotext', ['-layout', file, '-'])).stdout.split('\n');
    for (const n of [1, CHAPTERS]) {
      const malay = await malayOf(n);
      chapterParagraphs(n, 'en').forEach((en, i) => {
        // The first line of a pair holds both: the English on the left, the Malay on the right of the same line.
        const row = lines.find(
          (l) => l.trimStart().startsWith(firstWords(en, 3)) && l.includes(firstWords(malay[i]!, 2)),
        );
        expect(row, `chapter ${n} paragraph ${i + 1}`).toBeDefined();
      });
    }
  });

  it('the DOCX alternates the paragraphs, each run with its language (w:lang)', async () => {
    const out = await runKaryaInProcess(
      ['export', '--book', String(edition), '--bilingual', '--format', 'docx', '--out', 'dual.docx', '--state', state],
      { cwd, env: env() },
    );
    expect(out.code, out.stderr).toBe(0);
    const xml = zipText(readZip(readFileSync(path.join(cwd, 'dual.docx'))), 'word/document.xml');
    const english = chapterParagraphs(1, 'en');
    const malay = await malayOf(1);
    let at = 0;
    english.forEach((en, i) => {
      const e = xml.indexOf(`<w:lang w:val="en-GB"/></w:rPr><w:t xml:space="preserve">${firstWords(en, 4)}`, at);
      expect(e, `paragraph ${i + 1} in English`).toBeGreaterThan(0);
      const m = xml.indexOf(`<w:lang w:val="ms-MY"/></w:rPr><w:t xml:space="preserve">${firstWords(malay[i]!, 3)}`, e);
      expect(m, `paragraph ${i + 1} in Malay after it`).toBeGreaterThan(e);
      at = m;
    });
  });

  it('refuses --bilingual on a book that is not an edition, in its language, naming what to pass', async () => {
    const out = await runKaryaInProcess(
      ['export', '--book', String(source), '--bilingual', '--format', 'epub', '--out', 'not.epub', '--state', state],
      { cwd, env: env() },
    );
    expect(out.code, out.stderr).toBe(2);
    expect(out.stderr).toContain(`Book ${source} is not a translated edition`);
    expect(out.stderr).toContain(`karya translate --book ${source} --to ms`);
  });

  it('refuses --layout without --bilingual and an unknown layout', async () => {
    const alone = await runKaryaInProcess(
      [
        'export',
        '--book',
        String(edition),
        '--layout',
        'columns',
        '--format',
        'pdf',
        '--out',
        'x.pdf',
        '--state',
        state,
      ],
      { cwd, env: env() },
    );
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('add --bilingual');
    const odd = await runKaryaInProcess(
      [
        'export',
        '--book',
        String(edition),
        '--bilingual',
        '--layout',
        'diagonal',
        '--format',
        'pdf',
        '--out',
        'x.pdf',
        '--state',
        state,
      ],
      { cwd, env: env() },
    );
    expect(odd.code).toBe(2);
    expect(odd.stderr).toContain('alternating, columns');
  });
});
