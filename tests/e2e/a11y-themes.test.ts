// End to end: axe-core finds no serious or critical violation on the studio's pages in every language of the
// table (langs(): English, Malay, Indonesian), in the light and the dark theme: the dashboard, the book page (the
// form, the chapter cards, a written part; then the finished book with the publish panel and its readiness list),
// My Books, Content History, Top Up with a code just redeemed and the admin portal; Edit Profile's form is read by
// tests/e2e/a11y-walk.test.ts (the same state, read here too before), here only while Content History is its list.
// Sign-in and sign-up are read by tests/e2e/a11y-walk.test.ts in the same combinations (combosOf(langs())) at the same
// two widths, whole: that reading was made here too, twice in the suite for the same page state. The theme is the
// system's preference
// (emulated; the studio follows it while no choice is stored), the language the studio's switch. One
// browser, one writer and one administrator signed in once; a children's book (5 chapters) written with the
// offline provider. Content History is checked where the sidebar links it: /history when that page exists,
// and the list at the bottom of Edit Profile while it is there. The sidebar is checked on the book page and
// the dashboard and left out elsewhere (it is the same on every page), to keep the run short. The book's
// continuity findings and threads are added to the saved book's reply (route interception): the session of
// this branch does not fill them yet, and their notes must pass in both themes too.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, grantCredits, openRoute, waitForText } from './helpers.js';
import { asWriter, signInPage, signInWriter, signUpWriter, writeSteps, type Writer } from './seed.js';
import { WIDTHS, combosOf, problemsAtWidths, showIn as use, sidewaysScroll, type Combo } from './axe.js';
import { langs } from '../../engine/index.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

const PASSWORD = 'secret12';
const WRITER = 'axe.themes@e2e.test';
const button = '[data-testid="generate-button"]';
const label = '[data-testid="generate-label"]';
const balance = '[data-testid="credit-balance"] span';

/**
 * The combinations for every language of the table (tests/e2e/axe.ts combosOf), ordered so that each step changes one
 * thing: the first is read with all of axe's rules, each after it with the rules its one change can break
 * (tests/e2e/axe.ts THEME_RULES, LANGUAGE_RULES); a rule that passed on the same page before that change passes after
 * it. Another language in the light theme is read by the others: its colour rules are English light's (a text's colours
 * are the theme's, not its words': LANGUAGE_RULES), and the rules its words can break are its dark reading's (a theme
 * changes colours only: THEME_RULES). A further reading of it was the colour rules again, the dearest of axe's, on
 * every page at both widths.
 */
const COMBOS: Combo[] = combosOf(langs());
const MALAY_DARK = COMBOS.find((c) => c.lang === 'ms')!;
const named = (c: Combo) => `${c.lang}/${c.theme}`;

const FINDING = 'The fox is “Rusty” here and “Rustie” in the outline.';

/** The saved book's reply with continuity findings on its first part and the book's threads added. */
async function withContinuity(page: Page, base: string): Promise<void> {
  await page.route(`${base}/api/progress/children`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const saved = (await response.json()) as { book?: { parts: Array<Record<string, unknown>>; threads?: unknown } };
    if (saved.book?.parts[0]) {
      saved.book.parts[0].continuity = [{ kind: 'name_spelling', detail: FINDING, part: 'Outline' }];
      saved.book.parts[0].check_against = 'Outline';
      saved.book.threads = [
        { thread: 'The lost acorn', opened: 'Introduction', due: 'Chapter 1', status: 'open', is_overdue: true },
        { thread: 'The owl’s riddle', opened: 'Introduction', due: 'Chapter 4', status: 'advanced', is_overdue: false },
      ];
    }
    await route.fulfill({ response, json: saved });
  });
}

/** Open every folded section of the book page (outline, chapter cards, story bible). */
async function unfold(page: Page): Promise<void> {
  await page
    .locator('main details > summary')
    .evaluateAll((summaries) => summaries.forEach((s) => ((s.parentElement as HTMLDetailsElement).open = true)));
}

/**
 * The server runs without epubcheck (a PATH without it): the readiness list is checked for what a reader sees, not for
 * the EPUB's verdict (tests/e2e/studio.test.ts publishes with the real check), and a JVM is 5 s of CPU.
 */
const withoutEpubcheck = async () => ({ env: WITHOUT_EPUBCHECK });

describeInChromium(
  'accessibility in every language and both themes',
  { what: 'axe-core', serve: withoutEpubcheck, forAxe: true },
  (app) => {
    const problems: string[] = [];
    /** The writer's page, signed in by the book page's case and used again by the pages' case. */
    let writer: Page | undefined;
    /** The writer's account (signed up over the API), whose book's first steps are written over the API. */
    let account: Writer;
    /** The page as it is, in each combination in turn; `exclude` leaves out what another page checks. */
    // At a laptop's width and a phone's (where the page must not scroll sideways either). Each combination starts at
    // the width the one before ended at, and the page's own width is put back once, at the end.
    const checkAll = async (page: Page, where: string, exclude: string[] = []) => {
      const before = page.viewportSize();
      for (const combo of COMBOS) {
        await use(page, combo);
        for (const v of await problemsAtWidths(page, exclude, combo.rules, { putBack: false }))
          problems.push(`${where} ${named(combo)}: ${v}`);
      }
      if (before) await page.setViewportSize(before);
    };

    it('the book page: the form of a new book; chapter cards and a written part', async () => {
      problems.length = 0;
      const page = await app.open(WIDTHS[0]);
      writer = page;
      // Signed up over the API (the sign-up page is read above and walked by tests/e2e/studio.test.ts).
      account = await signUpWriter(app.base, WRITER, { password: PASSWORD });
      await signInPage(page, account);
      // The book (8 steps) and its package cost more than the 10 free credits.
      await grantCredits(app.base, { email: app.karya.adminEmail, password: PASSWORD }, WRITER, 40);
      await page.goto(`${app.base}/children`);
      await waitForText(page, balance, '40');
      // The form as a new book opens it (every field enabled: a locked form's fields are not contrast-checked).
      await page.getByTestId('settings-form').waitFor();
      await checkAll(page, "book page (a new book's form)", ['aside']);
      // The outline and the introduction, written over the API as the Generate button sends them with the form's
      // defaults (the Generate flow is clicked through in tests/e2e/studio.test.ts); the page is read after a reload.
      await writeSteps(account, 'children', 2);
      // Back to the book: the saved book (with continuity added) is shown at once.
      await withContinuity(page, app.base);
      await page.reload();
      // The saved book shown (its resume note) before the theme and language are set again: the wait is for the book,
      // not for the theme (the studio follows a change of the system's theme from the page's load on, while it loads
      // too: studio/src/lib/theme.ts initTheme).
      await page.getByTestId('resume-note').waitFor();
      await use(page, COMBOS[0]!);
      await waitForText(page, label, 'Generate Chapter 1');
      await page.getByTestId('continuity-finding').waitFor();
      await unfold(page);
      await page.getByTestId('chapter-card').first().waitFor();
      await page.getByTestId('bible-thread').first().waitFor();
      // The part's Rewrite opened from its finding (the note is the finding's), and its passage tools open.
      // (the one beside the part; the book's Continuity panel above has its own, checked with the page)
      await page.getByTestId('continuity-finding').getByRole('button', { name: 'Rewrite with this note' }).click();
      expect(await page.getByTestId('rewrite-note').inputValue()).toBe(FINDING);
      await page.getByTestId('continuity-panel').waitFor();
      await page.getByTestId('passage-open').first().click();
      await checkAll(
        page,
        'book page (form, cards, a written part with continuity, Rewrite and passage tools open, story bible)',
      );
      expect(problems).toEqual([]);
    }, 240_000);

    // The finished book is a case of its own (the writer's page of the case before): on a busy machine the book's three
    // states in one case (24 readings of axe on its largest pages) ran into the case's time-out.
    it('the finished book with its publish panel and readiness list', async () => {
      problems.length = 0;
      const page = writer!;
      // Clicked in the page of the case before rather than written over the API and reloaded: axe's code, compiled and
      // run on this page already, stays in the document for the six readings of the studio's largest page (after a
      // reload, those were slower than the six steps' renders).
      await use(page, COMBOS[0]!);
      for (let step = 3; step <= 8; step++) {
        await page.click(button);
        await waitForText(page, balance, String(40 - step), 60_000);
      }
      await page.getByTestId('publish-panel').getByLabel('Author name', { exact: true }).fill('Pia Axe');
      await page.getByTestId('publish-button').click();
      await page.getByTestId('readiness-summary').waitFor({ timeout: 150_000 });
      // The readiness list with its rules' sources (their grey lines once failed contrast).
      expect(await page.getByTestId('readiness-source').count()).toBeGreaterThan(0);
      await unfold(page);
      await checkAll(page, 'finished book with the publish panel and its readiness list', ['aside']);
      expect(problems).toEqual([]);
    }, 240_000);

    /** Content History's route: its own page when the sidebar links it, else the list at the bottom of Edit Profile. */
    let historyRoute = '';
    /** A page loaded once and shown in the four combinations in place (Content History with its first entry open). */
    const visit = async (p: Page, route: string, ready: string) => {
      // Opened in the studio as its links open a page (openRoute): axe's code stays in the document, compiled.
      await openRoute(p, app.base, route, ready);
      if (route === historyRoute) {
        // The writer's book is in the history; its first entry is opened.
        const list = route === '/profile/edit' ? p.getByTestId('history-list') : p.locator('main');
        await list.locator('li').first().waitFor();
        const entry = list.locator('li button[aria-expanded="false"]').first();
        if ((await entry.count()) > 0) {
          // Opened: a book shows its parts; an item its words (fetched when it opens, a spinner until they come).
          await entry.click();
          await list
            .locator('[data-testid="history-book-parts"] > li, [data-testid="history-content"]')
            .first()
            .waitFor();
          await list.locator('li [role="status"]').first().waitFor({ state: 'detached' });
        }
      }
      await checkAll(p, route, route === '/' ? [] : ['aside']);
    };

    // The writer's pages and the Top Up and admin pages are two cases (24 readings of axe each), so that on a busy
    // machine neither runs past its time-out into the case after it.
    it('dashboard, My Books and Content History as the writer', async () => {
      problems.length = 0;
      const page = writer!;
      // The dashboard opened from the book's page as the studio's links open it (openRoute), axe's code still compiled.
      await openRoute(page, app.base, '/', '[data-testid="dashboard-books"]');
      await page.locator('aside nav a').first().waitFor();
      historyRoute = (await page.locator('aside a[href="/history"]').count()) > 0 ? '/history' : '/profile/edit';
      const routes: Array<[string, string]> = [
        ['/', '[data-testid="dashboard-books"]'],
        ['/books', '[data-testid="my-book"]'],
        // Edit Profile's form is read by tests/e2e/a11y-walk.test.ts in the same combinations and widths (a writer's
        // form, the same page state; read here too before); here only while Content History is its list.
        [historyRoute, 'main h1'],
      ];
      for (const [route, ready] of routes) await visit(page, route, ready);
      expect(problems).toEqual([]);
    }, 120_000);

    it('Top Up with a code just redeemed as the writer; the admin portal as the administrator', async () => {
      problems.length = 0;
      const page = writer!;
      const admin = await app.open(WIDTHS[0]);
      // Signed in over the API (the sign-in page is read by the first case and walked in tests/e2e/studio.test.ts).
      const administrator = await signInWriter(app.base, app.karya.adminEmail, PASSWORD);
      await signInPage(admin, administrator);
      // Top Up with its credit-code box, a code redeemed there: the page with the success toast on it.
      const made = (
        await asWriter(administrator, '/admin/credit-codes', { body: { credits: 5, code: 'AXE-TOPUP-2026' } })
      ).status;
      expect(made).toBe(201);
      await openRoute(page, app.base, '/topup', '[data-testid="topup-redeem"]');
      await page.getByTestId('topup-redeem').getByRole('textbox').fill('axe-topup-2026');
      await page.getByTestId('topup-redeem').getByRole('button').click();
      await page
        .getByRole('status')
        .filter({ hasText: /redeemed|ditebus|ditukarkan/ })
        .first()
        .waitFor();
      await checkAll(page, '/topup (a code just redeemed, its toast shown)', ['aside']);
      await visit(admin, '/admin', '[data-testid="users-table"]');
      expect(problems).toEqual([]);
    }, 120_000);

    it(
      'My Books with 30 books on a phone (390 px): every title shown ' +
        'whole, its buttons below it and named by it, no sideways scroll',
      async () => {
        const page = writer!;
        await use(page, COMBOS[0]!);
        // The writer's own book, answered as 30 (titles long, short, and one long word), the list as the server gives
        // it.
        const titles = Array.from({ length: 30 }, (_, i) =>
          i % 3 === 0
            ? `Harbour Lights ${i + 1}: The Long Night of the Lantern Makers of Kuala Terengganu`
            : i % 3 === 1
              ? `Rusa ${i + 1}`
              : `Supercalifragilisticexpialidocious${i + 1}Hikayat`,
        );
        await page.route(`${app.base}/api/books`, async (route) => {
          if (route.request().method() !== 'GET') return route.fallback();
          const response = await route.fetch();
          const { books } = (await response.json()) as { books: Array<Record<string, unknown>> };
          await route.fulfill({
            response,
            json: {
              books: titles.map((title, i) => ({
                ...books[0]!,
                id: 1000 + i,
                title,
                is_current: false,
                series: undefined,
              })),
            },
          });
        });
        await page.setViewportSize({ width: 390, height: 844 });
        try {
          // Opened in the studio as its links open a page (openRoute): My Books asks for its list on mount, answered as
          // 30.
          await openRoute(page, app.base, '/books', '[data-testid="my-book"]');
          await page.getByTestId('my-book').nth(29).waitFor();
          const rows = await page.getByTestId('my-book').evaluateAll((lis) =>
            lis.map((li) => {
              const title = li.querySelector<HTMLElement>('[data-testid="my-book-title"]')!;
              const box = title.getBoundingClientRect();
              const buttons = [...li.querySelectorAll('button')].map((b) => ({
                name: b.getAttribute('aria-label') ?? b.textContent ?? '',
                top: b.getBoundingClientRect().top,
              }));
              return {
                text: title.textContent,
                width: box.width,
                bottom: box.bottom,
                isCut: title.scrollWidth > title.clientWidth,
                facts: title.nextElementSibling!.getBoundingClientRect().bottom,
                buttons,
              };
            }),
          );
          expect(rows.map((r) => r.text)).toEqual(titles);
          for (const [i, row] of rows.entries()) {
            expect(row.width, titles[i]).toBeGreaterThan(100);
            expect(row.isCut, titles[i]).toBe(false);
            // The buttons sit below the title and its details, never over them.
            for (const b of row.buttons) expect(b.top, `${titles[i]}: ${b.name}`).toBeGreaterThanOrEqual(row.facts);
            expect(row.buttons.map((b) => b.name)).toEqual(
              expect.arrayContaining([`Continue ${titles[i]}`, `Download ${titles[i]}`, `Delete ${titles[i]}`]),
            );
          }
          expect(await sidewaysScroll(page)).toBeNull();
          // In Malay too: the buttons named by the book.
          await page.setViewportSize({ width: 1440, height: 900 });
          await use(page, MALAY_DARK);
          await page.setViewportSize({ width: 390, height: 844 });
          await page.getByRole('button', { name: `Muat Turun ${titles[1]}`, exact: true }).waitFor();
          expect(await sidewaysScroll(page)).toBeNull();
        } finally {
          await page.unroute(`${app.base}/api/books`);
          await page.setViewportSize({ width: 1440, height: 900 });
        }
      },
      60_000,
    );
  },
);
