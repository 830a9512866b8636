// An Indonesian book at the stores and in its files: the readiness checks in Indonesian (labels, findings, fixes,
// the terminal's summary), each store's answer for Indonesian from the language table (Google Play sells it; KDP's
// and Kobo's lists are not confirmed: "check", with the page to read), no Malaysian eISBN rule; the EPUB declares
// `id` (dc:language, xml:lang) and passes epubcheck; the DOCX's proofing language is id-ID; the front matter of
// every format is in Indonesian, a translated edition says what it was translated from.
// Indonesian is a draft of the table until its words are whole: run with KARYA_DRAFT_LANGUAGES=1.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNELS,
  chooseTitle,
  formatReadiness,
  languageRule,
  packageMetadata,
  packageReadiness,
  say,
  type ReadinessInput,
} from '../../engine/publish/index.js';
import { renderDocument } from '../../engine/node/export/index.js';
import type { BookDocument } from '../../engine/session/book.js';
import { epubcheck, readZip, runTool, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%fake');
const BLURB =
  '<p>Ayu meninggalkan Jakarta untuk melupakannya. Sepuluh tahun kemudian ' +
  'banjir menahannya seminggu di toko buku lelaki itu, dan setiap halaman yang ' +
  'mereka buka bersama mengingatkan janji yang tidak pernah mereka tepati.</p>';
let jpeg: Uint8Array;

beforeAll(async () => {
  jpeg = new Uint8Array(
    await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer(),
  );
});

function input(language: string, over: { author?: string; title?: string } = {}): ReadinessInput {
  return {
    metadata: packageMetadata({
      title: over.title ?? 'Hujan di Jakarta',
      subtitle: '',
      author: over.author ?? 'Ayu Lestari',
      language,
      description: BLURB,
      keywords: ['romansa kesempatan kedua', 'novel romansa indonesia'],
      categories: ['Fiction / Romance / General'],
      wordCount: 60_000,
      generator: 'romance',
    }),
    isBookComplete: true,
    manuscriptText: 'Ayu berlari menembus hujan.',
    epub: ZIP,
    docx: ZIP,
    epubcheck: { status: 'pass', detail: say('epubcheck.counts', { fatals: 0, errors: 0, warnings: 0 }) },
    cover: { name: 'cover.jpg', bytes: jpeg },
    paperback: { interior: PDF, cover: PDF, pageCount: 240 },
  };
}

describe('an Indonesian book at the stores', () => {
  it("is checked in Indonesian, with each store's answer for Indonesian from the table", () => {
    const r = packageReadiness(input('id', { author: '', title: 'Hujan di jakarta' }));
    const check = (channel: keyof typeof r.channels, id: string) =>
      r.channels[channel].checks.find((c) => c.id === id)!;
    expect(check('kdp_ebook', 'book-complete')).toMatchObject({
      label: 'semua bagian buku sudah ditulis',
      detail: 'dari pendahuluan sampai penutup',
    });
    expect(check('kdp_ebook', 'author')).toMatchObject({
      status: 'fail',
      detail: 'tidak ada nama penulis',
      fix: 'ketik nama penulis Anda di panel penerbitan lalu buat ulang paketnya',
    });
    expect(check('kdp_ebook', 'title-case')).toMatchObject({
      label: 'judul ditulis dengan huruf kapital gaya judul (bahasa Indonesia)',
      detail: 'tidak diawali huruf kapital: "jakarta"',
    });
    expect(check('kdp_ebook', 'title-case').source).toContain('Ejaan Bahasa Indonesia yang Disempurnakan');
    // Google Play Books takes books in every language; KDP's and Kobo's lists were not confirmed to name Indonesian.
    expect(check('google_play', 'language')).toMatchObject({
      status: 'pass',
      label: 'Google Play Books menerima buku dalam bahasa Indonesia (daftar yang diterbitkannya)',
      detail: 'id: ada di daftar',
    });
    expect(check('kdp_ebook', 'language')).toMatchObject({
      status: 'check',
      detail:
        'id: bahasa Indonesia belum dikonfirmasi di daftar bahasa ' +
        'e-book KDP; periksa halaman itu sebelum Anda mengunggah',
    });
    expect(check('kdp_ebook', 'language').fix).toBe(`baca ${languageRule(CHANNELS.kdp_ebook, 'id').source}`);
    expect(check('kobo', 'language')).toMatchObject({
      status: 'check',
      detail:
        'id: bahasa Indonesia belum dikonfirmasi di daftar bahasa yang ' +
        'didukung Kobo Writing Life; periksa daftar itu sebelum Anda mengunggah',
    });
    expect(formatReadiness(r, 'id')).toContain('belum siap untuk kanal mana pun');
  });

  it("has no eISBN rule: Malaysia's National Library gives them to Malay books, not to Indonesian ones", () => {
    const hasEisbn = (lang: string) =>
      packageReadiness(input(lang)).channels.kdp_ebook.checks.some((c) => c.id === 'eisbn-pages');
    expect(hasEisbn('ms')).toBe(true);
    expect(hasEisbn('id')).toBe(false);
    expect(hasEisbn('en')).toBe(false);
  });

  it('reads an Indonesian title answer\'s "Judul:" and "Subjudul:" lines', () => {
    expect(
      chooseTitle(
        '1. **Judul:** Hujan di Jakarta\n   **Subjudul:** Sebuah Novel Romansa\n2. Judul: Janji di Bawah Hujan',
      ),
    ).toEqual({ title: 'Hujan di Jakarta', subtitle: 'Sebuah Novel Romansa', source: 'answer' });
  });

  it('refuses Indonesian promotional words in a title, as KDP refuses "terlaris" or "gratis"', () => {
    const r = packageReadiness(input('id', { title: 'Resep Gratis Ibu Sari' }));
    // KDP's title check names it; on the other stores the promotional-words check does.
    expect(r.channels.kdp_ebook.checks.find((c) => c.id === 'title')).toMatchObject({
      status: 'fail',
      detail: 'memuat kata yang ditolak KDP dalam judul: "gratis"',
    });
    expect(r.channels.google_play.checks.find((c) => c.id === 'metadata-stuffing')).toMatchObject({
      status: 'fail',
      detail: 'judul memuat kata promosi: "gratis"',
    });
  });
});

const tmp = tempDir('karya-id-export-');
const DOC: BookDocument = {
  title: 'Hujan di Jakarta',
  author: 'Ayu Lestari',
  lang: 'id',
  typeLabel: 'Novel Romansa',
  parts: [
    {
      id: 'chapter:1',
      heading: 'Bab 1: Banjir',
      markdown: 'Ayu berlari menembus hujan karena toko buku itu hampir tutup.\n\nDi dalam, lelaki itu masih menunggu.',
    },
    { id: 'chapter:2', heading: 'Bab 2: Janji', markdown: 'Mereka tahu bahwa janji lama itu belum selesai.' },
  ],
};
const DATE = new Date('2025-03-04T05:06:07Z');

describe("an Indonesian book's files", () => {
  it('the EPUB declares id, passes epubcheck, and its front matter is Indonesian', async () => {
    const file = path.join(tmp, 'buku.epub');
    writeFileSync(file, await renderDocument(DOC, 'epub', { date: DATE }));
    const check = await epubcheck(file);
    expect(check.code, check.report).toBe(0);
    const entries = readZip(readFileSync(file));
    const opf = zipText(entries, 'OEBPS/content.opf');
    expect([...opf.matchAll(/<dc:language>([^<]+)<\/dc:language>/g)].map((m) => m[1])).toEqual(['id']);
    expect(opf).toContain('xml:lang="id"');
    expect(zipText(entries, 'OEBPS/copyright.xhtml')).toContain('Ditulis dengan Karya');
    expect(zipText(entries, 'OEBPS/toc.xhtml')).toContain('xml:lang="id"');
  }, 120_000);

  it(
    'the DOCX proofs in id-ID and the PDF and Markdown ' + 'carry the Indonesian chapter headings and contents',
    async () => {
      const docx = readZip(await renderDocument(DOC, 'docx', { date: DATE }));
      const documentXml = zipText(docx, 'word/document.xml');
      expect(zipText(docx, 'word/styles.xml')).toContain('w:val="id-ID"');
      expect(documentXml).toContain('Daftar Isi');
      expect(documentXml).toContain('Bab 1: Banjir');
      const pdf = path.join(tmp, 'buku.pdf');
      writeFileSync(pdf, await renderDocument(DOC, 'pdf', { date: DATE }));
      const text = (await runTool('pdftotext', [pdf, '-'])).stdout;
      expect(text).toContain('Daftar Isi');
      expect(text).toContain('oleh Ayu Lestari');
      expect(text).toContain('Bab 2: Janji');
      const md = new TextDecoder().decode(await renderDocument(DOC, 'md', { date: DATE }));
      expect(md).toContain('Bab 1: Banjir');
    },
  );

  it('a translated edition says in Indonesian what it was translated from', async () => {
    const pdf = path.join(tmp, 'terjemahan.pdf');
    writeFileSync(pdf, await renderDocument({ ...DOC, translatedFrom: 'en' }, 'pdf', { date: DATE }));
    expect((await runTool('pdftotext', [pdf, '-'])).stdout).toContain(
      'Diterjemahkan dari bahasa Inggris oleh AI dengan Karya',
    );
  });
});
