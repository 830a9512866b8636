// An edition is its own book: publishing the Malay edition of an imported novel that has no conclusion (nor a
// prologue) writes nothing for it (no part asked of the model) and its package says the text is the AI's
// translation everywhere a reader or a store looks: metadata.json, the copyright page, and a translator credit
// (MARC relator trl) whose name is a name, read as such by calibre's ebook-meta.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { describeRequest, underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { chapterParagraphs, saveRomance, savedEdition } from './book.js';
import { readZip, runTool, zipText } from '../export/tools.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

describe('the Malay edition of an imported novel with no conclusion, published', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
    cwd = tempDir('karya-edition-book-');
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it(
    'writes no part, and its package says the text is translated by ' +
      'AI (metadata.json, copyright page, a translator calibre reads)',
    async () => {
      const state = path.join(cwd, 'state.sqlite');
      // Chapters only, as a manuscript without a prologue or an ending is imported.
      const id = await saveRomance(state, 'en', { title: 'The Penang Bakery' });
      const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL };
      const made = await runKaryaInProcess(
        ['translate', '--book', String(id), '--to', 'ms', '--json', '--state', state],
        { cwd, env },
      );
      expect(made.code, made.stderr).toBe(0);
      const edition = (JSON.parse(made.stdout) as { edition: { id: number } }).edition.id;

      const before = fake.generationRequests().length;
      const pkg = await runKaryaInProcess(
        ['publish', 'romance', '--book', String(edition), '--out', 'pkg', '--author', 'Siti Aminah', '--state', state],
        { cwd, env: { ...env, ...WITHOUT_EPUBCHECK } },
      );
      expect([0, 1], pkg.stderr).toContain(pkg.code);
      // Only the package's own steps were asked (description, keywords, copyright, cover): no part of the book, no
      // story-bible update.
      const asked = fake
        .generationRequests()
        .slice(before)
        .map((r) => describeRequest(r.body as Record<string, unknown>));
      expect(
        asked
          .filter((r) => ['outline', 'introduction', 'chapter', 'conclusion', 'memory'].includes(r.kind))
          .map((r) => r.kind),
      ).toEqual([]);
      expect(pkg.stderr).not.toMatch(/Kesimpulan|Pengenalan/);

      const metadata = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'metadata.json'), 'utf8')) as {
        language: string;
        aiContent: { translations: string; translatedFrom: string };
      };
      expect(metadata).toMatchObject({ language: 'ms', aiContent: { translations: 'ai', translatedFrom: 'en' } });

      const epub = path.join(cwd, 'pkg', 'manuscript.epub');
      const files = readZip(readFileSync(epub));
      const page = zipText(files, files.find((f) => f.name.endsWith('copyright.xhtml'))!.name);
      expect(page).toContain('daripada bahasa Inggeris oleh AI');
      expect(page).not.toContain('Ditulis dengan Karya');
      // The edition holds the source's five chapters and nothing else: no empty "Pengenalan", no "Kesimpulan".
      const nav = zipText(files, files.find((f) => /nav\.xhtml$|toc\.xhtml$/.test(f.name))!.name);
      expect(nav).not.toMatch(/Pengenalan|Kesimpulan/);
      expect([...new Set(nav.match(/Bab \d/g))]).toEqual(['Bab 1', 'Bab 2', 'Bab 3', 'Bab 4', 'Bab 5']);
      const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
      expect(opf).toContain('<dc:contributor id="translator">Karya (AI)</dc:contributor>');
      expect(opf).toContain('<meta refines="#translator" property="role" scheme="marc:relators">trl</meta>');

      // calibre reads the translator as a name, under its heading in the book's language (and the disclosure is no
      // author).
      const meta = await runTool('ebook-meta', [epub]);
      expect(meta.code, meta.stderr).toBe(0);
      expect(meta.stdout).toMatch(/^Penterjemah\s*: Karya \(AI\)$/m);
      expect(meta.stdout).toMatch(/^Author\(s\)\s*: Siti Aminah$/m);
    },
    240_000,
  );

  it(
    'refuses to publish an edition with a paragraph still untranslated, ' +
      'naming the part and how to translate it, and writes nothing',
    async () => {
      // Chapter 3's second paragraph never comes back translated: the edition keeps it in English, marked.
      const stuck = await startFakeOpenAI(
        underWriter(1).fakeOptions({ reply: fakeTranslator({ cannot: chapterParagraphs(3, 'en')[1]! }).reply }),
      );
      try {
        const state = path.join(cwd, 'left.sqlite');
        const id = await saveRomance(state, 'en', { title: 'The Penang Bakery' });
        const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: stuck.baseURL };
        const made = await runKaryaInProcess(
          ['translate', '--book', String(id), '--to', 'ms', '--no-bible', '--state', state],
          { cwd, env },
        );
        expect(made.code, made.stderr).toBe(1);
        const edition = (await savedEdition(state))!.id;
        const before = stuck.generationRequests().length;
        const pkg = await runKaryaInProcess(
          [
            'publish',
            'romance',
            '--book',
            String(edition),
            '--out',
            'left-pkg',
            '--author',
            'Siti Aminah',
            '--state',
            state,
          ],
          { cwd, env: { ...env, ...WITHOUT_EPUBCHECK } },
        );
        expect(pkg.code).toBe(1);
        expect(pkg.stderr).toContain(
          `Buku ${edition} ialah edisi bahasa Melayu bagi buku ${id}, dan Bab 3 belum diterjemah`,
        );
        expect(pkg.stderr).toContain(`karya translate --book ${id} --to ms`);
        expect(stuck.generationRequests().length).toBe(before);
      } finally {
        await stuck.close();
      }
    },
    240_000,
  );
});
