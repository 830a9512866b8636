// End to end: axe-core finds no serious or critical violation on the studio's pages in English and in
// Malay, in the light and the dark theme: sign-in, sign-up, the dashboard, the book page (the form, the
// chapter cards, a written part; then the finished book with the publish panel and its readiness list),
// My Books, Content History, the profile and the admin portal. The theme is the system's preference
// (emulated; the studio follows it while no choice is stored), the language the studio's switch. One
// browser, one writer and one administrator signed in once; a children's book (5 chapters) written with the
// offline provider. Content History is checked where the sidebar links it: /history when that page exists,
// and the list at the bottom of Edit Profile while it is there.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, grantCredits, signIn, signUp, waitForText } from './helpers.js';
import { seriousViolations } from './axe.js';

const PASSWORD = 'secret12';
const WRITER = 'axe.themes@e2e.test';
const button = '[data-testid="generate-button"]';
const label = '[data-testid="generate-label"]';
const balance = '[data-testid="credit-balance"] span';

type Combo = { lang: 'en' | 'ms'; theme: 'light' | 'dark' };
/** The four combinations, ordered so that each step changes one thing. */
const COMBOS: Combo[] = [
  { lang: 'en', theme: 'light' },
  { lang: 'en', theme: 'dark' },
  { lang: 'ms', theme: 'dark' },
  { lang: 'ms', theme: 'light' },
];
const named = (c: Combo) => `${c.lang}/${c.theme}`;

/**
 * Set the system theme (the studio follows it) and the studio language; wait until the page shows both.
 * Transitions are turned off first, so axe reads the colours the theme ends at, not a colour on the way.
 */
async function use(page: Page, combo: Combo): Promise<void> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.emulateMedia({ colorScheme: combo.theme });
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, combo.theme === 'dark');
  if ((await page.getAttribute('html', 'lang')) !== combo.lang) {
    await page.locator('[data-testid="language-switch"]').first().selectOption(combo.lang);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, combo.lang);
  }
}

describeInChromium('accessibility in both languages and both themes', { what: 'axe-core' }, (app) => {
  const problems: string[] = [];
  const check = async (page: Page, where: string) => {
    for (const v of await seriousViolations(page)) problems.push(`${where}: ${v}`);
  };

  it('sign-in and sign-up, signed out', async () => {
    problems.length = 0;
    const visitor = await app.open();
    for (const route of ['/signin', '/signup']) {
      await visitor.goto(`${app.base}${route}`);
      await visitor.locator('form').waitFor();
      for (const combo of COMBOS) {
        await use(visitor, combo);
        await check(visitor, `${route} ${named(combo)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 60_000);

  it('the book page: the form, chapter cards and a written part; then the finished book with its publish panel', async () => {
    problems.length = 0;
    const page = await app.open();
    await signUp(page, app.base, WRITER, PASSWORD);
    // The book (8 steps) and its package cost more than the 10 free credits.
    await grantCredits(app.base, { email: app.karya.adminEmail, password: PASSWORD }, WRITER, 40);
    await page.goto(`${app.base}/children`);
    await waitForText(page, balance, '40');
    await page.click(button);
    await waitForText(page, label, 'Generate Introduction', 60_000);
    await page.click(button);
    await waitForText(page, label, 'Generate Chapter 1', 60_000);
    await page.getByTestId('preview-part').first().waitFor();
    // The outline, the chapter cards and the story bible fold away under their summaries: open them all.
    await page.locator('main details > summary').evaluateAll((summaries) => summaries.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
    await page.getByTestId('chapter-card').first().waitFor();
    for (const combo of COMBOS) {
      await use(page, combo);
      await check(page, `book page (form, cards, a written part) ${named(combo)}`);
    }
    await use(page, COMBOS[0]!);
    for (let step = 3; step <= 8; step++) {
      await page.click(button);
      await waitForText(page, balance, String(40 - step), 60_000);
    }
    await page.getByTestId('publish-panel').waitFor();
    for (const combo of COMBOS) {
      await use(page, combo);
      await check(page, `finished book with the publish panel ${named(combo)}`);
    }
    await use(page, COMBOS[0]!);
    await page.getByTestId('publish-panel').getByLabel('Author name', { exact: true }).fill('Pia Axe');
    await page.getByTestId('publish-button').click();
    await page.getByTestId('readiness-summary').waitFor({ timeout: 150_000 });
    for (const combo of COMBOS) {
      await use(page, combo);
      await check(page, `publish panel with its readiness list ${named(combo)}`);
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('dashboard, My Books, Content History and the profile as the writer; the admin portal as the administrator', async () => {
    problems.length = 0;
    const page = await app.open();
    await signIn(page, app.base, WRITER, PASSWORD);
    const admin = await app.open();
    await signIn(admin, app.base, app.karya.adminEmail, PASSWORD);
    const hasHistoryPage = (await page.locator('aside a[href="/history"]').count()) > 0;
    const routes: Array<[string, string]> = [
      ['/', '[data-testid="dashboard-books"]'],
      ['/books', '[data-testid="my-book"]'],
      ['/profile/edit', '[data-testid="history-list"]'],
      ...(hasHistoryPage ? [['/history', 'main h1'] as [string, string]] : []),
    ];
    // Each page is loaded once and shown in the four combinations in place.
    const visit = async (p: Page, route: string, ready: string) => {
      await p.goto(`${app.base}${route}`);
      await p.locator(ready).first().waitFor();
      for (const combo of COMBOS) {
        await use(p, combo);
        await check(p, `${route} ${named(combo)}`);
      }
    };
    for (const [route, ready] of routes) await visit(page, route, ready);
    await visit(admin, '/admin', '[data-testid="users-table"]');
    expect(problems).toEqual([]);
  }, 120_000);
});
