// A dual-language book's readiness: every store takes one language per book, so the check says to declare the
// edition's (the language the book is sold as) and how each store learns of the second: KDP in the subtitle and
// the description, Google Play and Kobo in the description. Cited from each store's own language rule; in
// English and in Malay. A package declaring the source's language instead fails. A book in one language has no
// such check.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageMetadata, packageReadiness, say, type ReadinessInput } from '../../engine/publish/index.js';

const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%fake');
let jpeg: Uint8Array;
beforeAll(async () => {
  jpeg = new Uint8Array(
    await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer(),
  );
});

function input(language: 'en' | 'ms', bilingual?: ReadinessInput['bilingual']): ReadinessInput {
  return {
    metadata: packageMetadata({
      title: 'Hujan di Kuala Lumpur',
      subtitle: '',
      author: 'Siti Aminah',
      language,
      description:
        '<p>Aisyah meninggalkan Kuala Lumpur untuk melupakannya. Sepuluh ' +
        'tahun kemudian banjir monsun memerangkapnya di kedai bukunya.</p>',
      keywords: ['cinta kedua', 'romantik malaysia'],
      categories: ['Fiction / Romance / General'],
      wordCount: 60_000,
      generator: 'romance',
    }),
    isBookComplete: true,
    manuscriptText: 'Aisyah berlari dalam hujan.',
    epub: ZIP,
    docx: ZIP,
    epubcheck: { status: 'pass', detail: say('epubcheck.counts', { fatals: 0, errors: 0, warnings: 0 }) },
    cover: { name: 'cover.jpg', bytes: jpeg },
    paperback: { interior: PDF, cover: PDF, pageCount: 240 },
    ...(bilingual ? { bilingual } : {}),
  };
}

describe('a dual-language book, ready for the stores', () => {
  it(
    "declares the edition's language: KDP names both in the subtitle and description, " +
      'Google Play and Kobo in the description; each cites its own language rule',
    () => {
      const r = packageReadiness(input('ms', { edition: 'ms', source: 'en' }), 'en');
      const kdp = r.channels.kdp_ebook.checks.find((c) => c.id === 'bilingual-language')!;
      expect(kdp.status).toBe('warn');
      expect(kdp.label).toBe('a dual-language book (English and Malay) declares one language');
      expect(kdp.fix).toContain(
        "choose Malay as the book's language at setup, and name both languages in the subtitle and the description",
      );
      expect(kdp.source).toContain('kdp.amazon.com');
      const google = r.channels.google_play.checks.find((c) => c.id === 'bilingual-language')!;
      expect(google.fix).toContain('say in the description that the book holds English beside it');
      expect(google.source).not.toContain('kdp.amazon.com');
      expect(r.channels.kobo.checks.find((c) => c.id === 'bilingual-language')!.source).not.toContain('kdp.amazon.com');
      const malay = packageReadiness(input('ms', { edition: 'ms', source: 'en' }), 'ms').channels.kdp_ebook.checks.find(
        (c) => c.id === 'bilingual-language',
      )!;
      expect(malay.label).toBe('buku dwibahasa (bahasa Inggeris dan bahasa Melayu) mengisytiharkan satu bahasa');
    },
  );

  it("fails a package that declares the source's language; a book in one language has no such check", () => {
    const wrong = packageReadiness(input('en', { edition: 'ms', source: 'en' }), 'en').channels.kdp_ebook.checks.find(
      (c) => c.id === 'bilingual-language',
    )!;
    expect(wrong.status).toBe('fail');
    expect(wrong.fix).toBe("declare Malay, the edition's language, as the book's language");
    expect(
      packageReadiness(input('ms'), 'en').channels.kdp_ebook.checks.some((c) => c.id === 'bilingual-language'),
    ).toBe(false);
  });
});
