// End to end: the writer's voice in the studio. A writer writes a romance's outline, opens
// the Voice panel, gives a sample of their own terse first-person prose (pasted; in Malay read from a .txt
// file), a sample too short first being refused next to the field with the text kept, and sees its
// fingerprint in plain words ("First person, present tense"); the model then writes the introduction in a
// novel's long third-person sentences, and the part says "⚠ Drifts from your voice: sentences …× longer";
// "Rewrite toward my voice" is charged as a rewrite, sends what drifted with the request and keeps the old text
// as a version. The panel has no serious axe violation and fits a phone. The same in Bahasa Malaysia
// ("Menyimpang daripada suara anda: ayat …"). The AI API is the fake server of tests/fake-openai.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { userMessageOf } from '../fake-openai.js';
import { seriousViolations } from './axe.js';
import { GENERATE, ROOT, describeInChromium, fakeModel, waitForText } from './helpers.js';
import { signInPage, signUpWriter } from './seed.js';

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'voice');
const fixture = (name: string) => path.join(FIXTURES, name);
/** A novel's sentences (the long sample's, one after another): what the fake model writes every part in. */
const sentencesOf = (file: string) =>
  readFileSync(fixture(file), 'utf8')
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+(?=\p{Lu})/u);
const model = fakeModel({
  writeRatio: 1,
  sentences: { en: sentencesOf('en-long.txt'), ms: sentencesOf('ms-long.txt') },
});

const WORDS = {
  en: {
    outline: 'Generate Story Outline',
    introduction: 'Generate Introduction',
    chapter1: 'Generate Chapter 1',
    panel: 'Your voice',
    sample: 'A sample of your own prose',
    file: 'Or read a .txt or .md file',
    save: 'Save and measure',
    saved: 'Your sample is measured',
    tooShort: /give at least 300 words/,
    person: 'First person, present tense',
    drifts: /^⚠ Drifts from your voice: .*sentences \d+(\.\d)?× longer/,
  },
  ms: {
    outline: 'Jana Rangka Cerita',
    introduction: 'Jana Pengenalan',
    chapter1: 'Jana Bab 1',
    panel: 'Suara anda',
    sample: 'Sampel prosa anda sendiri',
    file: 'Atau baca fail .txt atau .md',
    save: 'Simpan dan ukur',
    saved: 'Sampel anda telah diukur',
    tooShort: /sekurang-kurangnya 300 patah perkataan/,
    person: 'Orang pertama',
    drifts: /^⚠ Menyimpang daripada suara anda: .*ayat \d+(\.\d)?× lebih panjang/,
  },
} as const;

/**
 * Sign up (in a Malay studio for `ms`: the book starts in Malay) and write the romance's outline. Signed up in the
 * studio's language over the API (tests/e2e/seed.ts; the sign-up page and the language switch are walked in
 * tests/e2e/studio.test.ts).
 */
async function outlineWritten(page: Page, base: string, lang: 'en' | 'ms'): Promise<void> {
  await signInPage(page, await signUpWriter(base, `voice.${lang}@e2e.test`, { lang }));
  await page.goto(`${base}/romance`);
  await waitForText(page, GENERATE.label, WORDS[lang].outline);
  if (lang === 'ms')
    expect(await page.getByTestId('settings-form').getByLabel('Bahasa', { exact: true }).inputValue()).toBe('ms');
  await page.click(GENERATE.button);
  await waitForText(page, GENERATE.label, WORDS[lang].introduction, 60_000);
}

/** The balance in the sidebar. */
const credits = async (page: Page) =>
  Number((await page.locator('aside [data-testid="credit-balance"]').textContent())!.replace(/\D/g, ''));

/**
 * "Rewrite toward my voice" on the marked part: confirmed with its cost, charged as a rewrite, what drifted sent, the
 * old text kept as a version.
 */
async function rewriteTowardVoice(page: Page): Promise<void> {
  const intro = page
    .getByTestId('preview-part')
    .filter({ has: page.getByTestId('voice-drifts') })
    .first();
  const before = await credits(page);
  const from = model.fake.generationRequests().length;
  await intro.getByRole('button', { name: /toward my voice$/ }).click();
  expect(await intro.getByTestId('toward-voice-go').textContent()).toBe('Rewrite toward my voice (1 credit)');
  await intro.getByTestId('toward-voice-go').click();
  await intro.getByTestId('toward-voice-confirm').waitFor({ state: 'detached', timeout: 90_000 });
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector('aside [data-testid="credit-balance"]')?.textContent?.replace(/\D/g, '')) === n,
    before - 1,
  );
  const asked = model.fake
    .generationRequests()
    .slice(from)
    .map((r) => userMessageOf(r.body ?? {}));
  expect(asked.some((u) => /It drifts from that voice: sentences \d/.test(u))).toBe(true);
  await intro.getByTestId('versions-open').click();
  await intro.getByTestId('version').first().waitFor();
  expect(await intro.getByTestId('version').count()).toBe(1);
}

describeInChromium(
  'the writer’s voice in the studio',
  { what: 'fake provider', serve: model.serve, forAxe: true },
  (app) => {
    afterAll(() => model.close());

    it.each(['en', 'ms'] as const)(
      'a sample’s fingerprint in plain words, and the introduction marked as drifting from it (%s)',
      async (lang) => {
        const w = WORDS[lang];
        const page = await app.open();
        await outlineWritten(page, app.base, lang);

        const panel = page.getByTestId('voice-panel');
        await panel.getByText(w.panel, { exact: true }).click();
        const sample = panel.getByLabel(w.sample);
        const terse = readFileSync(fixture(`${lang}-terse.txt`), 'utf8');
        // Too short: the server's refusal beside the field, in the studio language; the text stays.
        const short = terse
          .split(/\n\s*\n/)
          .slice(0, 3)
          .join('\n\n');
        await sample.fill(short);
        await panel.getByRole('button', { name: w.save }).click();
        await panel.getByTestId('voice-sample-error').waitFor();
        expect(await panel.getByTestId('voice-sample-error').getAttribute('role')).toBe('alert');
        expect(await panel.getByTestId('voice-sample-error').textContent()).toMatch(w.tooShort);
        expect(await sample.inputValue()).toBe(short);

        // The whole sample: pasted in English, read from its file in Malay.
        if (lang === 'en') await sample.fill(terse);
        else {
          await panel.getByLabel(w.file).setInputFiles(fixture('ms-terse.txt'));
          await page.waitForFunction(
            (want) =>
              (document.querySelector('[data-testid="voice-sample"]') as HTMLTextAreaElement | null)?.value === want,
            terse,
          );
        }
        await panel.getByRole('button', { name: w.save }).click();
        await panel.getByTestId('voice-fingerprint').waitFor();
        expect(await panel.getByTestId('voice-status').textContent()).toContain(w.saved);
        const lines = await panel.getByTestId('voice-fingerprint').locator('li').allTextContents();
        expect(lines).toContain(w.person);
        expect(lines[0]).toMatch(
          lang === 'en'
            ? /^Sentences: about [4-7] words on average$/
            : /^Ayat: purata kira-kira [4-8] patah perkataan$/,
        );
        expect(await panel.getByTestId('voice-sample').inputValue()).toBe('');
        expect(await seriousViolations(page)).toEqual([]);

        // The model writes a novel's long sentences: the introduction drifts from the voice, named.
        await page.click(GENERATE.button);
        await waitForText(page, GENERATE.label, w.chapter1, 90_000);
        const intro = page
          .getByTestId('preview-part')
          .filter({ has: page.getByTestId('voice-drifts') })
          .first();
        expect((await intro.getByTestId('voice-drifts').textContent())!.replace(/\s+/g, ' ')).toMatch(w.drifts);

        // The panel and the marks fit a phone.
        const phone = await app.open({ width: 375, height: 812 });
        await phone.context().addCookies(await page.context().cookies());
        await phone.goto(`${app.base}/romance`);
        await phone.getByTestId('resume-note').waitFor();
        await phone.getByTestId('voice-drifts').first().waitFor();
        await phone.getByTestId('voice-panel').getByText(w.panel, { exact: true }).click();
        await phone.getByTestId('voice-fingerprint').waitFor();
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

        if (lang === 'en') await rewriteTowardVoice(page);
      },
      300_000,
    );
  },
);
