// End to end: after the outline the studio shows one card per chapter; the writer edits
// chapter 2's plan and note, saves, writes the introduction and chapters 1 and 2, and chapter 2's request
// (as the fake provider of tests/fake-openai.ts received it) carries both; chapter 1's does not carry the
// note, and the written chapters show as locked cards. A note typed and followed at once by
// Generate is saved first and reaches its chapter; a sidebar link with a card typed asks first, and the
// typed text is there either way (Cancel stays; Leave keeps it as a draft that comes back).
import { afterAll, expect, it } from 'vitest';
import { fullLength, userMessageOf } from '../fake-openai.js';
import { GENERATE, describeInChromium, fakeModel, lanternShop, waitForText, writeRomance } from './helpers.js';

const { button, label } = GENERATE;
const model = fakeModel({
  answer: fullLength(lanternShop('Aisha walked to the harbour at dawn, holding the lantern close.')),
});

describeInChromium('the outline as chapters in the studio', { what: 'fake provider', serve: model.serve }, (app) => {
  afterAll(() => model.close());

  /** A romance past its outline, its chapter cards shown: the page, the cards, and how many there are. */
  const openChapterCards = async (email: string) => {
    const page = await app.open();
    await writeRomance(page, app.base, email, ['Generate Introduction']);
    const cards = page.getByTestId('chapter-card');
    await cards.first().waitFor();
    return { page, cards, total: await cards.count() };
  };

  it("the writer edits chapter 2's plan and note before writing it; both reach chapter 2's request", async () => {
    const { page, cards, total } = await openChapterCards('outline.cards@e2e.test');
    // One card per chapter of the form's default count.
    expect(total).toBeGreaterThanOrEqual(5);
    expect(
      await cards
        .nth(total - 1)
        .getByLabel('Title')
        .inputValue(),
    ).toBe(`Lantern ${total}`);
    const second = cards.nth(1);
    await second.getByLabel('Plan').fill('EDITED-2 Tan and Aisha meet at the night market.');
    await second.getByLabel('Note: what must happen here').fill('NOTE-2 Tan must confess that he burned the old shop.');
    await page.getByTestId('chapters-save').click();
    await page.getByTestId('chapters-save').waitFor({ state: 'detached' });

    for (const next of ['Generate Chapter 1', 'Generate Chapter 2', 'Generate Chapter 3']) {
      await page.click(button);
      await waitForText(page, label, next, 60_000);
    }
    const requests = model.fake.generationRequests().map((r) => userMessageOf(r.body ?? {}));
    const chapter2 = requests.filter((u) => new RegExp(`^Write Chapter 2 of ${total},`).test(u));
    expect(chapter2).toHaveLength(1);
    expect(chapter2[0]).toContain('EDITED-2 Tan and Aisha meet at the night market.');
    expect(chapter2[0]).toContain('NOTE-2 Tan must confess that he burned the old shop.');
    expect(requests.find((u) => new RegExp(`^Write Chapter 1 of ${total},`).test(u))).not.toContain('NOTE-2');

    // Chapters 1 and 2 are written: their cards are locked.
    await page.locator('#part-chapters > summary').click();
    await page.locator('[data-testid="chapter-card"][data-locked="true"]').nth(1).waitFor();
    expect(await page.locator('[data-testid="chapter-card"][data-locked="true"]').count()).toBe(2);
  }, 180_000);

  it(
    "a note typed into chapter 2's card and Generate " + "Introduction at once: the note reaches chapter 2's request",
    async () => {
      const { page, cards, total } = await openChapterCards('outline.at-once@e2e.test');
      await cards
        .nth(1)
        .getByLabel('Note: what must happen here')
        .fill('NOTE-AT-ONCE Arjun burns the first batch on purpose.');
      // No Save: Generate right away.
      await page.click(button);
      await waitForText(page, label, 'Generate Chapter 1', 60_000);
      for (const next of ['Generate Chapter 2', 'Generate Chapter 3']) {
        await page.click(button);
        await waitForText(page, label, next, 60_000);
      }
      const requests = model.fake.generationRequests().map((r) => userMessageOf(r.body ?? {}));
      const chapter2 = requests.filter((u) => u.includes('NOTE-AT-ONCE'));
      expect(chapter2).toHaveLength(1);
      expect(chapter2[0]).toMatch(new RegExp(`^Write Chapter 2 of ${total},`));
    },
    180_000,
  );

  it(
    'after typing into a card, a sidebar link asks before ' +
      'leaving; Cancel keeps the text, Leave keeps it for the return',
    async () => {
      const page = await app.open();
      await writeRomance(page, app.base, 'outline.leave@e2e.test', ['Generate Introduction']);
      const note = page.getByTestId('chapter-card').nth(2).getByLabel('Note: what must happen here');
      await note.fill('NOTE-KEPT The storm takes the pier.');
      const myBooks = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Books' });
      await myBooks.click();
      const dialog = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/romance');
      expect(await note.inputValue()).toBe('NOTE-KEPT The storm takes the pier.');

      await myBooks.click();
      await dialog.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL(/\/books$/);
      await page.goto(`${app.base}/romance`);
      await page.getByTestId('resume-note').waitFor();
      const back = page.getByTestId('chapter-card').nth(2).getByLabel('Note: what must happen here');
      await back.waitFor();
      expect(await back.inputValue()).toBe('NOTE-KEPT The storm takes the pier.');
      expect(await page.getByTestId('chapters-save').isVisible()).toBe(true);
    },
    180_000,
  );
});
