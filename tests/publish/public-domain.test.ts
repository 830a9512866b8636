// A public-domain novel published as an edition of it: Anne of Avonlea (1909) as Project Gutenberg ships it, imported,
// given an introduction a model wrote, and made a KDP package. Its copyright page, in the EPUB, the Word file and the
// paperback's PDF alike, says the text is in the public domain (its author, its year), names what this edition adds
// and claims copyright only over that, never "© 2026" over the novel; readiness names KDP's public-domain rules. The
// same book's Malay edition says it in Malay, naming its translation. A book that is not public domain is unchanged.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedBookOf, parseSettings, readManuscript, type BookState } from '../../engine/index.js';
import { withPartProvenance } from '../../engine/compile/provenance.js';
import { editionStart } from '../../engine/session/translate/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { writePackageParts, type RunPublishStep } from '../../engine/publish/index.js';
import { buildKdpPackage } from '../../engine/node/publish.js';
import { readZip, runTool, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: false });
const romance = catalog.get('romance')!;
const NOVEL = path.join(import.meta.dirname, '../fixtures/gutenberg/anne-of-avonlea-xvi-xxi.txt');
const YEAR = new Date().getFullYear();

/** The fixture's chapters under Project Gutenberg's current header, which names the original publication. */
function anneText(): string {
  const text = readFileSync(NOVEL, 'utf8');
  const header = [
    'The Project Gutenberg eBook of Anne of Avonlea',
    '',
    'This ebook is for the use of anyone anywhere in the United States and',
    'most other parts of the world at no cost and with almost no restrictions',
    'whatsoever.',
    '',
    'Title: Anne of Avonlea',
    '',
    'Author: L. M. Montgomery',
    '',
    'Release date: March 1, 1992 [eBook #47]',
    '',
    'Language: English',
    '',
    'Original publication: Boston: L. C. Page & Company, 1909',
    '',
    '',
  ].join('\n');
  return header + text.slice(text.indexOf('*** START OF'));
}

/** The imported novel, its introduction written by a model (no record: the model's). */
function importedAnne(): BookState {
  const read = readManuscript('anne.txt', { bytes: new TextEncoder().encode(anneText()) });
  const state = importedBookOf({
    spec: romance,
    manuscript: read,
    settings: parseSettings(romance, { language: 'en' }),
    file: 'anne.txt',
    ...(read.title ? { title: read.title } : {}),
  });
  const content = [...state.content];
  content[0] =
    'Lucy Maud Montgomery wrote Anne of Avonlea as the sequel to Anne of Green ' +
    'Gables; this introduction sets the novel in its island and its time.';
  return withPartProvenance({ ...state, content }, 0, { origin: 'model' });
}

const steps: RunPublishStep = async (step) => ({
  text:
    step.part === 'description'
      ? 'Anne teaches at the Avonlea school.'
      : step.part === 'copyright'
        ? 'Copyright © 2026 L. M. Montgomery. All rights reserved.\n\nPublished by Nur Press.'
        : 'x',
});
const noCheck = async () =>
  ({ status: 'skipped', detail: { code: 'verbatim', vars: { text: 'not checked here' } } }) as never;

async function packageOf(state: BookState, given: { title: string; author: string; publisher?: string }) {
  const parts = await writePackageParts({
    book: romance,
    state,
    specOf: (id) => catalog.get(id),
    runStep: steps,
    given: { ...given, cover: { kind: 'typographic' } },
  });
  return buildKdpPackage({ book: romance, state, parts, epubcheck: noCheck });
}

/** The copyright page of each manuscript: the EPUB's page, the Word file's text, the paperback PDF's text. */
async function copyrightPages(files: Record<string, Uint8Array>): Promise<{ epub: string; docx: string; pdf: string }> {
  const epubEntries = readZip(files['manuscript.epub']!);
  const epub = zipText(epubEntries, 'OEBPS/copyright.xhtml')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  const docx = zipText(readZip(files['manuscript.docx']!), 'word/document.xml')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ');
  const file = path.join(tempDir('karya-pd-pdf-'), 'interior.pdf');
  writeFileSync(file, files['paperback-interior.pdf']!);
  const pdf = (await runTool('pdftotext', ['-l', '6', file, '-'])).stdout.replace(/\s+/g, ' ');
  return { epub, docx, pdf };
}

describe('a public-domain novel published as an edition of it', () => {
  it('the import keeps the source: public domain, first published 1909, by L. M. Montgomery', () => {
    expect(importedAnne().source).toEqual({
      publicDomain: true,
      from: 'gutenberg',
      firstPublished: 1909,
      originalAuthor: 'L. M. Montgomery',
    });
  });

  it(
    'its copyright page (EPUB, DOCX, PDF) says public domain, names the AI ' +
      "introduction and claims © only over it; readiness names KDP's rules",
    async () => {
      const built = await packageOf(importedAnne(), {
        title: 'Anne of Avonlea',
        author: 'L. M. Montgomery',
        publisher: 'Nur Press',
      });
      const pages = await copyrightPages(built.files);
      for (const [format, page] of Object.entries(pages)) {
        expect(page, format).toContain('This text is in the public domain.');
        expect(page, format).toContain('The original is by L. M. Montgomery, first published in 1909.');
        expect(page, format).toContain('This edition adds Introduction written by AI.');
        expect(page, format).toContain(`Introduction © ${YEAR} Nur Press.`);
        // Never a © over the novel, its author's or anyone's, nor "Written with Karya" (the model's © line is taken
        // out).
        expect(page, format).not.toMatch(/© \d{4} L\. M\. Montgomery|All rights reserved|Written with Karya/);
        expect(page.match(/©/g), format).toHaveLength(1);
      }
      const check = built.readiness.channels.kdp_ebook.checks.find((c) => c.id === 'public-domain')!;
      expect(check.label).toMatch(/public-domain text: KDP publishes only a differentiated edition/);
      expect(check.detail).toContain('the text is in the public domain (first published in 1909)');
      expect(check.detail).toContain('this edition adds Introduction written by AI');
      // Not marked (Annotated) in its title: not ready, with KDP's marks, its caution on AI-made additions and the
      // declaration.
      expect(check.status).toBe('fail');
      expect(check.fix).toContain('put (Annotated) in the title field');
      expect(check.fix).toContain('an AI translation or AI-written parts may not count');
      expect(check.fix).toContain('choose "This is a public domain work"');
      expect(built.readiness.channels.google_play.checks.some((c) => c.id === 'public-domain')).toBe(false);
    },
    120_000,
  );

  it(
    'an edition that adds nothing claims nothing, and ' + 'readiness says KDP will not publish it undifferentiated',
    async () => {
      const read = readManuscript('anne.txt', { bytes: new TextEncoder().encode(anneText()) });
      const state = importedBookOf({
        spec: romance,
        manuscript: read,
        settings: parseSettings(romance, { language: 'en' }),
        file: 'anne.txt',
      });
      const built = await packageOf(state, { title: 'Anne of Avonlea', author: 'L. M. Montgomery' });
      const { epub } = await copyrightPages(built.files);
      expect(epub).toContain('This edition adds nothing of its own to the text and claims no copyright in it.');
      expect(epub).not.toContain('©');
      const check = built.readiness.channels.kdp_paperback.checks.find((c) => c.id === 'public-domain')!;
      expect(check.status).toBe('fail');
      expect(check.detail).toContain(
        'this edition adds nothing that differentiates it: no translation, no annotations, no parts of its own',
      );
      expect(check.fix!).toMatch(/a unique translation \(Translated\), hand-crafted annotations/);
    },
    120_000,
  );

  it(
    'its Malay edition says it in Malay: public domain, the translation from ' +
      'English by AI, © only over the translation (its introduction translated too)',
    async () => {
      const source = importedAnne();
      const start = editionStart(romance, source, 'ms');
      let edition: BookState = {
        ...start,
        content: source.content.map((_, i) => (i === 0 ? 'Pengenalan kepada novel ini.' : `Bab ${i} diterjemah.`)),
        currentChapter: source.content.length,
      };
      edition.content.forEach((_, i) => {
        edition = withPartProvenance(edition, i, { origin: 'model', translatedFrom: 'en' });
      });
      const built = await packageOf(edition, {
        title: 'Anne dari Avonlea (Translated)',
        author: 'L. M. Montgomery',
        publisher: 'Nur Press',
      });
      const { epub, docx } = await copyrightPages(built.files);
      for (const page of [epub, docx]) {
        expect(page).toContain('Teks ini berada dalam domain awam.');
        expect(page).toContain('Karya asal ini oleh L. M. Montgomery, pertama kali diterbitkan pada tahun 1909.');
        expect(page).toContain('Edisi ini menambah terjemahan daripada bahasa Inggeris oleh AI.');
        expect(page).toContain(`Terjemahan © ${YEAR} Nur Press.`);
        expect(page).not.toMatch(/Ditulis dengan Karya|© \d{4} L\. M\./);
      }
      const check = built.readiness.channels.kdp_ebook.checks.find((c) => c.id === 'public-domain')!;
      // Marked (Translated): what KDP's page and the upload must confirm is left to check.
      expect(check.status).toBe('check');
      expect(check.detail).toContain('teks ini berada dalam domain awam (pertama kali diterbitkan pada tahun 1909)');
      expect(check.fix).toContain(
        'semasa muat naik, di bawah hak penerbitan, pilih "This is a ' +
          'public domain work" (buku sebegini tidak layak untuk royalti 70%)',
      );
    },
    120_000,
  );
});
