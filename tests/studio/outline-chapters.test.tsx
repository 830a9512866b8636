// @vitest-environment jsdom
// The outline as chapters in the studio's preview: after the outline, one card per
// chapter (title, plan) with a note field; the writer edits, moves, inserts and deletes the chapters not
// written yet and saves them all at once; written chapters show as locked cards without fields or
// buttons. A refusal is said under the cards and the edits stay. In Malay the controls are Malay.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Preview } from '../../studio/src/generator/Manuscript.js';
import type { OutlineChapterView } from '../../studio/src/generator/chapterCards.js';
import { typeIn, useStudioDom } from './dom.js';

useStudioDom();

const CHAPTERS: OutlineChapterView[] = [
  { number: 1, title: 'The Return', plan: 'Aisha comes home.', note: '', is_written: true },
  { number: 2, title: 'The Key', plan: 'Tan refuses the key.', note: '', is_written: false },
  {
    number: 3,
    title: 'The Storm',
    plan: 'A storm floods the street.',
    note: 'Aisha must lose the lantern.',
    is_written: false,
  },
];

function renderCards(
  lang: 'en' | 'ms',
  onSaveChapters: (chapters: unknown) => Promise<string | null>,
  chapters = CHAPTERS,
) {
  const label = (n: number) => (lang === 'ms' ? `Bab ${n}` : `Chapter ${n}`);
  render(
    <Preview
      parts={[{ key: 'introduction', heading: 'Introduction', text: 'Once.' }]}
      outline={'Title: Rain\n\nChapter 1: The Return\nAisha comes home.'}
      outlineLabel="Story Outline"
      streaming=""
      isLoading={false}
      elapsed={0}
      error={null}
      canRetry={false}
      onRetry={() => undefined}
      isBook
      lang={lang}
      bookLang={lang}
      chapters={chapters}
      onSaveChapters={onSaveChapters}
      chapterLabel={label}
    />,
  );
  return userEvent.setup();
}

const cards = () => screen.getAllByTestId('chapter-card');

describe('the outline as chapter cards', () => {
  it(
    "the writer edits chapter 2's plan and note, adds a chapter, " +
      'moves and deletes one; Save sends them all, chapter 1 locked',
    async () => {
      const onSave = vi.fn(async (_chapters: unknown) => null);
      const user = renderCards('en', onSave);
      expect(cards()).toHaveLength(3);
      // Chapter 1 is written: a locked card, with nothing to edit or move.
      const locked = cards()[0]!;
      expect(locked.dataset.locked).toBe('true');
      expect(locked.textContent).toContain('Chapter 1: The Return');
      expect(locked.textContent).toContain('Written: locked');
      expect(within(locked).queryByRole('textbox')).toBeNull();
      expect(within(locked).queryByRole('button')).toBeNull();
      // Chapter 2 cannot move above the written chapter 1.
      expect(
        (within(cards()[1]!).getByRole('button', { name: 'Move Chapter 2 up' }) as HTMLButtonElement).disabled,
      ).toBe(true);
      expect(screen.queryByTestId('chapters-save')).toBeNull();

      const plan = within(cards()[1]!).getByLabelText('Plan');
      await user.clear(plan);
      await typeIn(user, plan, 'Aisha breaks in at night.');
      await typeIn(user, within(cards()[1]!).getByLabelText('Note: what must happen here'), 'She finds the letter.');
      // A new chapter after chapter 2, then chapter 4 (the storm) moved up above it, then that new one deleted and
      // added at
      // the end.
      await user.click(within(cards()[1]!).getByRole('button', { name: 'Add a chapter after Chapter 2' }));
      expect(cards()).toHaveLength(4);
      await user.type(within(cards()[2]!).getByLabelText('Title'), 'The Buyer');
      await typeIn(user, within(cards()[2]!).getByLabelText('Plan'), 'A buyer comes.');
      await user.click(within(cards()[3]!).getByRole('button', { name: 'Move Chapter 4 up' }));
      expect(within(cards()[2]!).getByLabelText('Title')).toHaveProperty('value', 'The Storm');
      await user.click(within(cards()[3]!).getByRole('button', { name: 'Delete Chapter 4' }));
      expect(cards()).toHaveLength(3);
      // A deletion can be undone: the card comes back in its place, then it is deleted again.
      expect(screen.getByTestId('chapter-deleted').textContent).toBe(
        'Chapter 4: The Buyer deleted (not saved yet).Undo',
      );
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      expect(cards()).toHaveLength(4);
      expect(within(cards()[3]!).getByLabelText('Title')).toHaveProperty('value', 'The Buyer');
      expect(screen.queryByTestId('chapter-deleted')).toBeNull();
      await user.click(within(cards()[3]!).getByRole('button', { name: 'Delete Chapter 4' }));
      expect(cards()).toHaveLength(3);
      await user.click(screen.getByRole('button', { name: 'Add a chapter' }));
      await user.type(within(cards()[3]!).getByLabelText('Title'), 'Homecoming');

      await user.click(screen.getByTestId('chapters-save'));
      await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
      expect(onSave.mock.calls[0]![0]).toEqual([
        { title: 'The Return', plan: 'Aisha comes home.' },
        { title: 'The Key', plan: 'Aisha breaks in at night.', note: 'She finds the letter.' },
        { title: 'The Storm', plan: 'A storm floods the street.', note: 'Aisha must lose the lantern.' },
        { title: 'Homecoming', plan: '' },
      ]);
      // Saved: the undo is gone.
      await waitFor(() => expect(screen.queryByTestId('chapter-deleted')).toBeNull());
    },
  );

  it('a refusal is said under the cards and the edits stay; Discard brings the saved chapters back', async () => {
    const user = renderCards(
      'en',
      async () => 'Chapter 1 is written already: it cannot be changed, moved or deleted in the outline.',
    );
    await user.type(within(cards()[2]!).getByLabelText('Title'), ' Again');
    await user.click(screen.getByTestId('chapters-save'));
    expect((await screen.findByRole('alert')).textContent).toContain('Chapter 1 is written already');
    expect(within(cards()[2]!).getByLabelText('Title')).toHaveProperty('value', 'The Storm Again');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(within(cards()[2]!).getByLabelText('Title')).toHaveProperty('value', 'The Storm');
    expect(screen.queryByTestId('chapters-save')).toBeNull();
  });

  it('in Malay the controls are Malay', async () => {
    renderCards('ms', async () => null);
    expect(screen.getByText('Bab-bab')).toBeTruthy();
    expect(cards()[0]!.textContent).toContain('Sudah ditulis: dikunci');
    expect(within(cards()[1]!).getByLabelText('Nota: apa yang mesti berlaku di sini')).toBeTruthy();
    expect(within(cards()[1]!).getByRole('button', { name: 'Padam Bab 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tambah bab' })).toBeTruthy();
  });
});
