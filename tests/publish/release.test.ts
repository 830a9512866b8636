// The release schedule and the metadata checks: ten books at KDP's three new titles a day are
// planned over four days (3, 3, 3, 1) and each readiness list says "publish on or after <date>" (English and
// Malay); a title like "Bestselling FREE Romance #1", a title used as three of seven keywords, or a cover
// title that differs from metadata.json fails readiness with the rule named; Google Play's cover sides and
// identifier, and the National Library of Malaysia's 32 pages for an adult eISBN, each with its source (each
// store's own: KDP's daily limit is not cited for Google Play or Kobo); open continuity findings listed.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RELEASES_PER_DAY,
  addDays,
  isReleasesPerDay,
  isValidIsbn13,
  packageMetadata,
  packageReadiness,
  releaseSchedule,
  say,
  scheduleCsv,
  type ReadinessInput,
} from '../../engine/publish/index.js';
import { catalogueMessage } from '../../engine/index.js';

const BLURB =
  '<p>Aisha left Kuala Lumpur to forget him. Ten years later the monsoon floods trap her in his bookshop ' +
  'for a week, and every page they turn together brings back a promise neither of them kept.</p>';
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%fake');
let jpeg: Uint8Array;
let small: Uint8Array;

beforeAll(async () => {
  const image = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
  jpeg = new Uint8Array(await image(1600, 2560));
  small = new Uint8Array(await image(500, 800));
});

interface Over {
  title?: string;
  subtitle?: string;
  series?: string;
  keywords?: string[];
  language?: 'en' | 'ms';
  cover?: Uint8Array;
  pageCount?: number;
  readingAge?: string;
  titles?: ReadinessInput['titles'];
  release?: ReadinessInput['release'];
  isbn?: string;
}

function input(over: Over = {}): ReadinessInput {
  const metadata = packageMetadata({
    title: over.title ?? 'Rain Over Kuala Lumpur',
    subtitle: over.subtitle ?? '',
    author: 'Siti Aminah',
    language: over.language ?? 'en',
    description: BLURB,
    keywords: over.keywords ?? ['second chance romance', 'malaysian love story'],
    categories: ['Fiction / Romance / General'],
    wordCount: 60_000,
    generator: 'romance',
    ...(over.series ? { series: over.series, seriesNumber: 1 } : {}),
    ...(over.readingAge ? { readingAge: over.readingAge } : {}),
  });
  return {
    metadata: over.isbn ? { ...metadata, isbn: over.isbn } : metadata,
    isBookComplete: true,
    manuscriptText: 'Aisha ran through the rain.',
    epub: ZIP,
    docx: ZIP,
    epubcheck: { status: 'pass', detail: say('epubcheck.counts', { fatals: 0, errors: 0, warnings: 0 }) },
    cover: { name: 'cover.jpg', bytes: over.cover ?? jpeg },
    paperback: { interior: PDF, cover: PDF, pageCount: over.pageCount ?? 240 },
    ...(over.titles ? { titles: over.titles } : {}),
    ...(over.release ? { release: over.release } : {}),
  };
}

const checkOf = (
  r: ReturnType<typeof packageReadiness>,
  channel: keyof ReturnType<typeof packageReadiness>['channels'],
  id: string,
) => r.channels[channel].checks.find((c) => c.id === id);

describe('the release plan', () => {
  it('ten books at three a day: 3, 3, 3 and 1 over four days from today, in order, across a month end', () => {
    const plan = releaseSchedule(
      Array.from({ length: 10 }, (_, i) => i),
      3,
      '2025-01-30',
    );
    expect(plan.map((p) => p.publishOn)).toEqual([
      '2025-01-30',
      '2025-01-30',
      '2025-01-30',
      '2025-01-31',
      '2025-01-31',
      '2025-01-31',
      '2025-02-01',
      '2025-02-01',
      '2025-02-01',
      '2025-02-02',
    ]);
    expect(plan.map((p) => p.nthThatDay)).toEqual([1, 2, 3, 1, 2, 3, 1, 2, 3, 1]);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it("titles already planned on a day (the account's earlier packages) take its places", () => {
    expect(releaseSchedule([1, 2, 3], 3, '2025-03-01', { '2025-03-01': 2 }).map((p) => p.publishOn)).toEqual([
      '2025-03-01',
      '2025-03-02',
      '2025-03-02',
    ]);
    expect(releaseSchedule([1, 2], 1, '2025-03-01').map((p) => p.publishOn)).toEqual(['2025-03-01', '2025-03-02']);
  });

  it('a daily limit out of 1 to 50 is refused, naming the flag and the range, in English and Malay', () => {
    expect(RELEASES_PER_DAY).toEqual({ default: 3, min: 1, max: 50 });
    for (const bad of [0, 51, 2.5, -3]) expect(isReleasesPerDay(bad), String(bad)).toBe(false);
    expect(() => releaseSchedule([1], 0, '2025-01-01')).toThrow(RangeError);
    const vars = { flag: '--per-day', value: '0', min: '1', max: '50', default: '3' };
    expect(catalogueMessage('release_per_day_range', 'en', vars)).toMatch(
      /^--per-day: "0" is not a whole number of new titles a day from 1 to 50/,
    );
    expect(catalogueMessage('release_per_day_range', 'ms', vars)).toMatch(
      /^--per-day: "0" bukan nombor bulat judul baharu sehari dari 1 hingga 50/,
    );
  });

  it(
    'schedule.csv: a header, then one row per title with its status, readiness ' +
      'and date last (a comma in a title is quoted; a held book has no date)',
    () => {
      const csv = scheduleCsv([
        {
          folder: 'a-kdp',
          title: 'Rain, Again',
          author: 'Siti',
          language: 'en',
          status: 'scheduled',
          readiness: 'ready',
          publishOn: '2025-01-30',
        },
        {
          folder: 'b-kdp',
          title: 'Rain',
          author: 'Siti',
          language: 'en',
          status: 'held: 100 % like a',
          readiness: '1 blocking',
          publishOn: '',
        },
      ]);
      expect(csv.split('\r\n')).toEqual([
        'folder,title,author,language,status,readiness,publish_on',
        'a-kdp,"Rain, Again",Siti,en,scheduled,ready,2025-01-30',
        'b-kdp,Rain,Siti,en,held: 100 % like a,1 blocking,',
        '',
      ]);
    },
  );

  it("the readiness list names the date on every channel, in the book's language", () => {
    const release = { publishOn: '2025-02-02', perDay: 3, nthThatDay: 1 };
    const en = packageReadiness(input({ release }));
    const ms = packageReadiness(input({ release, language: 'ms' }));
    for (const channel of ['kdp_ebook', 'kdp_paperback', 'google_play', 'kobo'] as const) {
      expect(checkOf(en, channel, 'release-date')).toMatchObject({
        status: 'pass',
        detail: 'publish on or after 2025-02-02 (title 1 of that day)',
      });
      expect(checkOf(ms, channel, 'release-date')?.detail).toBe(
        'terbitkan pada atau selepas 2025-02-02 (judul ke-1 pada hari itu)',
      );
    }
    // Each store's check cites that store's own guide: KDP's limit for KDP, not for Google Play or Kobo.
    expect(checkOf(en, 'kdp_ebook', 'release-date')?.source).toContain('KDP');
    expect(checkOf(en, 'google_play', 'release-date')?.source).toMatch(/^Google Play Books/);
    expect(checkOf(en, 'kobo', 'release-date')?.source).toMatch(/^Kobo Writing Life/);
    // A package made outside a plan has no date to name.
    expect(checkOf(packageReadiness(input()), 'kdp_ebook', 'release-date')).toBeUndefined();
  });
});

describe('open continuity findings', () => {
  it(
    'are listed on every channel (a warning naming how many ' + "and where), in the book's language; none open passes",
    () => {
      const continuity = [
        { part: 'Chapter 7', kind: 'acts_after_death' },
        { part: 'Chapter 6', kind: 'thread_overdue' },
      ];
      const en = packageReadiness({ ...input(), continuity });
      const ms = packageReadiness({
        ...input({ language: 'ms' }),
        continuity: [{ part: 'Bab 7', kind: 'acts_after_death' }],
      });
      for (const channel of ['kdp_ebook', 'kdp_paperback', 'google_play', 'kobo'] as const) {
        expect(checkOf(en, channel, 'continuity')).toMatchObject({
          label: 'no continuity finding left open',
          status: 'warn',
          detail: '2 open: Chapter 7, Chapter 6',
          fix: "read each one in the book's Continuity panel: rewrite the part, or mark the finding as intended",
        });
        expect(checkOf(ms, channel, 'continuity')).toMatchObject({
          label: 'tiada dapatan kesinambungan yang masih terbuka',
          detail: '1 masih terbuka: Bab 7',
        });
      }
      expect(checkOf(packageReadiness({ ...input(), continuity: [] }), 'kobo', 'continuity')).toMatchObject({
        status: 'pass',
        detail: 'none open',
      });
      // Not checked (no book behind the package): not listed.
      expect(checkOf(packageReadiness(input()), 'kobo', 'continuity')).toBeUndefined();
    },
  );
});

describe('metadata that matches', () => {
  it('"Bestselling FREE Romance #1" fails readiness, the rule named on every channel', () => {
    const r = packageReadiness(input({ title: 'Bestselling FREE Romance #1' }));
    expect(r.ready).toBe(false);
    const title = checkOf(r, 'kdp_ebook', 'title');
    expect(title).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('contains words KDP refuses in titles'),
    });
    for (const word of ['"bestselling"', '"free"', '"#1"']) expect(title?.detail).toContain(word);
    for (const channel of ['google_play', 'kobo'] as const) {
      expect(checkOf(r, channel, 'metadata-stuffing')).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining('the title carries promotional words'),
      });
      expect(r.channels[channel].ready).toBe(false);
    }
  });

  it('a promotional series name fails; the Malay words too', () => {
    const r = packageReadiness(
      input({ series: 'New Bestseller Saga', language: 'ms', title: 'Hujan di Kuala Lumpur' }),
    );
    expect(checkOf(r, 'kdp_ebook', 'metadata-stuffing')).toMatchObject({
      status: 'fail',
      detail: expect.stringMatching(/^nama siri mengandungi perkataan promosi: .*"new"/),
    });
  });

  it('the title as three of seven keywords fails (it repeats the title, and its words stand in three keywords)', () => {
    const keywords = [
      'Rain Over Kuala Lumpur',
      'rain over kuala lumpur novel',
      'Rain Over Kuala Lumpur book',
      'second chance romance',
      'monsoon love story',
      'bookshop romance',
      'malaysian fiction',
    ];
    const r = packageReadiness(input({ keywords }));
    const check = checkOf(r, 'kdp_ebook', 'metadata-stuffing');
    expect(check).toMatchObject({
      status: 'fail',
      label: 'title, subtitle, series and keywords carry no promotional words and no keyword stuffing',
    });
    expect(check?.detail).toContain(
      'keywords that repeat the title: "Rain Over Kuala Lumpur", ' +
        '"rain over kuala lumpur novel", "Rain Over Kuala Lumpur book"',
    );
    expect(check?.detail).toContain('"rain" in 3 keywords (at most 2)');
    expect(check?.source).toMatch(/KDP Help, "Metadata Guidelines for Books"/);
    expect(r.channels.kdp_ebook.ready).toBe(false);
  });

  it('the same word in three keywords fails; in two it passes', () => {
    expect(
      checkOf(
        packageReadiness(input({ keywords: ['romance novel', 'romance books', 'romance malaysia'] })),
        'kdp_ebook',
        'metadata-stuffing',
      )?.status,
    ).toBe('fail');
    expect(
      checkOf(
        packageReadiness(input({ keywords: ['romance novel', 'romance books', 'love in the city'] })),
        'kdp_ebook',
        'metadata-stuffing',
      )?.status,
    ).toBe('pass');
  });

  it("a title on the cover that differs from metadata.json fails, naming both; the EPUB's too", () => {
    const r = packageReadiness(input({ titles: { cover: 'Rain Over Penang', epub: 'Rain Over Kuala Lumpur' } }));
    for (const channel of ['kdp_ebook', 'google_play', 'kobo'] as const) {
      expect(checkOf(r, channel, 'title-match')).toMatchObject({
        status: 'fail',
        detail: 'the cover says "Rain Over Penang", metadata.json says "Rain Over Kuala Lumpur"',
      });
    }
    expect(r.ready).toBe(false);
    const epub = packageReadiness(
      input({ titles: { cover: 'Rain Over Kuala Lumpur', epub: 'Draft Title' }, language: 'ms' }),
    );
    expect(checkOf(epub, 'kobo', 'title-match')).toMatchObject({
      status: 'fail',
      detail: 'EPUB menyatakan "Draft Title", metadata.json menyatakan "Rain Over Kuala Lumpur"',
    });
    expect(
      checkOf(
        packageReadiness(input({ titles: { cover: 'RAIN OVER KUALA LUMPUR', epub: 'Rain Over Kuala Lumpur' } })),
        'kdp_ebook',
        'title-match',
      )?.status,
    ).toBe('pass');
  });

  it(
    "Google Play: the cover's shortest side at least 640 px, and " +
      "an ISBN or Google's own identifier, each with its source",
    () => {
      const r = packageReadiness(input({ cover: small }));
      expect(checkOf(r, 'google_play', 'cover-sides')).toMatchObject({
        status: 'fail',
        detail: '500 × 800 px',
        source: expect.stringContaining('support.google.com/books/partner/answer/3424254'),
      });
      const ok = packageReadiness(input());
      expect(checkOf(ok, 'google_play', 'cover-sides')?.status).toBe('pass');
      expect(checkOf(ok, 'google_play', 'identifier')).toMatchObject({
        status: 'pass',
        detail: expect.stringContaining('GGKEY'),
        source: expect.stringContaining('answer/3237055'),
      });
      expect(checkOf(ok, 'kdp_ebook', 'identifier')).toBeUndefined();
      expect(isValidIsbn13('978-0-306-40615-7')).toBe(true);
      expect(checkOf(packageReadiness(input({ isbn: '978-0-306-40615-8' })), 'google_play', 'identifier')?.status).toBe(
        'fail',
      );
    },
  );

  it("a Malay adult title under 32 pages (cover included) is warned for an eISBN; a children's title needs 16", () => {
    const short = packageReadiness(input({ language: 'ms', title: 'Hujan di Kuala Lumpur', pageCount: 24 }));
    expect(checkOf(short, 'google_play', 'eisbn-pages')).toMatchObject({
      status: 'warn',
      detail: '26 muka surat bersama kulit luar',
      source: expect.stringContaining('depositori.pnm.gov.my'),
    });
    expect(checkOf(short, 'google_play', 'eisbn-pages')?.label).toContain('sekurang-kurangnya 32 muka surat');
    const kids = packageReadiness(
      input({ language: 'ms', title: 'Hujan di Kuala Lumpur', pageCount: 24, readingAge: '8-12' }),
    );
    expect(checkOf(kids, 'google_play', 'eisbn-pages')).toMatchObject({
      status: 'pass',
      label: expect.stringContaining('16 muka surat'),
    });
    expect(checkOf(packageReadiness(input()), 'google_play', 'eisbn-pages')).toBeUndefined();
  });
});
