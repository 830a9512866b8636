// `karya publish` with the offline provider, in this process: the files of a package, readiness per
// channel (offline demo text is never ready, and without --author no author is made up, so no channel is
// ready: exit 1), the book's language in the metadata, the kids cover for a children's book, a saved book
// packaged without being written again, and bad input refused before anything is spent.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import sharp from 'sharp';
import { runTool } from '../export/tools.js';
import { KDP_DESCRIPTION_MAX, KDP_TAGS } from '../../engine/publish/index.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const PACKAGE = [
  'cover.jpg',
  'description.html',
  'keywords.txt',
  'manuscript.docx',
  'manuscript.epub',
  'metadata.json',
  'paperback-cover.pdf',
  'paperback-interior.pdf',
  'readiness.json',
  'story-map.html',
];
/** Credits from spec/: 1 a text step, 6 a cover (platform §9, the cover forms). */
const COST = { text: 1, cover: 6 };

interface Summary {
  id: string;
  lang: string;
  files: string[];
  steps: Array<{ part: string; generatorId: string; cost: number; skipped?: string }>;
  cost: { book: number; publishing: number; total: number; thisRun: number };
  ready: boolean;
  channels: Record<string, { ready: boolean; checks: Array<{ id: string; status: string; source: string }> }>;
}

type ReadinessJson = {
  ready: boolean;
  channels: Record<
    string,
    { name: string; ready: boolean; checks: Array<{ id: string; status: string; detail?: string; source: string }> }
  >;
};
const checkOf = (r: ReadinessJson, channel: string, id: string) => r.channels[channel]!.checks.find((c) => c.id === id);

const read = (dir: string, file: string) => readFileSync(path.join(dir, file), 'utf8');

describe('karya publish', () => {
  it(
    'romance --chapters 1 --out pkg/: the files, readiness per ' +
      'channel; offline text and no author: nothing ready, exit 1',
    async () => {
      const cwd = tempDir('karya-publish-');
      const r = await runKaryaInProcess(['publish', 'romance', '--chapters', '1', '--out', 'pkg/', '--json'], { cwd });
      expect(r.code, r.stderr).toBe(1);
      const pkg = path.join(cwd, 'pkg');
      expect(readdirSync(pkg).sort()).toEqual(PACKAGE);

      const readiness = JSON.parse(read(pkg, 'readiness.json')) as ReadinessJson;
      expect(readiness.ready).toBe(false);
      expect(Object.keys(readiness.channels).length).toBeGreaterThanOrEqual(3);
      const isInstalled = (process.env.PATH ?? '')
        .split(path.delimiter)
        .some((d) => existsSync(path.join(d, 'epubcheck')));
      for (const [id, channel] of Object.entries(readiness.channels)) {
        expect(channel.ready, id).toBe(false);
        // The offline provider's demo text is never ready; no author was given and none is made up.
        expect(checkOf(readiness, id, 'offline-text')?.status).toBe('fail');
        expect(checkOf(readiness, id, 'author')?.status).toBe('fail');
        expect(checkOf(readiness, id, 'language')).toMatchObject({
          status: 'pass',
          source: expect.stringMatching(/https?:\/\/|Guide/),
        });
        const epubcheck = checkOf(readiness, id, 'epubcheck');
        if (epubcheck) expect(epubcheck.status, epubcheck.detail).toBe(isInstalled ? 'pass' : 'skipped');
      }
      for (const id of [
        'book-complete',
        'manuscript-epub',
        'manuscript-docx',
        'description',
        'keywords',
        'title',
        'categories',
      ])
        expect(checkOf(readiness, 'kdp_ebook', id)?.status, id).toBe('pass');

      const metadata = JSON.parse(read(pkg, 'metadata.json'));
      expect(metadata).toMatchObject({
        language: 'en',
        generator: 'romance',
        categories: ['Fiction / Romance / General', 'Fiction / Romance / Contemporary'],
        printTrim: '6 x 9 in',
      });
      expect(metadata.title).not.toBe('');
      expect(`${metadata.title}${metadata.subtitle}`.length).toBeLessThanOrEqual(200);
      // Never "Small choices add" or other first words of the text.
      expect(metadata.author).toBe('');
      // A book the model wrote whole: its text is entirely AI-generated, every word counted.
      expect(metadata.aiContent).toMatchObject({
        text: 'entirely',
        textShare: 1,
        images: 'ai-generated',
        translations: 'none',
      });
      // The real page count of paperback-interior.pdf, and no estimate beside it.
      const pdfPages = Number(
        /Pages:\s+(\d+)/.exec((await runTool('pdfinfo', [path.join(pkg, 'paperback-interior.pdf')])).stdout)![1],
      );
      expect(metadata.pageCount).toBe(pdfPages);
      expect(metadata).not.toHaveProperty('estimatedPrintPages');

      const keywords = read(pkg, 'keywords.txt').split('\n').filter(Boolean);
      expect(keywords).toEqual(metadata.keywords);
      expect(keywords.length).toBeGreaterThan(0);
      expect(keywords.length).toBeLessThanOrEqual(7);
      for (const k of keywords) expect(k.length).toBeLessThanOrEqual(50);

      const description = read(pkg, 'description.html').trim();
      expect(description).toBe(metadata.description);
      expect(description.length).toBeLessThanOrEqual(KDP_DESCRIPTION_MAX);
      for (const tag of description.match(/<\/?([a-z0-9]+)[^>]*>/g) ?? [])
        expect(KDP_TAGS as readonly string[]).toContain(tag.replace(/[</>]/g, ''));

      expect(await sharp(readFileSync(path.join(pkg, 'cover.jpg'))).metadata()).toMatchObject({
        format: 'jpeg',
        width: 1600,
        height: 2560,
        channels: 3,
      });
      for (const file of ['manuscript.epub', 'manuscript.docx'])
        expect(readFileSync(path.join(pkg, file)).subarray(0, 2).toString()).toBe('PK');

      const summary = JSON.parse(r.stdout) as Summary;
      const ran = summary.steps.filter((s) => !s.skipped);
      expect(ran.find((s) => s.part === 'cover')).toEqual({
        part: 'cover',
        generatorId: 'book-cover',
        cost: COST.cover,
      });
      for (const s of ran.filter((x) => x.part !== 'cover')) expect(s.cost).toBe(COST.text);
      // The book: outline, introduction, 1 chapter and the conclusion, 1 credit each.
      expect(summary.cost).toEqual({
        book: 4,
        publishing: ran.reduce((n, s) => n + s.cost, 0),
        total: 4 + ran.reduce((n, s) => n + s.cost, 0),
        thisRun: summary.cost.total,
      });
      expect(r.stderr).toContain(`karya: the package cost ${summary.cost.total} credits`);
      expect(r.stderr).toContain('not ready for any channel');
      expect(r.stderr).toContain('– copyright page   waits for an author name (--author) (no step)');
      expect(r.stderr).toMatch(/✓ description +amazon-pdp +1 credit/);
    },
    120_000,
  );

  it(
    '--lang ms: a Malay book declares ms; a book already ' +
      'written under the same key is packaged, not written again',
    async () => {
      const cwd = tempDir('karya-publish-');
      const generated = await runKaryaInProcess(
        ['generate', 'romance', '--chapters', '1', '--lang', 'ms', '--out', 'book.md'],
        { cwd },
      );
      expect(generated.code, generated.stderr).toBe(0);
      const r = await runKaryaInProcess(
        ['publish', 'romance', '--chapters', '1', '--lang', 'ms', '--out', 'pkg', '--author', 'Nur Aina', '--json'],
        { cwd, env: WITHOUT_EPUBCHECK },
      );
      expect(r.code, r.stderr).toBe(1);
      // In the book's language, as every line of the run (it said this one in English).
      expect(r.stderr).toContain('menyambung romance: 4 daripada 4 bahagian sudah ditulis');
      // The lines around the package and the printed checks in the book's language.
      for (const line of [
        'karya: membuat pakej KDP dalam pkg',
        '  … membuat manuscript.epub',
        '  … menyemak manuscript.epub dengan epubcheck',
        'karya: buku kulit lembut 6 x 9 inci pada kertas putih:',
        'karya: kesediaan untuk kedai',
        '  Setiap saluran:',
      ]) {
        expect(r.stderr, line).toContain(line);
      }
      expect(r.stderr).not.toMatch(/making the KDP package|karya: readiness|Every channel:|not ready/);
      const metadata = JSON.parse(read(path.join(cwd, 'pkg'), 'metadata.json'));
      expect(metadata.language).toBe('ms');
      expect(metadata.description).toContain('Teks demo luar talian');
      const summary = JSON.parse(r.stdout) as Summary;
      expect(summary).toMatchObject({ lang: 'ms', ready: false });
      expect(metadata.author).toBe('Nur Aina');
      expect(summary.cost.thisRun).toBe(summary.cost.publishing);
      expect(summary.channels.kdp_ebook!.checks.find((c) => c.id === 'epubcheck')?.status).toBe('skipped');
      expect(summary.channels.kdp_ebook!.checks.find((c) => c.id === 'author')?.status).toBe('pass');
      // Malay: Google Play Books' list accepts it; KDP's is not confirmed, so it is to be checked, with the page named.
      expect(summary.channels.google_play!.checks.find((c) => c.id === 'language')?.status).toBe('pass');
      expect(summary.channels.kdp_ebook!.checks.find((c) => c.id === 'language')).toMatchObject({
        status: 'check',
        source: expect.stringContaining('kdp.amazon.com'),
      });

      // readiness.json speaks the book's language: Malay labels, findings and fixes (typed here from a Malay reading of
      // the checks).
      const readiness = JSON.parse(read(path.join(cwd, 'pkg'), 'readiness.json')) as {
        channels: Record<string, { checks: Array<{ id: string; label: string; detail?: string; fix?: string }> }>;
      };
      const kdp = (id: string) => readiness.channels.kdp_ebook!.checks.find((c) => c.id === id)!;
      expect(kdp('book-complete')).toMatchObject({
        label: 'setiap bahagian buku telah ditulis',
        detail: 'dari pengenalan hingga penutup',
      });
      expect(kdp('author').label).toMatch(/^nama pengarang/);
      expect(kdp('language')).toMatchObject({
        label: 'Amazon KDP (Kindle eBook) menerima buku dalam bahasa Melayu (senarai yang diterbitkannya)',
      });
      expect(kdp('language').detail).toContain('bahasa Melayu belum disahkan');
      expect(kdp('offline-text').detail).toMatch(/^teks demo luar talian dalam manuskrip/);
      expect(kdp('offline-text').fix).toMatch(/^tulis buku dengan model AI/);
      expect(kdp('manuscript-epub').label).toBe('manuscript.epub ialah fail EPUB');
      expect(kdp('epubcheck').detail).toMatch(/^epubcheck tidak/);
      for (const channel of Object.values(readiness.channels)) {
        for (const check of channel.checks)
          expect(`${check.label} ${check.fix ?? ''}`, check.id).not.toMatch(
            /\b(the|is|are|has|every|accepts|written|run)\b/,
          );
      }
      // The summary printed for it speaks Malay too.
      expect(r.stderr).toContain('belum sedia');
    },
    120_000,
  );

  it("a children's book gets the kids cover; --reading-age and --series reach metadata.json", async () => {
    const cwd = tempDir('karya-publish-');
    const r = await runKaryaInProcess(
      [
        'publish',
        'children',
        '--chapters',
        '1',
        '--out',
        'kids',
        '--author',
        'Aisha Rahman',
        '--reading-age',
        '8-12',
        '--series',
        'Pip',
        '--series-number',
        '2',
        '--json',
      ],
      { cwd, env: WITHOUT_EPUBCHECK },
    );
    expect(r.code, r.stderr).toBe(1);
    const summary = JSON.parse(r.stdout) as Summary;
    expect(summary.steps.find((s) => s.part === 'cover')).toEqual({
      part: 'cover',
      generatorId: 'kids-book-cover',
      cost: COST.cover,
    });
    expect(summary.steps.find((s) => s.part === 'author')).toMatchObject({ skipped: 'given', cost: 0 });
    expect(JSON.parse(read(path.join(cwd, 'kids'), 'metadata.json'))).toMatchObject({
      author: 'Aisha Rahman',
      categories: ['Juvenile Fiction / General', 'Juvenile Fiction / Action & Adventure / General'],
      readingAge: '8-12',
      series: { name: 'Pip', number: 2 },
      edition: 1,
      publisher: null,
    });
    expect(await sharp(readFileSync(path.join(cwd, 'kids', 'cover.jpg'))).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 2560,
      channels: 3,
    });
  }, 120_000);

  it('refuses what is not a book, and a missing --out, with exit 2 before anything is written', async () => {
    const cwd = tempDir('karya-publish-');
    const single = await runKaryaInProcess(['publish', 'poems', '--out', 'pkg'], { cwd });
    expect(single.code).toBe(2);
    expect(single.stderr).toContain('karya: poems is not a book; karya publish takes one of');
    const noOut = await runKaryaInProcess(['publish', 'romance'], { cwd });
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain("required option '--out' not specified");
    const badSetting = await runKaryaInProcess(['publish', 'romance', '--set', 'heatLevel=scorching', '--out', 'pkg'], {
      cwd,
    });
    expect(badSetting.code).toBe(2);
    expect(existsSync(path.join(cwd, 'pkg'))).toBe(false);
  }, 60_000);
});
