// axe-core in a browser test: loaded into the page, run on the page as it is, and its serious and critical
// violations answered one line each (rule, help, where).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core served over http with a long cache life, so a context's chromium compiles its 550 kB once and reads its
 * code cache on the pages after (about 0.1 s a page instead of 1–1.5 s for each page.evaluate of the source).
 * One server per test worker, unref'd: it never keeps the worker alive.
 */
let served: Promise<string> | undefined;
function axeUrl(): Promise<string> {
  served ??= new Promise<string>((resolve) => {
    const server: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'public, max-age=86400, immutable' });
      res.end(AXE_SOURCE);
    });
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      const address = server.address();
      resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/axe.min.js`);
    });
  });
  return served;
}

/**
 * Options and preparation of a browser context whose pages axe reads often: its pages load axe from axeUrl() (the
 * page's CSP would refuse a script of another origin, so the context bypasses CSP: only for files that check no CSP).
 * @example const context = await browser.newContext({ ...AXE_CONTEXT }); await preparedForAxe(context);
 */
export const AXE_CONTEXT = { bypassCSP: true } as const;
export async function preparedForAxe(context: BrowserContext): Promise<void> {
  const url = await axeUrl();
  await context.addInitScript((src) => Object.assign(window, { __karyaAxeUrl: src }), url);
}

/**
 * axe into the page: from the cached URL in a context prepared for it, else its source evaluated. Configured without
 * each finding's HTML (noHtml): no answer here reads it (a violation is told by its rule, help, target and failure
 * summary), and axe otherwise serialises the outer HTML of every element a rule looked at, passes included, a
 * twentieth of a reading.
 */
async function injectAxe(page: Page): Promise<void> {
  const state = await page.evaluate(() => ({
    has: 'axe' in window,
    url: (window as unknown as { __karyaAxeUrl?: string }).__karyaAxeUrl,
  }));
  if (state.has) return;
  if (state.url) await page.addScriptTag({ url: state.url });
  else await page.evaluate(AXE_SOURCE);
  await page.evaluate(() =>
    (window as unknown as { axe: { configure(spec: { noHtml: boolean }): void } }).axe.configure({ noHtml: true }),
  );
  await page.evaluate(rememberColours);
}

/**
 * axe's reading of a colour string remembered per document: axe parses every colour it reads (a text's, each
 * background's in its stack) anew through colorjs.io (`new Color(s).to('srgb')`), the same few dozen strings of the
 * studio's palette thousands of times a reading. A string's colour is always the same four numbers, so a string read
 * before is answered from the map with what axe's own parse gave it: the same colours, the same findings. Measured in
 * one document of the dashboard, six interleaved pairs: a whole reading 2.9 -> 1.4 s, the colour rules' 2.0 -> 1.1 s
 * (medians), the violations found the same. Left as axe has it when axe has no such method.
 */
function rememberColours(): void {
  type Rgba = { r: number; g: number; b: number; alpha: number };
  type Parse = (this: Rgba, colour: string) => Rgba;
  const Color = (
    window as unknown as { axe: { commons?: { color?: { Color?: { prototype: { parseString?: Parse } } } } } }
  ).axe.commons?.color?.Color;
  const parse = Color?.prototype.parseString;
  if (!Color || !parse) return;
  const read = new Map<string, Rgba>();
  Color.prototype.parseString = function (colour) {
    const known = read.get(colour);
    if (!known) {
      parse.call(this, colour);
      read.set(colour, { r: this.r, g: this.g, b: this.b, alpha: this.alpha });
      return this;
    }
    this.r = known.r;
    this.g = known.g;
    this.b = known.b;
    this.alpha = known.alpha;
    return this;
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * The rules a change of theme can break on a page axe has read whole in another theme: a theme changes colours only
 * (the same elements, names, roles, languages and layout), so what can differ is text against its background
 * (contrast, the longer, lighter or darker text included) and a link told from its text by colour alone.
 */
export const THEME_RULES: readonly string[] = ['color-contrast', 'link-in-text-block'];
/**
 * The rules a change of language can break on a page axe has read whole in another language, in the same theme and at
 * the same width: the same elements and roles with other words, so what can differ is what the words are (an
 * accessible name, a label, an alternative text or a title left empty or untranslated, a heading with nothing in it),
 * the language the page says it speaks, and what longer words do to the layout (a control squeezed under its target
 * size, a region that now scrolls and must be reachable by keyboard; a page pushed wider than the window is
 * problemsAtWidths' own check). Not the colour rules: a text's colour and its background's are the theme's, set by the
 * element's classes, never by its words, so the contrast a reading in one language found holds for the others in that
 * theme and at that width. Contrast is the dearest rule (1.3–2.1 s of a reading, target size 0.3–1 s), and read again
 * per language it was most of each such reading.
 */
export const LANGUAGE_RULES: readonly string[] = [
  'html-has-lang',
  'html-lang-valid',
  'valid-lang',
  'html-xml-lang-mismatch',
  'document-title',
  'button-name',
  'link-name',
  'input-button-name',
  'select-name',
  'label',
  'label-title-only',
  'form-field-multiple-labels',
  'summary-name',
  'aria-command-name',
  'aria-dialog-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'aria-treeitem-name',
  'image-alt',
  'input-image-alt',
  'role-img-alt',
  'svg-img-alt',
  'area-alt',
  'object-alt',
  'frame-title',
  'empty-heading',
  'empty-table-header',
  'scrollable-region-focusable',
  'target-size',
];

/**
 * axe-core's serious and critical violations on the page as it is now, one line each; `exclude` leaves out
 * the elements of those selectors (a part already checked on another page, such as the sidebar); `rules` (default:
 * axe's whole set) reads only those, for a page already read whole in another theme or language (THEME_RULES,
 * LANGUAGE_RULES).
 */
export async function seriousViolations(
  page: Page,
  exclude: string[] = [],
  rules?: readonly string[],
): Promise<string[]> {
  await injectAxe(page);
  const serious = (found: AxeViolation[]) => found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  let violations = serious(await settledRun(page, exclude, rules));
  // A toast that began to fade in or out while axe read the page (after the wait) is read again once it has
  // stopped: a page's real violation is there on the second reading too. Only the rules that found a serious one are
  // read again (a whole second reading, for a moderate finding this answer leaves out anyway, was a tenth of the
  // browser files' axe time).
  if (violations.length)
    violations = serious(await settledRun(page, exclude, [...new Set(violations.map((v) => v.id))]));
  /** A node's failure summary on one line, at most 160 characters, in brackets after a space; '' without one. */
  const summaryOf = (n: { failureSummary?: string }) =>
    n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)})` : '';
  return violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} ` + `at ${v.nodes.map((n) => `${n.target.join(' ')}${summaryOf(n)}`).join(', ')}`,
  );
}

/**
 * axe's violations on the page as a reader sees it once things stop moving: a toast caught fading in has its text at
 * the
 * background's colour (axe measured 1.1:1 on one), so finite animations and transitions finish first (a spinner's
 * endless one is left), as do those that start meanwhile, for 3 s at most.
 */
async function settledRun(
  page: Page,
  exclude: string[],
  rules: readonly string[] | undefined,
): Promise<AxeViolation[]> {
  await page.evaluate(async () => {
    const until = Date.now() + 3_000;
    const finite = () =>
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    for (let moving = finite(); moving.length && Date.now() < until; moving = finite()) {
      await Promise.race([
        Promise.all(moving.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, until - Date.now())),
      ]);
    }
  });
  return page.evaluate(
    async ([left, only]) => {
      const axe = (
        window as unknown as { axe: { run(ctx: object, opts: object): Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      const context = left.length ? { include: [['html']], exclude: left.map((s) => [s]) } : document;
      const result = await axe.run(context, {
        resultTypes: ['violations'],
        ...(only ? { runOnly: { type: 'rule', values: only } } : {}),
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    [exclude, rules ? [...rules] : null] as const,
  );
}

/**
 * A language of the table and a theme to read a page in; `rules`: what axe reads there (all of its rules when absent).
 */
export type Combo = { lang: string; theme: 'light' | 'dark'; rules?: readonly string[] };

/**
 * The combinations for the languages `codes` (the table's: langs()), ordered so that each step changes one thing: the
 * first language in the light theme with all of axe's rules, then in the dark one with THEME_RULES, then each other
 * language in the dark theme with LANGUAGE_RULES (another language's light reading is the first one's colours and the
 * words of its dark reading: tests/e2e/a11y-themes.test.ts).
 */
export function combosOf(codes: readonly string[]): Combo[] {
  const [first, ...rest] = codes;
  if (!first) return [];
  return [
    { lang: first, theme: 'light' },
    { lang: first, theme: 'dark', rules: THEME_RULES },
    ...rest.map((lang) => ({ lang, theme: 'dark' as const, rules: LANGUAGE_RULES })),
  ];
}

/**
 * Set the system theme (the studio follows it) and the studio language; wait until the page shows both.
 * Transitions are turned off first, so axe reads the colours the theme ends at, not a colour on the way.
 */
export async function showIn(page: Page, combo: Combo): Promise<void> {
  await page.evaluate(() => {
    if (document.getElementById('no-transitions')) return;
    const style = Object.assign(document.createElement('style'), {
      id: 'no-transitions',
      textContent: '*, *::before, *::after { transition: none !important; animation: none !important; }',
    });
    document.head.append(style);
  });
  await page.emulateMedia({ colorScheme: combo.theme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    combo.theme === 'dark',
  );
  if ((await page.getAttribute('html', 'lang')) !== combo.lang) {
    // The switch a signed-in page shows first is the sidebar's, which a phone's width hides in the drawer.
    if ((page.viewportSize()?.width ?? 0) < WIDTHS[0].width) await page.setViewportSize(WIDTHS[0]);
    await page.locator('[data-testid="language-switch"]').first().selectOption(combo.lang);
    await page.waitForFunction((lang) => document.documentElement.lang === lang, combo.lang);
  }
}

/** The widths the studio is checked at: a laptop's and a phone's. */
export const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * The page at each of WIDTHS in turn: its serious and critical violations (of `rules` only when given:
 * seriousViolations)
 * and, when it scrolls sideways (wider than the window), a line naming the widest element; each line starts with its
 * width. The width the page is at is read first (no resize for it), and the viewport is put back as it was unless
 * `putBack` is false (a caller reading the page again at both widths, which then starts from the width it was left at:
 * a resize is a relayout and a render of the studio, 0.1–0.5 s each).
 */
export async function problemsAtWidths(
  page: Page,
  exclude: string[] = [],
  rules?: readonly string[],
  opts: { putBack?: boolean } = {},
): Promise<string[]> {
  const before = page.viewportSize();
  const found: string[] = [];
  const order = before && WIDTHS[1].width === before.width ? [WIDTHS[1], WIDTHS[0]] : [...WIDTHS];
  try {
    for (const size of order) {
      const now = page.viewportSize();
      if (now?.width !== size.width || now.height !== size.height) await page.setViewportSize(size);
      for (const v of await seriousViolations(page, exclude, rules)) found.push(`${size.width} px: ${v}`);
      const overflow = await sidewaysScroll(page);
      if (overflow) found.push(`${size.width} px: ${overflow}`);
    }
  } finally {
    const now = page.viewportSize();
    if (opts.putBack !== false && before && (now?.width !== before.width || now.height !== before.height))
      await page.setViewportSize(before);
  }
  return found;
}

/** null when the page fits the window's width; else how wide it is and the element that sticks out furthest. */
export async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const inner = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    if (scroll <= inner) return null;
    let widest: Element | null = null;
    let right = inner;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect().right;
      if (r > right) [widest, right] = [el, r];
    }
    const name = widest
      ? `${widest.tagName.toLowerCase()}${widest.id ? `#${widest.id}` : ''}` +
        `${widest.getAttribute('data-testid') ? `[data-testid="${widest.getAttribute('data-testid')}"]` : ''}` +
        `.${[...widest.classList].slice(0, 4).join('.')}`
      : 'unknown';
    return `scrolls sideways: ${scroll} px wide in a ${inner} px window (${name} ends at ${Math.round(right)} px)`;
  });
}
