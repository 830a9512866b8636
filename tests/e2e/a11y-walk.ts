// The accessibility walk of every route the studio's router has (read from studio/src/App.tsx, not a hand list) and of
// every generator's form (the server's list, GET /api/generators), in every language of the table (langs()) and in
// both themes, failing on a serious or critical finding with its rule and its target. Three test files walk a part
// each, so that the suite's workers share the walk (one test cannot be split across them; it was the suite's
// longest, 126 s in one case): tests/e2e/a11y-walk.test.ts the signed-out pages (sign-in, sign-up, reset password,
// redeem, claim, success) and the administrator (the portal, its "Add user" and credits dialogs);
// tests/e2e/a11y-walk-writer.test.ts a writer's pages (the dashboard and its update dialog, Top Up, My Books, the
// profile, the guide, a book's story map, a finished book's Audio edition panel, an address no page has, and the error
// states of a series or an edition that is not there); tests/e2e/a11y-walk-forms.test.ts the generator forms. Each
// part checks that every router path has a way here to be opened (PART_OF names the part that opens it): a route
// added to the router without one fails the walk, naming it.
// The readings are tests/e2e/axe.ts combosOf's: the first language in the light theme with all of axe's rules, then
// the dark theme with the rules a theme can break, then each other language with the rules words can break. The
// pages at a laptop's width and a phone's; the generator forms (about 40, one page component whose fields differ)
// and the dialogs at the laptop's, each form in the first language in both themes and in one other language in turn.
// One browser; each context's pages opened in place (openRoute), so axe's code stays compiled; the run's duration is
// printed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, openRoute, ROOT, type E2eApp } from './helpers.js';
import { asWriter, setCredits, signInPage, signUpWriter, writeBook, writeSteps, type Writer } from './seed.js';
import { WIDTHS, combosOf, problemsAtWidths, seriousViolations, showIn, type Combo } from './axe.js';
import { langs } from '../../engine/index.js';

const PASSWORD = 'secret12';

/** A file's share of the walk: signed out and the administrator, a writer's pages, or the generator forms. */
export type WalkPart = 'signed-out-admin' | 'writer' | 'forms';

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
  part: WalkPart;
}
type Filled = Omit<Visit, 'as' | 'part'> & { part?: WalkPart };

/** The generator whose book the walk finishes (writeBooks), by its route: its page shows the Audio edition panel. */
const FINISHED = '/adventure';

/**
 * Each of the router's paths filled: a parameter with a value the walk has (a book: `book`), or one
 * no account has, whose page then shows its error state (a series, an edition, a claim or a code that is not there);
 * the signed-in catch-all is every generator's route (the forms part) and an address no page has.
 */
function filled(book: number, forms: readonly string[]): Record<string, Filled[]> {
  const both = (route: string, ready: string): Filled[] => [{ route, ready, widths: 'both' }];
  return {
    '/signin': both('/signin', 'main form'),
    '/signup': both('/signup', 'main form'),
    '/reset-password': both('/reset-password?type=recovery&token=abc', 'form'),
    '/success': both('/success', 'main h1'),
    '/redeem/:code?': both('/redeem/WELCOME50', 'main h1'),
    '/claim/:token': both('/claim/CREDIT300-ABCDEFGH', 'main h1'),
    '/': both('/', '[data-testid="dashboard-books"]'),
    '/upgrade': [],
    '/upgrade-processing': both('/upgrade-processing', 'main h1'),
    '/topup': both('/topup', '[data-testid="topup-redeem"]'),
    '/books': both('/books', '[data-testid="my-book"]'),
    '/series/:id': [{ route: '/series/999999', ready: '[data-testid="load-error"]', widths: 'laptop' }],
    '/books/:id/side-by-side': [
      { route: '/books/999999/side-by-side', ready: '[data-testid="side-by-side-error"]', widths: 'laptop' },
    ],
    '/books/:id/story-map': both(`/books/${book}/story-map`, '[data-testid="story-map-table"]'),
    '/history': both('/history', 'main h1'),
    '/publishing-guide': both('/publishing-guide', 'main h1'),
    '/profile': [],
    '/profile/edit': both('/profile/edit', 'main h1'),
    '/profile/change-password': both('/profile/change-password', 'main h1'),
    '/admin': [],
    '*': [
      { route: '/no-such-page-here', ready: '[data-testid="dashboard-books"]', widths: 'laptop' },
      // A finished book's page with its Audio edition panel (its cost and the synthetic voice said).
      ...both(FINISHED, '[data-testid="audio-panel"] [data-testid="audio-cost"]'),
      // Not the finished book's form: the writer's part reads that page in every combination at both widths, in the
      // state the forms part would read it in (the same accounts and books; the same document at 1366 px, light and
      // dark, measured), so the forms part read it a second time (three readings, one of them whole).
      ...forms
        .filter((route) => route !== FINISHED)
        .map((route) => ({ route, ready: 'main form', widths: 'laptop' as const, part: 'forms' as const })),
    ],
  };
}

/** The walk's `part` as one test of a browser file (its own `karya serve`, its own accounts and books: writeBooks). */
export function describeWalk(part: WalkPart, what: string): void {
  describeInChromium(
    `accessibility walk: ${what}`,
    { what: "axe-core on the router's routes", forAxe: true },
    (app) => {
      it(
        `no serious or critical finding on ${what}, in every language and both themes`,
        () => walk(app, part),
        600_000,
      );
    },
  );
}

async function walk(app: E2eApp, part: WalkPart): Promise<void> {
  const started = Date.now();
  const combos = combosOf(langs());
  expect(combos.map((c) => c.lang)).toEqual(expect.arrayContaining(['en', 'ms', 'id']));

  // Every part has the same accounts and books, so each page is read in the state the walk in one file read it in
  // (the forms with the writer's saved and finished books, the portal's table with the writer's row).
  const writer = await signUpWriter(app.base, 'axe.walk@e2e.test', { password: PASSWORD });
  const admin = await signUpWriter(app.base, app.karya.adminEmail, { password: PASSWORD });
  const book = await writeBooks(writer, app.karya.adminEmail);
  const { generators } = (await (await asWriter(writer, '/generators')).json()) as {
    generators: Array<{ id: string; route: string; refusedLanguages?: string[] }>;
  };
  expect(generators.length).toBeGreaterThan(20);

  const forms = generators.map((g) => g.route);
  const FILLED = filled(book, forms);
  const { signedOut, signedIn } = routerPaths();
  expect(signedOut.length + signedIn.length).toBeGreaterThan(15);
  const unfilled = [...signedOut, ...signedIn].filter((p) => !(p in FILLED));
  expect(unfilled, 'router paths this walk has no way to open').toEqual([]);
  const all: Visit[] = [
    ...signedOut.flatMap((p) =>
      FILLED[p]!.map((v) => ({ ...v, as: 'visitor' as const, part: 'signed-out-admin' as const })),
    ),
    ...signedIn.flatMap((p) => FILLED[p]!.map((v) => ({ ...v, as: 'writer' as const, part: v.part ?? 'writer' }))),
    { route: '/admin', ready: '[data-testid="users-table"]', as: 'admin', widths: 'both', part: 'signed-out-admin' },
  ];
  const visits = all.filter((v) => v.part === part);

  const who = part === 'signed-out-admin' ? (['visitor', 'admin'] as const) : (['writer'] as const);
  const pages: Partial<Record<Visit['as'], Page>> = {};
  for (const as of who) {
    const page = await app.open(WIDTHS[0]);
    pages[as] = page;
    // Each browser starts on a page with the language switch (signed out: sign-in's; signed in: the sidebar's).
    if (as === 'visitor') await page.goto(`${app.base}/signin`);
    else {
      await signInPage(page, as === 'admin' ? admin : writer);
      await page.goto(`${app.base}/`);
    }
    await page.locator('[data-testid="language-switch"]').first().waitFor();
  }

  const problems: string[] = [];
  let readings = 0;
  const refused = (route: string, lang: string) =>
    generators.some((g) => g.route === route && g.refusedLanguages?.includes(lang));
  // The generator forms are one page component whose fields differ: each is read whole in the first language (light)
  // and in the dark theme, and in one of the other languages in turn (their words: LANGUAGE_RULES), so that every
  // other language reads a share of them; the other pages in every combination.
  const others = Math.max(1, combos.length - 2);
  const isSampledOut = (route: string, at: number) =>
    at >= 2 && forms.includes(route) && forms.indexOf(route) % others !== at - 2;
  // Combinations outermost: a language is switched once per combination and browser, not once per page.
  for (const [at, combo] of combos.entries()) {
    for (const p of Object.values(pages)) {
      await p.setViewportSize(WIDTHS[0]);
      // The switch of a signed-out page is on sign-in's; the sidebar's on any signed-in page.
      if (p === pages.visitor) await openRoute(p, app.base, '/signin', 'main form');
      await showIn(p, combo);
    }
    for (const visit of visits) {
      if (refused(visit.route, combo.lang) || isSampledOut(visit.route, at)) continue;
      const page = pages[visit.as]!;
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
    const opened = await dialogs(part === 'forms' ? {} : pages, app.base, combo);
    readings += opened.readings;
    problems.push(...opened.found);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `a11y walk (${part}): ${visits.length} pages, ${readings} readings ` +
      `of axe in ${combos.length} combinations, ${seconds} s`,
  );
  expect(problems).toEqual([]);
}

/**
 * The writer's books, written over the API with the offline provider: a children's book's outline and first
 * chapters (its story map and My Books have a book) and a finished adventure (five chapters: its page shows the Publish
 * and Audio edition panels). Answers the children's book's id.
 */
async function writeBooks(writer: Writer, adminEmail: string): Promise<number> {
  await setCredits(writer, adminEmail, 40);
  await writeSteps(writer, 'children', 3, { numberOfChapters: 5, language: 'en' });
  await writeBook(writer, 'adventure', { numberOfChapters: 5, language: 'en' });
  const { books } = (await (await asWriter(writer, '/books')).json()) as {
    books: Array<{ id: number; generator_id: string }>;
  };
  return books.find((b) => b.generator_id === 'children')!.id;
}

/** The page's data shown: no spinner left in main. */
async function settled(page: Page): Promise<void> {
  await page
    .locator('main [role="status"] svg.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
}

/**
 * The dialogs the part's pages open (none for the forms), each read open (at the laptop's width) and closed with
 * Escape:
 * the writer's (the dashboard's update) and the administrator's ("Add user", credits).
 */
async function dialogs(
  pages: Partial<Record<'visitor' | 'writer' | 'admin', Page>>,
  base: string,
  combo: Combo,
): Promise<{ found: string[]; readings: number }> {
  const found: string[] = [];
  let readings = 0;
  const read = async (page: Page, what: string, open: () => Promise<void>) => {
    await open();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const v of await seriousViolations(page, [], combo.rules))
      found.push(`dialog ${what} ${combo.lang}/${combo.theme}: ${v}`);
    readings += 1;
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  };
  const { writer, admin } = pages;
  if (writer) {
    await openRoute(writer, base, '/', '[data-testid="dashboard-books"]');
    await read(writer, 'update (dashboard)', () =>
      writer.locator('section[aria-labelledby="updates-h"] li button').first().click(),
    );
  }
  if (admin) {
    await openRoute(admin, base, '/admin', '[data-testid="users-table"]');
    await read(admin, 'add user (admin)', () =>
      admin.locator('section:has([data-testid="users-table"]) button.btn-primary').first().click(),
    );
    await read(admin, 'credits (admin)', () =>
      admin.locator('[data-testid="users-table"] button.btn-secondary:not([disabled])').first().click(),
    );
  }
  return { found, readings };
}
