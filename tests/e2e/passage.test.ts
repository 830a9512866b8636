// End to end: in chapter 1 the writer selects a paragraph with the mouse and chooses
// Expand: the new passage streams in beside it for 1 credit; Keep puts it in place of the paragraph and the
// chapter's earlier text is in Earlier versions; another Expand then Discard leaves the chapter as it was
// (1 credit spent); a failed call costs nothing; the story bible keeps what it knew and reads the kept text.
// And a line the chapter repeats, selected in its fifth occurrence, Shorten, Keep: that occurrence changes,
// the other four stay; in a Malay studio, a sentence typed at the end of the introduction's editor is its last
// sentence and the character details (their own panel) stay as they were. The AI API is the fake server of
// tests/fake-openai.ts.
import { afterAll, expect, it } from 'vitest';
import { asksCharacterDetails, fullLength, userMessageOf, type FakeOpenAIOptions } from '../fake-openai.js';
import { describeInChromium, fakeModel, lanternShop, writeRomance } from './helpers.js';

const EXPANDED =
  'EXPANDED The harbour lay quiet under a pale sky, the boats rocking at the pier while a gull cried once.';
let fails = false;

/** A line the writer repeats: in paragraphs 1, 3, 4, 5 and 6 (FIFTH) of every part. */
const LINE = '"Not yet," she said.';
const CAST = 'Jonah Pike: harbour master, 55, shrewd';
const step = fullLength(
  lanternShop(
    [
      `Aisha opened the shutters of the lantern shop at dawn. ${LINE}`,
      'MIDDLE The harbour was quiet, and the first boats were still tied to the pier.',
      `Rahim asked about the red lantern. ${LINE}`,
      `A gull landed on the sign. ${LINE}`,
      `The kettle whistled twice. ${LINE}`,
      `FIFTH The tide turned. ${LINE} The bell over the door rang.`,
      'She lit the oldest lantern, the one her father had mended a hundred times.',
    ].join('\n\n'),
  ),
);
const options: FakeOpenAIOptions = {
  answer: (body, i) =>
    /The passage:/.test(userMessageOf(body))
      ? EXPANDED
      : asksCharacterDetails(body)
        ? `${step(body, i)}\n\nCharacter Details:\n- ${CAST}`
        : step(body, i),
  reply: () => (fails ? { status: 500, body: { error: { message: 'down' } } } : undefined),
};
const model = fakeModel(options);

describeInChromium('passage tools in the studio', { what: 'fake provider', serve: model.serve }, (app) => {
  afterAll(() => model.close());

  it(
    'select a paragraph of chapter 1, Expand, Keep: in place, the ' +
      'earlier text a version; Discard leaves it; a failure is free',
    async () => {
      const page = await app.open();
      await writeRomance(page, app.base, 'passage.tools@e2e.test', [
        'Generate Introduction',
        'Generate Chapter 1',
        'Generate Chapter 2',
      ]);
      const credits = async () =>
        Number((await page.locator('aside [data-testid="credit-balance"]').textContent())!.replace(/\D/g, ''));
      const chapter = page.locator('#part-1-text');
      const paragraph = chapter.locator('p', { hasText: 'MIDDLE' }).first();
      const tools = page.locator('#part-1 [data-testid="passage-tools"]');
      const before = await credits();

      await paragraph.click({ clickCount: 3 });
      await tools.getByRole('combobox', { name: 'Passage' }).waitFor();
      expect(await tools.getByRole('combobox', { name: 'Passage' }).locator('option:checked').textContent()).toMatch(
        /^Your selection: MIDDLE The harbour/,
      );
      // The new passage streams in beside the selection, then stays with Keep and Discard.
      options.streamDelayMs = 40;
      await tools.getByTestId('passage-expand').click();
      await tools.getByTestId('passage-streaming-text').waitFor({ timeout: 30_000 });
      options.streamDelayMs = 0;
      await tools.getByTestId('passage-new').waitFor({ timeout: 30_000 });
      expect((await tools.getByTestId('passage-new').textContent())!.trim()).toBe(EXPANDED);
      await page.waitForFunction(
        (n) => Number(document.querySelector('[data-testid="credit-balance"]')?.textContent?.replace(/\D/g, '')) === n,
        before - 1,
      );

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
      // The story bible keeps what it knew: it reads chapter 1 again (one update request with the kept
      // text), the part says "being updated" meanwhile, and then nothing is left saying it has not taken a part in.
      await page.waitForFunction(
        () => !document.body.textContent?.includes('being updated with this part'),
        undefined,
        {
          timeout: 30_000,
        },
      );
      expect(
        model.fake
          .generationRequests()
          .some(
            (r) =>
              /^Update the story bible/.test(userMessageOf(r.body ?? {})) &&
              userMessageOf(r.body ?? {}).includes('EXPANDED'),
          ),
      ).toBe(true);
      expect(await page.getByTestId('not-in-bible').count()).toBe(0);
      await page.getByText('Story Bible', { exact: true }).click();
      expect(await page.getByTestId('bible-notes').textContent()).toContain('Aisha');
      await page.locator('#part-1').getByTestId('versions-open').click();
      expect(await page.locator('#part-1').getByTestId('version').first().textContent()).toContain(
        'MIDDLE The harbour was quiet',
      );

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

      // The repeated line, selected in its fifth occurrence (paragraph FIFTH) as a mouse leaves it: only that one
      // changes.
      const occurrences = async () =>
        (await chapter.locator('p').allTextContents()).filter((p) => p.includes(LINE)).map((p) => p.slice(0, 12));
      expect((await occurrences()).slice(0, 5)).toEqual([
        'Aisha opened',
        'Rahim asked ',
        'A gull lande',
        'The kettle w',
        'FIFTH The ti',
      ]);
      await chapter.locator('p', { hasText: 'FIFTH' }).evaluate((p, line) => {
        const node = Array.from(p.childNodes).find(
          (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes(line),
        )!;
        const at = node.textContent!.indexOf(line);
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + line.length);
        document.getSelection()!.removeAllRanges();
        document.getSelection()!.addRange(range);
      }, LINE);
      await page.waitForFunction(
        (line) =>
          document.querySelector('#part-1 [data-testid="passage-which"] option:checked')?.textContent?.includes(line),
        LINE,
      );
      await tools.getByTestId('passage-shorten').click();
      await tools.getByTestId('passage-keep').click();
      await page.waitForFunction(() =>
        document.querySelector('#part-1-text p:nth-of-type(6)')?.textContent?.includes('EXPANDED'),
      );
      const paragraphs = await chapter.locator('p').allTextContents();
      expect(paragraphs[5]).toBe(`FIFTH The tide turned. ${EXPANDED} The bell over the door rang.`);
      for (const n of [0, 2, 3, 4]) expect(paragraphs[n]).toContain(LINE);
      expect(await credits()).toBe(before - 3);

      // In a Malay studio: the introduction's editor holds its prose only; a sentence typed at its end is its last,
      // and the character details, in their own panel, stay as they were.
      await page.locator('aside [data-testid="language-switch"]').selectOption('ms');
      const intro = page.locator('#part-0');
      await intro.getByTestId('edit-part').click();
      const box = intro.getByTestId('part-editor').locator('textarea');
      expect(await box.inputValue()).not.toMatch(/Character Details|Jonah/);
      await box.press('Control+End');
      await box.pressSequentially(' The lanterns burned all night.');
      await intro.getByTestId('save-edit').click();
      await intro.getByTestId('part-editor').waitFor({ state: 'detached' });
      expect(
        (await page.locator('#part-0-text p').last().textContent())!.trim().endsWith('The lanterns burned all night.'),
      ).toBe(true);
      expect(await intro.getByTestId('character-details').getByRole('heading').textContent()).toBe('Butiran watak');
      expect(await intro.getByTestId('character-details-list').textContent()).toBe(CAST);
      const saved = await page.evaluate(
        async () =>
          (await (await fetch('/api/progress/romance')).json()) as {
            book: { character_details: string; parts: Array<{ text: string }> };
          },
      );
      expect(saved.book.character_details).toBe(`- ${CAST}`);
      expect(saved.book.parts[0]!.text.endsWith('The lanterns burned all night.')).toBe(true);
    },
    240_000,
  );
});
