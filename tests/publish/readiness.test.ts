// readiness.json per channel: at least three channels, each with `ready` and its checks, every
// check naming the published rule it comes from; language acceptance from each channel's list as data
// (unconfirmed = "check", never assumed); no channel that needs an author ready without one; offline demo
// text never ready; titles in title case; the eBook cover an RGB JPEG of 1.6:1 at least 1,600 px wide;
// the paperback within KDP's page range for its paper and trim (24-828 white, 24-776 cream) by the
// interior's real count.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHANNELS,
  CHANNEL_IDS,
  languageRule,
  KDP_PAGE_LIMITS,
  offlineMarkers,
  pageLimit,
  sourceLink,
  checkWords,
  say,
  formatReadiness,
  jpegInfo,
  packageMetadata,
  packageReadiness,
  type CoverContent,
  type ReadinessInput,
} from '../../engine/publish/index.js';
import { coverContent } from '../../engine/node/publish.js';
import { offlineMark } from '../../engine/providers/offline.js';
import { LANGS } from '../../engine/languages/index.js';

const BLURB =
  '<p>Aisha left Kuala Lumpur to forget him. Ten years later the monsoon floods trap her in his bookshop ' +
  'for a week, and every page they turn together brings back a promise neither of them kept.</p>';
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.7\n%fake');
let jpeg: Uint8Array;
let cmyk: Uint8Array;
let wide: Uint8Array;
let png: Uint8Array;

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });
beforeAll(async () => {
  jpeg = new Uint8Array(await image(1600, 2560).jpeg().toBuffer());
  cmyk = new Uint8Array(await image(1600, 2560).toColourspace('cmyk').jpeg().toBuffer());
  wide = new Uint8Array(await image(1600, 2400).jpeg().toBuffer());
  png = new Uint8Array(await image(1600, 2560).png().toBuffer());
});

function input(
  over: {
    author?: string;
    title?: string;
    language?: 'en' | 'ms';
    description?: string;
    text?: string;
    cover?: Uint8Array;
    coverContent?: CoverContent;
    keywords?: string[];
    characters?: string[];
    pageCount?: number | null;
    paper?: 'white' | 'cream';
  } = {},
): ReadinessInput {
  return {
    metadata: packageMetadata({
      title: over.title ?? 'Rain Over Kuala Lumpur',
      subtitle: '',
      author: over.author ?? 'Siti Aminah',
      language: over.language ?? 'en',
      description: over.description ?? BLURB,
      keywords: over.keywords ?? ['second chance romance', 'malaysian romance'],
      categories: ['Fiction / Romance / General'],
      wordCount: 60_000,
      generator: 'romance',
    }),
    isBookComplete: true,
    manuscriptText: over.text ?? 'Aisha ran through the rain.',
    epub: ZIP,
    docx: ZIP,
    epubcheck: { status: 'pass', detail: say('epubcheck.counts', { fatals: 0, errors: 0, warnings: 0 }) },
    ...(over.characters ? { characterNames: over.characters } : {}),
    cover: {
      name: 'cover.jpg',
      bytes: over.cover ?? jpeg,
      ...(over.coverContent ? { content: over.coverContent } : {}),
    },
    paperback: {
      interior: PDF,
      cover: PDF,
      ...(over.pageCount === null ? {} : { pageCount: over.pageCount ?? 240 }),
      ...(over.paper ? { paper: over.paper, trim: '6x9' as const } : {}),
    },
  };
}

const statusOf = (r: ReturnType<typeof packageReadiness>, channel: (typeof CHANNEL_IDS)[number], id: string) =>
  r.channels[channel].checks.find((c) => c.id === id)?.status;

describe('readiness per channel', () => {
  it('lists at least three channels, each with ready and checks, every check naming its source', () => {
    const r = packageReadiness(input());
    expect(Object.keys(r.channels).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(r.channels)).toEqual(
      expect.arrayContaining(['kdp_ebook', 'kdp_paperback', 'google_play', 'kobo']),
    );
    for (const channel of Object.values(r.channels)) {
      expect(typeof channel.ready).toBe('boolean');
      expect(channel.checks.length).toBeGreaterThan(0);
      for (const check of channel.checks) {
        expect(check).toMatchObject({ id: expect.any(String), label: expect.any(String), status: expect.any(String) });
        expect(check.source.length, `${check.id}`).toBeGreaterThan(3);
      }
    }
    // A complete English book with an author, a JPEG cover and a 240-page interior is ready everywhere.
    expect(r.ready, formatReadiness(r)).toBe(true);
  });

  it('each channel names the published list its language rule comes from, for English and Malay', () => {
    for (const id of CHANNEL_IDS) {
      for (const lang of ['en', 'ms'] as const) {
        const rule = languageRule(CHANNELS[id], lang);
        expect(rule.source).toMatch(/https?:\/\/|Guide|Help|Policies/);
        const check = packageReadiness(input({ language: lang })).channels[id].checks.find((c) => c.id === 'language')!;
        expect(check.source).toBe(rule.source);
      }
    }
  });

  it(
    'Malay: Google Play Books accepts it from its list; where the list is not confirmed ' +
      'the check says "check", with the page to read, and the channel is not ready',
    () => {
      const r = packageReadiness(input({ language: 'ms', title: 'Hujan di Kuala Lumpur' }));
      expect(statusOf(r, 'google_play', 'language')).toBe('pass');
      expect(r.channels.google_play.ready).toBe(true);
      for (const id of CHANNEL_IDS.filter((c) => languageRule(CHANNELS[c], 'ms').accepted === 'unknown')) {
        const check = r.channels[id].checks.find((c) => c.id === 'language')!;
        expect(check.status).toBe('check');
        expect(check.fix).toContain(languageRule(CHANNELS[id], 'ms').source);
        expect(r.channels[id].ready).toBe(false);
      }
      expect(r.ready).toBe(false);
    },
  );

  it('without an author no channel says ready, and no author appears', () => {
    const r = packageReadiness(input({ author: '' }));
    for (const id of CHANNEL_IDS) {
      expect(statusOf(r, id, 'author')).toBe('fail');
      expect(r.channels[id].ready).toBe(false);
    }
    expect(r.ready).toBe(false);
    // In the writer's words by default (the studio); the command line's words name its option.
    expect(r.channels.kobo.checks.find((c) => c.id === 'author')!.fix).toBe(
      'type your author name in the publish panel and make the package again',
    );
    expect(JSON.stringify(packageReadiness(input({ author: '' }), 'en', 'cli'))).toContain('--author');
    // karya batch: the option, or the job's own field; never the studio's panel.
    const fixOf = (lang: 'en' | 'ms') =>
      packageReadiness(input({ author: '' }), lang, 'batch').channels.kdp_ebook.checks.find((c) => c.id === 'author')!
        .fix;
    expect(fixOf('en')).toBe(
      'pass --author "Your Name", or give the book author: "Your Name" in the jobs file and make the package again',
    );
    expect(fixOf('ms')).toContain('--author "Nama Anda", atau berikan buku itu author: "Nama Anda" dalam fail kerja');
    expect(`${fixOf('en')} ${fixOf('ms')}`).not.toMatch(/publish panel|panel penerbitan/);
  });

  it(
    "the writer's words (the studio) name no command-line option, " +
      'no code file, no config key; the command line keeps its own',
    () => {
      const bad = packageReadiness(input({ author: '', title: 'a tale of urban beginnings', text: offlineMark('en') }));
      for (const lang of ['en', 'ms'] as const) {
        for (const channel of Object.values(bad.channels)) {
          for (const check of channel.checks) {
            const words = checkWords(check, lang);
            const all = `${words.label} ${words.detail ?? ''} ${words.fix ?? ''} ${check.source}`;
            expect(all, check.id).not.toMatch(/(^|\s)--[a-z]|\.ts\b|OPENAI_|generators\/|_config|useAzure/);
          }
        }
      }
      // Sources as short readable links: the name, and the address behind it.
      for (const check of Object.values(bad.channels).flatMap((c) => c.checks)) {
        const link = sourceLink(check.source);
        expect(link.text, check.source).not.toMatch(/https?:/);
        if (check.source.includes('https://')) expect(link.url).toMatch(/^https:\/\/\S+$/);
      }
      expect(sourceLink(CHANNELS.kdp_ebook.sources.cover!)).toEqual({
        text: 'KDP Help, "eBook Cover Image Guidelines"',
        url: 'https://kdp.amazon.com/en_US/help/topic/G6GTK3T3NUHKLEFX',
      });
      const titleCase = bad.channels.kdp_ebook.checks.find((c) => c.id === 'title-case')!;
      expect(checkWords(titleCase, 'en').fix).toBe('write the title as "A Tale of Urban Beginnings"');
      expect(checkWords(titleCase, 'en', 'cli').fix).toBe('pass --title "A Tale of Urban Beginnings"');
    },
  );

  it('offline demo text is never ready: in the manuscript, the description or the keywords', () => {
    for (const lang of LANGS)
      expect(
        offlineMarkers().some((m) => offlineMark(lang).toLowerCase().includes(m)),
        lang,
      ).toBe(true);
    for (const over of [
      { text: offlineMark('en') },
      { description: `<p>${offlineMark('ms').replace(/\*/g, '')}</p>` },
      { text: offlineMark('id') },
    ]) {
      const r = packageReadiness(input(over));
      for (const id of CHANNEL_IDS) expect(statusOf(r, id, 'offline-text')).toBe('fail');
      expect(r.ready).toBe(false);
    }
  });

  it('"A Tale of enemies to lovers Beginnings" is not a title: the fix gives the title-cased one', () => {
    const r = packageReadiness(input({ title: 'A Tale of enemies to lovers Beginnings' }));
    const check = r.channels.kdp_ebook.checks.find((c) => c.id === 'title-case')!;
    expect(check.status).toBe('fail');
    expect(check.fix).toContain('A Tale of Enemies to Lovers Beginnings');
  });

  it('the eBook cover: an RGB JPEG of 1.6:1, at least 1,600 px wide; PNG (KDP), CMYK or another shape fail', () => {
    expect(jpegInfo(jpeg)).toEqual({ width: 1600, height: 2560, colour: 'rgb' });
    expect(jpegInfo(cmyk)?.colour).toBe('cmyk');
    expect(statusOf(packageReadiness(input()), 'kdp_ebook', 'ebook-cover')).toBe('pass');
    expect(statusOf(packageReadiness(input({ cover: png })), 'kdp_ebook', 'ebook-cover')).toBe('fail');
    expect(statusOf(packageReadiness(input({ cover: png })), 'google_play', 'ebook-cover')).toBe('pass');
    expect(statusOf(packageReadiness(input({ cover: cmyk })), 'kdp_ebook', 'ebook-cover')).toBe('fail');
    expect(statusOf(packageReadiness(input({ cover: wide })), 'kobo', 'ebook-cover')).toBe('fail');
  });

  it(
    "the paperback: 24 to 828 pages by the interior's real " + 'count; without one, an estimate that is to be checked',
    () => {
      expect(statusOf(packageReadiness(input({ pageCount: 20 })), 'kdp_paperback', 'page-count')).toBe('fail');
      expect(statusOf(packageReadiness(input({ pageCount: 24 })), 'kdp_paperback', 'page-count')).toBe('pass');
      expect(statusOf(packageReadiness(input({ pageCount: 829 })), 'kdp_paperback', 'page-count')).toBe('fail');
      const estimated = packageReadiness(input({ pageCount: null })).channels.kdp_paperback.checks.find(
        (c) => c.id === 'page-count',
      )!;
      expect(estimated.status).toBe('check');
      expect(estimated.detail).toContain('estimated');
      // The eBook channels do not depend on the paperback.
      expect(packageReadiness(input({ pageCount: 20 })).channels.kdp_ebook.ready).toBe(true);
    },
  );

  it(
    "KDP's page range follows the paper: 800 pages are too " + 'many on cream (776 at most) and fine on white (828)',
    () => {
      const cream = packageReadiness(input({ pageCount: 800, paper: 'cream' })).channels.kdp_paperback;
      const check = cream.checks.find((c) => c.id === 'page-count')!;
      expect(cream.ready).toBe(false);
      expect(check).toMatchObject({
        status: 'fail',
        label: "the paperback has 24 to 776 pages (KDP's range for cream paper at 6 x 9 in)",
      });
      expect(check.detail).toBe(
        '800 pages (paperback-interior.pdf); KDP prints at most 776 pages on cream paper at 6 x 9 in',
      );
      // What to change: the paper that takes 800 pages, or fewer pages; said in the writer's terms.
      expect(check.fix).toContain('choose white paper for the paperback (up to 828 pages)');
      expect(check.source).toContain('kdp.amazon.com');
      const white = packageReadiness(input({ pageCount: 800, paper: 'white' })).channels.kdp_paperback;
      expect(white.ready, formatReadiness(packageReadiness(input({ pageCount: 800, paper: 'white' })))).toBe(true);
      // Too few: says how many pages are missing.
      const few = packageReadiness(input({ pageCount: 20 })).channels.kdp_paperback.checks.find(
        (c) => c.id === 'page-count',
      )!;
      expect(few.fix).toContain('4 more pages are needed');
    },
  );

  it(
    'the page table: paperback white 24-828, cream 24-776, lower ' +
      'for large trims; hardcover 75-550; each with its source',
    () => {
      const expected = [
        ['paperback', 'white', false, 24, 828],
        ['paperback', 'white', true, 24, 590],
        ['paperback', 'cream', false, 24, 776],
        ['paperback', 'cream', true, 24, 550],
        ['hardcover', 'white', false, 75, 550],
        ['hardcover', 'cream', true, 75, 550],
      ] as const;
      for (const [binding, paper, isLarge, min, max] of expected) {
        const row = KDP_PAGE_LIMITS.find(
          (l) => l.binding === binding && l.paper === paper && l.isLargeTrim === isLarge,
        )!;
        expect(row, `${binding} ${paper}`).toMatchObject({
          min,
          max,
          source: expect.stringContaining('https://kdp.amazon.com'),
        });
      }
      expect(pageLimit({ binding: 'paperback', paper: 'cream', trim: '5x8' }).max).toBe(776);
    },
  );
});

describe('the printed report', () => {
  it("says what every channel shares once, then per channel only what differs, in the book's language", () => {
    const text = formatReadiness(packageReadiness(input({ author: '' }), 'en', 'cli'), 'en');
    const count = (needle: string) => text.split(needle).length - 1;
    expect(text.startsWith('  Every channel:\n')).toBe(true);
    expect(count('every part of the book is written')).toBe(1);
    expect(count('no author name')).toBe(1);
    expect(count('--author "Your Name"')).toBe(1);
    // Different per channel: the language check names its channel, the page count is the paperback's only.
    expect(count('accepts books in English')).toBe(4);
    expect(count('the paperback has 24 to 828 pages')).toBe(1);
    expect(text.indexOf('the paperback has 24 to 828 pages')).toBeGreaterThan(
      text.indexOf('Amazon KDP (paperback): not ready'),
    );
    const malay = formatReadiness(
      packageReadiness(input({ language: 'ms', title: 'Hujan di Kuala Lumpur' }), 'ms', 'cli'),
      'ms',
    );
    expect(malay.startsWith('  Setiap saluran:\n')).toBe(true);
    expect(malay).not.toMatch(/\b(ready|not ready|failed|Every channel)\b/);
  });
});

describe('readiness reads the text', () => {
  it('a description that is working notes or less than a sentence of blurb fails, saying to write it again', () => {
    for (const description of [
      '<p>Fake answer 28. Character Details: Aisha: the lead</p>',
      '<p>Fake answer 28. Character Details: Aisha: the lead The end.</p>',
      '<p>A love story.</p>',
      `<p>Butiran Watak: Aisha. ${'kata '.repeat(30)}.</p>`,
    ]) {
      const check = packageReadiness(input({ description })).channels.kobo.checks.find((c) => c.id === 'description')!;
      expect(check.status, description).toBe('fail');
      expect(check.fix).toContain('write the description again');
    }
    const leaked = packageReadiness(
      input({ description: '<p>Fake answer 28. Character Details: Aisha: the lead</p>' }),
    ).channels.kdp_ebook.checks.find((c) => c.id === 'description')!;
    expect(leaked.detail).toContain('"Character Details:"');
    expect(statusOf(packageReadiness(input()), 'kdp_ebook', 'description')).toBe('pass');
  });

  it("keywords that are only a character's name fail", () => {
    const r = packageReadiness(
      input({ keywords: ['Aisha', 'aisha rahman', 'monsoon romance'], characters: ['Aisha Rahman', 'Daniel'] }),
    );
    const check = r.channels.kdp_ebook.checks.find((c) => c.id === 'keywords')!;
    expect(check.status).toBe('fail');
    expect(check.detail).toContain('only a character\'s name: "Aisha", "aisha rahman"');
    expect(check.detail).not.toContain('"monsoon romance"');
    expect(statusOf(packageReadiness(input({ characters: ['Aisha Rahman'] })), 'kdp_ebook', 'keywords')).toBe('pass');
  });
});

describe("readiness reads the cover's pixels", () => {
  it(
    'a flat one-colour cover, or one enlarged from a 1 × 1 ' + 'image, fails for every eBook store, saying what to do',
    async () => {
      const tiny = new Uint8Array(
        await sharp({ create: { width: 1, height: 1, channels: 3, background: '#336699' } })
          .png()
          .toBuffer(),
      );
      const stretched = new Uint8Array(await sharp(tiny).resize(1600, 2560).jpeg().toBuffer());
      const content = await coverContent(tiny, stretched);
      expect(content).toEqual({ isFlat: true, source: { width: 1, height: 1 } });
      const r = packageReadiness(input({ cover: stretched, coverContent: content }));
      for (const id of ['kdp_ebook', 'google_play', 'kobo'] as const) {
        const check = r.channels[id].checks.find((c) => c.id === 'ebook-cover')!;
        expect(check.status, id).toBe('fail');
        expect(check.detail).toContain('one flat colour');
        expect(check.detail).toContain('enlarged from a 1 × 1 px image');
        expect(check.fix).toContain('make the cover again');
      }
    },
  );

  it('a picture made at its size passes', async () => {
    const noise = new Uint8Array(
      await sharp(Buffer.from(Array.from({ length: 1024 * 1792 * 3 }, (_, i) => (i * 7919) % 251)), {
        raw: { width: 1024, height: 1792, channels: 3 },
      })
        .png()
        .toBuffer(),
    );
    const cover = new Uint8Array(await sharp(noise).resize(1600, 2560).jpeg().toBuffer());
    const content = await coverContent(noise, cover);
    expect(content.isFlat).toBe(false);
    expect(statusOf(packageReadiness(input({ cover, coverContent: content })), 'kdp_ebook', 'ebook-cover')).toBe(
      'pass',
    );
  });
});

describe("readiness in the book's language", () => {
  it(
    'a Malay book: Malay labels, findings and fixes (typed from ' +
      'a Malay reading of the checks); an English book: English',
    () => {
      const malay = packageReadiness(input({ language: 'ms', title: 'Hujan di Kuala Lumpur', author: '', cover: png }));
      const kdp = (id: string) => malay.channels.kdp_ebook.checks.find((c) => c.id === id)!;
      expect(kdp('book-complete')).toMatchObject({
        label: 'setiap bahagian buku telah ditulis',
        detail: 'dari pengenalan hingga penutup',
      });
      expect(kdp('author')).toMatchObject({ status: 'fail', detail: 'tiada nama pengarang' });
      expect(kdp('author').fix).toBe('taipkan nama pengarang anda dalam panel penerbitan dan buat pakej sekali lagi');
      expect(checkWords(kdp('author'), 'ms', 'cli').fix).toContain('--author "Nama Anda"');
      expect(kdp('title-case').label).toBe('tajuk ditulis dengan huruf besar gaya tajuk (bahasa Melayu)');
      expect(kdp('language').label).toBe(
        'Amazon KDP (Kindle eBook) menerima buku dalam bahasa Melayu (senarai yang diterbitkannya)',
      );
      expect(kdp('language').detail).toBe(
        'ms: bahasa Melayu belum disahkan dalam senarai bahasa eBook KDP; semak halaman itu sebelum anda memuat naik',
      );
      expect(kdp('language').fix).toBe(`baca ${languageRule(CHANNELS.kdp_ebook, 'ms').source}`);
      expect(kdp('ebook-cover').label).toBe('cover.jpg ialah JPEG dalam RGB, 1.6:1, lebar sekurang-kurangnya 1600 px');
      expect(kdp('ebook-cover').detail).toBe(
        'cover.jpg: PNG, 1600 × 2560 px; cover.jpg ialah PNG (Amazon KDP (Kindle eBook) menerima JPEG)',
      );
      expect(malay.channels.google_play.checks.find((c) => c.id === 'ebook-cover')!.label).toBe(
        'cover.jpg ialah JPEG atau PNG dalam RGB, 1.6:1, lebar sekurang-kurangnya 1600 px',
      );
      expect(malay.channels.kdp_paperback.checks.find((c) => c.id === 'page-count')).toMatchObject({
        label: 'buku kulit lembut mempunyai 24 hingga 828 halaman (julat KDP untuk kertas putih bersaiz 6 x 9 inci)',
        detail: '240 halaman (paperback-interior.pdf)',
      });
      expect(formatReadiness(malay, 'ms')).toContain('belum sedia untuk mana-mana saluran');

      const english = packageReadiness(input({ language: 'en' }));
      expect(english.channels.kdp_ebook.checks.find((c) => c.id === 'book-complete')).toMatchObject({
        label: 'every part of the book is written',
        detail: 'introduction to conclusion',
      });
      expect(english.channels.kdp_ebook.checks.find((c) => c.id === 'title-case')!.label).toBe(
        'the title is in title case (English)',
      );
    },
  );

  it(
    'a finished book with a part that stops mid-sentence ' + "is not ready, naming the part, in the book's language",
    () => {
      const english = packageReadiness({ ...input({ language: 'en' }), incompleteParts: ['Chapter 2'] });
      expect(english.channels.kdp_ebook.checks.find((c) => c.id === 'book-complete')).toMatchObject({
        status: 'fail',
        detail: 'these parts end mid-sentence: Chapter 2',
        fix: 'finish each with Write more, or rewrite its ending',
      });
      const malay = packageReadiness({ ...input({ language: 'ms' }), incompleteParts: ['Bab 2'] });
      expect(malay.channels.kdp_ebook.checks.find((c) => c.id === 'book-complete')).toMatchObject({
        status: 'fail',
        detail: 'bahagian ini berhenti di tengah ayat: Bab 2',
      });
    },
  );

  it('each check keeps its words as texts, so the studio says them in its own language', () => {
    const check = packageReadiness(input({ language: 'en', author: '' })).channels.kobo.checks.find(
      (c) => c.id === 'author',
    )!;
    expect(check.detail).toBe('no author name');
    expect(checkWords(check, 'ms')).toMatchObject({
      detail: 'tiada nama pengarang',
      fix: expect.stringContaining('panel penerbitan'),
    });
    // A package kept from before the texts: its words as they were.
    expect(checkWords({ label: 'an old label', detail: 'an old detail' }, 'ms')).toEqual({
      label: 'an old label',
      detail: 'an old detail',
    });
  });
});
