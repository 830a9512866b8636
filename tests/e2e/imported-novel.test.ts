// End to end: a writer brings a 28-chapter public-domain novel that ends with its own last chapter (Gutenberg's
// plain text, tests/publish/long-novel.ts) and finishes it from the studio. Its page says it may be published as it
// stands (the publish panel is there) and offers its conclusion with the cost under the button; the writer gives it
// one chapter more (free), writes the outline of the new one, Chapter 29 and the conclusion, each step taking the
// book's own 28, then 29, chapters past a new book's 1-20. The model is the offline provider.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { GENERATE, describeInChromium } from './helpers.js';
import { setCredits, signInPage, signUpWriter } from './seed.js';
import { longNovelText } from '../publish/long-novel.js';
import { tempDir } from '../temp.js';

// The story bible of 28 imported chapters is read with the writer's generation allowance (20 at once by default):
// the server is given room for it and the steps after, so the steps here are not refused as too many.
const serve = async () => ({ env: { KARYA_GENERATION_BURST: '200' } });

describeInChromium('Finish an imported 28-chapter novel', { what: 'offline provider', serve }, (app) => {
  it(
    'imported, offered as it stands and its conclusion ' + 'with its cost, continued by a chapter and finished',
    async () => {
      const dir = tempDir('karya-e2e-novel-');
      const file = path.join(dir, 'ravenel.txt');
      writeFileSync(file, longNovelText({ chapters: 28, title: 'The Ravenel Orchard' }));
      const page = await app.open();
      const writer = await signUpWriter(app.base, 'novel.28@e2e.test');
      await setCredits(writer, app.karya.adminEmail, 100);
      await signInPage(page, writer);
      await page.goto(`${app.base}/books`);
      const section = page.getByTestId('import-manuscript');
      await section.getByLabel('Manuscript file').setInputFiles(file);
      await section.getByLabel('Kind of book').selectOption('romance');
      await section.getByRole('button', { name: 'Find the chapters' }).click();
      await section.getByTestId('import-preview').waitFor();
      expect(await section.getByTestId('import-chapter').count()).toBe(28);
      // Finished as it is: as many chapters as the writer brought (the preview offers more by default).
      await section.getByLabel('Chapters in the finished book').fill('28');
      await section.getByRole('button', { name: 'Import these chapters' }).click();

      // The book's page: its next step is its conclusion, the cost said under the button before it is pressed, and
      // the book may be published as it stands.
      await page.waitForURL((u) => u.pathname !== '/books');
      await page.locator(GENERATE.label, { hasText: 'Conclusion' }).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('step-cost').textContent()).toMatch(/credit/);
      const own = page.getByTestId('own-ending');
      await own.waitFor();
      expect(await own.textContent()).toContain('This book ends with your own last chapter.');
      await page.getByTestId('publish-panel').waitFor();

      // One chapter more: its outline first, then Chapter 29, then the conclusion.
      await own.getByLabel('Chapters in the book').fill('29');
      await own.getByRole('button', { name: 'Write more chapters' }).click();
      await page.locator(GENERATE.label, { hasText: /Outline/ }).waitFor({ timeout: 30_000 });
      await page.click(GENERATE.button);
      await page.locator(GENERATE.label, { hasText: 'Chapter 29' }).waitFor({ timeout: 60_000 });
      await page.click(GENERATE.button);
      await page.locator(GENERATE.label, { hasText: 'Conclusion' }).waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('step-cost').textContent()).toMatch(/credit/);
      await page.click(GENERATE.button);
      // Finished: the book is whole, and the publish panel is there.
      await page.getByTestId('publish-panel').waitFor({ timeout: 60_000 });
      await expect
        .poll(
          async () =>
            (
              (await page.evaluate(() => fetch('/api/books').then((r) => r.json()))) as {
                books: Array<{ is_finished: boolean; chapters_written: number }>;
              }
            ).books[0],
          { timeout: 30_000 },
        )
        .toEqual(expect.objectContaining({ is_finished: true, chapters_written: 29 }));
      expect(await page.getByText('Chapter 28: The ').count()).toBeGreaterThan(0);
    },
    300_000,
  );
});
