// A read-along EPUB (EPUB 3 Media Overlays) made from an audio edition's manifest, for a three-chapter book in
// English, Malay and Indonesian spoken for real by espeak-ng and joined into chapter MP3s by FFmpeg
// (read-along-fixture.ts): valid (epubcheck 0/0/0), every paragraph synchronised with its clip as the manifest
// times it, durations that add up, the audio inside, the narrator disclosed as a synthetic voice, the paragraph being
// read highlighted, and accessibility metadata saying it can be heard. Ace's verdict: read-along-ace.test.ts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ReadAlongError, writeReadAlongEpub, type ReadAlongInput } from '../../engine/node/export/read-along.js';
import { BOOKS, speakBook } from './read-along-fixture.js';
import { clockSeconds, readAlongBook, type ReadAlongBook } from './read-along-epub.js';
import { epubcheck } from './tools.js';
import { tempDir } from '../temp.js';

const DATE = new Date('2026-03-04T05:06:07Z');
const normal = (text: string) => text.replace(/\s+/g, ' ').trim();

type Made = { lang: string; dir: string; epub: string; input: ReadAlongInput; book: ReadAlongBook };
const made: Made[] = [];

beforeAll(async () => {
  const root = tempDir('karya-read-along-');
  for (const spoken of BOOKS) {
    const dir = path.join(root, spoken.language);
    const { manifest } = await speakBook(dir, spoken);
    // The EPUB is made from the manifest file as the audio edition leaves it.
    const input = JSON.parse(readFileSync(manifest, 'utf8')) as ReadAlongInput;
    const epub = path.join(root, `${spoken.language}.epub`);
    await writeReadAlongEpub(input, path.dirname(manifest), epub, {
      date: DATE,
      ...(spoken.language === 'ms' ? { voice: 'espeak-ng ms' } : {}),
    });
    made.push({ lang: spoken.language, dir, epub, input, book: readAlongBook(readFileSync(epub)) });
  }
}, 240_000);

/** The chapter pages in reading order (the spine), each with the SMIL its item names as its overlay. */
function overlaidPages(book: ReadAlongBook): Array<{ page: string; smil: string; smilId: string }> {
  const spine = [...book.opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => book.items.find((i) => i.id === m[1])!);
  return spine
    .filter((i) => i['media-overlay'])
    .map((i) => {
      const smil = book.items.find((s) => s.id === i['media-overlay'])!;
      expect(smil['media-type']).toBe('application/smil+xml');
      return { page: i.href!, smil: smil.href!, smilId: smil.id! };
    });
}

describe('a read-along EPUB (text and narration synchronised)', () => {
  it('passes epubcheck with no error and no warning, in English, Malay and Indonesian', async () => {
    for (const m of made)
      expect((await epubcheck(m.epub)).report, m.lang).toMatch(/0 fatals \/ 0 errors \/ 0 warnings/);
  }, 180_000);

  it(
    'synchronises every paragraph with a par whose text is the ' +
      "paragraph and whose clip is the manifest's begin and end",
    () => {
      for (const { lang, input, book } of made) {
        const pages = overlaidPages(book);
        expect(pages, lang).toHaveLength(input.chapters.length);
        input.chapters.forEach((chapter, c) => {
          const pars = book.pars(pages[c]!.smil);
          expect(
            pars.map((p) => book.textOf(p.page, p.id)),
            `${lang} chapter ${c + 1}`,
          ).toEqual(chapter.paragraphs.map((p) => normal(p.text)));
          pars.forEach((par, i) => {
            expect(par.page).toBe(pages[c]!.page);
            expect(par.begin).toBeCloseTo(chapter.paragraphs[i]!.begin, 3);
            expect(par.end).toBeCloseTo(chapter.paragraphs[i]!.end, 3);
          });
          // The clips play the chapter's own MP3, carried in the EPUB byte for byte.
          const audio = new Set(pars.map((p) => p.audio));
          expect(audio.size).toBe(1);
          const entry = book.entries.find((e) => e.name === `OEBPS/${[...audio][0]}`);
          expect(entry, `${lang}: ${[...audio][0]}`).toBeDefined();
          expect(
            Buffer.compare(entry!.data, readFileSync(path.join(made.find((x) => x.lang === lang)!.dir, chapter.audio))),
          ).toBe(0);
          expect(book.items.find((i) => i.href === [...audio][0])?.['media-type']).toBe('audio/mpeg');
        });
      }
    },
  );

  it("gives each overlay the duration of the clips it plays, and the book the sum of its overlays'", () => {
    for (const { lang, input, book } of made) {
      const pages = overlaidPages(book);
      const each = pages.map((p) => book.metas('media:duration', p.smilId));
      for (const d of each) expect(d, lang).toHaveLength(1);
      const seconds = each.map((d) => clockSeconds(d[0]!));
      input.chapters.forEach((chapter, c) => {
        const spoken = chapter.paragraphs.reduce((sum, p) => sum + (p.end - p.begin), 0);
        expect(Math.abs(seconds[c]! - spoken), `${lang} chapter ${c + 1}`).toBeLessThanOrEqual(
          0.001 * chapter.paragraphs.length,
        );
      });
      const total = book.metas('media:duration');
      expect(total).toHaveLength(1);
      expect(clockSeconds(total[0]!)).toBeCloseTo(
        seconds.reduce((a, b) => a + b, 0),
        3,
      );
    }
  });

  it(
    'names its narrator as a synthetic voice, in the metadata ' + 'and on its copyright page, in the book’s language',
    () => {
      const synthetic = { en: /synthetic/i, ms: /sintetik/i, id: /sintetis/i } as Record<string, RegExp>;
      for (const { lang, book } of made) {
        const [narrator] = book.metas('media:narrator');
        expect(narrator, lang).toMatch(synthetic[lang]!);
        expect(book.file('copyright.xhtml'), lang).toMatch(synthetic[lang]!);
      }
      // A named voice is named.
      expect(made.find((m) => m.lang === 'ms')!.book.metas('media:narrator')[0]).toContain('espeak-ng ms');
    },
  );

  it('styles the class a reading system gives the paragraph being read', () => {
    for (const { lang, book } of made) {
      const [active] = book.metas('media:active-class');
      expect(active, lang).toBeTruthy();
      const rule = new RegExp(`\\.${active!.replace(/[-]/g, '\\-')}\\s*\\{[^}]*background`);
      expect(book.file('style.css')).toMatch(rule);
    }
  });

  it(
    'says it can be heard as well as read: auditory and ' + 'textual, synchronised audio, a summary in its language',
    () => {
      const summaryWord = { en: /synchronised narration/i, ms: /diselaraskan/i, id: /diselaraskan/i } as Record<
        string,
        RegExp
      >;
      for (const { lang, book } of made) {
        expect(book.metas('schema:accessMode').sort(), lang).toEqual(['auditory', 'textual']);
        // The text alone holds the whole book; the narration reads the chapters, not the title page or the contents, so
        // it is
        // not claimed to suffice alone.
        expect(book.metas('schema:accessModeSufficient')).toEqual(['textual']);
        expect(book.metas('schema:accessibilityFeature')).toEqual(
          expect.arrayContaining(['synchronizedAudioText', 'tableOfContents', 'readingOrder']),
        );
        expect(book.metas('schema:accessibilityHazard')).toEqual(['none']);
        const summaries = book.metas('schema:accessibilitySummary');
        expect(summaries).toHaveLength(1);
        expect(summaries[0], lang).toMatch(summaryWord[lang]!);
        // Each chapter page is a doc-chapter whose only h1 is the chapter's title.
        const page = overlaidPages(book)[0]!.page;
        expect(book.file(page)).toMatch(/<section[^>]*epub:type="chapter" role="doc-chapter"/);
        expect(book.file(page).match(/<h1/g)).toHaveLength(1);
      }
    },
  );
});

describe('a read-along EPUB of another shape', () => {
  it('holds an audio file two chapters share once, and shows a paragraph’s Markdown emphasis as emphasis', async () => {
    const ms = made.find((m) => m.lang === 'ms')!;
    const [, first, second] = ms.input.chapters[0]!.paragraphs;
    const input: ReadAlongInput = {
      ...ms.input,
      chapters: [
        {
          title: 'Satu',
          audio: 'audio/chapter-1.mp3',
          paragraphs: [{ ...first!, text: 'Air naik pada *waktu malam*.' }],
        },
        { title: 'Dua', audio: 'audio/chapter-1.mp3', paragraphs: [second!] },
      ],
    };
    const out = path.join(ms.dir, 'shared.epub');
    await writeReadAlongEpub(input, ms.dir, out, { date: DATE });
    const book = readAlongBook(readFileSync(out));
    expect(book.entries.filter((e) => e.name.endsWith('.mp3'))).toHaveLength(1);
    const audio = book.items.filter((i) => i['media-type'] === 'audio/mpeg');
    expect(audio).toHaveLength(1);
    const pages = overlaidPages(book);
    expect(pages.map((p) => book.pars(p.smil).map((par) => par.audio))).toEqual([[audio[0]!.href], [audio[0]!.href]]);
    const [par] = book.pars(pages[0]!.smil);
    expect(book.file(pages[0]!.page)).toContain('<em>waktu malam</em>');
    expect(book.textOf(par!.page, par!.id)).toBe('Air naik pada waktu malam.');
    expect((await epubcheck(out)).report).toMatch(/0 fatals \/ 0 errors \/ 0 warnings/);
  }, 120_000);
});

describe('a read-along manifest the EPUB cannot be made from', () => {
  const one = (dir: string, chapter: Partial<ReadAlongInput['chapters'][number]>): ReadAlongInput => ({
    title: 'T',
    author: 'A',
    language: 'ms',
    chapters: [{ title: 'Bab 1', audio: 'a.mp3', paragraphs: [{ text: 'Satu.', begin: 0.5, end: 1.5 }], ...chapter }],
  });

  it(
    'refuses a chapter whose audio is missing or outside the ' +
      'manifest’s folder, naming the file in the book’s language',
    async () => {
      const dir = tempDir('karya-read-along-bad-');
      for (const audio of ['missing.mp3', '../outside.mp3']) {
        const error = await writeReadAlongEpub(one(dir, { audio }), dir, path.join(dir, 'x.epub')).catch(
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(ReadAlongError);
        expect((error as ReadAlongError).code).toBe('read_along_audio_missing');
        expect((error as ReadAlongError).messageIn('ms')).toContain(audio);
        expect((error as ReadAlongError).messageIn('ms')).toMatch(/^Bab 1/);
      }
    },
  );

  it('refuses a language Karya does not write books in, naming it and those it does', async () => {
    const dir = tempDir('karya-read-along-bad-');
    const error = await writeReadAlongEpub({ ...one(dir, {}), language: 'xx' }, dir, path.join(dir, 'x.epub')).catch(
      (e: unknown) => e,
    );
    expect((error as ReadAlongError).code).toBe('read_along_language');
    expect((error as ReadAlongError).messageIn('en')).toMatch(/xx.*\ben\b.*\bms\b|xx.*\bms\b.*\ben\b/);
  });

  it('refuses a clip that ends before it begins, or starts before the one before it ends', async () => {
    const dir = tempDir('karya-read-along-bad-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'a.mp3'), new Uint8Array(16));
    const backwards = [{ text: 'Satu.', begin: 2, end: 1 }];
    const overlapping = [
      { text: 'Satu.', begin: 0, end: 2 },
      { text: 'Dua.', begin: 1.5, end: 3 },
    ];
    for (const paragraphs of [backwards, overlapping]) {
      const error = await writeReadAlongEpub(one(dir, { paragraphs }), dir, path.join(dir, 'x.epub')).catch(
        (e: unknown) => e,
      );
      expect((error as ReadAlongError).code).toBe('read_along_clip');
      expect((error as ReadAlongError).messageIn('id')).toMatch(/^Bab 1, paragraf \d/);
    }
  });
});
