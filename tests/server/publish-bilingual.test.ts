// The dual-language edition as a choice of the publish panel (POST /api/books/:bookType/publish with bilingual):
// the Malay edition of an English romance, published as a bilingual book, has a package whose EPUB prints every
// English paragraph followed by its Malay translation, each in its language, and whose readiness lists how a store
// takes a book in two languages. A book that is no edition is refused before anything is spent, with its code.
import { parseDocument, DomUtils } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { ApiErrorEnvelopeSchema, type KdpPackage } from '../../engine/contract/index.js';
import { downloadOf, serverOnFakeModel, signUp, type TestServer } from './helpers.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator } from '../fake-translator.js';
import { CHAPTERS, chapterParagraphs, romanceSaves } from '../translate/book.js';
import { readZip, zipText, type ZipEntry } from '../export/tools.js';
import { toolSkip, WITHOUT_EPUBCHECK } from '../setup/tools.js';

const served = serverOnFakeModel(underWriter(1).fakeOptions({ reply: fakeTranslator().reply }));

/** The paragraphs of an XHTML file with their language, in document order. */
function paragraphs(xhtml: string): Array<{ lang: string | undefined; xmlLang: string | undefined; text: string }> {
  const dom = parseDocument(xhtml, { xmlMode: true });
  return DomUtils.findAll((e) => e.name === 'p', dom.children).map((p) => ({
    lang: p.attribs.lang,
    xmlLang: p.attribs['xml:lang'],
    text: DomUtils.textContent(p).trim(),
  }));
}
const partFiles = (files: readonly ZipEntry[]) =>
  files
    .filter((f) => /part-\d+\.xhtml$/.test(f.name))
    .map((f) => f.name)
    .sort();

/** `work` with a PATH where epubcheck is not found (the server runs in this process), the PATH put back after. */
async function withoutEpubcheck<T>(work: () => PromiseLike<T>): Promise<T> {
  const before = process.env.PATH;
  process.env.PATH = WITHOUT_EPUBCHECK.PATH;
  try {
    return await work();
  } finally {
    process.env.PATH = before;
  }
}

/** A writer with credits and the 5-chapter English romance as their current romance. */
async function writerWithRomance(ts: TestServer) {
  const cookie = await signUp(ts);
  const id = (await ts.http.get('/api/me').set('cookie', cookie)).body.id as string;
  await ts.ctx.repos.credits.setBalance({ userId: id, credits: 100, reason: 'test' });
  const bookId = await ts.ctx.repos.books.saveImport({
    userId: id,
    key: 'romance',
    saves: romanceSaves('en', { isWhole: true }),
  });
  return { cookie, id, bookId };
}

describe('publishing an edition as a dual-language book', () => {
  it(
    "refuses a book that is no edition, then makes the edition's " +
      'package in both languages with the bilingual readiness rule',
    async () => {
      const { ts } = served;
      const w = await writerWithRomance(ts);
      const quote = await ts.http.get('/api/books/romance/publish').set('cookie', w.cookie);
      expect(quote.status).toBe(200);
      expect(quote.body.edition).toBeUndefined();

      // The source itself has no second language: refused with its code, in the book's language, nothing charged.
      const before = await ts.ctx.repos.credits.balanceOf(w.id);
      const refused = await ts.http
        .post('/api/books/romance/publish')
        .set('cookie', w.cookie)
        .send({ bilingual: true });
      expect(refused.status).toBe(422);
      const error = ApiErrorEnvelopeSchema.parse(refused.body).error;
      expect(error.code).toBe('publish_not_edition');
      expect(error.message).toContain(`Book ${w.bookId} is not a translated edition`);
      expect(await ts.ctx.repos.credits.balanceOf(w.id)).toBe(before);

      // Its Malay edition, made and continued: the current romance, which the panel offers as a dual-language book.
      const made = await ts.http.post(`/api/books/${w.bookId}/editions`).set('cookie', w.cookie).send({ to: 'ms' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const editionId = made.body.edition.id as number;
      expect((await ts.http.post(`/api/books/${editionId}/continue`).set('cookie', w.cookie)).status).toBe(200);
      const offered = await ts.http.get('/api/books/romance/publish').set('cookie', w.cookie);
      expect(offered.body).toMatchObject({
        is_finished: true,
        book_id: editionId,
        edition: { lang: 'ms', source_lang: 'en' },
      });

      const res = await ts.http
        .post('/api/books/romance/publish')
        .set('cookie', w.cookie)
        .send({ author: 'Siti Aminah', bilingual: true });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const report = res.body.package as KdpPackage;
      // Every channel lists how its store takes a book in two languages, in the edition's language (Malay).
      for (const channel of Object.values(report.channels)) {
        const rule = channel.checks.find((c) => c.id === 'bilingual-language');
        expect(rule, channel.name).toBeDefined();
        expect(rule!.label).toMatch(/^buku dwibahasa \(.+ dan .+\) mengisytiharkan satu bahasa$/);
      }
      // The package's own EPUB check finds nothing wrong with the book in two languages (epubcheck installed: it ran).
      const checked = report.channels.kdp_ebook.checks.find((c) => c.id === 'epubcheck');
      expect(checked?.status, checked?.detail).toBe(toolSkip('epubcheck') === null ? 'pass' : 'skipped');
      // Its accessibility check is listed too, in Malay, skipped saying why (the suite turns DAISY Ace off:
      // KARYA_ACE=off,
      // its real runs in tests/export/ace.test.ts).
      const accessible = report.channels.kdp_ebook.checks.find((c) => c.id === 'accessibility');
      expect(accessible).toMatchObject({
        status: 'skipped',
        label: 'manuscript.epub lulus DAISY Ace (kebolehcapaian)',
      });
      expect(accessible?.detail).toMatch(/KARYA_ACE=off/);

      const epub = await downloadOf(ts, '/api/books/romance/publish/package/manuscript.epub', w.cookie);
      expect(epub.status).toBe(200);
      const files = readZip(new Uint8Array(epub.body as Buffer));
      const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
      expect([...opf.matchAll(/<dc:language>([^<]+)<\/dc:language>/g)].map((m) => m[1])).toEqual(['ms', 'en']);
      const names = partFiles(files);
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
      // The headings in both languages, each in its own; the copyright page names the author given.
      expect(zipText(files, names[1]!)).toMatch(
        /<span xml:lang="en" lang="en">Chapter 1[^<]*<\/span> <span xml:lang="ms" lang="ms" class="other">Bab 1/,
      );

      // The same book published without the choice is the edition alone: no English paragraph, no bilingual rule.
      // Its EPUB check is left out (a PATH without epubcheck): a JVM run whose verdict nothing here reads.
      const plain = await withoutEpubcheck(() =>
        ts.http.post('/api/books/romance/publish').set('cookie', w.cookie).send({ author: 'Siti Aminah' }),
      );
      expect(plain.status, JSON.stringify(plain.body)).toBe(200);
      expect(
        (plain.body.package as KdpPackage).channels.kdp_ebook.checks.some((c) => c.id === 'bilingual-language'),
      ).toBe(false);
      const alone = readZip(
        new Uint8Array(
          (await downloadOf(ts, '/api/books/romance/publish/package/manuscript.epub', w.cookie)).body as Buffer,
        ),
      );
      const first = paragraphs(zipText(alone, partFiles(alone)[1]!));
      expect(first.some((p) => p.text === chapterParagraphs(1, 'en')[0])).toBe(false);
    },
    240_000,
  );
});
