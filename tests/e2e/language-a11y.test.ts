// End to end: the whole studio in Bahasa Malaysia, and accessibility on every studio route.
// - A user who switches to Bahasa Malaysia sees the shell's groups and menu entries in Malay (expected
//   texts typed here; generator entries are the generators' Malay names), `<html lang="ms">`, and the
//   choice survives a reload and a sign-in in another browser context. A choice made before sign-in is
//   kept by sign-up.
// - axe-core 4 (loaded into the page) on the studio's routes as a new user (their empty dashboard, My Books, Content
//   History and Top Up, three generator forms) and as the administrator, in English and in Bahasa Indonesia (the
//   table's third language: its switch lists it, the shell speaks it, `<html lang="id">`): no serious or critical
//   violations (in Indonesian, the rules a language can break on a page read whole in English: tests/e2e/axe.ts
//   LANGUAGE_RULES). The signed-out pages (sign-in, sign-up, reset password, success, redeem, claim), the profile
//   form, the change of password and the Publishing Guide are one page state whoever reads them:
//   tests/e2e/a11y-walk.test.ts reads them in every language of the table and both themes at the same two widths
//   (they were read here too, in English and Indonesian, twice in the suite). Malay's pages are read in
//   tests/e2e/a11y-themes.test.ts (both themes: English's colour readings, Malay's words in the dark one), with the
//   admin portal in English, so each page state is read once in the suite. Keyboard focus is visible on every control
//   reached with Tab. On a phone the admin's user actions are on screen.
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeInChromium, openRoute, quietNetwork, signUp, waitForText } from './helpers.js';
import { LANGUAGE_RULES, WIDTHS, problemsAtWidths, seriousViolations } from './axe.js';
import { signInPage, signUpWriter } from './seed.js';
import { langs, languageTable } from '../../engine/index.js';

const PASSWORD = 'secret12';

/** The shell in Malay: the navigation groups of the platform requirements (§2) and the fixed entries. */
const MALAY_GROUPS = ['Fiksyen', 'Bukan Fiksyen', 'Kreatif', 'Pemasaran', 'Kulit Buku'];
const MALAY_ENTRIES = ['Papan Pemuka', 'Tambah Kredit', 'Sunting Profil', 'Log Keluar'];
/** Some generator entries by their Malay names (the non-fiction requirements name Penjana Buku Motivasi's type). */
const MALAY_GENERATORS = [
  'Romantik',
  'Seram',
  'Fiksyen Sains',
  'Buku Motivasi',
  'Panduan Penjagaan Haiwan',
  'Penjana Kulit Buku',
  'Penjana Deskripsi Amazon',
  'Jenaka Ayah',
];
/** The shell in Indonesian (languages/id/studio-shell.yaml) and a generator by its Indonesian type label. */
const INDONESIAN_GROUPS = ['Fiksi', 'Nonfiksi', 'Kreatif', 'Pemasaran', 'Sampul'];
const INDONESIAN_ENTRIES = ['Dasbor', 'Isi Ulang Kredit', 'Sunting Profil', 'Keluar', 'Romansa'];
const ENGLISH_SHELL = [
  'Fiction',
  'Non-fiction',
  'Creative',
  'Marketing',
  'Covers',
  'Dashboard',
  'Top Up Credits',
  'Edit Profile',
  'Sign Out',
  'Admin',
  'Design Templates',
  'Publishing Guide',
  'Publishing Tool',
];

/**
 * Press Tab `count` times and answer the controls that showed no focus indicator (no outline and no
 * ring on the control, or on the label of a visually hidden radio). Each landing is read in the page as the Tab key
 * comes up (focus has moved on its way down): one round trip to the browser a press, not a press and a reading.
 */
async function controlsWithoutFocusIndicator(page: Page, count: number): Promise<string[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    type Landing = { ok: boolean; name: string } | null;
    const w = window as unknown as { __tabbed?: Landing[] };
    if (!w.__tabbed) {
      const read = (): Landing => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const shows = (e: Element) => {
          const s = getComputedStyle(e);
          const hasOutline =
            s.outlineStyle !== 'none' &&
            parseFloat(s.outlineWidth) > 0 &&
            s.outlineColor !== 'rgba(0, 0, 0, 0)' &&
            s.outlineColor !== 'transparent';
          return hasOutline || (s.boxShadow !== 'none' && s.boxShadow !== '');
        };
        const label = el.closest('label');
        const ok = shows(el) || (label !== null && shows(label));
        const name =
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ` +
          `"${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
        return { ok, name };
      };
      addEventListener('keyup', (e) => e.key === 'Tab' && w.__tabbed!.push(read()), true);
    }
    w.__tabbed = [];
  });
  await page.mouse.click(1, 1);
  for (let i = 0; i < count; i++) await page.keyboard.press('Tab');
  const landed = await page.evaluate(
    () => (window as unknown as { __tabbed: Array<{ ok: boolean; name: string } | null> }).__tabbed,
  );
  // A press whose landing went unread would leave its control unchecked.
  expect(landed.length, 'Tab presses read').toBe(count);
  return landed.flatMap((r) => (r && !r.ok ? [r.name] : []));
}

/** The texts of the desktop sidebar: group buttons, links and buttons. */
async function shellTexts(page: Page): Promise<{ groups: string[]; entries: string[] }> {
  return page.evaluate(() => {
    const aside = document.querySelector('aside')!;
    const groups = [...aside.querySelectorAll('nav button[aria-expanded]')].map((b) => b.textContent!.trim());
    const entries = [...aside.querySelectorAll('a, button:not([aria-expanded])')]
      .map((e) => e.textContent!.replace(/\(.*?\)/g, '').trim())
      .filter(Boolean);
    return { groups, entries };
  });
}

/**
 * A route read by axe once its data is shown, at a laptop's width and a phone's; each problem is added to `problems`.
 * `rules`: only those of axe's rules (a route already read whole in another language: tests/e2e/axe.ts LANGUAGE_RULES).
 */
function axeVisit(
  base: string,
  problems: string[],
  rules?: readonly string[],
): (page: Page, route: string, ready: string) => Promise<void> {
  return async (page, route, ready) => {
    const quiet = quietNetwork(page);
    // Opened in the studio as its links open a page once the browser shows the studio (openRoute): axe's code stays
    // in the document, compiled, for the next route.
    await openRoute(page, base, route, ready);
    // Its data loaded and shown (no request for 100 ms), so axe reads the page a visitor reads.
    await quiet();
    // Transitions and animations end at once: axe reads the colours they end at (what a reader sees once the page is
    // still) without first waiting for them to finish. Once a document: the studio's pages keep its head.
    await page.evaluate((still) => {
      if (!document.getElementById('still'))
        document.head.append(Object.assign(document.createElement('style'), { id: 'still', textContent: still }));
    }, STILL);
    // At a laptop's width and a phone's, where the page must not scroll sideways either. The sidebar is the same on
    // every page of a signed-in user: read with the dashboard, left out of the other pages. The page is left at the
    // width read last, where the next route starts (a resize is a relayout and a render of the studio).
    const exclude = route === '/' ? [] : ['aside'];
    for (const v of await problemsAtWidths(page, exclude, rules, { putBack: false }))
      problems.push(`${route} (${await page.getAttribute('html', 'lang')}): ${v}`);
  };
}

/**
 * A signed-in user's routes. /upgrade is not read here: it is the Top Up page's old address and shows /topup itself
 * (the same page, read above it), which the English walk checks. The change of password and the Publishing Guide are
 * read by tests/e2e/a11y-walk.test.ts (the same form and guide for any account), as is Edit Profile's form.
 */
const USER_ROUTES: ReadonlyArray<readonly [string, string]> = [
  ['/', 'main h1'],
  ['/topup', 'main h1'],
  ['/books', 'main h1'],
  ['/history', 'main h1'],
  ['/romance', 'main form'],
  ['/poems', 'main form'],
  ['/book-cover', 'main form'],
];
// Which file reads which, in English: a11y-themes the admin portal (its user table, one row per account: read here in
// Indonesian only), the writer's dashboard, My Books, Content History and Top Up with a book (and a toast); a11y-walk
// the signed-out pages, Edit Profile, the change of password and the guide; this file a new user's empty dashboard, My
// Books, Content History, Top Up and three generator forms, the administrator's dashboard and the drawer.

const STILL = '*, *::before, *::after { transition: none !important; animation: none !important; }';
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1440, height: 900 } as const;

describeInChromium('studio language and accessibility end to end', { what: 'axe-core', forAxe: true }, (app) => {
  /**
   * The axe walks' three browsers (signed out, the user, the administrator), opened and signed in once by the English
   * walk and used again by the cases after it, as one person comes back to the studio: a new context is a sign-in and
   * axe's code compiled again (1–2 s each under load).
   */
  let visitor: Page;
  let user: Page;
  let admin: Page;
  it(
    'a user who switches to Bahasa Malaysia gets a Malay shell and ' +
      '<html lang="ms">, kept after a reload and on another browser',
    async () => {
      const email = 'siti.lang@e2e.test';
      const page = await app.open();
      await signUp(page, app.base, email, PASSWORD);
      await page.locator('aside nav').waitFor();
      await page.locator('aside nav a', { hasText: 'Romance' }).waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('en');

      await page.locator('aside [data-testid="language-switch"]').selectOption('ms');
      await page.locator('aside nav a', { hasText: 'Romantik' }).waitFor();
      const check = async (p: Page) => {
        await p.locator('aside nav a', { hasText: 'Romantik' }).waitFor();
        expect(await p.getAttribute('html', 'lang')).toBe('ms');
        const { groups, entries } = await shellTexts(p);
        expect(groups).toEqual(MALAY_GROUPS);
        for (const entry of [...MALAY_ENTRIES, ...MALAY_GENERATORS]) expect(entries, entry).toContain(entry);
        for (const english of ENGLISH_SHELL) expect(entries, english).not.toContain(english);
        // No generator is listed under its English name where it has a Malay one.
        const list = (await (await p.request.get(`${app.base}/api/generators`)).json()) as {
          generators: Array<{ typeLabel: { en: string; ms: string } }>;
        };
        for (const g of list.generators)
          if (g.typeLabel.en !== g.typeLabel.ms) expect(entries, g.typeLabel.en).not.toContain(g.typeLabel.en);
        expect(await p.locator('aside [data-testid="credit-balance"]').textContent()).toBe('10 kredit');
      };
      await check(page);
      // Saved to the account: the dashboard speaks Malay too, and a reload keeps it.
      expect(await page.textContent('h1')).toMatch(/^Selamat datang ke Karya, siti\.lang!$/);
      await page.reload();
      await check(page);
      expect(await page.textContent('h1')).toBe('Selamat kembali, siti.lang!');

      // Another browser (no local choice, an English browser): signing in brings the account's language.
      const other = await app.open();
      await other.goto(`${app.base}/signin`);
      expect(await other.getAttribute('html', 'lang')).toBe('en');
      await other.getByLabel('Email').fill(email);
      await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await other.getByRole('button', { name: 'Sign In' }).click();
      await other.waitForURL((u) => u.pathname === '/');
      await check(other);
    },
    180_000,
  );

  it('a language chosen before signing up is kept by the new account; the auth screens speak it', async () => {
    const page = await app.open();
    await page.goto(`${app.base}/signin`);
    await page.getByTestId('language-switch').selectOption('ms');
    await page.getByRole('heading', { name: 'Log masuk ke Karya' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ms');
    await page.getByRole('link', { name: 'Daftar' }).click();
    await page.getByLabel('Sahkan Kata Laluan').waitFor();
    await page.getByLabel('E-mel').fill('amin.lang@e2e.test');
    await page.getByLabel('Kata Laluan', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Sahkan Kata Laluan').fill('different');
    await page.getByRole('button', { name: 'Daftar' }).click();
    // At the field: the confirmation is marked invalid and described by the message.
    expect(await page.locator('#signup-confirm-error').textContent()).toBe('Kata laluan tidak sepadan');
    expect(await page.getByLabel('Sahkan Kata Laluan').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Sahkan Kata Laluan').fill(PASSWORD);
    await page.getByRole('button', { name: 'Daftar' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('aside nav a', { hasText: 'Romantik' }).waitFor();
    const me = (await (await page.request.get(`${app.base}/api/me`)).json()) as { lang: string };
    expect(me.lang).toBe('ms');
  }, 120_000);

  it(
    'in a Malay studio the generators that always write English (covers, dad jokes, language story) ' +
      'speak Malay, and an English book keeps a Malay page through its resume dialog (issue 24)',
    async () => {
      const page = await app.open();
      // Signed up in a Malay studio over the API (tests/e2e/seed.ts; the sign-up page and the switch are walked in the
      // cases above). Each page after the first is opened in the studio as its links open one (openRoute: the generator
      // page is made anew for each generator, its words read from its own table).
      await signInPage(page, await signUpWriter(app.base, 'nora.lang@e2e.test', { password: PASSWORD, lang: 'ms' }));
      const label = '[data-testid="generate-label"]';

      /** Each visible field's own label (its legend for a group), without the required marker. */
      const fieldLabels = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="settings-form"] [data-field]')].map((f) =>
            (f.querySelector('legend, label')?.textContent ?? '').replace('*', '').trim(),
          ),
        );
      // Expected words typed from generators/*.yaml (`karya show <id> --json`): title, field labels in Malay
      // and in English, the generate button, and one default option as the select shows it.
      const pages: Array<{
        route: string;
        title: string;
        tagline: string;
        labels: string[];
        english: string[];
        button: string;
        option: [string, string];
      }> = [
        {
          route: '/book-cover',
          title: 'Penjana Kulit Buku',
          tagline: 'Kulit buku yang menarik perhatian untuk buku anda',
          labels: [
            'Tajuk Buku',
            'Genre Buku',
            'Gaya Kulit Buku',
            'Watak Utama',
            'Latar',
            'Suasana',
            'Butiran Tambahan',
          ],
          english: ['Book Title', 'Genre', 'Cover Style', 'Main Character', 'Setting', 'Mood', 'Additional Details'],
          button: 'Jana Kulit Buku',
          option: ['Gaya Kulit Buku', 'Ceria dan Berwarna-warni'],
        },
        {
          route: '/kids-book-cover',
          title: 'Penjana Kulit Buku Kanak-kanak',
          tagline: 'Kulit buku ceria dan mesra kanak-kanak untuk buku bergambar anda',
          labels: ['Tajuk Buku', 'Watak Utama', 'Emosi Watak', 'Latar', 'Skema Warna', 'Gaya Seni', 'Elemen Tambahan'],
          english: [
            'Book Title',
            'Main Character',
            'Character Mood',
            'Setting',
            'Colour Scheme',
            'Art Style',
            'Additional Elements',
          ],
          button: 'Jana Kulit Buku',
          option: ['Latar', 'Hutan Ajaib'],
        },
        {
          route: '/dad-jokes',
          title: 'Penjana Jenaka Ayah',
          tagline: 'Jenaka ayah yang mesra keluarga untuk setiap suasana',
          labels: ['Jenis Jenaka', 'Tema', 'Umur Khalayak', 'Bilangan Jenaka'],
          english: ['Joke Type', 'Theme', 'Audience Age', 'Number of Jokes'],
          button: 'Jana Jenaka',
          option: ['Jenis Jenaka', 'Ketuk-Ketuk'],
        },
        {
          route: '/language-story',
          title: 'Cerita Pembelajaran Bahasa',
          tagline: 'Belajar bahasa baharu melalui cerita pendek mengikut tahap anda',
          labels: ['Bahasa Yang Dipelajari', 'Tema', 'Tahap Kesukaran', 'Gaya Cerita', 'Bahan Tambahan'],
          english: ['Language to Learn', 'Theme', 'Difficulty Level', 'Story Style', 'Include Extras'],
          button: 'Jana Cerita',
          option: ['Bahasa Yang Dipelajari', 'Bahasa Sepanyol'],
        },
      ];
      for (const p of pages) {
        await openRoute(page, app.base, p.route, '[data-testid="generator-title"]');
        await waitForText(page, '[data-testid="generator-title"]', p.title);
        expect(await page.getAttribute('html', 'lang')).toBe('ms');
        expect(await page.locator('main header p').first().textContent(), p.route).toBe(p.tagline);
        const labels = await fieldLabels();
        expect(labels, p.route).toEqual(expect.arrayContaining(p.labels));
        for (const english of p.english) expect(labels, `${p.route}: ${english}`).not.toContain(english);
        expect(await page.textContent(label), p.route).toBe(p.button);
        await page.getByTestId('settings-form').getByRole('heading', { name: 'Tetapan' }).waitFor();
        const [field, option] = p.option;
        const select = page.getByTestId('settings-form').getByLabel(field, { exact: true });
        expect(await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent), p.route).toBe(
          option,
        );
        expect(await page.getByTestId('preview-placeholder').textContent(), p.route).toBe(
          'Kandungan yang dijana akan dipaparkan di sini',
        );
        // No part of the page is marked as English.
        expect(await page.locator('main [lang="en"]').count(), p.route).toBe(0);
      }
      await openRoute(page, app.base, '/book-cover', '[data-testid="generator-title"]');
      expect(await page.getByLabel('Tajuk Buku').getAttribute('placeholder')).toBe('Masukkan tajuk buku anda');

      // An English book written from the Malay studio: the controls stay Malay, its headings are English.
      await openRoute(page, app.base, '/romance', label);
      await waitForText(page, label, 'Jana Rangka Cerita');
      await page.getByTestId('settings-form').getByLabel('Bahasa', { exact: true }).selectOption('en');
      await page.getByLabel('Bilangan Bab').selectOption('7');
      await waitForText(page, label, 'Jana Rangka Cerita');
      await page.click('[data-testid="generate-button"]');
      await waitForText(page, label, 'Jana Pengenalan', 60_000);
      await page.click('[data-testid="generate-button"]');
      await waitForText(page, label, 'Jana Bab 1', 60_000);
      expect(await page.locator('[data-testid="preview-part"] h3').allTextContents()).toEqual(['Introduction']);

      // Back later: the book is there at once, with a note in Malay that names it and offers a new one.
      await page.reload();
      const note = page.getByTestId('resume-note');
      await note.getByRole('heading', { name: 'Buku anda, seperti yang anda tinggalkan' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      // The note names the book by its own title, in Malay.
      expect(await page.getByTestId('resume-summary').textContent()).toMatch(
        new RegExp(
          /^Anda mempunyai kemajuan tersimpan untuk “[^”]+”, Romantik \(0 daripada 7 bab ditulis\)\. Seter/.source +
            /usnya: Bab 1\.$/.source,
        ),
      );
      await note.getByRole('button', { name: 'Mulakan Buku Baharu' }).waitFor();
      await waitForText(page, label, 'Jana Bab 1');
      expect(await page.getByTestId('chapter-heading').textContent()).toBe('Bab 1');
      expect(await page.getByTestId('settings-form').getByLabel('Bahasa', { exact: true }).inputValue()).toBe('en');
      await page.getByTestId('settings-form').getByLabel('Tahap Keintiman').waitFor();
      expect(await page.getByTestId('locked-note').textContent()).toContain('Tetapan dikunci');
      expect(await page.getByTestId('writing-progress').textContent()).toContain('Kemajuan Penulisan');
      expect(await page.getAttribute('html', 'lang')).toBe('ms');
      expect(await page.locator('[data-testid="preview-part"] h3').allTextContents()).toEqual(['Introduction']);
      expect(await page.getAttribute('[data-testid="preview-part"] h3', 'lang')).toBe('en');
    },
    240_000,
  );

  it(
    'axe-core: no serious or critical violations on any ' + 'route, signed out, as a user and as the administrator',
    async () => {
      const problems: string[] = [];
      const visit = axeVisit(app.base, problems);
      // The signed-out browser, used by the cases after this one (its pages are read by tests/e2e/a11y-walk.test.ts).
      // Each browser opens at a laptop's width, the first axe reads (problemsAtWidths), so that one needs no resize.
      visitor = await app.open(WIDTHS[0]);

      // A user (in Indonesian in the next test), signed up over the API (the sign-up page is walked by the cases
      // above).
      user = await app.open(WIDTHS[0]);
      await signInPage(user, await signUpWriter(app.base, 'axe.user@e2e.test', { password: PASSWORD }));
      for (const [route, ready] of USER_ROUTES) await visit(user, route, ready);
      // The card page's old address shows the Top Up page (read above).
      await user.goto(`${app.base}/upgrade`);
      await user.waitForURL((u) => u.pathname === '/topup');
      await user.locator('main h1').waitFor();

      // The administrator (the account of KARYA_ADMIN_EMAIL).
      admin = await app.open(WIDTHS[0]);
      await signInPage(admin, await signUpWriter(app.base, app.karya.adminEmail, { password: PASSWORD }));
      await visit(admin, '/', 'main h1');
      // A phone: the drawer open over the admin page (the page itself was read at 390 px above).
      await admin.setViewportSize(PHONE);
      try {
        // Opened as the studio's links open it (openRoute): axe's code stays compiled in the document.
        await openRoute(admin, app.base, '/admin', '[data-testid="users-table"]');
        await admin.getByRole('button', { name: 'Open menu' }).click();
        await admin.locator('#drawer nav a').first().waitFor();
        for (const v of await seriousViolations(admin)) problems.push(`drawer: ${v}`);
      } finally {
        await admin.setViewportSize(DESKTOP);
      }
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it(
    "in Bahasa Indonesia: the switch lists the table's languages, the shell " +
      'speaks Indonesian, and no route has a serious or critical violation',
    async () => {
      const problems: string[] = [];
      // Every route here was read whole in English by the test before (or by a11y-themes: the admin portal): in
      // Indonesian, the rules its words can break.
      const visit = axeVisit(app.base, problems, LANGUAGE_RULES);
      // Signed out: chosen on the sign-in page before any account (kept in this browser).
      await visitor.goto(`${app.base}/signin`);
      await visitor.getByTestId('language-switch').selectOption('id');
      await visitor.getByRole('heading', { name: 'Masuk ke Karya' }).waitFor();
      expect(await visitor.getAttribute('html', 'lang')).toBe('id');

      // The user of the test before: every language of the table, each by its own name; Indonesian gives an Indonesian
      // shell. The sidebar's switch, at a laptop's width (the walk before may have left the page at a phone's, which
      // hides it).
      await user.setViewportSize(WIDTHS[0]);
      await openRoute(user, app.base, '/', 'main h1');
      await user.locator('aside nav a', { hasText: 'Romance' }).waitFor();
      const switcher = user.locator('aside [data-testid="language-switch"]');
      const names = await switcher.locator('option').allTextContents();
      expect(names.slice(0, 3)).toEqual(['English', 'Bahasa Malaysia', 'Bahasa Indonesia']);
      // Then any language added to the table (docs/add-a-language.md), by its own name.
      expect(names).toEqual(langs().map((l) => languageTable(l).autonym));
      await switcher.selectOption('id');
      await user.locator('aside nav a', { hasText: 'Romansa' }).waitFor();
      expect(await user.getAttribute('html', 'lang')).toBe('id');
      const { groups, entries } = await shellTexts(user);
      expect(groups).toEqual(INDONESIAN_GROUPS);
      for (const entry of INDONESIAN_ENTRIES) expect(entries, entry).toContain(entry);
      for (const english of ENGLISH_SHELL) expect(entries, english).not.toContain(english);
      for (const [route, ready] of USER_ROUTES) await visit(user, route, ready);

      // The admin portal, then back to English (the account's choice: the tests after this one sign in with it).
      await openRoute(admin, app.base, '/', 'main h1');
      await admin.locator('aside [data-testid="language-switch"]').selectOption('id');
      await admin.locator('aside nav a', { hasText: 'Romansa' }).waitFor();
      await visit(admin, '/admin', '[data-testid="users-table"]');
      await admin.setViewportSize(DESKTOP);
      await Promise.all([
        admin.waitForResponse((r) => r.url().endsWith('/api/me/lang')),
        admin.locator('aside [data-testid="language-switch"]').selectOption('en'),
      ]);
      await admin.locator('aside nav a', { hasText: 'Romance' }).waitFor();
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it('on a phone the administrator reaches every user’s actions without scrolling sideways', async () => {
    // The administrator's browser of the cases before, on a phone.
    const phone = admin;
    await phone.setViewportSize(PHONE);
    try {
      await openRoute(phone, app.base, '/admin', '[data-testid="users-table"]');
      const row = phone.locator('tr[data-email="axe.user@e2e.test"]');
      await row.waitFor();
      for (const name of ['Adjust credits of axe.user@e2e.test', 'Delete axe.user@e2e.test']) {
        const box = (await row.getByRole('button', { name }).boundingBox())!;
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      }
      const role = (await row.getByLabel('Role of axe.user@e2e.test').boundingBox())!;
      expect(role.x + role.width).toBeLessThanOrEqual(390);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phone.setViewportSize(DESKTOP);
    }
  }, 120_000);

  it('keyboard focus is visible on every control (the admin’s credit presets included)', async () => {
    // The signed-out visitor's browser of the axe walks (a new context is its first render and axe's code compiled
    // again), back in English: the Indonesian walk chose Indonesian in it.
    const desktop = visitor;
    await desktop.setViewportSize(DESKTOP);
    await desktop.goto(`${app.base}/signin`);
    if ((await desktop.getAttribute('html', 'lang')) !== 'en') {
      await desktop.getByTestId('language-switch').selectOption('en');
      await desktop.getByRole('heading', { name: 'Sign in to Karya' }).waitFor();
    }
    const missing: string[] = [];
    for (const m of await controlsWithoutFocusIndicator(desktop, 12)) missing.push(`/signin: ${m}`);
    await desktop.getByLabel('Email').fill(app.karya.adminEmail);
    await desktop.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await desktop.getByRole('button', { name: 'Sign In' }).click();
    await desktop.waitForURL((u) => u.pathname === '/');
    await desktop.locator('aside nav a', { hasText: 'Romance' }).waitFor();
    for (const m of await controlsWithoutFocusIndicator(desktop, 60)) missing.push(`/: ${m}`);
    await openRoute(desktop, app.base, '/admin', '[data-testid="users-table"]');
    // The presets: Tab to the first, arrows between them; the chosen one shows a ring.
    const preset = desktop.locator('input[type="radio"]').first();
    await preset.focus();
    await desktop.keyboard.press('ArrowRight');
    const ring = await desktop.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { type: (el as HTMLInputElement).type, shadow: getComputedStyle(el.closest('label')!).boxShadow };
    });
    expect(ring.type).toBe('radio');
    expect(ring.shadow).not.toBe('none');
    for (const m of await controlsWithoutFocusIndicator(desktop, 80)) missing.push(`/admin: ${m}`);
    expect(missing).toEqual([]);
  }, 180_000);
});
