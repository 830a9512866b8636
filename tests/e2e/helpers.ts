// End-to-end helpers: build the studio once, start `karya serve` on a temporary database with the
// offline provider (or a fake AI API), drive Debian's chromium with playwright-core, write a book's first parts.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Download, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, it } from 'vitest';
import { toolSkip } from '../setup/tools.js';
import { buildWithVite, studioBuild } from '../../studio/scripts/studio-build.mjs';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.js';
import { tempDir } from '../temp.js';
import { AXE_CONTEXT, preparedForAxe } from './axe.js';
import { signInPage, signUpWriter } from './seed.js';
import { serveInProcess } from './serve-in-process.js';

export { fakeModel, grantCredits, lanternShop } from './model-helpers.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export { CHROMIUM, CHROMIUM_FLAGS, DISABLED_FEATURES } from './chromium.js';
export const ARTIFACTS = path.join(ROOT, 'test-results', 'e2e');
/** Missing chromium fails the browser tests, unless the run is a quick one (KARYA_QUICK=1: tests/setup/tools.ts). */
const chromiumSkip = toolSkip('chromium');
export const hasChromium = chromiumSkip === null;
export const SKIP_REASON = chromiumSkip ?? '';

/**
 * Build studio/dist with Vite (the same build `npm start` serves: studio/scripts/studio-build.mjs). Several
 * e2e files may ask at once: a lock folder lets one build while the others wait, and a build newer than
 * every source is kept.
 */
export async function buildStudio(): Promise<void> {
  const lock = path.join(ROOT, 'studio', '.e2e-build-lock');
  for (let waited = 0; ; waited += 250) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 240_000) throw new Error(`${lock} is held for 4 minutes: remove it if no build is running`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (studioBuild().isFresh) return;
    const status = buildWithVite(['ignore', 'ignore', 'inherit']);
    if (status !== 0) throw new Error(`the studio build (vite) failed with ${status}`);
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface RunningKarya {
  url: string;
  adminEmail: string;
  stop(): Promise<void>;
}

/**
 * `karya serve` on a fresh SQLite file, offline provider, KARYA_ADMIN_EMAIL set, run in this process
 * (serve-in-process.ts). `env` adds variables
 * after the checkout's are cleared (OPENAI_BASE_URL of a fake provider, for a slow stream; Stripe's);
 * `port` (default 0: any free port) for a server whose KARYA_PUBLIC_URL must be known before it starts.
 */
export interface KaryaOptions {
  env?: NodeJS.ProcessEnv;
  port?: number;
}

export async function startKarya(opts: KaryaOptions = {}): Promise<RunningKarya> {
  const dir = tempDir('karya-e2e-');
  const adminEmail = 'admin@e2e.test';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    KARYA_DB: path.join(dir, 'karya.sqlite'),
    KARYA_ADMIN_EMAIL: adminEmail,
    KARYA_SCRYPT_LOG_N: '10',
    // (The server runs in the test's process: the warnings its tests cause on purpose, a refused webhook, a wrong
    // language asked again, would fill the run's output; its errors are still printed.)
    KARYA_LOG_LEVEL: 'error',
    NO_COLOR: '1',
  };
  for (const key of [
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
    'KARYA_MODEL',
    'KARYA_CONFIG',
    'PORT',
    'KARYA_PUBLIC_URL',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
    'KARYA_TOPUP_URLS',
  ])
    delete env[key];
  Object.assign(env, opts.env ?? {});
  // The working directory is the temporary one, so no karya.config.yaml of the checkout is picked up.
  const served = await serveInProcess(env, dir, opts.port ?? 0);
  return {
    url: served.url.replace('//localhost:', '//127.0.0.1:'),
    adminEmail,
    async stop() {
      await served.stop(5000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A port that was free a moment ago (for a server whose public URL must be known before it starts). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The run's chromium (tests/setup/chromium.ts starts one for every browser test file: a launch is about 1.4 s of CPU),
 * connected to; a chromium of this file's own when there is none (the file run some other way). Closing what this
 * answers closes the file's contexts and leaves the run's browser to the others.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  mkdirSync(ARTIFACTS, { recursive: true });
  let endpoint = '';
  try {
    endpoint = (await import('vitest')).inject('karyaChromium') ?? '';
  } catch {
    endpoint = '';
  }
  return endpoint ? chromium.connect(endpoint) : chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * A picture of the page (or of one element) for a person to look at, in test-results/e2e: taken when KARYA_E2E_SHOTS=1
 * (e.g. `KARYA_E2E_SHOTS=1 npx vitest run tests/e2e/edition.test.ts`), else not. No check reads them, and each was a
 * paint, a PNG encoding and a file (a whole page's: the window grown to its height and back) on every run. A failed
 * case still leaves a screenshot of each of its pages (describeInChromium).
 */
export async function keepScreenshot(
  target: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.KARYA_E2E_SHOTS === '1') await target.screenshot({ path: path.join(ARTIFACTS, name), ...options });
}

/**
 * A download's bytes (read through playwright: the run's chromium is connected to, so the file is not on a local path).
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * `forAxe`: a context whose pages axe reads often (tests/e2e/axe.ts: axe from a cached URL, the page's CSP bypassed).
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  opts: { forAxe?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, ...(opts.forAxe ? AXE_CONTEXT : {}) });
  if (opts.forAxe) await preparedForAxe(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/**
 * What a browser test file shares: one `karya serve` and its connection to the run's chromium, set up before its first
 * case.
 */
export interface E2eApp {
  karya: RunningKarya;
  /** The server's address (`karya.url`). */
  base: string;
  browser: Browser;
  /** Every page opened with `open`, in order; a failed case leaves a screenshot of each behind. */
  pages: Page[];
  /** A new page (its own browser context) in the shared browser. */
  open(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * A browser test file's suite: `name (chromium, karya serve, <what>)`, with the studio built, a fresh
 * `karya serve` (its options from `serve`, called first: a fake provider's address, a port) and the run's
 * chromium (launchChromium) ready before the first case; after the last, the server stops and the file's
 * contexts close. Every page opened with `app.open` gets a
 * screenshot in test-results/e2e when a case fails. `forAxe`: the file's pages are opened for axe (newPage), for a
 * file that checks no CSP. Without chromium the suite is one skipped case that
 * says why (tests/setup/tools.ts decides when that is allowed).
 */
export function describeInChromium(
  name: string,
  setup: { what: string; serve?: () => Promise<KaryaOptions>; forAxe?: boolean },
  body: (app: E2eApp) => void,
): void {
  if (!hasChromium) {
    describe(name, () => {
      it.skip(`skipped: ${SKIP_REASON}`, () => undefined);
    });
    return;
  }
  describe(`${name} (chromium, karya serve, ${setup.what})`, () => {
    // karya, base and browser are set by the beforeAll below, before any case reads them.
    const app = { pages: [] as Page[] } as unknown as E2eApp;
    app.open = async (viewport) => {
      const { page } = await newPage(app.browser, viewport, { forAxe: setup.forAxe === true });
      app.pages.push(page);
      return page;
    };

    beforeAll(async () => {
      const options = (await setup.serve?.()) ?? {};
      await buildStudio();
      [app.karya, app.browser] = await Promise.all([startKarya(options), launchChromium()]);
      app.base = app.karya.url;
    }, 180_000);

    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail') return;
      const failed = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await Promise.all(
        app.pages.map((p, i) =>
          p.screenshot({ path: path.join(ARTIFACTS, `FAILED-${failed}-${i}.png`) }).catch(() => undefined),
        ),
      );
    });

    afterAll(async () => {
      await app.browser?.close();
      await app.karya?.stop();
    }, 30_000);

    body(app);
  });
}

/**
 * `route` of the studio opened in `page`, and an element of `ready` on it: loaded when the page is not the studio yet,
 * else opened as the studio's own links open a page (a history entry and the popstate event its router listens to),
 * the elements of `ready` the page before showed marked first so that only the new page's count. The document stays:
 * the studio's code is not fetched, run and rendered again, and axe's code stays compiled in it (axe's first reading
 * of a page cost about twice as much after a load as after such an opening, interleaved on the same routes). A route
 * the page already shows is left as it is.
 */
export async function openRoute(page: Page, base: string, route: string, ready: string): Promise<void> {
  const here = new URL(page.url());
  if (here.origin !== new URL(base).origin) {
    await page.goto(`${base}${route}`);
  } else if (`${here.pathname}${here.search}` !== route) {
    await page.evaluate(
      ([to, selector]) => {
        for (const el of document.querySelectorAll(selector)) el.setAttribute('data-page-before', '');
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      },
      [route, ready] as const,
    );
  }
  await page.locator(`${ready}:not([data-page-before])`).first().waitFor();
}

/** Wait until the element's text is exactly `text` (or matches it), looking every 50 ms. */
export async function waitForText(
  page: Page,
  selector: string,
  text: string | RegExp,
  timeout = 30_000,
): Promise<void> {
  const source = typeof text === 'string' ? { s: text } : { r: text.source, f: text.flags };
  await page.waitForFunction(
    ([sel, t]) => {
      const el = document.querySelector(sel as string);
      const content = el?.textContent?.trim() ?? '';
      const want = t as { s?: string; r?: string; f?: string };
      return want.s !== undefined ? content === want.s : new RegExp(want.r!, want.f).test(content);
    },
    [selector, source] as const,
    // Every 50 ms, not every animation frame (playwright's default): polling by frames keeps chromium drawing
    // frames for as long as a wait lasts, a tenth of a core each second.
    { timeout, polling: 50 },
  );
}

/**
 * Counts the page's requests from now on; what it answers waits until none has been in flight for `quietMs` (the page's
 * data loaded and shown), at most `timeout`, and stops counting. Playwright's 'networkidle' is the same with 500 ms of
 * quiet; an event stream (the admin's live user list) never ends, and is not counted.
 * @example const quiet = quietNetwork(page); await page.goto(url); await quiet();
 */
export function quietNetwork(page: Page): (quietMs?: number, timeout?: number) => Promise<void> {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const started = (r: Request) => {
    if (r.resourceType() === 'eventsource') return;
    inFlight.add(r);
    changed = Date.now();
  };
  const ended = (r: Request) => {
    if (inFlight.delete(r)) changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async (quietMs = 100, timeout = 10_000) => {
    const until = Date.now() + timeout;
    try {
      while (Date.now() < until && (inFlight.size > 0 || Date.now() - changed < quietMs))
        await new Promise((r) => setTimeout(r, 25));
    } finally {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    }
  };
}

/**
 * Wait until no toast is on screen (at most `timeout`). A toast sits over the top of a phone's page, where the menu
 * button is, and a toast under the mouse pauses (react-hot-toast), so a click there waits for ever.
 */
export async function toastsGone(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    () => document.querySelectorAll('[data-rht-toaster] [role="status"]').length === 0,
    undefined,
    { timeout, polling: 100 },
  );
}

export async function signUp(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/signin`);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL((u) => u.pathname === '/signup');
  await page.getByLabel('Confirm Password').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/signup'));
}

export async function signIn(
  page: Page,
  base: string,
  email: string,
  password: string,
  from = '/signin',
): Promise<void> {
  await page.goto(`${base}${from}`);
  await page.waitForURL((u) => u.pathname === '/signin');
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname !== '/signin');
}

/** Record every length the streaming part of the preview had (a MutationObserver in the page). */
export async function watchStreaming(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __streamLengths: number[] };
    w.__streamLengths = [];
    new MutationObserver(() => {
      const el = document.querySelector('[data-streaming="true"]');
      if (el) w.__streamLengths.push(el.textContent?.length ?? 0);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export async function streamedLengths(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __streamLengths: number[] }).__streamLengths);
}

/** The book page's main button and its label. */
export const GENERATE = { button: '[data-testid="generate-button"]', label: '[data-testid="generate-label"]' } as const;

/**
 * Sign up as `email` (over the API: seed.ts; the form is walked in studio.test.ts), open the romance page and click
 * Generate until the button offers each of `next` in turn.
 */
export async function writeRomance(
  page: Page,
  base: string,
  email: string,
  next: readonly string[],
  password = 'secret12',
): Promise<void> {
  await signInPage(page, await signUpWriter(base, email, { password }));
  await page.goto(`${base}/romance`);
  await waitForText(page, GENERATE.label, 'Generate Story Outline');
  for (const label of next) {
    await page.click(GENERATE.button);
    await waitForText(page, GENERATE.label, label, 60_000);
  }
}
