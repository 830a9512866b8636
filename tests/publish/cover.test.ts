// The cover with any model server: `karya publish` against a chat-only server (its images route answers 404,
// as Ollama's, LM Studio's and vLLM's do) still makes the package, with a typographic cover in cover.jpg, on
// the wrap and in the EPUB; `--cover FILE` puts the writer's own picture there; a picture a store cannot take
// is refused before anything is spent, naming the file, its size and the rule.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(() => fake?.close());

// Two chapters fill the 24 pages KDP prints at least; the blurb is what a model writes when asked for one.
const BOOK = [
  'publish',
  'romance',
  '--chapters',
  '2',
  '--title',
  'Harbour Lights',
  '--author',
  'Siti Aminah',
  '--out',
  'pkg',
  '--json',
];

const BLURB =
  'When the harbour lights go dark on the night of the storm, Aisha finds a letter her grandmother never sent. ' +
  'To learn who it was meant for, she must return to the island ' +
  'she left ten years ago, and to the man who stayed behind.';

/** `karya <args>` in a fresh folder against a fake chat-only model server; `files` are written there first. */
async function karya(args: string[], env: Record<string, string> = {}, files: Record<string, Uint8Array> = {}) {
  fake = await startFakeOpenAI({
    writeRatio: 1,
    noImages: true,
    reply: (body) => (userMessageOf(body).includes('Write an Amazon book description.') ? { text: BLURB } : undefined),
  });
  const cwd = tempDir('karya-cover-');
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(cwd, name), bytes);
  const run = await runKaryaInProcess(args, {
    cwd,
    env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, ...env },
  });
  return { ...run, cwd, pkg: path.join(cwd, 'pkg') };
}

/** The picture the EPUB declares as its cover (the manifest item with properties="cover-image"). */
function epubCover(epub: Uint8Array): Uint8Array {
  const files = unzipSync(epub);
  const opfName = Object.keys(files).find((n) => n.endsWith('.opf'))!;
  const opf = new TextDecoder().decode(files[opfName]);
  const item = /<item\b[^>]*properties="cover-image"[^>]*>/.exec(opf)?.[0] ?? '';
  const href = /href="([^"]+)"/.exec(item)?.[1];
  expect(href, opf).toBeTruthy();
  return files[path.posix.join(path.posix.dirname(opfName), href!)]!;
}

/** The mean colour of a picture, channel by channel (0-255). */
async function meanColour(image: Uint8Array): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe('karya publish with a chat-only model server', () => {
  it(
    'images answering 404: exit 0, a typographic cover in cover.jpg, ' +
      'the wrap and the EPUB, no cover charged, epubcheck passes',
    async () => {
      const r = await karya(BOOK);
      expect(r.code, r.stderr).toBe(0);
      expect(fake!.imageRequests()).toHaveLength(1);
      expect(r.stderr).toMatch(/cover\s+typographic: the model server draws no pictures/);
      const summary = JSON.parse(r.stdout);
      expect(summary.steps.find((s: { part: string }) => s.part === 'cover')).toMatchObject({
        cost: 0,
        skipped: 'no_images',
      });
      const cover = readFileSync(path.join(r.pkg, 'cover.jpg'));
      expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 2560, channels: 3 });
      // Lettered, not one flat colour.
      expect((await sharp(cover).stats()).channels.some((c) => c.stdev > 10)).toBe(true);
      expect(await meanColour(epubCover(readFileSync(path.join(r.pkg, 'manuscript.epub'))))).toEqual(
        await meanColour(cover),
      );
      const readiness = JSON.parse(readFileSync(path.join(r.pkg, 'readiness.json'), 'utf8'));
      expect(readiness.channels.kdp_ebook.checks.find((c: { id: string }) => c.id === 'epubcheck')?.status).toBe(
        'pass',
      );
      // Nobody's picture was AI-generated.
      expect(JSON.parse(readFileSync(path.join(r.pkg, 'metadata.json'), 'utf8')).aiContent.images).toBe('none');
      // A whole publish with a real epubcheck run (a JVM): 25-30 s on a loaded 2-core machine.
    },
    120_000,
  );

  it(
    '--cover my.jpg: that picture, fitted to 1600 × 2560, is ' +
      "cover.jpg and the EPUB's cover; no image is asked for",
    async () => {
      // A green picture with a pale sun in it, as a phone or a design tool saves one.
      const art =
        `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="2880"><rect width="1800" height="2880" ` +
        `fill="rgb(30,140,60)"/><circle cx="900" cy="900" r="400" fill="rgb(250,240,200)"/></svg>`;
      const mine = await sharp(Buffer.from(art)).jpeg({ quality: 95 }).toBuffer();
      const r = await karya([...BOOK, '--cover', 'my.jpg'], WITHOUT_EPUBCHECK, { 'my.jpg': mine });
      expect(r.code, r.stderr).toBe(0);
      expect(fake!.imageRequests()).toHaveLength(0);
      const cover = readFileSync(path.join(r.pkg, 'cover.jpg'));
      expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 2560 });
      const [want, got] = [await meanColour(mine), await meanColour(cover)];
      got.forEach((channel, i) => expect(Math.abs(channel - want[i]!)).toBeLessThanOrEqual(3));
      expect(await meanColour(epubCover(readFileSync(path.join(r.pkg, 'manuscript.epub'))))).toEqual(
        await meanColour(cover),
      );
      expect(JSON.parse(r.stdout).steps.find((s: { part: string }) => s.part === 'cover')).toMatchObject({
        cost: 0,
        skipped: 'own_cover',
      });
    },
  );

  it(
    'a picture too small is refused before anything is written, ' +
      'naming the file, its size and the rule (en and ms)',
    async () => {
      const small = await sharp({ create: { width: 800, height: 1280, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const r = await karya([...BOOK, '--cover', 'small.png'], WITHOUT_EPUBCHECK, { 'small.png': small });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        'small.png is 800 × 1280 px: Amazon KDP (Kindle eBook) asks for ' +
          'an eBook cover of at least 1000 × 1600 px (ideally 1600 × 2560)',
      );
      expect(fake!.requests).toHaveLength(0);
      const ms = await karya([...BOOK, '--lang', 'ms', '--cover', 'small.png'], WITHOUT_EPUBCHECK, {
        'small.png': small,
      });
      expect(ms.code).toBe(2);
      expect(ms.stderr).toContain(
        'small.png bersaiz 800 × 1280 px: Amazon KDP (Kindle eBook) ' +
          'memerlukan kulit eBook sekurang-kurangnya 1000 × 1600 px',
      );
      const wide = await sharp({ create: { width: 2560, height: 1600, channels: 3, background: '#336699' } })
        .jpeg()
        .toBuffer();
      const landscape = await karya([...BOOK, '--cover', 'wide.jpg'], WITHOUT_EPUBCHECK, { 'wide.jpg': wide });
      expect(landscape.code).toBe(2);
      expect(landscape.stderr).toContain('wide.jpg is 2560 × 1600 px, 0.63 times as tall as wide');
    },
  );

  it("an SVG named .png is refused as the studio's upload refuses it: the same check, the same words", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2560"><script>alert(1)</script></svg>',
    );
    const r = await karya([...BOOK, '--cover', 'art.png'], WITHOUT_EPUBCHECK, { 'art.png': svg });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'art.png is an SVG drawing (or another text file), not a picture: a drawing ' +
        'may carry scripts, and no store takes one as a cover. Give a JPEG or PNG file.',
    );
    expect(fake!.requests).toHaveLength(0);
  });
});
