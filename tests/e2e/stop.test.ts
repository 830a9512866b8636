// End to end: Stop keeps the text written so far. `karya serve` talks to a slowly
// streaming fake provider; while the introduction streams the writer clicks Stop: the text so far stays on
// the page as a draft card (Continue, Rewrite…, Keep, Discard), survives a reload (the book at once, with
// the card and the same text), and Keep makes it the introduction. After Stop the draft is on
// screen and focused, its words in the header and the progress; the note on the book found on entry names the
// book and the draft; the kept part says it was stopped. Continue on the draft streams, and Stop stops it again.
import { afterAll, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { writeOutline } from '../scripted-models.js';
import { describeInChromium, keepScreenshot, waitForText } from './helpers.js';
import { signInPage, signUpWriter } from './seed.js';

const label = '[data-testid="generate-label"]';
const button = '[data-testid="generate-button"]';

/** About 300 words of English prose in paragraphs. */
const PROSE = Array.from(
  { length: 8 },
  (_, n) =>
    `Paragraph ${n + 1}: the rain over Kuala Lumpur kept falling ` +
    `while Aisha walked past the night market, counting the lanterns ` +
    `and the promises she had not kept. She stopped at the old stall where her grandmother once sold kuih.`,
).join('\n\n');

let fake: FakeOpenAI | undefined;
// Mutable: only the introduction streams slowly.
const options: FakeOpenAIOptions = {
  answer: (body) =>
    /Create a detailed story outline/.test(JSON.stringify(body.messages ?? '')) ? writeOutline(7, 'en') : PROSE,
};
const slowProvider = async () => {
  fake = await startFakeOpenAI(options);
  return { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } };
};

describeInChromium(
  'Stop keeps the text written so far',
  { what: 'slow streaming fake provider', serve: slowProvider },
  (app) => {
    afterAll(() => fake?.close());

    it(
      'Stop mid-introduction: the text so far is a draft card, ' +
        'still there after a reload; Keep makes it the introduction',
      async () => {
        const page = await app.open({ width: 1280, height: 800 });
        // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts).
        await signInPage(page, await signUpWriter(app.base, 'sara.stop@e2e.test'));
        await page.goto(`${app.base}/romance`);
        await waitForText(page, label, 'Generate Story Outline');
        await page.getByLabel('Number of Chapters').selectOption('7');
        await page.click(button);
        await waitForText(page, label, 'Generate Introduction', 60_000);

        // A word every 60 ms: ~290 words take ~17 s, so the Stop below lands mid-stream even on a loaded machine.
        options.streamDelayMs = 60;
        await page.click(button);
        await page.waitForFunction(
          () => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > 200,
          undefined,
          { timeout: 60_000 },
        );
        await page.getByTestId('stop-generation').click();
        const card = page.getByTestId('stopped-draft');
        await card.waitFor({ timeout: 30_000 });
        options.streamDelayMs = 0;
        const kept = (await page.getByTestId('stopped-draft-text').textContent())!.trim();
        expect(kept.length).toBeGreaterThan(200);
        expect(kept.length).toBeLessThan(PROSE.length);
        for (const id of ['draft-continue', 'draft-rewrite-open', 'draft-keep', 'draft-discard'])
          expect(await page.getByTestId(id).isVisible()).toBe(true);
        // The writer is with the draft: on screen (no scrolling of ours), its heading focused, its
        // words counted in the preview's header and in the progress; Discard says the credit is spent.
        const draftWords = Number((await page.getByTestId('stopped-draft-words').textContent())!.replace(/\D/g, ''));
        expect(draftWords).toBeGreaterThan(20);
        await page.waitForFunction(() => document.activeElement?.id === 'stopped-draft-h');
        const box = (await page.locator('#stopped-draft-h').boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeLessThan(800);
        expect(await page.getByTestId('word-count').textContent()).toBe(`${draftWords} words`);
        expect(await page.getByTestId('progress-stopped').textContent()).toBe(
          `Introduction: stopped draft, ${draftWords} words`,
        );
        expect(await page.getByTestId('draft-discard').textContent()).toContain('its 1 credit is already used');
        await card.scrollIntoViewIfNeeded();
        await keepScreenshot(page, 'stopped-draft-1280.png');

        await page.reload();
        // The book is there at once, its note naming the book and its stopped draft.
        await page.getByTestId('resume-note').waitFor();
        expect(await page.getByTestId('resume-summary').textContent()).toMatch(
          /^You have saved progress for “.+”, Romance \(0 of 7 chapters written\)\. Next: Introduction\.$/,
        );
        expect(await page.getByTestId('resume-stopped').textContent()).toBe(
          `Introduction: stopped draft, ${draftWords} words`,
        );
        await card.waitFor();
        expect((await page.getByTestId('stopped-draft-text').textContent())!.trim()).toBe(kept);

        await page.getByTestId('draft-keep').click();
        await waitForText(page, label, 'Generate Chapter 1', 30_000);
        expect(await card.count()).toBe(0);
        expect((await page.locator('#part-0').textContent()) ?? '').toContain(kept.slice(0, 120));
        // The kept part says it was stopped (nothing asked the model for more), still after a reload.
        const note = page.locator('#part-0 [data-testid="short-part"]');
        expect(await note.textContent()).toMatch(/^Stopped by you and kept at \d+ of [\d,]+ words\./);
        await page.reload();
        await page.getByTestId('resume-note').waitFor();
        await page.locator('#part-0 [data-testid="short-part"]').waitFor();
        expect(await page.locator('#part-0 [data-testid="short-part"]').textContent()).toMatch(/^Stopped by you/);
        expect(await page.locator('#part-0').textContent()).not.toContain('even after asking');
      },
      180_000,
    );

    it(
      'Continue on a stopped draft streams on the page ' + 'as Generate does, and Stop keeps the longer draft',
      async () => {
        const page = await app.open({ width: 1280, height: 800 });
        // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts).
        await signInPage(page, await signUpWriter(app.base, 'sara.continue@e2e.test'));
        await page.goto(`${app.base}/romance`);
        await page.getByLabel('Number of Chapters').selectOption('7');
        await page.click(button);
        await waitForText(page, label, 'Generate Introduction', 60_000);
        options.streamDelayMs = 60;
        try {
          const streamed = () =>
            page.evaluate(() => document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0);
          await page.click(button);
          await page.waitForFunction(
            () => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > 200,
            undefined,
            { timeout: 60_000 },
          );
          await page.getByTestId('stop-generation').click();
          const card = page.getByTestId('stopped-draft');
          await card.waitFor({ timeout: 30_000 });
          const draft = (await page.getByTestId('stopped-draft-text').textContent())!.trim();
          // The continuation streams slower still: its Stop comes after two waits and a click, which took over the
          // ~8 s a 30 ms pace left under two CI runs at once (the stream ended first, and no draft card came back).
          options.streamDelayMs = 120;
          await page.getByTestId('draft-continue').click();
          // The draft stays on the page and the new words arrive after it, with Stop beside them.
          await page.waitForFunction(
            (n) => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > n + 150,
            draft.length,
            { timeout: 60_000 },
          );
          expect(await streamed()).toBeGreaterThan(draft.length);
          await page.getByTestId('stop-generation').click();
          await card.waitFor({ timeout: 30_000 });
          const grown = (await page.getByTestId('stopped-draft-text').textContent())!.trim();
          expect(grown.startsWith(draft.slice(0, 150))).toBe(true);
          expect(grown.length).toBeGreaterThan(draft.length + 100);
          expect(await page.getByTestId('preview-error').count()).toBe(0);
        } finally {
          options.streamDelayMs = 0;
        }
      },
      120_000,
    );
  },
);
