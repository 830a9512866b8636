// End to end: the studio never loses, hides or withholds a writer's work. `karya serve` talks to
// the fake provider (tests/fake-openai.ts): answers as long as asked, and a slow stream when a case asks
// for one. Each case has its own writer, signed up over the API with the book's first steps written there too
// (tests/e2e/seed.ts: a writer's earlier session): what a case checks starts at the book's page. The generation
// flow itself is clicked through where a case is about it (the stream left and come back to, the phone's sticky
// button after the introduction, the cover) and in tests/e2e/studio.test.ts.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { describeInChromium, downloadBytes, keepScreenshot, openRoute, waitForText } from './helpers.js';
import { seededWriter, setCredits, signInPage, signUpWriter } from './seed.js';

const PASSWORD = 'secret12';
const button = '[data-testid="generate-button"]';
const label = '[data-testid="generate-label"]';

// Answers as long as asked (so no part is extended); the options are read per request, so a case slows
// the stream down by setting `fakeOptions.streamDelayMs`.
const fakeOptions: FakeOpenAIOptions = {};
/** A slow stream: a pause between streamed words. */
const slowDown = (ms: number) => (fakeOptions.streamDelayMs = ms);
let fake: FakeOpenAI;
const fakeProvider = async () => {
  fake = await startFakeOpenAI(fakeOptions);
  return { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } };
};

describeInChromium("a studio that keeps the writer's work", { what: 'fake provider', serve: fakeProvider }, (app) => {
  afterEach(() => {
    delete fakeOptions.streamDelayMs;
  });
  afterAll(() => fake?.close());

  // One browser context for the file, so the studio's code is fetched and compiled once; each case opens a page of its
  // own in it and sets its writer's session cookie there (the one before is replaced: each case is another account).
  let context: BrowserContext;
  beforeAll(async () => {
    context = await app.browser.newContext({ viewport: { width: 1440, height: 900 } });
  });
  /**
   * The case's page: the pages of the case before are closed (a failed case's are left for its screenshots until now).
   */
  async function open(viewport?: { width: number; height: number }): Promise<Page> {
    await Promise.all(context.pages().map((p) => p.close()));
    await context.setOffline(false);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    if (viewport) await page.setViewportSize(viewport);
    app.pages.push(page);
    return page;
  }

  /**
   * A new writer whose romance has its first `steps` steps written (2: the outline and the introduction) in an
   * earlier session, on the book's page.
   */
  async function writerWithSteps(
    email: string,
    steps: number,
    next: string,
    viewport?: { width: number; height: number },
  ): Promise<Page> {
    const page = await open(viewport);
    await seededWriter(page, { base: app.base, email, generatorId: 'romance', steps });
    await page.goto(`${app.base}/romance`);
    await waitForText(page, label, next);
    return page;
  }
  const writerWithIntroduction = (email: string) => writerWithSteps(email, 2, 'Generate Chapter 1');

  async function continueSaved(page: Page): Promise<void> {
    await page.getByTestId('resume-note').waitFor();
  }

  it(
    'with 0 credits a writer opens the unfinished book, reads it, ' +
      'downloads it as EPUB (page and My Books); Generate leads to top-up',
    async () => {
      const page = await open();
      const writer = await seededWriter(page, {
        base: app.base,
        email: 'zero.credits@e2e.test',
        generatorId: 'romance',
        steps: 2,
      });
      await setCredits(writer, app.karya.adminEmail, 0);

      await page.goto(`${app.base}/romance`);
      expect(new URL(page.url()).pathname).toBe('/romance');
      await continueSaved(page);
      const part = page.locator('[data-testid="preview-part"]').first();
      await part.waitFor();
      expect((await part.textContent())!.length).toBeGreaterThan(100);
      await waitForText(page, '[data-testid="step-cost"]', 'Generate Chapter 1: 1 credit');
      expect(await page.getByTestId('generate-label').textContent()).toBe('Top up to continue');

      await page.getByTestId('download-menu').getByRole('button', { name: 'Download' }).click();
      const [epub] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download as EPUB' }).click(),
      ]);
      expect(epub.suggestedFilename()).toMatch(/\.epub$/);
      expect((await downloadBytes(epub)).subarray(0, 2).toString('latin1')).toBe('PK');

      // My Books opened in the studio as its links open a page (helpers.ts openRoute: its list fetched anew on mount).
      await openRoute(page, app.base, '/books', '[data-testid="my-book"]');
      const row = page.getByTestId('my-book');
      await row.waitFor();
      expect(await row.textContent()).toMatch(/Unfinished · 0 of \d+ chapters/);
      // The row's Download is named by its book.
      await row
        .getByRole('button', { name: `Download ${await row.getByTestId('my-book-title').textContent()}`, exact: true })
        .click();
      const [again] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('link', { name: 'Download as EPUB' }).click(),
      ]);
      expect((await downloadBytes(again)).subarray(0, 2).toString('latin1')).toBe('PK');

      // Continue opens the book on its generator page at once (no resume dialog).
      await row.getByTestId('continue-book').click();
      await page.waitForURL((u) => u.pathname === '/romance');
      await waitForText(page, '[data-testid="step-cost"]', 'Generate Chapter 1: 1 credit');
      expect(await page.getByTestId('generate-label').textContent()).toBe('Top up to continue');
      expect(await page.getByTestId('resume-note').count()).toBe(0);
      await page.click(button);
      await page.waitForURL((u) => u.pathname === '/topup');
      expect(await page.getByTestId('upgrade-reason').textContent()).toBe(
        'Romance Story Creator needs 1 credit for its next step. Top up below to continue: your work is kept.',
      );
    },
    180_000,
  );

  it(
    'with the history request failing, Content History shows an error with ' +
      'Retry (not "No content yet"), and Retry loads it; My Books the same',
    async () => {
      const page = await open();
      await signInPage(page, await signUpWriter(app.base, 'history.fails@e2e.test', { password: PASSWORD }));
      let isFailing = true;
      await page.route('**/api/history?**', (route) =>
        isFailing
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: '{"error":{"code":"unavailable","message":"down"}}',
            })
          : route.continue(),
      );
      await page.route('**/api/books', (route) => (isFailing ? route.abort('internetdisconnected') : route.continue()));
      await page.goto(`${app.base}/history`);
      const error = page.getByTestId('history-error');
      await error.waitFor();
      expect(await page.getByTestId('history-empty').count()).toBe(0);
      expect(await error.getByRole('button', { name: 'Retry' }).count()).toBe(1);

      isFailing = false;
      await error.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('history-empty').waitFor();
      expect(await page.getByTestId('history-error').count()).toBe(0);

      // My Books with its request failing: an error, not "No books yet"; it loads again when the browser is back
      // online.
      isFailing = true;
      // Opened in the studio as its links open a page (helpers.ts openRoute): the list's request is made on mount.
      await openRoute(page, app.base, '/books', '[data-testid="my-books-error"]');
      await page.getByTestId('my-books-error').waitFor();
      expect(await page.getByText('No books yet.').count()).toBe(0);
      isFailing = false;
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.getByText('No books yet. Pick a generator to write your first.').waitFor();
    },
    120_000,
  );

  it(
    "leaving during a chapter's stream and coming back shows that chapter being " +
      'written, then written; never its Generate button again nor step_not_allowed',
    async () => {
      const page = await writerWithIntroduction('come.back@e2e.test');
      slowDown(8);
      await page.click(button);
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > 200,
        undefined,
        { timeout: 60_000 },
      );
      // Away to the profile (a sidebar link), then back to the book.
      await page.getByRole('link', { name: 'Edit Profile' }).first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/profile'));
      await page.goto(`${app.base}/romance`);
      await page.evaluate(() => {
        const w = window as unknown as { __labels: string[] };
        w.__labels = [];
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="generate-label"]')?.textContent?.trim();
          if (text && w.__labels.at(-1) !== text) w.__labels.push(text);
        }).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await waitForText(page, label, 'Chapter 1 is being written…');
      expect(await page.getByTestId('resume-note').count()).toBe(0);
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > 200,
      );
      await keepScreenshot(page, 'trust-being-written-1440.png');

      // Offline for a moment: said in plain words, and the text written so far stays.
      await page.context().setOffline(true);
      await waitForText(page, '[data-testid="connection-state"]', /You are offline/);
      expect(await page.locator('[data-testid="streaming-text"]').textContent()).not.toBe('');
      await page.context().setOffline(false);
      // What was to be seen while it is written has been seen: the rest of the chapter streams at once (the fake reads
      // the pause before each word), and the page must still end on the chapter written, never on its Generate button.
      slowDown(0);

      await waitForText(page, label, 'Generate Chapter 2', 60_000);
      expect(await page.locator('[data-testid="preview-part"]').count()).toBe(2);
      const labels = await page.evaluate(() => (window as unknown as { __labels: string[] }).__labels);
      expect(labels).not.toContain('Generate Chapter 1');
      const body = (await page.textContent('body'))!;
      expect(body).not.toMatch(/step_not_allowed|not the next step/);
    },
    180_000,
  );

  it(
    'an edited, unsaved introduction survives a click on a ' +
      'sidebar link: its draft is back when the writer returns',
    async () => {
      const page = await writerWithIntroduction('keeps.drafts@e2e.test');
      const intro = page.locator('[data-testid="preview-part"]').first();
      await intro.getByTestId('edit-part').click();
      const area = intro.locator('textarea');
      await area.waitFor();
      // The editor is tall and grows with its text (one scroll: no scroll bar of its own).
      expect((await area.boundingBox())!.height).toBeGreaterThan(400);
      expect(await area.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
      // Typed as one input (as a paste or an input method sends it): a key event per letter was 1.5-2 s of the case,
      // and what is checked is the edit surviving the page change, not the keys.
      await area.press('End');
      await page.keyboard.insertText(' A line the writer added by hand.');
      // Straight to another page, before any autosave pause.
      await page.getByRole('link', { name: 'Edit Profile' }).first().click();
      await page.waitForURL((u) => u.pathname.startsWith('/profile'));
      await page.getByTestId('my-books-link').waitFor();

      await page.goto(`${app.base}/romance`);
      await continueSaved(page);
      const note = page.getByTestId('draft-note');
      await note.waitFor();
      await note.getByTestId('draft-resume').click();
      const again = page.locator('[data-testid="preview-part"]').first().locator('textarea');
      await again.waitFor();
      expect(await again.inputValue()).toContain('A line the writer added by hand.');
      await page.getByTestId('draft-state').waitFor();
      expect(await page.getByTestId('draft-state').textContent()).toBe('Draft saved');
      // Saved for real: the part has the line, and the draft is gone.
      await page.getByTestId('save-edit').click();
      await page.getByText('A line the writer added by hand.').waitFor();
      expect(await page.getByTestId('draft-note').count()).toBe(0);
      await page.goto(`${app.base}/romance`);
      await continueSaved(page);
      await page.locator('[data-testid="preview-part"]').first().waitFor();
      expect(await page.getByTestId('draft-note').count()).toBe(0);
    },
    180_000,
  );

  it('a generated cover is kept: opened and downloaded again from Content History after leaving its page', async () => {
    const page = await open();
    const writer = await signUpWriter(app.base, 'keeps.covers@e2e.test', { password: PASSWORD });
    await setCredits(writer, app.karya.adminEmail, 20);
    await signInPage(page, writer);
    await page.goto(`${app.base}/book-cover`);
    await page.getByLabel('Book Title').fill('A Quiet Harbour');
    await page.click(button);
    await page.getByRole('img', { name: /cover/i }).first().waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Content History' }).first().click();
    await page.waitForURL((u) => u.pathname === '/history');
    const list = page.getByTestId('history-list');
    await list.waitFor();
    await list
      .getByRole('button', { name: /A Quiet Harbour/ })
      .first()
      .click();
    const content = page.getByTestId('history-content');
    const image = content.locator('img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      content.getByTestId('history-image-download').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/\.png$/);
    expect((await downloadBytes(file)).subarray(1, 4).toString('latin1')).toBe('PNG');
  }, 120_000);

  it(
    '390 × 844: after the introduction the next Generate button is in view ' +
      'without scrolling; settings fold away; earlier parts fold to their titles',
    async () => {
      // The outline from an earlier session; the introduction written here, on the phone.
      const page = await writerWithSteps('phone.writer@e2e.test', 1, 'Generate Introduction', {
        width: 390,
        height: 844,
      });
      await page.click(button);
      await waitForText(page, label, 'Generate Chapter 1', 60_000);
      const inView = async (selector: string) => {
        const box = await page.locator(selector).boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= 844 && box.x >= 0 && box.x + box.width <= 390;
      };
      const sticky = page.getByTestId('sticky-generate');
      await waitForText(page, '[data-testid="sticky-generate"] span', 'Generate Chapter 1');
      expect(await inView('[data-testid="sticky-generate"]')).toBe(true);
      // The settings are locked now: folded away, a button shows them.
      expect(await page.getByLabel('Number of Chapters').isVisible()).toBe(false);
      await page.getByTestId('settings-toggle').click();
      expect(await page.getByLabel('Number of Chapters').isVisible()).toBe(true);
      await keepScreenshot(page, 'trust-phone-after-introduction.png');

      await sticky.click();
      await waitForText(page, '[data-testid="sticky-generate"] span', 'Generate Chapter 2', 60_000);
      expect(await inView('[data-testid="sticky-generate"]')).toBe(true);
      // The introduction folds to its title; the newest chapter stays open.
      const [intro, chapter] = [
        page.locator('[data-testid="preview-part"]').nth(0),
        page.locator('[data-testid="preview-part"]').nth(1),
      ];
      expect(await intro.locator('[data-part-heading]').isVisible()).toBe(true);
      expect(await intro.locator('[id$="-text"]').isVisible()).toBe(false);
      expect(await chapter.locator('[id$="-text"]').isVisible()).toBe(true);
      await intro.getByTestId('part-fold').click();
      expect(await intro.locator('[id$="-text"]').isVisible()).toBe(true);
    },
    180_000,
  );
});
