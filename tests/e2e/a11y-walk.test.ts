// End to end: axe-core on every route the studio's router has (read from studio/src/App.tsx, not a hand list) and on
// every generator's form (the server's list, GET /api/generators), in every language of the table (langs()) and in
// both themes, failing on a serious or critical finding with its rule and its target. Signed out (sign-in, sign-up,
// reset password, redeem, claim, success: the dark theme too), as a writer (the dashboard, Top Up, My Books, the
// profile, the guide, a book's story map, a finished book's Audio edition panel, and the error states of a series or an
// edition that is not there), as the
// administrator (the portal), an address no page has, and the dialogs the pages open (the dashboard's update,
// the administrator's "Add user" and credits dialogs). A route added to the router without a way here to fill its
// parameters fails the walk, naming it.
// The readings are tests/e2e/axe.ts combosOf's: the first language in the light theme with all of axe's rules, then
// the dark theme with the rules a theme can break, then each other language with the rules words can break. The
// pages at a laptop's width and a phone's; the generator forms (about 40, one page component whose fields differ)
// and the dialogs at the laptop's, each form in the first language in both themes and in one other language in turn.
// One browser; each context's pages opened in place (openRoute), so axe's code
// stays compiled; the run's duration is printed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, openRoute, ROOT } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, writeBook, writeSteps } from './seed.js';
import { WIDTHS, combosOf, problemsAtWidths, seriousViolations, showIn, type Combo } from './axe.js';
import { langs } from '../../engine/index.js';

const PASSWORD = 'secret12';

/** The router's paths, and which of them are signed out (those before the signed-in shell's RequireAuth). */
function routerPaths(): { signedOut: string[]; signedIn: string[] } {
  const source = readFileSync(path.join(ROOT, 'studio', 'src', 'App.tsx'), 'utf8');
  const at = source.indexOf('<RequireAuth>');
  const paths = (text: string) => [...text.matchAll(/<Route\s+(?:index\s|path="([^"]+)")/g)].map((m) => m[1] ?? '/');
  return { signedOut: paths(source.slice(0, at)), signedIn: paths(source.slice(at)) };
}

interface Visit {
  route: string;
  ready: string;
  as: 'visitor' | 'writer' | 'admin';
  widths: 'both' | 'laptop';
}

describeInChromium(
  'accessibility walk of every route and generator form',
  { what: "axe-core on the router's routes", forAxe: true },
  (app) => {
    it(
      'no serious or critical finding on any route, generator ' + 'form or dialog, in every language and both themes',
      async () => {
        const started = Date.now();
        const combos = combosOf(langs());
        expect(combos.map((c) => c.lang)).toEqual(expect.arrayContaining(['en', 'ms', 'id']));

        const writer = await signUpWriter(app.base, 'axe.walk@e2e.test', { password: PASSWORD });
        const admin = await signUpWriter(app.base, app.karya.adminEmail, { password: PASSWORD });
        await setCredits(writer, app.karya.adminEmail, 40);
        // A children's book's outline and first chapters (offline provider): its story map and My Books have a book.
        await writeSteps(writer, 'children', 3, { numberOfChapters: 5, language: 'en' });
        // A finished adventure (five chapters): its page shows the Publish and Audio edition panels.
        await writeBook(writer, 'adventure', { numberOfChapters: 5, language: 'en' });
        const { books } = (await (await asWriter(writer, '/books')).json()) as {
          books: Array<{ id: number; generator_id: string }>;
        };
        const book = books.find((b) => b.generator_id === 'children')!.id;
        const { generators } = (await (await asWriter(writer, '/generators')).json()) as {
          generators: Array<{ id: string; route: string; refusedLanguages?: string[] }>;
        };
        expect(generators.length).toBeGreaterThan(20);

        // Each of the router's paths filled: a parameter with a value this walk has (a book), or one no account has,
        // whose page then shows its error state (a series, an edition, a claim or a code that is not there); the
        // signed-in catch-all is every generator's route and an address no page has.
        const FILLED: Record<string, Array<Omit<Visit, 'as'>>> = {
          '/signin': [{ route: '/signin', ready: 'main form', widths: 'both' }],
          '/signup': [{ route: '/signup', ready: 'main form', widths: 'both' }],
          '/reset-password': [{ route: '/reset-password?type=recovery&token=abc', ready: 'form', widths: 'both' }],
          '/success': [{ route: '/success', ready: 'main h1', widths: 'both' }],
          '/redeem/:code?': [{ route: '/redeem/WELCOME50', ready: 'main h1', widths: 'both' }],
          '/claim/:token': [{ route: '/claim/CREDIT300-ABCDEFGH', ready: 'main h1', widths: 'both' }],
          '/': [{ route: '/', ready: '[data-testid="dashboard-books"]', widths: 'both' }],
          '/upgrade': [],
          '/upgrade-processing': [{ route: '/upgrade-processing', ready: 'main h1', widths: 'both' }],
          '/topup': [{ route: '/topup', ready: '[data-testid="topup-redeem"]', widths: 'both' }],
          '/books': [{ route: '/books', ready: '[data-testid="my-book"]', widths: 'both' }],
          '/series/:id': [{ route: '/series/999999', ready: '[data-testid="load-error"]', widths: 'laptop' }],
          '/books/:id/side-by-side': [
            { route: '/books/999999/side-by-side', ready: '[data-testid="side-by-side-error"]', widths: 'laptop' },
          ],
          '/books/:id/story-map': [
            { route: `/books/${book}/story-map`, ready: '[data-testid="story-map-table"]', widths: 'both' },
          ],
          '/history': [{ route: '/history', ready: 'main h1', widths: 'both' }],
          '/publishing-guide': [{ route: '/publishing-guide', ready: 'main h1', widths: 'both' }],
          '/profile': [],
          '/profile/edit': [{ route: '/profile/edit', ready: 'main h1', widths: 'both' }],
          '/profile/change-password': [{ route: '/profile/change-password', ready: 'main h1', widths: 'both' }],
          '/admin': [],
          '*': [
            { route: '/no-such-page-here', ready: '[data-testid="dashboard-books"]', widths: 'laptop' },
            // A finished book's page with its Audio edition panel (its cost and the synthetic voice said).
            { route: '/adventure', ready: '[data-testid="audio-panel"] [data-testid="audio-cost"]', widths: 'both' },
            ...generators.map((g) => ({ route: g.route, ready: 'main form', widths: 'laptop' as const })),
          ],
        };
        const { signedOut, signedIn } = routerPaths();
        expect(signedOut.length + signedIn.length).toBeGreaterThan(15);
        const unfilled = [...signedOut, ...signedIn].filter((p) => !(p in FILLED));
        expect(unfilled, 'router paths this walk has no way to open').toEqual([]);
        const visits: Visit[] = [
          ...signedOut.flatMap((p) => FILLED[p]!.map((v) => ({ ...v, as: 'visitor' as const }))),
          ...signedIn.flatMap((p) => FILLED[p]!.map((v) => ({ ...v, as: 'writer' as const }))),
          { route: '/admin', ready: '[data-testid="users-table"]', as: 'admin', widths: 'both' },
        ];

        const pages = {
          visitor: await app.open(WIDTHS[0]),
          writer: await app.open(WIDTHS[0]),
          admin: await app.open(WIDTHS[0]),
        };
        await signInPage(pages.writer, writer);
        await signInPage(pages.admin, admin);
        // Each browser starts on a page with the language switch (signed out: sign-in's; signed in: the sidebar's).
        await pages.visitor.goto(`${app.base}/signin`);
        await pages.writer.goto(`${app.base}/`);
        await pages.admin.goto(`${app.base}/`);
        for (const p of Object.values(pages)) await p.locator('[data-testid="language-switch"]').first().waitFor();

        const problems: string[] = [];
        let readings = 0;
        const refused = (route: string, lang: string) =>
          generators.some((g) => g.route === route && g.refusedLanguages?.includes(lang));
        // The generator forms are one page component whose fields differ: each is read whole in the first language
        // (light)
        // and in the dark theme, and in one of the other languages in turn (their words: LANGUAGE_RULES), so that every
        // other language reads a share of them; the other pages in every combination.
        const forms = generators.map((g) => g.route);
        const others = Math.max(1, combos.length - 2);
        const isSampledOut = (route: string, at: number) =>
          at >= 2 && forms.includes(route) && forms.indexOf(route) % others !== at - 2;
        // Combinations outermost: a language is switched three times per browser, not once per page.
        for (const [at, combo] of combos.entries()) {
          for (const p of Object.values(pages)) {
            await p.setViewportSize(WIDTHS[0]);
            // The switch of a signed-out page is on sign-in's; the sidebar's on any signed-in page.
            if (p === pages.visitor) await openRoute(p, app.base, '/signin', 'main form');
            await showIn(p, combo);
          }
          for (const visit of visits) {
            if (refused(visit.route, combo.lang) || isSampledOut(visit.route, at)) continue;
            const page = pages[visit.as];
            await openRoute(page, app.base, visit.route, visit.ready);
            await settled(page);
            const where = `${visit.route} ${combo.lang}/${combo.theme}`;
            // The sidebar (the same on every signed-in page) is read with the dashboard and the guide.
            const exclude =
              visit.as === 'visitor' || visit.route === '/' || visit.route === '/publishing-guide' ? [] : ['aside'];
            const found =
              visit.widths === 'both'
                ? await problemsAtWidths(page, exclude, combo.rules)
                : (await seriousViolations(page, exclude, combo.rules)).map((v) => `${WIDTHS[0].width} px: ${v}`);
            readings += visit.widths === 'both' ? 2 : 1;
            for (const v of found) problems.push(`${where}: ${v}`);
          }
          for (const v of await dialogs(pages, app.base, combo)) problems.push(v);
          readings += 3;
        }
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(
          `a11y walk: ${visits.length} pages, ${readings} readings ` +
            `of axe in ${combos.length} combinations, ${seconds} s`,
        );
        expect(problems).toEqual([]);
      },
      900_000,
    );
  },
);

/** The page's data shown: no spinner left in main. */
async function settled(page: Page): Promise<void> {
  await page
    .locator('main [role="status"] svg.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

/** The dialogs the pages open, each read open (at the laptop's width) and closed with Escape. */
async function dialogs(
  pages: Record<'visitor' | 'writer' | 'admin', Page>,
  base: string,
  combo: Combo,
): Promise<string[]> {
  const found: string[] = [];
  const read = async (page: Page, what: string, open: () => Promise<void>) => {
    await open();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const v of await seriousViolations(page, [], combo.rules))
      found.push(`dialog ${what} ${combo.lang}/${combo.theme}: ${v}`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  };
  const { writer, admin } = pages;
  await openRoute(writer, base, '/', '[data-testid="dashboard-books"]');
  await read(writer, 'update (dashboard)', () =>
    writer.locator('section[aria-labelledby="updates-h"] li button').first().click(),
  );
  await openRoute(admin, base, '/admin', '[data-testid="users-table"]');
  await read(admin, 'add user (admin)', () =>
    admin.locator('section:has([data-testid="users-table"]) button.btn-primary').first().click(),
  );
  await read(admin, 'credits (admin)', () =>
    admin.locator('[data-testid="users-table"] button.btn-secondary:not([disabled])').first().click(),
  );
  return found;
}
