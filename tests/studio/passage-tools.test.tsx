// @vitest-environment jsdom
// Passage tools in the preview: by keyboard the writer picks paragraph 2 of chapter 1 and
// chooses Expand: the request names that paragraph (its place in the chapter's text and its words); the new
// passage appears beside the old one with Keep and Discard; Keep sends both, Discard leaves the chapter as it
// was. Rewrite carries the note and the tone. A refusal is said in the panel. In Malay the tools are Malay.
// A selection is placed where the writer made it (the rendered paragraph's place in the text), never
// by searching for its words: the fifth occurrence of a repeated line sends the fifth occurrence's offsets and
// the part's hash.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Preview } from '../../studio/src/generator/Manuscript.js';
import { paragraphsOf } from '../../studio/src/generator/passage.js';
import { sourceIndex } from '../../studio/src/generator/selection.js';
import { MemoryRouter } from 'react-router-dom';
import { typeIn, useStudioDom } from './dom.js';

useStudioDom();

const CHAPTER = 'Aisha opened the shutters at dawn.\n\nThe harbour was quiet.\n\nShe lit the oldest lantern.';
const CHAPTER1 = { kind: 'chapter', position: 1 };

function renderChapter(
  lang: 'en' | 'ms',
  onPassage: (...a: unknown[]) => Promise<{ passage: string } | string>,
  onKeepPassage = vi.fn(async (..._a: unknown[]) => null),
  isShortOfCredits = false,
  text = CHAPTER,
  hash?: string,
) {
  render(
    <MemoryRouter>
      <Preview
        isShortOfCredits={isShortOfCredits}
        parts={[
          {
            key: 'part-1',
            heading: lang === 'ms' ? 'Bab 1' : 'Chapter 1',
            text,
            ...(hash ? { hash } : {}),
            ref: { kind: 'chapter', position: 1 },
          },
        ]}
        streaming=""
        outlineLabel="Story Outline"
        isLoading={false}
        elapsed={0}
        error={null}
        canRetry={false}
        onRetry={() => undefined}
        isBook
        lang={lang}
        bookLang={lang}
        onRewrite={async () => null}
        stepCostText={lang === 'ms' ? '1 kredit' : '1 credit'}
        onPassage={onPassage}
        onKeepPassage={onKeepPassage}
      />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), onKeepPassage };
}

describe('passage tools', () => {
  it(
    'paragraphs are placed in the text they came from; a point ' +
      'of a rendered block in its Markdown, marks stepped over',
    () => {
      expect(paragraphsOf(CHAPTER).map((p) => CHAPTER.slice(p.start, p.end))).toEqual([
        'Aisha opened the shutters at dawn.',
        'The harbour was quiet.',
        'She lit the oldest lantern.',
      ]);
      // "*Quietly,* she said." renders as "Quietly, she said.": rendered character 9 ("s") is source character 11.
      expect(sourceIndex('*Quietly,* she said.', 'Quietly, she said.', 9, 'start')).toBe(11);
      expect(sourceIndex('*Quietly,* she said.', 'Quietly, she said.', 8, 'end')).toBe(9);
      expect(sourceIndex('Tom &amp; Ann.', 'Tom & Ann.', 6, 'start')).toBe(10);
    },
  );

  it.each([
    ['en', 'Shorten (1 credit)'],
    ['ms', 'Pendekkan (1 kredit)'],
  ] as const)(
    "a line selected in its fifth occurrence sends that occurrence's place and the part's hash (%s)",
    async (lang, shorten) => {
      const line = '"Not yet," she said.';
      // Paragraphs 4, 7, 12, 13 and 22 hold the line; the 22nd has emphasis before it, as a writer's text may.
      const text = Array.from({ length: 23 }, (_, k) => {
        const n = k + 1;
        if (n === 22) return `P${n} *Quietly,* ${line} The lamp hissed.`;
        return [4, 7, 12, 13].includes(n) ? `P${n} Rahim asked. ${line} She waited.` : `P${n} The shop was still.`;
      }).join('\n\n');
      const fifth = text.lastIndexOf(line);
      const onPassage = vi.fn(async (..._a: unknown[]) => ({ passage: 'She shook her head.' }));
      const { user } = renderChapter(lang, onPassage, undefined, false, text, '0123456789abcdef');
      // The writer selects the line in paragraph 22 of the rendered chapter (once the Markdown reader has loaded).
      await waitFor(() => expect(document.querySelector('#part-1-text [data-src-start]')).not.toBeNull());
      const paragraph = Array.from(document.querySelectorAll('#part-1-text p')).filter((p) =>
        p.textContent!.includes(line),
      )[4]!;
      expect(paragraph.textContent).toMatch(/^P22 /);
      const node = Array.from(paragraph.childNodes).find(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent!.includes(line),
      )!;
      const range = document.createRange();
      range.setStart(node, node.textContent!.indexOf(line));
      range.setEnd(node, node.textContent!.indexOf(line) + line.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
      await user.click(await screen.findByRole('button', { name: shorten }));
      expect(onPassage).toHaveBeenCalledWith(
        CHAPTER1,
        { start: fifth, end: fifth + line.length, text: line, hash: '0123456789abcdef' },
        { action: 'shorten' },
        expect.any(Function),
        expect.any(Function),
      );
      expect(fifth).toBeGreaterThan(text.indexOf(line));
    },
  );

  it(
    'a passage selected, then "Passage tools": the panel is open with the ' +
      'selection (the click does not close it); a second click closes it',
    async () => {
      const onPassage = vi.fn(async (..._a: unknown[]) => ({ passage: 'x' }));
      const { user } = renderChapter('en', onPassage);
      const paragraph = Array.from(document.querySelectorAll('#part-1-text p')).find((p) =>
        p.textContent!.includes('The harbour was quiet.'),
      )!;
      const node = paragraph.firstChild!;
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, node.textContent!.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
      const open = screen.getByRole('button', { name: 'Passage tools for Chapter 1' });
      await user.click(open);
      expect(open.getAttribute('aria-expanded')).toBe('true');
      const which = screen.getByLabelText('Passage') as HTMLSelectElement;
      expect(which.selectedOptions[0]!.textContent).toMatch(/^Your selection: The harbour was quiet/);
      await user.click(open);
      expect(open.getAttribute('aria-expanded')).toBe('false');
      expect(screen.queryByLabelText('Passage')).toBeNull();
    },
  );

  it(
    'by keyboard: paragraph 2, Expand; the new passage ' + 'beside the old; Keep sends it, Discard changes nothing',
    async () => {
      const onPassage = vi.fn(async (..._a: unknown[]) => ({ passage: 'The harbour lay quiet; a gull cried once.' }));
      const { user, onKeepPassage } = renderChapter('en', onPassage);
      await user.click(screen.getByRole('button', { name: 'Passage tools for Chapter 1' }));
      await user.selectOptions(screen.getByLabelText('Passage'), 'Paragraph 2: The harbour was quiet.');
      await user.click(screen.getByRole('button', { name: 'Expand (1 credit)' }));
      expect(onPassage).toHaveBeenCalledWith(
        CHAPTER1,
        { start: 36, end: 58, text: 'The harbour was quiet.' },
        { action: 'expand' },
        expect.any(Function),
        expect.any(Function),
      );
      const answer = await screen.findByTestId('passage-answer');
      expect(within(answer).getByTestId('passage-new').textContent).toBe('The harbour lay quiet; a gull cried once.');
      expect(answer.textContent).toContain('The harbour was quiet.');
      await user.click(within(answer).getByRole('button', { name: 'Discard' }));
      expect(screen.queryByTestId('passage-answer')).toBeNull();
      expect(onKeepPassage).not.toHaveBeenCalled();
      // Discard says the answer's credit is spent (it was written).
      expect(screen.getByTestId('passage-discarded').textContent).toBe(
        'Discarded: the part is as it was. The answer was written, so its cost (1 credit) stays spent.',
      );

      await typeIn(user, screen.getByLabelText('Note for Rewrite (optional)'), 'More of the sea');
      await user.selectOptions(screen.getByLabelText('Tone for Rewrite'), 'Warmer');
      await user.click(screen.getByRole('button', { name: 'Rewrite (1 credit)' }));
      expect(onPassage).toHaveBeenLastCalledWith(
        CHAPTER1,
        { start: 36, end: 58, text: 'The harbour was quiet.' },
        { action: 'rewrite', note: 'More of the sea', tone: 'warmer' },
        expect.any(Function),
        expect.any(Function),
      );
      await user.click(await screen.findByRole('button', { name: 'Keep' }));
      await waitFor(() =>
        expect(onKeepPassage).toHaveBeenCalledWith(
          CHAPTER1,
          { start: 36, end: 58, text: 'The harbour was quiet.' },
          'The harbour lay quiet; a gull cried once.',
        ),
      );
      await waitFor(() => expect(screen.queryByTestId('passage-answer')).toBeNull());
    },
  );

  it('a refusal is said in the panel; in Malay the tools are Malay', async () => {
    renderChapter('ms', async () => 'Kredit tidak mencukupi.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Alat petikan untuk Bab 1' }));
    for (const name of [
      'Tulis semula (1 kredit)',
      'Panjangkan (1 kredit)',
      'Pendekkan (1 kredit)',
      'Gambarkan (1 kredit)',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Pendekkan (1 kredit)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Kredit tidak mencukupi.');
  });

  it.each([
    [
      'en',
      'Passage tools for Chapter 1',
      'Expand (1 credit)',
      'Your balance is too low for this (1 credit an answer). Top Up',
      'Top Up',
    ],
    [
      'ms',
      'Alat petikan untuk Bab 1',
      'Panjangkan (1 kredit)',
      'Baki anda tidak mencukupi untuk ini (1 kredit setiap jawapan). Tambah Kredit',
      'Tambah Kredit',
    ],
  ] as const)(
    "below an answer's cost (%s): the actions are off, say why and link to Top Up",
    async (lang, tools, expand, note, link) => {
      const onPassage = vi.fn(async (..._a: unknown[]) => ({ passage: 'x' }));
      const { user } = renderChapter(lang, onPassage, undefined, true);
      await user.click(screen.getByRole('button', { name: tools }));
      const button = screen.getByRole('button', { name: expand }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(screen.getByTestId('credits-short').textContent).toBe(note);
      expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('credits-short').id);
      // The one Top Up page, with the page the writer is on to come back to.
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/topup?return=%2F');
      expect(onPassage).not.toHaveBeenCalled();
      // The part's Rewrite says the same.
      await user.click(screen.getByTestId('rewrite-open'));
      expect((screen.getByTestId('rewrite-go') as HTMLButtonElement).disabled).toBe(true);
      expect(screen.getAllByTestId('credits-short')).toHaveLength(2);
    },
  );
});
