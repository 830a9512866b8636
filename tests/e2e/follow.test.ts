// End to end: the preview follows the writing. `karya serve` talks to a slow streaming fake
// provider (tests/fake-openai.ts, a pause between the words of a part); while the introduction and a chapter stream,
// the page is sampled many times and the end of the text being written must be inside the visible part
// of the preview (and of the window) in at least 90% of samples, twenty of them once the text has outgrown the view
// (the part then ends at once: those samples are what a longer stream would prove again). Scrolling up shows "Jump to
// latest",
// which brings the end back. One case on a phone-sized viewport, where the page itself scrolls.
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { askedWordsOf, fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { describeInChromium, keepScreenshot, waitForText } from './helpers.js';
import { asWriter, signInPage, signUpWriter } from './seed.js';

const PASSWORD = 'secret12';
const label = '[data-testid="generate-label"]';
const button = '[data-testid="generate-button"]';

/**
 * A long Markdown answer: paragraphs, a heading and bold words, about 320 words, in the request's language (every
 * answer is language-checked).
 */
function longAnswer(isMalay = false): string {
  const paragraph = (n: number) =>
    isMalay
      ? `Perenggan ${n}: hujan di **Kuala Lumpur** terus turun ketika ` +
        `Aisyah berjalan melalui pasar malam, mengira tanglung ` +
        `dan janji yang belum ditunaikannya. Dia berhenti di gerai lama tempat neneknya pernah menjual kuih.`
      : `Paragraph ${n}: the rain over **Kuala Lumpur** kept falling while Aisha walked past ` +
        `the night market, counting the lanterns and the promises she had not ` +
        `kept. She stopped at the old stall where her grandmother once sold kuih.`;
  return [isMalay ? '## Hari Baharu' : '## A New Day', ...Array.from({ length: 8 }, (_, i) => paragraph(i + 1))].join(
    '\n\n',
  );
}

/** What installProbe leaves in the page. */
interface Probe {
  endInView(): boolean | null;
  top(selector: string): number | null;
  /**
   * Per sample while a part streamed: the end of the text in view; its start scrolled out of view (the view followed).
   */
  samples: Array<{ inView: boolean; followed: boolean }>;
  lastTop: number | null;
  timer?: ReturnType<typeof setInterval>;
}

/**
 * In the page, once: where the end of the text being written is (inside the preview box and the window, or not; null
 * when nothing streams), where a part sits in the manuscript whatever is scrolled, and a sampler of both.
 */
function installProbe(): void {
  const w = window as unknown as { __follow?: Probe };
  if (w.__follow) return;
  const visible = (box: Element) => {
    const b = box.getBoundingClientRect();
    return { top: Math.max(b.top, 0), bottom: Math.min(b.bottom, window.innerHeight) };
  };
  const endInView = () => {
    const text = document.querySelector('[data-testid="streaming-text"]');
    const box = document.querySelector('[data-testid="preview"]');
    if (!text || !box || !text.textContent?.trim()) return null;
    const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
    let last: Text | null = null;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if ((n.textContent ?? '').trim()) last = n as Text;
    if (!last) return null;
    const range = document.createRange();
    range.setStart(last, Math.max(0, last.length - 1));
    range.setEnd(last, last.length);
    const r = range.getBoundingClientRect();
    const { top, bottom } = visible(box);
    return r.bottom > top && r.top < bottom;
  };
  const top = (sel: string) => {
    const el = document.querySelector<HTMLElement>(sel);
    const manuscript = document.querySelector('[data-testid="manuscript"]');
    return el && manuscript ? el.getBoundingClientRect().top - manuscript.getBoundingClientRect().top : null;
  };
  w.__follow = { endInView, top, samples: [], lastTop: null };
}

const probe = (page: Page) => page.evaluate(installProbe);
async function sampleEndInView(page: Page): Promise<boolean | null> {
  await probe(page);
  return page.evaluate(() => (window as unknown as { __follow: Probe }).__follow.endInView());
}
async function topOf(page: Page, selector: string): Promise<number | null> {
  await probe(page);
  return page.evaluate((sel) => (window as unknown as { __follow: Probe }).__follow.top(sel), selector);
}

/**
 * Sample while a step streams (in the page, every 50 ms, so how busy the machine is changes only how many samples a
 * second there are): once FOLLOWED_SAMPLES were taken with the text's start scrolled out of view (the view had to
 * follow it), the rest of the part comes at once. Answers [in view, sampled, followed, last top of the part being
 * written] once the step is done.
 */
async function sampleStep(page: Page): Promise<[number, number, number, number | null]> {
  pace = 'steady';
  await probe(page);
  await page.click(button);
  await page.waitForSelector('[data-testid="streaming-text"]', { timeout: 60_000 });
  await page.evaluate(() => {
    const f = (window as unknown as { __follow: Probe }).__follow;
    f.samples = [];
    f.lastTop = null;
    f.timer = setInterval(() => {
      const text = document.querySelector('[data-streaming="true"]');
      if (!text) return;
      f.lastTop = f.top('[data-streaming="true"]') ?? f.lastTop;
      const inView = f.endInView();
      const box = document.querySelector('[data-testid="preview"]');
      if (inView === null || !box) return;
      const start = text.getBoundingClientRect().top;
      f.samples.push({ inView, followed: start < Math.max(box.getBoundingClientRect().top, 0) });
    }, 50);
  });
  const enough = { polling: 100, timeout: 60_000 } as const;
  await page.waitForFunction(
    (n) =>
      (window as unknown as { __follow: Probe }).__follow.samples.filter((s) => s.followed).length >= n ||
      !document.querySelector('[data-streaming="true"]'),
    FOLLOWED_SAMPLES,
    enough,
  );
  pace = 'rest at once';
  await page.waitForFunction(() => !document.querySelector('[data-streaming="true"]'), undefined, enough);
  const { samples, lastTop } = await page.evaluate(() => {
    const f = (window as unknown as { __follow: Probe }).__follow;
    clearInterval(f.timer);
    return { samples: f.samples, lastTop: f.lastTop };
  });
  return [samples.filter((s) => s.inView).length, samples.length, samples.filter((s) => s.followed).length, lastTop];
}

let fake: FakeOpenAI;
/** The longest a part streams (its words spread over it) while nothing the case waits for ends it sooner. */
const STREAM_MS = 6000;
/** Samples taken with the view following the text before a sampled part may end (about 1 s of them). */
const FOLLOWED_SAMPLES = 20;
/**
 * How the parts stream, set by each case as it goes (the fake reads it before each word): 'steady' spreads a part's
 * words over STREAM_MS; 'held' sends a word every 150 ms, so the text still grows while the case scrolls and looks at
 * the page, for as long as that takes; 'rest at once' ends the part (the case has seen what it came for).
 */
let pace: 'steady' | 'held' | 'rest at once' = 'steady';
const slowProvider = async () => {
  fake = await startFakeOpenAI({
    // Slow where the page is watched: the parts, which ask for words; the outline and the story-bible updates
    // between parts come at once. Each part is as long as asked, so none is extended.
    streamDelayMs: (body) => {
      const asked = askedWordsOf(body);
      if (!asked || pace === 'rest at once') return 0;
      return pace === 'held' ? 150 : Math.max(2, STREAM_MS / asked);
    },
    answer: fullLength((body) => longAnswer(JSON.stringify(body.messages ?? '').includes('Bahasa Malaysia'))),
  });
  return { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } };
};

describeInChromium(
  'the preview follows the writing',
  { what: 'slow streaming fake provider', serve: slowProvider },
  (app) => {
    afterAll(() => fake?.close());

    it(
      'desktop: the end of the text stays in view through the ' +
        'introduction and a chapter; scrolling up offers "Jump to latest"',
      async () => {
        const page = await app.open({ width: 1280, height: 800 });
        // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts).
        await signInPage(page, await signUpWriter(app.base, 'fiona.follow@e2e.test', { password: PASSWORD }));
        await page.goto(`${app.base}/romance`);
        await waitForText(page, label, 'Generate Story Outline');
        await page.getByLabel('Number of Chapters').selectOption('7');
        await page.click(button);
        await waitForText(page, label, 'Generate Introduction', 60_000);

        for (const [position, next] of [
          [0, 'Generate Chapter 1'],
          [1, 'Generate Chapter 2'],
        ] as const) {
          const [inView, total, followed, top] = await sampleStep(page);
          await waitForText(page, label, next, 60_000);
          expect(total, 'samples taken while the text streamed').toBeGreaterThanOrEqual(10);
          expect(followed, 'samples taken once the text had outgrown the view').toBeGreaterThanOrEqual(
            FOLLOWED_SAMPLES,
          );
          expect(inView / total, `end of the text in view in ${inView} of ${total} samples`).toBeGreaterThanOrEqual(
            0.9,
          );
          // No jump at the end: the finished part sits where the part being written was.
          expect(
            Math.abs((await topOf(page, `#part-${position}`))! - top!),
            'the part moved when it was finished',
          ).toBeLessThanOrEqual(2);
        }
        // Focus came back to the generate button after the step.
        expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('generate-button');

        // Chapter 2: the reader scrolls up in the preview; "Jump to latest" appears and brings the end back.
        pace = 'steady';
        await page.click(button);
        await page.waitForFunction(
          () => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > 600,
          undefined,
          { timeout: 60_000 },
        );
        // Held: more text keeps arriving while the reader scrolls and the case looks, however long that takes.
        pace = 'held';
        const box = (await page.getByTestId('preview').boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, -5000);
        const jump = page.getByRole('button', { name: 'Jump to latest' });
        await jump.waitFor({ timeout: 10_000 });
        await page.waitForTimeout(300);
        // Left where the reader went: the end is out of view while more text arrives.
        expect(await sampleEndInView(page)).toBe(false);
        await keepScreenshot(page, 'jump-to-latest-1280.png');
        await jump.click();
        await page.waitForTimeout(150);
        expect(await sampleEndInView(page)).toBe(true);
        expect(await jump.count()).toBe(0);
        // The keyboard stays with the text being written (not on <body>).
        expect(await page.evaluate(() => document.activeElement?.closest('[data-streaming="true"]') !== null)).toBe(
          true,
        );
        pace = 'rest at once';
        await waitForText(page, label, 'Generate Chapter 3', 60_000);
        // Streamed Markdown never showed its raw markers.
        expect(await page.getByTestId('preview').textContent()).not.toContain('**');
      },
      300_000,
    );

    it(
      'phone: the page scrolls with the text, "Jump to latest" ' +
        'is in Malay in a Malay studio, and the console stays clean',
      async () => {
        const page = await app.open({ width: 390, height: 844 });
        const consoleErrors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') consoleErrors.push(m.text());
        });
        // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts).
        const writer = await signUpWriter(app.base, 'putri.phone@e2e.test', { password: PASSWORD });
        await signInPage(page, writer);
        // The account's studio language is Malay (the page's words follow it, and a new book starts in it).
        expect((await asWriter(writer, '/me/lang', { method: 'PUT', body: { lang: 'ms' } })).status).toBe(200);
        await page.goto(`${app.base}/romance`);
        await waitForText(page, label, 'Jana Rangka Cerita');
        expect(await page.getByTestId('settings-form').getByLabel('Bahasa', { exact: true }).inputValue()).toBe('ms');
        await page.getByLabel('Bilangan Bab').selectOption('7');
        await page.click(button);
        await waitForText(page, label, 'Jana Pengenalan', 60_000);
        const [inView, total, followed] = await sampleStep(page);
        expect(total).toBeGreaterThanOrEqual(10);
        expect(followed, 'samples taken once the text had outgrown the view').toBeGreaterThanOrEqual(FOLLOWED_SAMPLES);
        expect(inView / total, `end of the text in view in ${inView} of ${total} samples`).toBeGreaterThanOrEqual(0.9);
        await waitForText(page, label, 'Jana Bab 1', 60_000);

        pace = 'steady';
        await page.click(button);
        await page.waitForFunction(
          () => (document.querySelector('[data-testid="streaming-text"]')?.textContent?.length ?? 0) > 600,
          undefined,
          { timeout: 60_000 },
        );
        pace = 'held';
        await page.mouse.move(200, 400);
        await page.mouse.wheel(0, -3000);
        const jump = page.getByRole('button', { name: 'Lompat ke terkini' });
        await jump.waitFor({ timeout: 10_000 });
        await keepScreenshot(page, 'jump-to-latest-390.png');
        await jump.click();
        await page.waitForTimeout(150);
        expect(await sampleEndInView(page)).toBe(true);
        pace = 'rest at once';
        await waitForText(page, label, 'Jana Bab 2', 60_000);
        // A generator visit with nothing saved is an ordinary answer: no 404 in the console.
        expect(consoleErrors).toEqual([]);
      },
      300_000,
    );
  },
);
