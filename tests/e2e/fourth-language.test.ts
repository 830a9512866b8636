// A fourth language added as data (docs/add-a-language.md: a folder named in KARYA_LANGUAGES, Indonesian's files
// under the code "xx", a family of its own), with no other language's file edited: the studio is built with it
// and an English writer's studio works: the sign-up and sign-in pages, the dashboard and a book's page render (no
// "Something went wrong"), and the language switch and the book's language offer it by its own name. Before, each
// language's studio section had to name every language, so every page of every writer failed.
// The studio is built into a folder of this file's own (studio/dist stays the build the other browser files use)
// and served by an in-process server reading the same table; without the pre-compressed copies (served as they are).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureLanguages, langs, languageTable, setLanguageSource } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { loadCatalog } from '../../engine/node/load.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { startTestServer, type TestServer } from '../server/helpers.js';
import { tempDir } from '../temp.js';
import { hasChromium, launchChromium, newPage, ROOT, signUp, SKIP_REASON } from './helpers.js';
import { repoCatalog } from '../catalog.js';

const folder = fourthLanguage({ order: 9 });
let server: TestServer;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  const dist = tempDir('karya-studio-xx-');
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      path.join(ROOT, 'studio', 'vite.config.ts'),
      '--logLevel',
      'error',
      '--outDir',
      dist,
      '--emptyOutDir',
    ],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', KARYA_LANGUAGES: folder, KARYA_PRECOMPRESS: '0' },
    },
  );
  expect(built.status, built.stderr).toBe(0);
  setLanguageSource(() => readLanguages([...languageFolders({}), folder], {}));
  ensureLanguages();
  expect(langs()).toContain('xx');
  [server, browser] = await Promise.all([
    startTestServer({ catalog: loadCatalog({ fresh: true }), config: { studioDir: dist } }),
    launchChromium(),
  ]);
  page = (await newPage(browser)).page;
  page.on('pageerror', (e) => errors.push(e.message));
}, 180_000);

afterAll(async () => {
  await page?.context().close();
  await browser?.close();
  await server?.close();
  setLanguageSource(() => readLanguages());
  repoCatalog();
});

it.skipIf(!hasChromium)(
  `an English writer's studio renders every page with a fourth language ` +
    `in the table${hasChromium ? '' : ` (skipped: ${SKIP_REASON})`}`,
  async () => {
    await signUp(page, server.url, 'fourth.language@e2e.test', 'secret12');
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'My Books' }).first().waitFor();
    const choices = page.locator('[data-testid="language-switch"]').first().locator('option');
    // Every language of the table by its own name, in the table's order (the repository's, then the fixture's, order 9,
    // after any language added to languages/ by docs/add-a-language.md).
    const table = langs();
    expect(table.slice(0, 3)).toEqual(['en', 'ms', 'id']);
    expect(table.at(-1)).toBe('xx');
    expect(await choices.allTextContents()).toEqual(table.map((l) => languageTable(l).autonym));
    expect((await choices.allTextContents()).slice(0, 3)).toEqual(['English', 'Bahasa Malaysia', 'Bahasa Indonesia']);
    expect((await choices.allTextContents()).at(-1)).toBe('Bahasa Xx');

    await page.goto(`${server.url}/romance`);
    await page.locator('[data-testid="generate-button"]').waitFor();
    expect(
      await page
        .locator('select[name="language"] option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)),
    ).toEqual(table);
    expect(await page.textContent('body')).not.toContain('Something went wrong');
    expect(errors).toEqual([]);
  },
  120_000,
);
