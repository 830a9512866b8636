// End to end: the side-by-side page of a Malay edition of an English romance offers the dual-language book (EPUB,
// PDF paragraph by paragraph or in facing columns, DOCX); a click on EPUB downloads an EPUB whose chapters run each
// English paragraph followed by its Malay one, each in its language, and whose dc:language names both. The page is
// axe clean (no serious or critical violation) at 1366 and 390 px in the English and the Malay studio. The edition
// is made through the API with the fake model taught to translate (tests/fake-translator.ts).
import { afterAll, expect, it } from 'vitest';
import { describeInChromium, downloadBytes, fakeModel, keepScreenshot } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, type Writer } from './seed.js';
import { LANGUAGE_RULES, problemsAtWidths } from './axe.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, WORD_MAP } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs } from '../translate/book.js';
import { readZip, zipText } from '../export/tools.js';

const PASSWORD = 'secret12';
const model = fakeModel(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));
afterAll(() => model.close());

/** The writer's English romance imported as My Books' import does, and its Malay edition made; the edition's id. */
async function englishRomanceWithEdition(writer: Writer): Promise<number> {
  const text = [
    '# Lantern Bay',
    ...Array.from({ length: CHAPTERS }, (_, i) =>
      [`## Chapter ${i + 1}: ${WORD_MAP[i]![0]}`, ...chapterParagraphs(i + 1, 'en')].join('\n\n'),
    ),
  ].join('\n\n');
  await asWriter(writer, '/books/import?file=romance.md&generator=romance&lang=en', {
    body: text,
    type: 'text/markdown',
  });
  const books = (await (await asWriter(writer, '/books')).json()) as { books: Array<{ id: number }> };
  const made = await asWriter(writer, `/books/${books.books[0]!.id}/editions`, { body: { to: 'ms' } });
  return ((await made.json()) as { edition: { id: number } }).edition.id;
}

/** The paragraphs of an XHTML chapter with their language, in order. */
const paragraphsOf = (xhtml: string) =>
  [...xhtml.matchAll(/<p xml:lang="(en|ms)" lang="\1"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => ({
    lang: m[1],
    text: m[2]!.replace(/<[^>]+>/g, ''),
  }));

describeInChromium(
  'The dual-language book of an edition',
  { what: 'fake model taught to translate', serve: model.serve, forAxe: true },
  (app) => {
    it(
      'the side-by-side page offers the bilingual download; EPUB downloads with English ' +
        'and Malay paragraphs alternating; axe clean at 1366 and 390 px in English and Malay',
      async () => {
        const page = await app.open({ width: 1366, height: 900 });
        // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts), the
        // romance
        // and its edition made before the studio is opened.
        const writer = await signUpWriter(app.base, 'bilingual@e2e.test', { password: PASSWORD });
        await setCredits(writer, app.karya.adminEmail, 40);
        const edition = await englishRomanceWithEdition(writer);
        await signInPage(page, writer);

        await page.goto(`${app.base}/books/${edition}/side-by-side`);
        const offer = page.getByTestId('bilingual-download');
        await offer.getByRole('heading', { name: 'Dual-language book' }).waitFor();
        for (const name of ['EPUB', 'PDF, paragraph by paragraph', 'PDF, facing columns', 'DOCX']) {
          await offer.getByRole('link', { name: `Download the dual-language book as ${name}` }).waitFor();
        }
        expect(await problemsAtWidths(page)).toEqual([]);
        await keepScreenshot(page, 'bilingual-side-by-side-en-1366.png');

        const [download] = await Promise.all([
          page.waitForEvent('download'),
          offer.getByRole('link', { name: 'Download the dual-language book as EPUB' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.epub$/);
        const bytes = await downloadBytes(download);
        expect(bytes.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
        const files = readZip(bytes);
        const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
        expect([...opf.matchAll(/<dc:language>([^<]+)<\/dc:language>/g)].map((m) => m[1])).toEqual(['ms', 'en']);
        // Chapter 1 (after the imported book's empty prologue): each English paragraph, then one in Malay.
        const chapter = files
          .map((f) => f.name)
          .filter((n) => /part-\d+\.xhtml$/.test(n))
          .sort()
          .map((n) => zipText(files, n))
          .find((x) => x.includes('Chapter 1'))!;
        const got = paragraphsOf(chapter);
        const english = chapterParagraphs(1, 'en');
        expect(got.map((p) => p.lang)).toEqual(english.flatMap(() => ['en', 'ms']));
        expect(got.filter((p) => p.lang === 'en').map((p) => p.text)).toEqual(english);

        // The Malay studio: the same offer in Malay, axe clean at both widths. The page was read whole in English just
        // above (the same elements and theme at the same widths, other words): here, the rules words can break
        // (tests/e2e/axe.ts LANGUAGE_RULES).
        await page.locator('aside [data-testid="language-switch"]').selectOption('ms');
        await offer.getByRole('heading', { name: 'Buku dwibahasa' }).waitFor();
        await offer.getByRole('link', { name: 'Muat turun buku dwibahasa sebagai PDF, lajur bersebelahan' }).waitFor();
        expect(await problemsAtWidths(page, [], LANGUAGE_RULES)).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        await keepScreenshot(page, 'bilingual-side-by-side-ms-390.png');
      },
      240_000,
    );
  },
);
