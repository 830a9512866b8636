// End to end: Content History is its own page, opened from the sidebar. A writer who wrote a romance's
// outline, introduction and first chapter and drew a cover finds one entry for the book (its title as My
// Books shows it, its three parts folded inside) and the cover under its book title with a thumbnail,
// not its image prompt; Edit Profile links to the page instead of listing the items.
import { expect, it } from 'vitest';
import { GENERATE, describeInChromium, grantCredits, writeRomance } from './helpers.js';

const PASSWORD = 'secret12';

describeInChromium('Content History', { what: 'offline provider' }, (app) => {
  it(
    'opens from the sidebar with one entry per book, its ' + 'parts inside; a cover with its thumbnail and title',
    async () => {
      const page = await app.open();
      const email = 'history.books@e2e.test';
      await writeRomance(
        page,
        app.base,
        email,
        ['Generate Introduction', 'Generate Chapter 1', 'Generate Chapter 2'],
        PASSWORD,
      );
      await grantCredits(app.base, { email: app.karya.adminEmail, password: PASSWORD }, email, 20);
      await page.goto(`${app.base}/book-cover`);
      await page.getByLabel('Book Title').fill('A Quiet Harbour');
      await page.click(GENERATE.button);
      await page.getByRole('img', { name: /cover/i }).first().waitFor({ timeout: 60_000 });
      const { books } = (await page.evaluate(() => fetch('/api/books').then((r) => r.json()))) as {
        books: Array<{ title: string }>;
      };
      expect(books).toHaveLength(1);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Content History' }).click();
      await page.waitForURL((u) => u.pathname === '/history');
      await page.getByRole('heading', { level: 1, name: 'Content History' }).waitFor();
      const list = page.getByTestId('history-list');
      await list.waitFor();
      // One entry for the book, one for the cover.
      const book = list.getByTestId('history-book');
      expect(await book.count()).toBe(1);
      expect(await list.locator(':scope > li').count()).toBe(2);
      const bookButton = book.getByRole('button').first();
      expect(await bookButton.textContent()).toContain(books[0]!.title);
      expect(await bookButton.textContent()).toContain('3 parts');
      expect(await book.getByTestId('history-item').count()).toBe(0);
      await bookButton.click();
      expect(await book.getByTestId('history-item').count()).toBe(3);
      expect(await book.getByTestId('history-item').last().locator('.font-medium').textContent()).toBe('Story Outline');

      // The cover: its book's title and a thumbnail of the picture.
      const cover = list.locator(':scope > li', { hasText: 'A Quiet Harbour' });
      await cover.getByTestId('history-thumbnail').waitFor();
      expect(
        await cover.getByTestId('history-thumbnail').evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      expect(await cover.locator('.font-medium').textContent()).toBe('A Quiet Harbour');

      // Edit Profile no longer lists the items: it links to the page.
      await page.goto(`${app.base}/profile/edit`);
      await page.getByTestId('history-link').getByRole('link', { name: 'Content History' }).click();
      await page.waitForURL((u) => u.pathname === '/history');
      await page.getByTestId('history-book').waitFor();
    },
    240_000,
  );
});
