// End to end: the writer's own cover in the Publish panel. A writer with a finished children's book chooses a
// 1600 × 2560 JPEG in the panel: it is checked on the server, shown as kept (its preview, name and size), the
// cost drops by the cover step's credits, and the package then made has that picture as cover.jpg and as the
// EPUB's cover. An SVG with a script named .png is refused with the reason, in English and in Malay. axe-core
// finds no serious or critical violation in the panel (the preview and the refusal showing) at a laptop's
// width and a phone's, in both languages. Publishing again later keeps the author the writer gave.
import path from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, keepScreenshot, waitForText } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, type Writer } from './seed.js';
import { LANGUAGE_RULES, problemsAtWidths } from './axe.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

const PASSWORD = 'secret12';
const WRITER = 'cover.writer@e2e.test';
const COST = '[data-testid="publish-cost"]';
const STATUS = '[data-testid="cover-status"]';

/** Green with a pale sun: a picture as a designer exports one. */
const greenCover = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="2560"><rect width="1600" height="2560" ' +
        'fill="rgb(30,140,60)"/><circle cx="800" cy="900" r="380" fill="rgb(250,240,200)"/></svg>',
    ),
  )
    .jpeg({ quality: 92 })
    .toBuffer();
const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" ' +
    'height="2560"><script>alert(document.cookie)</script><rect width="1600" height="2560" fill="red"/></svg>',
);

/** The mean colour of a picture, channel by channel (0-255). */
async function meanColour(image: Uint8Array): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 3);

/** Write the whole children's book over the API as the writer, as the generate button does step by step. */
async function writeChildrensBook(writer: Writer): Promise<void> {
  let steps = -1;
  for (let n = 1; n <= 20 && steps < 0; n++) {
    // Ages 3-5: parts of 250 words (8-12's are 1,200): the cover is the point; a package renders a fifth the text.
    const res = await asWriter(writer, '/generators/children/generate', {
      body: { settings: { numberOfChapters: 5, ageGroup: '3-5' } },
    });
    if (((await res.json()) as { next: unknown }).next === null) steps = n;
  }
  expect(steps).toBe(8);
}

/** The studio in `lang` (its switch), waiting until the page says so. */
async function speak(page: Page, lang: 'en' | 'ms'): Promise<void> {
  if ((await page.getAttribute('html', 'lang')) === lang) return;
  await page.locator('[data-testid="language-switch"]').first().selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

const creditsIn = async (page: Page) => Number(/(\d+)/.exec((await page.textContent(COST)) ?? '')?.[1]);

/** The server runs without epubcheck: nothing here reads the EPUB's verdict, and a JVM is 5 s of CPU. */
const withoutEpubcheck = async () => ({ env: WITHOUT_EPUBCHECK });

describeInChromium(
  "the writer's own cover in the Publish panel",
  { what: 'a cover picture', serve: withoutEpubcheck, forAxe: true },
  (app) => {
    it(
      'takes a picture, shows it, refuses an SVG with its reason in both ' +
        'languages, and the package uses it; axe finds nothing serious',
      async () => {
        const page = await app.open({ width: 1366, height: 900 });
        // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts), the book
        // written before the studio is opened.
        const writer = await signUpWriter(app.base, WRITER, { password: PASSWORD });
        await setCredits(writer, app.karya.adminEmail, 40);
        await writeChildrensBook(writer);
        await signInPage(page, writer);
        await page.goto(`${app.base}/children`);
        const panel = page.getByTestId('publish-panel');
        await panel.waitFor();
        await waitForText(page, COST, /^Publishing costs \d+ credits\.$/);
        const drawn = await creditsIn(page);
        await panel.getByText('Your own cover (optional)').waitFor();
        expect(await page.getByTestId('cover-preview').count()).toBe(0);

        // A picture chosen is sent, checked, kept and shown; the cover step is no longer paid.
        const jpeg = await greenCover();
        await panel
          .getByLabel('Choose a cover picture', { exact: true })
          .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: jpeg });
        await waitForText(page, STATUS, 'harbour.jpg is your cover: the next package uses it.');
        const preview = page.getByTestId('cover-preview');
        await preview.waitFor();
        await page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="cover-preview"]') as HTMLImageElement | null)?.naturalWidth === 1600,
        );
        expect(await preview.getAttribute('alt')).toBe('Your cover: harbour.jpg, 1600 × 2560 px');
        await waitForText(page, COST, /^Publishing costs \d+ credits\.$/);
        await page.waitForFunction(
          ([sel, before]) =>
            Number(/(\d+)/.exec(document.querySelector(sel as string)?.textContent ?? '')?.[1]) < (before as number),
          [COST, drawn] as const,
        );

        // An SVG drawing with a script, named .png, is refused with the reason; the kept cover stays.
        await panel
          .getByLabel('Choose another picture', { exact: true })
          .setInputFiles({ name: 'sneaky.png', mimeType: 'image/png', buffer: SCRIPTED_SVG });
        await waitForText(
          page,
          '[data-testid="cover-error"]',
          'sneaky.png is an SVG drawing (or another text file), not a picture: a drawing ' +
            'may carry scripts, and no store takes one as a cover. Give a JPEG or PNG file.',
        );
        expect(await page.getByTestId('cover-preview').getAttribute('alt')).toBe(
          'Your cover: harbour.jpg, 1600 × 2560 px',
        );

        // No serious or critical finding in the panel with its preview and refusal, at 1366 and 390 px, in English and
        // Malay.
        const problems: string[] = [];
        await panel.scrollIntoViewIfNeeded();
        for (const v of await problemsAtWidths(page, ['aside'])) problems.push(`en: ${v}`);
        await speak(page, 'ms');
        await panel.getByText('Kulit buku anda sendiri (pilihan)').waitFor();
        // The refusal again, now in Malay (the account's language follows the studio's).
        await panel
          .getByLabel('Pilih gambar lain', { exact: true })
          .setInputFiles({ name: 'sneaky.png', mimeType: 'image/png', buffer: SCRIPTED_SVG });
        await waitForText(page, '[data-testid="cover-error"]', /^sneaky\.png ialah lukisan SVG/);
        expect(await page.getByTestId('cover-preview').getAttribute('alt')).toBe(
          'Kulit buku anda: harbour.jpg, 1600 × 2560 px',
        );
        // The panel was read whole in English just above: in Malay, the rules its words can break (tests/e2e/axe.ts).
        for (const v of await problemsAtWidths(page, ['aside'], LANGUAGE_RULES)) problems.push(`ms: ${v}`);
        await keepScreenshot(panel, 'cover-upload-ms.png');
        expect(problems).toEqual([]);
        await speak(page, 'en');

        // The package made next has the writer's picture as cover.jpg and as the EPUB's cover.
        await panel.getByLabel('Author name', { exact: true }).fill('Siti Aminah');
        await page.getByTestId('publish-button').click();
        await waitForText(page, '[data-testid="readiness-summary"]', /store/, 150_000);
        // The package's bytes read with the writer's session (not passed out of the page as an array of numbers).
        const zip = await (await asWriter(writer, '/books/children/publish/package')).arrayBuffer();
        const files = unzipSync(new Uint8Array(zip));
        const mine = await meanColour(jpeg);
        expect(await sharp(files['cover.jpg']!).metadata()).toMatchObject({
          format: 'jpeg',
          width: 1600,
          height: 2560,
        });
        expect(
          near(await meanColour(files['cover.jpg']!), mine),
          `${await meanColour(files['cover.jpg']!)} vs ${mine}`,
        ).toBe(true);
        const epub = unzipSync(files['manuscript.epub']!);
        const opfName = Object.keys(epub).find((n) => n.endsWith('.opf'))!;
        const href = /href="([^"]+)"/.exec(
          /<item\b[^>]*properties="cover-image"[^>]*>/.exec(new TextDecoder().decode(epub[opfName]))?.[0] ?? '',
        )?.[1];
        expect(near(await meanColour(epub[path.posix.join(path.posix.dirname(opfName), href!)]!), mine)).toBe(true);
        // The panel shows the package's cover: the writer's.
        await page.waitForFunction(
          () =>
            ((document.querySelector('[data-testid="package-cover"]') as HTMLImageElement | null)?.naturalWidth ?? 0) >
            0,
        );

        // Back on the page later, "Publish again" keeps the writer's author: the field starts with it, no pen name is
        // bought, and the new package's metadata, EPUB and cover all still say Siti Aminah's book.
        const first = (
          (await (await asWriter(writer, '/books/children/publish')).json()) as { package: { created_at: string } }
        ).package.created_at;
        await page.reload();
        await panel.waitFor();
        await page.waitForFunction(
          () =>
            (
              document.querySelector(
                '[data-testid="publish-panel"] input[autocomplete="name"]',
              ) as HTMLInputElement | null
            )?.value === 'Siti Aminah',
        );
        expect(await panel.getByLabel('Author name', { exact: true }).inputValue()).toBe('Siti Aminah');
        await page.getByTestId('publish-button').click();
        await expect
          .poll(
            async () =>
              (
                (await (await asWriter(writer, '/books/children/publish')).json()) as {
                  package: { created_at: string };
                }
              ).package.created_at,
            { timeout: 150_000, interval: 200 },
          )
          .not.toBe(first);
        const again = unzipSync(
          new Uint8Array(await (await asWriter(writer, '/books/children/publish/package')).arrayBuffer()),
        );
        expect((JSON.parse(new TextDecoder().decode(again['metadata.json'])) as { author: string }).author).toBe(
          'Siti Aminah',
        );
        const againEpub = unzipSync(again['manuscript.epub']!);
        const opf = new TextDecoder().decode(againEpub[Object.keys(againEpub).find((n) => n.endsWith('.opf'))!]);
        expect(opf).toMatch(/<dc:creator[^>]*>Siti Aminah<\/dc:creator>/);
        expect(near(await meanColour(again['cover.jpg']!), mine)).toBe(true);
        const steps = (
          (await (await asWriter(writer, '/books/children/publish')).json()) as {
            package: { steps: Array<{ part: string; cost: number }> };
          }
        ).package.steps;
        expect(steps.find((s) => s.part === 'author')?.cost).toBe(0);
      },
      420_000,
    );
  },
);
