// End to end: the story map of a writer's finished 5-chapter romance (written through the API against the fake
// model: tests/story-map-book.ts), opened from My Books: a real table with a caption and headers, a row per
// character from the part they first appear in to their last (Mak Som dead from Chapter 3), per thread (the
// lease overdue after Chapter 3) and per fact, the findings of Chapter 4 linked from their cell; "As of" Chapter 2
// shows only what Chapter 2 knew; at 390 px the lanes fold into one list per character; a finding's part opens the
// book with that part in view. axe: no serious or
// critical violation at 1366 and 390 px. The English studio with an English book, the Malay studio with a Malay one
// (its pages read with the rules its words can break: the English case read the same pages whole).
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, fakeModel, keepScreenshot } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, type Writer } from './seed.js';
import { LANGUAGE_RULES, problemsAtWidths, seriousViolations } from './axe.js';
import { BOOK_WORDS, storyMapBook } from '../story-map-book.js';

const PASSWORD = 'secret12';
const books = { en: storyMapBook('en'), ms: storyMapBook('ms') };
const model = fakeModel({
  answer: (body, i) =>
    (/Tulis|Hasilkan|Kemas kini/.test(JSON.stringify(body.messages ?? '')) ? books.ms : books.en)(body, i),
  props: true,
  contextTokens: 32_768,
});
afterAll(() => model.close());

const UI = {
  en: {
    link: 'Story map',
    caption: /Who and what, part by part, as of Chapter 5|as of Conclusion/,
    characters: 'Characters',
    findings: 'Continuity findings',
    dead: 'dead or absent from here',
  },
  ms: {
    link: 'Peta cerita',
    caption: /Siapa dan apa, bahagian demi bahagian, setakat (Bab 5|Kesimpulan)/,
    characters: 'Watak',
    findings: 'Dapatan kesinambungan',
    dead: 'mati atau tiada mulai di sini',
  },
} as const;

/**
 * The 5-chapter romance written to its end through the API, as the studio's Generate button does, step by step. A
 * refused step fails with its status and body (seed.ts asWriter), and so does an answer without the book in it; a
 * book not finished after 12 steps fails with the last answer.
 */
async function writeBook(writer: Writer, lang: 'en' | 'ms'): Promise<void> {
  let last = '';
  const steps = 12;
  for (let i = 1; i <= steps; i++) {
    const res = await asWriter(writer, '/generators/romance/generate', {
      body: { settings: { numberOfChapters: 5, language: lang } },
    });
    const text = await res.text();
    last = `${res.status} ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}`;
    let book: { is_finished?: unknown } | null | undefined;
    try {
      book = (JSON.parse(text) as { book?: { is_finished?: unknown } | null }).book;
    } catch {
      book = undefined;
    }
    if (!book) throw new Error(`the romance's step ${i} answered no book: ${last}`);
    if (book.is_finished) return;
  }
  throw new Error(`the romance is not finished after ${steps} steps; the last answer: ${last}`);
}

/** The cells of a row (the row's header first), as their words for a screen reader. */
async function rowWords(page: Page, name: string): Promise<string[]> {
  const row = page.getByTestId('map-character').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  return row.locator('td').evaluateAll((cells) => cells.map((c) => c.querySelector('.sr-only')?.textContent ?? ''));
}

describeInChromium(
  'The story map',
  { what: 'fake model writing the story-map romance', serve: model.serve, forAxe: true },
  (app) => {
    it.each(['en', 'ms'] as const)(
      "a finished romance's story map from My Books, as of Chapter 2, at 1366 and 390 px (%s studio)",
      async (lang) => {
        const ui = UI[lang];
        const w = BOOK_WORDS[lang];
        // The Malay case's pages are the English case's (read whole just before it, in the same states and at the same
        // widths) with other words: there, the rules words can break (tests/e2e/axe.ts LANGUAGE_RULES).
        const rules = lang === 'en' ? undefined : LANGUAGE_RULES;
        const page = await app.open({ width: 1366, height: 900 });
        // Signed up in the studio's language over the API (tests/e2e/seed.ts; the sign-up page and the language switch
        // are walked in tests/e2e/studio.test.ts), its romance written before the studio is opened.
        const writer = await signUpWriter(app.base, `story-map.${lang}@e2e.test`, { password: PASSWORD, lang });
        await setCredits(writer, app.karya.adminEmail, 40);
        await writeBook(writer, lang);
        await signInPage(page, writer);

        await page.goto(`${app.base}/books`);
        await page.getByTestId('story-map-link').first().click();
        await page.waitForURL((u) => u.pathname.endsWith('/story-map'));
        const table = page.getByTestId('story-map-table').locator('table');
        await table.waitFor();
        expect(await table.locator('caption').textContent()).toMatch(ui.caption);
        const heads = await table.locator('thead th[scope="col"]').allTextContents();
        expect(heads.slice(1, 7)).toEqual([w.intro, ...[1, 2, 3, 4, 5].map(w.chapter)]);
        expect(await page.getByTestId('map-character').locator('th[scope="row"]').allTextContents()).toEqual([
          'Aisyah',
          'Daniel',
          'Mak Som',
          'Hafiz',
        ]);
        // Mak Som: in the story from the introduction, dead or absent from Chapter 3 on.
        const somCells = await page
          .getByTestId('map-character')
          .nth(2)
          .locator('td')
          .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-gone') === 'true'));
        expect(somCells.slice(0, 6)).toEqual([false, false, false, true, true, true]);
        expect((await rowWords(page, 'Mak Som'))[3]).toContain(ui.dead);
        // The threads, each from the part that opened it; the lease overdue after its due part (Chapter 3).
        const lease = page
          .getByTestId('map-thread')
          .filter({ has: page.getByRole('rowheader', { name: w.lease, exact: true }) });
        expect(
          await lease.locator('td').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-overdue') === 'true')),
        ).toEqual([false, false, false, false, true, true, true].slice(0, await lease.locator('td').count()));
        expect(await page.getByTestId('map-thread').count()).toBe(3);
        // The findings of Chapter 4, linked from their cell.
        await page.getByTestId('map-findings-row').getByRole('link').first().click();
        expect(page.url()).toContain('#findings-4');
        const chapter4 = page.getByTestId('map-findings-part').filter({ hasText: w.chapter(4) });
        expect(await chapter4.getByTestId('map-finding').first().getAttribute('data-kind')).toBe('acts_after_death');
        expect(await chapter4.textContent()).toContain('Mak Som');

        expect(await problemsAtWidths(page, [], rules)).toEqual([]);
        await page.setViewportSize({ width: 1366, height: 900 });
        await keepScreenshot(page, `story-map-${lang}-1366.png`, { fullPage: true });

        // As of Chapter 2: only what Chapter 2 knew.
        await page.getByTestId('story-map-as-of').selectOption('2');
        await page.waitForURL((u) => u.search.includes('as_of=2'));
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="story-map-table"] thead th[scope="col"]').length === 4,
        );
        expect(await table.locator('thead th[scope="col"]').allTextContents()).toEqual([
          expect.any(String),
          w.intro,
          w.chapter(1),
          w.chapter(2),
        ]);
        expect(await page.getByTestId('map-character').nth(2).locator('[data-gone="true"]').count()).toBe(0);
        expect(await page.getByTestId('story-map').textContent()).not.toContain('Kopi Aisyah');
        expect(await seriousViolations(page, [], rules)).toEqual([]);

        // On a phone: no table, a list per character (what the same answer says).
        await page.setViewportSize({ width: 390, height: 844 });
        expect(await page.getByTestId('story-map-table').isVisible()).toBe(false);
        const folded = page.getByTestId('folded-character');
        expect(await folded.count()).toBe(4);
        expect(await folded.nth(2).textContent()).toContain('Mak Som');
        expect(await seriousViolations(page, [], rules)).toEqual([]);
        await keepScreenshot(page, `story-map-${lang}-390.png`, { fullPage: true });

        // A finding's part, opened in the book: the book's page with Chapter 4 in view.
        await page.setViewportSize({ width: 1366, height: 900 });
        await page.getByTestId('story-map-as-of').selectOption('');
        await page.getByTestId('map-go-to-part').first().click();
        await page.waitForURL((u) => !u.pathname.includes('/story-map'));
        await page.waitForFunction(() => {
          const part = document.getElementById('part-4');
          const top = part?.getBoundingClientRect().top;
          return top !== undefined && top > -10 && top < window.innerHeight;
        });
      },
      240_000,
    );
  },
);
