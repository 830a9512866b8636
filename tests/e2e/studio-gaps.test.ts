// End to end, the studio's small gaps, on a server that takes payment through the operator's own RM payment
// links (no card checkout): every "top up" link (the sidebar's, the out-of-credits Generate button, the old
// /upgrade address) leads to the one Top Up page with the book to return to, which shows the RM packages and
// leads back; a 4-chapter romance (a novella, off the 7-20 menu) can be asked for; My Books shows each book's
// cover (the writer's picture, else a typographic one) and "Published <date>". axe-core finds nothing serious
// or critical on those pages at a laptop's and a phone's width, in English and in Malay. A reader whose system asks
// for less motion (emulated) sees transitions change at once and a spinner turn at a third of its pace.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, openRoute, waitForText } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, writeBook, type Writer } from './seed.js';
import { LANGUAGE_RULES, problemsAtWidths } from './axe.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

const PASSWORD = 'secret12';

/**
 * A writer signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts) with
 * `credits`, the page signed in.
 */
async function writerWith(
  page: Page,
  base: string,
  adminEmail: string,
  email: string,
  credits: number,
): Promise<Writer> {
  const writer = await signUpWriter(base, email, { password: PASSWORD });
  await setCredits(writer, adminEmail, credits);
  await signInPage(page, writer);
  return writer;
}

/** RM payment links for two of the three packages; no Stripe. epubcheck left out: nothing here reads its verdict. */
const withTopUpLinks = async () => ({
  env: {
    ...WITHOUT_EPUBCHECK,
    KARYA_TOPUP_URLS: '150=https://pay.example/karya-150,600=https://pay.example/karya-600',
  },
});

/** The studio in `lang` (its switch), waiting until the page says so. */
async function speak(page: Page, lang: 'en' | 'ms'): Promise<void> {
  if ((await page.getAttribute('html', 'lang')) === lang) return;
  await page.locator('[data-testid="language-switch"]').first().selectOption(lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

/**
 * axe and sideways scrolling at both widths, in English then Malay (the sidebar is checked on its own pages): all of
 * axe's rules in English, and in Malay the rules a language can break on a page read whole (tests/e2e/axe.ts).
 */
async function problemsInBothLanguages(page: Page, ready: (lang: 'en' | 'ms') => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  for (const lang of ['en', 'ms'] as const) {
    await speak(page, lang);
    await ready(lang);
    for (const v of await problemsAtWidths(page, ['aside'], lang === 'en' ? undefined : LANGUAGE_RULES))
      problems.push(`${lang}: ${v}`);
  }
  await speak(page, 'en');
  return problems;
}

describeInChromium(
  "the studio's small gaps",
  { what: 'RM top-up links', serve: withTopUpLinks, forAxe: true },
  (app) => {
    it(
      'every top-up link leads to the one Top Up page (RM packages, ' +
        'the way back to the book); axe finds nothing serious',
      async () => {
        const page = await app.open({ width: 1366, height: 900 });
        await writerWith(page, app.base, app.karya.adminEmail, 'topup.writer@e2e.test', 0);

        // Out of credits, the Generate button on the book's page.
        await page.goto(`${app.base}/romance`);
        await waitForText(page, '[data-testid="generate-label"]', 'Top up to continue');
        await page.click('[data-testid="generate-button"]');
        await page.waitForURL((u) => u.pathname === '/topup' && u.searchParams.get('return') === '/romance');
        await page.getByRole('heading', { name: 'Top Up Credits', level: 1 }).waitFor();
        expect(await page.getByTestId('upgrade-reason').textContent()).toContain(
          'Top up below to continue: your work is kept.',
        );
        const link = page.getByRole('link', { name: 'Top Up 150' });
        await link.waitFor();
        expect(await link.getAttribute('href')).toBe('https://pay.example/karya-150');
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toContain('noopener');
        expect(await page.getByRole('button', { name: 'Top Up 300' }).isDisabled()).toBe(true);
        expect(await page.textContent('[data-testid="savings-300"]')).toBe('Save RM15 vs 2 x 150');
        expect(await page.locator('[data-testid="savings-600"] li').allTextContents()).toEqual([
          'Save RM53 vs 2 x 300',
          'Save RM83 vs 4 x 150',
        ]);
        expect(await page.getByRole('button', { name: /^Buy / }).count()).toBe(0);
        expect(await page.getByTestId('topup-balance').textContent()).toContain('Current balance: 0 credits');

        const problems = await problemsInBothLanguages(page, async (lang) => {
          await page
            .getByRole('heading', { name: lang === 'en' ? 'Top Up Credits' : 'Tambah Nilai Kredit', level: 1 })
            .waitFor();
        });
        expect(problems).toEqual([]);

        // Back to the book.
        await page.getByRole('link', { name: 'Back to your book' }).click();
        await page.waitForURL((u) => u.pathname === '/romance');

        // The sidebar's Top Up, from the book's page: the same page, with the way back.
        await page.locator('aside').getByRole('link', { name: 'Top Up Credits', exact: true }).click();
        await page.waitForURL((u) => u.pathname === '/topup' && u.searchParams.get('return') === '/romance');
        await page.getByRole('link', { name: 'Top Up 150' }).waitFor();

        // The card page's old address is the same page.
        await page.goto(`${app.base}/upgrade?return=%2Fbooks`);
        await page.waitForURL((u) => u.pathname === '/topup' && u.searchParams.get('return') === '/books');
        await page.getByRole('link', { name: 'Top Up 150' }).waitFor();
      },
      180_000,
    );

    it(
      'a 4-chapter romance (a novella) can be asked for: ' + '"Another number…", 4, and the book has 4 chapters',
      async () => {
        const page = await app.open({ width: 1366, height: 900 });
        await writerWith(page, app.base, app.karya.adminEmail, 'novella.writer@e2e.test', 40);
        await page.goto(`${app.base}/romance`);
        const chapters = page.getByLabel('Number of Chapters', { exact: true });
        await chapters.waitFor();
        await chapters.selectOption({ label: 'Another number…' });
        const box = page.getByTestId('numberOfChapters-other');
        await box.fill('4');
        const asked = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/generators\/romance\//.test(r.url()));
        await page.click('[data-testid="generate-button"]');
        const body = JSON.parse((await asked).postData() ?? '{}') as { settings?: Record<string, unknown> };
        expect(Number(body.settings?.numberOfChapters)).toBe(4);
        // The book saved with 4 chapters (My Books' "0 of 4 chapters" comes from it).
        const total = await page.waitForFunction(
          async () => {
            const res = await fetch('/api/books');
            const { books } = (await res.json()) as { books: Array<{ generator_id: string; chapters_total: number }> };
            return books.find((b) => b.generator_id === 'romance')?.chapters_total ?? false;
          },
          undefined,
          { timeout: 60_000, polling: 100 },
        );
        expect(await total.jsonValue()).toBe(4);
        // My Books opened in the studio as its links open a page (helpers.ts openRoute: its list fetched anew on
        // mount).
        await openRoute(page, app.base, '/books', '[data-testid="my-book"]');
        const row = page.getByTestId('my-book').filter({ hasText: 'Romance' });
        await row.first().waitFor();
        expect(await row.first().textContent()).toMatch(/of 4 chapters/);
      },
      180_000,
    );

    it('My Books shows each book\'s cover and "Published <date>"; axe finds nothing serious', async () => {
      const page = await app.open({ width: 1366, height: 900 });
      const writer = await writerWith(page, app.base, app.karya.adminEmail, 'shelf.writer@e2e.test', 80);
      const jpeg = await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#1e8c3c' } })
        .jpeg()
        .toBuffer();
      // A finished children's book with the writer's own cover, published; and a romance begun.
      await writeBook(writer, 'children', { numberOfChapters: 5, ageGroup: '8-12' });
      const { books } = (await (await asWriter(writer, '/books')).json()) as {
        books: Array<{ id: number; generator_id: string }>;
      };
      const made = books.find((b) => b.generator_id === 'children')!.id;
      await asWriter(writer, `/books/${made}/cover?file=harbour.jpg`, {
        method: 'PUT',
        body: new Uint8Array(jpeg),
        type: 'image/jpeg',
      });
      await asWriter(writer, '/books/children/publish', { body: { author: 'Siti Aminah' } });
      await asWriter(writer, '/generators/romance/generate', { body: { settings: { numberOfChapters: 4 } } });

      await page.goto(`${app.base}/books`);
      const rows = page.getByTestId('my-book');
      await rows.nth(1).waitFor();
      const children = rows.filter({ has: page.locator(`[data-testid="download-book-${made}"]`) });
      const picture = children.getByTestId('book-cover');
      expect(await picture.getAttribute('data-cover')).toBe('picture');
      await page.waitForFunction(
        () => (document.querySelector('[data-cover="picture"]') as HTMLImageElement | null)?.naturalWidth === 1600,
      );
      expect(await children.getByTestId('book-published').textContent()).toMatch(
        /^Published \d{1,2} [A-Z][a-z]{2} \d{4}$/,
      );
      const romance = rows.filter({ hasNot: page.locator(`[data-testid="download-book-${made}"]`) });
      expect(await romance.getByTestId('book-cover').getAttribute('data-cover')).toBe('typographic');
      expect(await romance.getByTestId('book-published').count()).toBe(0);

      // The filters: published only, then back.
      await page.getByTestId('shelf-state').selectOption('published');
      await waitForText(page, '[data-testid="shelf-shown"]', /^1 of 2 books shown/);
      expect(await rows.count()).toBe(1);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      expect(await rows.count()).toBe(2);

      const problems = await problemsInBothLanguages(page, async (lang) => {
        await page.getByRole('heading', { name: lang === 'en' ? 'My Books' : 'Buku Saya', level: 1 }).waitFor();
        await waitForText(page, '[data-testid="book-published"]', lang === 'en' ? /^Published / : /^Diterbitkan /);
      });
      expect(problems).toEqual([]);
    }, 240_000);

    it('less motion where the reader asked for it: transitions at once, a spinner at a third of its pace', async () => {
      const page = await app.open({ width: 1366, height: 900 });
      await writerWith(page, app.base, app.karya.adminEmail, 'still.writer@e2e.test', 0);
      await page.goto(`${app.base}/`);
      await page.locator('main a.card').first().waitFor();
      // A dashboard card (it lifts on hover), the sidebar's first link, and the studio's spinner class.
      const motion = () =>
        page.evaluate(() => {
          const spinner = document.createElement('span');
          spinner.className = 'animate-spin';
          document.body.append(spinner);
          const read = {
            card: getComputedStyle(document.querySelector('main a.card')!).transitionDuration,
            sidebar: getComputedStyle(document.querySelector('aside nav a')!).transitionDuration,
            spinner: getComputedStyle(spinner).animationDuration,
          };
          spinner.remove();
          return read;
        });
      expect(await motion()).toEqual({ card: '0.15s', sidebar: '0.15s', spinner: '1s' });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await motion()).toEqual({ card: '0s', sidebar: '0s', spinner: '3s' });
    }, 120_000);
  },
);
