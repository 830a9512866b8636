// End to end, issue 38 item 1: in chapter 1 the writer selects a paragraph with the mouse and chooses
// Expand: the new passage streams in beside it for 1 credit; Keep puts it in place of the paragraph and the
// chapter's earlier text is in Earlier versions; another Expand then Discard leaves the chapter as it was
// (1 credit spent); a failed call costs nothing; the story bible keeps what it knew and reads the kept text. The AI API is the fake server of tests/fake-openai.ts.
import { afterAll, expect, it } from 'vitest';
import { fullLength, userMessageOf, type FakeOpenAIOptions } from '../fake-openai.js';
import { describeInChromium, fakeModel, lanternShop, writeRomance } from './helpers.js';

const EXPANDED = 'EXPANDED The harbour lay quiet under a pale sky, the boats rocking at the pier while a gull cried once.';
let fails = false;

const step = fullLength(lanternShop('Aisha opened the shutters of the lantern shop at dawn.\n\nMIDDLE The harbour was quiet, and the first boats were still tied to the pier.\n\nShe lit the oldest lantern, the one her father had mended a hundred times.'));
const options: FakeOpenAIOptions = {
  answer: (body, i) => (/The passage:/.test(userMessageOf(body)) ? EXPANDED : step(body, i)),
  reply: () => (fails ? { status: 500, body: { error: { message: 'down' } } } : undefined),
};
const model = fakeModel(options, { KARYA_MAX_RETRIES: '0' });

describeInChromium('passage tools in the studio', { what: 'fake provider', serve: model.serve }, (app) => {
  afterAll(() => model.close());

  it('select a paragraph of chapter 1, Expand, Keep: in place, the earlier text a version; Discard leaves it; a failure is free', async () => {
    const page = await app.open();
    await writeRomance(page, app.base, 'passage.tools@e2e.test', ['Generate Introduction', 'Generate Chapter 1', 'Generate Chapter 2']);
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
    // Issue 48: the story bible keeps what it knew: it reads chapter 1 again (one update request with the kept
    // text), the part says "being updated" meanwhile, and then nothing is left saying it has not taken a part in.
    await page.waitForFunction(() => !document.body.textContent?.includes('being updated with this part'), undefined, { timeout: 30_000 });
    expect(model.fake.generationRequests().some((r) => /^Update the story bible/.test(userMessageOf(r.body ?? {})) && userMessageOf(r.body ?? {}).includes('EXPANDED'))).toBe(true);
    expect(await page.getByTestId('not-in-bible').count()).toBe(0);
    await page.getByText('Story Bible', { exact: true }).click();
    expect(await page.getByTestId('bible-notes').textContent()).toContain('Aisha');
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
