// End to end, issue 38 item 1: in chapter 1 the writer selects a paragraph with the mouse and chooses
// Expand: the new passage streams in beside it for 1 credit; Keep puts it in place of the paragraph and the
// chapter's earlier text is in Earlier versions; another Expand then Discard leaves the chapter as it was
// (1 credit spent); a failed call costs nothing. The AI API is the fake server of tests/fake-openai.ts.
import { afterAll, expect, it } from 'vitest';
import { fullLength, startFakeOpenAI, userMessageOf, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { describeInChromium, signUp, waitForText } from './helpers.js';

const button = '[data-testid="generate-button"]';
const label = '[data-testid="generate-label"]';
const EXPANDED = 'EXPANDED The harbour lay quiet under a pale sky, the boats rocking at the pier while a gull cried once.';
let fails = false;

const isOutline = (user: string) => /^Create a detailed (story )?outline/.test(user);
const step = fullLength((body) => {
  const user = userMessageOf(body);
  if (isOutline(user)) {
    const n = Number(/Chapter 1 to Chapter (\d+)/.exec(user)?.[1] ?? 7);
    return ['Title: The Lantern Shop', '', 'Premise: Aisha reopens her late father\'s lantern shop.', '']
      .concat(Array.from({ length: n }, (_, k) => `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1} Aisha mends lantern number ${k + 1}.\n`), ['Ending: Aisha lights every lantern.'])
      .join('\n');
  }
  if (/^Update the story bible/.test(user)) return '## Characters\n- Aisha | shopkeeper | hopeful | now';
  return 'Aisha opened the shutters of the lantern shop at dawn.\n\nMIDDLE The harbour was quiet, and the first boats were still tied to the pier.\n\nShe lit the oldest lantern, the one her father had mended a hundred times.';
});

let fake: FakeOpenAI | undefined;
const options: FakeOpenAIOptions = {
  answer: (body, i) => (/The passage:/.test(userMessageOf(body)) ? EXPANDED : step(body, i)),
  reply: () => (fails ? { status: 500, body: { error: { message: 'down' } } } : undefined),
};
const fakeProvider = async () => {
  fake = await startFakeOpenAI(options);
  return { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_MAX_RETRIES: '0' } };
};

describeInChromium('passage tools in the studio', { what: 'fake provider', serve: fakeProvider }, (app) => {
  afterAll(() => fake?.close());

  it('select a paragraph of chapter 1, Expand, Keep: in place, the earlier text a version; Discard leaves it; a failure is free', async () => {
    const page = await app.open();
    await signUp(page, app.base, 'passage.tools@e2e.test', 'secret12');
    await page.goto(`${app.base}/romance`);
    await waitForText(page, label, 'Generate Story Outline');
    for (const next of ['Generate Introduction', 'Generate Chapter 1', 'Generate Chapter 2']) {
      await page.click(button);
      await waitForText(page, label, next, 60_000);
    }
    const credits = async () => Number((await page.locator('aside [data-testid="credit-balance"]').textContent())!.replace(/\D/g, ''));
    const chapter = page.locator('#part-1-text');
    const paragraph = chapter.locator('p', { hasText: 'MIDDLE' }).first();
    const tools = page.locator('#part-1 [data-testid="passage-tools"]');
    const before = await credits();

    await paragraph.click({ clickCount: 3 });
    await tools.getByRole('combobox', { name: 'Passage' }).waitFor();
    expect(await tools.getByRole('combobox', { name: 'Passage' }).locator('option:checked').textContent()).toMatch(/^Your selection: MIDDLE The harbour/);
    // The new passage streams in beside the selection, then stays with Keep and Discard.
    options.streamDelayMs = 40;
    await tools.getByTestId('passage-expand').click();
    await tools.getByTestId('passage-streaming-text').waitFor({ timeout: 30_000 });
    options.streamDelayMs = 0;
    await tools.getByTestId('passage-new').waitFor({ timeout: 30_000 });
    expect((await tools.getByTestId('passage-new').textContent())!.trim()).toBe(EXPANDED);
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="credit-balance"]')?.textContent?.replace(/\D/g, '')) === n, before - 1);

    // Discard: the chapter is as it was.
    await tools.getByTestId('passage-discard').click();
    expect(await chapter.textContent()).toContain('MIDDLE The harbour was quiet');
    expect(await chapter.textContent()).not.toContain('EXPANDED');

    // Again, and Keep: in place of the paragraph; the earlier text in Earlier versions.
    await tools.getByTestId('passage-expand').click();
    await tools.getByTestId('passage-keep').click();
    await page.waitForFunction(() => document.querySelector('#part-1-text')?.textContent?.includes('EXPANDED'));
    const text = (await chapter.textContent())!;
    expect(text).not.toContain('MIDDLE');
    expect(text.indexOf('Aisha opened the shutters')).toBeLessThan(text.indexOf('EXPANDED'));
    expect(text.indexOf('EXPANDED')).toBeLessThan(text.indexOf('She lit the oldest lantern'));
    expect(await credits()).toBe(before - 2);
    await page.locator('#part-1').getByTestId('versions-open').click();
    expect(await page.locator('#part-1').getByTestId('version').first().textContent()).toContain('MIDDLE The harbour was quiet');

    // A failed call: nothing charged, the chapter unchanged.
    fails = true;
    try {
      await tools.getByRole('combobox', { name: 'Passage' }).selectOption({ index: 0 });
      await tools.getByTestId('passage-shorten').click();
      await tools.getByRole('alert').waitFor({ timeout: 30_000 });
    } finally {
      fails = false;
    }
    expect(await credits()).toBe(before - 2);
    expect(await chapter.textContent()).toBe(text);
  }, 240_000);
});
