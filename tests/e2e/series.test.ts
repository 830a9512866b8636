// End to end: a writer finishes a romance, chooses "Write the next book" on My Books, names the
// series, and the romance page opens on book 2 with its brief filled from the series (the premise says which
// book of which series and what is still open; the main characters are book 1's as they stand at its end);
// left and come back, book 2 opens again from the series page ("Start Book 2");
// once book 2 has its outline, My Books shows the two together under the series, in order, and the series
// page (on a phone) lists them with the series' bible as of book 1's end. The same in Bahasa Malaysia. The model
// is the offline provider.
import { expect, it } from 'vitest';
import { GENERATE, describeInChromium, openRoute } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, type Writer } from './seed.js';

const PASSWORD = 'secret12';

const WORDS = {
  en: {
    next: 'Write the next book',
    dialog: 'Start a series',
    name: 'Series name',
    start: 'Start the next book',
    premise: 'Premise',
    characters: 'Main Characters',
    book2: 'Book 2 of the series "Penang Bakery"',
    group: 'Series: Penang Bakery',
    startBook: 'Start Book 2',
    n: (k: number) => `Book ${k} · `,
  },
  ms: {
    next: 'Tulis buku seterusnya',
    dialog: 'Mulakan siri',
    name: 'Nama siri',
    start: 'Mulakan buku seterusnya',
    premise: 'Premis',
    characters: 'Watak Utama',
    book2: 'Buku 2 dalam siri "Penang Bakery"',
    group: 'Siri: Penang Bakery',
    startBook: 'Mulakan Buku 2',
    n: (k: number) => `Buku ${k} · `,
  },
} as const;

/** The writer's current romance written to its end through the API, as the studio's Generate does, step by step. */
async function writeWholeRomance(writer: Writer, lang: 'en' | 'ms'): Promise<void> {
  let n = 0;
  for (; n < 12; n++) {
    const res = await asWriter(writer, '/generators/romance/generate', {
      body: { settings: { numberOfChapters: '5', language: lang } },
    });
    if (((await res.json()) as { next: unknown }).next === null) break;
  }
  expect(n + 1).toBe(8);
}

describeInChromium('A series on My Books', { what: 'offline provider' }, (app) => {
  it.each(['en', 'ms'] as const)(
    '"Write the next book" on a finished book opens book 2 with ' +
      'its brief filled from the series; My Books groups the two (%s)',
    async (lang) => {
      const w = WORDS[lang];
      const page = await app.open();
      // Signed up in the studio's language over the API (tests/e2e/seed.ts; the sign-up page and the language switch
      // are walked in tests/e2e/studio.test.ts), its romance written before the studio is opened.
      const writer = await signUpWriter(app.base, `series.${lang}@e2e.test`, { password: PASSWORD, lang });
      await setCredits(writer, app.karya.adminEmail, 40);
      await writeWholeRomance(writer, lang);
      await signInPage(page, writer);

      await page.goto(`${app.base}/books`);
      await page.getByTestId('my-book').first().waitFor();
      await page
        .getByRole('button', { name: new RegExp(lang === 'ms' ? 'Tulis buku selepas' : 'Write the book after') })
        .click();
      const dialog = page.getByTestId('new-series');
      await dialog.getByRole('heading', { name: w.dialog }).waitFor();
      await dialog.getByLabel(w.name).fill('Penang Bakery');
      await dialog.getByRole('button', { name: w.start }).click();

      // The romance page, on book 2: no book yet, the brief filled from the series.
      await page.waitForURL((u) => u.pathname === '/romance');
      const premise = page.getByLabel(w.premise);
      await expect.poll(() => premise.inputValue(), { timeout: 30_000 }).toContain(w.book2);
      expect(await page.getByLabel(w.characters).inputValue()).toContain('Aisha Rahman');
      // Left and come back: book 2 is kept as a book of its own, opened again from the series page. My Books is opened
      // in the studio as its links open a page (helpers.ts openRoute), its list read from the server anew as on a load.
      await openRoute(page, app.base, '/books', '[data-testid="series-group"] [data-testid="series-name"]');
      await page.getByTestId('series-group').getByTestId('series-name').click();
      await page.getByRole('button', { name: w.startBook }).click();
      await page.waitForURL((u) => u.pathname === '/romance');
      await expect.poll(() => page.getByLabel(w.premise).inputValue(), { timeout: 30_000 }).toContain(w.book2);
      await page.click(GENERATE.button);
      await page
        .locator(GENERATE.label, { hasText: lang === 'ms' ? 'Pengenalan' : 'Introduction' })
        .waitFor({ timeout: 60_000 });
      // The page says which book of which series it is writing.
      expect(await page.getByTestId('book-series').textContent()).toBe(
        lang === 'ms' ? 'Buku 2 dalam siri "Penang Bakery"' : 'Book 2 of the series "Penang Bakery"',
      );

      await openRoute(page, app.base, '/books', '[data-testid="series-group"] [data-testid="series-name"]');
      const group = page.getByTestId('series-group');
      await group.getByTestId('series-name').waitFor();
      expect(await group.getByTestId('series-name').textContent()).toBe(w.group);
      const numbers = await group.getByTestId('series-number').allTextContents();
      expect(numbers).toEqual([w.n(1), w.n(2)]);
      // The series' last book is not finished: no next book is offered yet.
      expect(await page.getByTestId('next-in-series').count()).toBe(0);

      // The series page, on a phone (the same page at a phone's width): the two books in order, the series' bible as of
      // book 1's end, what is open.
      const phone = page;
      await phone.setViewportSize({ width: 390, height: 844 });
      await phone.getByTestId('series-name').click();
      await phone.getByTestId('series-page').waitFor();
      const titles = await phone.getByTestId('series-book').locator('h2').allTextContents();
      expect(titles.map((x) => x.split(' · ')[0])).toEqual([w.n(1).split(' · ')[0], w.n(2).split(' · ')[0]]);
      await phone.getByTestId('series-book').first().locator('summary').click();
      expect(await phone.getByTestId('series-bible').first().textContent()).toContain('Aisha Rahman');
      // Nothing overflows the phone's width.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    },
    240_000,
  );
});
