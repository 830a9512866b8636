// End to end: a readiness problem fixed where the Publish panel shows it. A writer with a finished children's book
// publishes it, then types keywords KDP refuses into the package's editor: "Save and check again" shows the KDP
// eBook's keywords check failing; with phrases a reader searches for it turns green. Neither save costs a credit,
// and the zip's keywords.txt carries the writer's keywords.
import { unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, waitForText } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, type Writer } from './seed.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

const WRITER = 'keywords.writer@e2e.test';
const GOOD = [
  'jungle adventure for kids',
  'brave young explorers',
  'friendship stories',
  'talking animals',
  'rainforest mystery',
];

/** Write a one-chapter children's book over the API as the writer, as the generate button does step by step. */
async function writeChildrensBook(writer: Writer): Promise<void> {
  for (let n = 1; n <= 20; n++) {
    const res = await asWriter(writer, '/generators/children/generate', {
      body: { settings: { numberOfChapters: 1, ageGroup: '8-12' } },
    });
    if (((await res.json()) as { next: unknown }).next === null) return;
  }
  throw new Error('the book was not finished in 20 steps');
}

const creditsOf = async (writer: Writer) =>
  ((await (await asWriter(writer, '/me')).json()) as { credits_available: number }).credits_available;

/** The KDP eBook's keywords check as the panel shows it: its status, once the panel says it. */
async function keywordsStatus(page: Page, status: 'pass' | 'fail'): Promise<void> {
  await page.waitForFunction(
    (s) =>
      document.querySelector(`[data-channel="kdp_ebook"] [data-check="keywords"]`)?.getAttribute('data-status') === s,
    status,
    { timeout: 30_000 },
  );
}

/** Replace the editor's keywords (one a line) and save them. */
async function saveKeywords(page: Page, keywords: readonly string[]): Promise<void> {
  const panel = page.getByTestId('publish-panel');
  await panel.getByLabel('Keywords (one a line, at most 7)', { exact: true }).fill(keywords.join('\n'));
  await panel.getByRole('button', { name: 'Save and check again' }).click();
  await waitForText(
    page,
    '[data-testid="package-edit-saved"]',
    'Saved and checked again: the readiness below is up to date.',
  );
}

describeInChromium(
  'keywords fixed in the Publish panel',
  { what: 'a package edit', serve: async () => ({ env: WITHOUT_EPUBCHECK }) },
  (app) => {
    it('turns the KDP keywords check green without a new charge', async () => {
      const page = await app.open({ width: 1366, height: 900 });
      const writer = await signUpWriter(app.base, WRITER, { password: 'secret12' });
      await setCredits(writer, app.karya.adminEmail, 40);
      await writeChildrensBook(writer);
      await signInPage(page, writer);
      await page.goto(`${app.base}/children`);
      const panel = page.getByTestId('publish-panel');
      await panel.waitFor();
      await panel.getByLabel('Author name', { exact: true }).fill('Eleanor Marsh');
      await page.getByTestId('publish-button').click();
      await waitForText(page, '[data-testid="readiness-summary"]', /store/, 150_000);
      const credits = await creditsOf(writer);

      // Keywords KDP refuses: the check fails, and its fix leads to the keywords field.
      await saveKeywords(page, ['bestseller adventure', 'x']);
      await keywordsStatus(page, 'fail');
      await page
        .locator('[data-channel="kdp_ebook"] [data-check="keywords"]')
        .getByRole('button', { name: 'Edit the keywords' })
        .click();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'package-edit-keywords',
      );

      // Phrases a reader searches for: green, and still no credit spent.
      await saveKeywords(page, GOOD);
      await keywordsStatus(page, 'pass');
      expect(await creditsOf(writer)).toBe(credits);
      const zip = unzipSync(
        new Uint8Array(await (await asWriter(writer, '/books/children/publish/package')).arrayBuffer()),
      );
      expect(new TextDecoder().decode(zip['keywords.txt']).split('\n').filter(Boolean)).toEqual(GOOD);

      // After a reload the package shows the keywords as saved.
      await page.reload();
      await panel.waitFor();
      await keywordsStatus(page, 'pass');
      expect(await panel.getByLabel('Keywords (one a line, at most 7)', { exact: true }).inputValue()).toBe(
        GOOD.join('\n'),
      );
    }, 300_000);
  },
);
