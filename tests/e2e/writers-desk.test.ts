// End to end, the writer's desk in one book: a new 10-credit account opens Romance at a length it can
// finish (7 chapters, 10 credits) with the brief before the choices; the dashboard's and the sidebar's
// counts are the served catalogue's; the studio's step line and the progress API's stepText say the same
// step; after a reload the resume dialog names the book by its title and, closed, leaves focus on
// Generate; on a 390 × 844 phone the sticky bar never covers the last part's Rewrite row, and a rewrite's
// note sits in Earlier versions with the text it produced.
import { expect, it } from 'vitest';
import { fullLength } from '../fake-openai.js';
import { GENERATE, describeInChromium, fakeModel, lanternShop, waitForText, writeRomance } from './helpers.js';

const model = fakeModel({
  answer: fullLength(
    lanternShop(
      'Aisha walked to the harbour at dawn, holding the lantern close.\n\nThe boats were still tied to the pier.',
    ),
  ),
});

describeInChromium("the writer's desk", { what: 'fake provider', serve: model.serve }, (app) => {
  it(
    'opens at a length the balance can finish, brief first; counts from the ' +
      'catalogue; one step count; back later, the book at once with a note that names it',
    async () => {
      const page = await app.open();
      await writeRomance(page, app.base, 'desk.writer@e2e.test', []);
      // 10 credits: 7 chapters (outline, introduction, 7 chapters, conclusion), never 12 needing 15.
      expect(await page.getByLabel('Number of Chapters').inputValue()).toBe('7');
      expect(await page.getByTestId('book-cost').textContent()).toContain('This book: 10 credits — you have 10');
      expect(await page.getByTestId('book-cost-short').count()).toBe(0);
      const labels = await page.locator('[data-testid="settings-form"] label').allTextContents();
      expect(labels.indexOf('Working Title')).toBe(0);
      expect(labels.indexOf('Premise')).toBeLessThan(labels.indexOf('Romance Type'));

      // The counts are the catalogue's.
      const { generators } = (await page.evaluate(() => fetch('/api/generators').then((r) => r.json()))) as {
        generators: Array<{ family: string }>;
      };
      const served = generators.filter((g) =>
        ['fiction', 'nonfiction', 'creative', 'publishing', 'covers'].includes(g.family),
      ).length;
      expect(await page.locator('aside [data-testid="generator-count"]').textContent()).toBe(`${served} generators`);

      await page.click(GENERATE.button);
      await waitForText(page, GENERATE.label, 'Generate Introduction', 60_000);
      await page.click(GENERATE.button);
      await waitForText(page, GENERATE.label, 'Generate Chapter 1', 60_000);
      // One step count: the page's step line is the progress API's stepText.
      const { book } = (await page.evaluate(() => fetch('/api/progress/romance').then((r) => r.json()))) as {
        book: { progress: { stepText: string } };
      };
      expect(book.progress.stepText).toBe('Step 3 of 4: Generate the next sections');
      expect(await page.getByTestId('progress-step').textContent()).toBe(book.progress.stepText);

      // Back later: the book at once, with a note that names it.
      await page.reload();
      const note = page.getByTestId('resume-note');
      await note.waitFor();
      expect(await note.getByTestId('resume-summary').textContent()).toContain('“The Lantern Shop”');
      await waitForText(page, GENERATE.label, 'Generate Chapter 1');
    },
    240_000,
  );

  it("390 × 844: scrolled to the end, the last part's Rewrite row is above the sticky bar", async () => {
    const page = await app.open({ width: 390, height: 844 });
    await writeRomance(page, app.base, 'desk.phone@e2e.test', [
      'Generate Introduction',
      'Generate Chapter 1',
      'Generate Chapter 2',
    ]);
    const rewrite = page.locator('[data-testid="rewrite-open"]').last();
    await rewrite.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => document.querySelector('[data-testid="preview"]')?.scrollTo(0, 1e9));
    const row = await rewrite.boundingBox();
    const bar = await page.getByTestId('sticky-next').boundingBox();
    expect(row).not.toBeNull();
    expect(bar).not.toBeNull();
    expect(row!.y + row!.height).toBeLessThanOrEqual(bar!.y);
    // And it takes a tap (nothing lies over it).
    await rewrite.click({ trial: true });

    // A rewrite with a note: in Earlier versions the note sits with the text it produced (the current
    // text), not above the text it replaced.
    const part = page.getByTestId('rewrite-part').last();
    await rewrite.click();
    await part.getByTestId('rewrite-note').fill('NOTE-DARKER make the ending darker');
    await part.getByTestId('rewrite-go').click();
    await part.getByTestId('rewrite-note').waitFor({ state: 'detached', timeout: 60_000 });
    await part.getByTestId('versions-open').click();
    expect(await part.getByTestId('versions-current').textContent()).toContain('“NOTE-DARKER make the ending darker”');
    expect(await part.getByTestId('version').first().textContent()).not.toContain('NOTE-DARKER');
  }, 240_000);
});
