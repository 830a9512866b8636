// @vitest-environment jsdom
// The introduction's editor holds its prose only: the character list is shown under it in a
// panel of its own with its own editor, so a sentence typed at the end of the introduction's box is sent as the
// introduction's last sentence (with the hash of the text the editor opened on), and the list is saved apart.
// In Malay the panel is Malay.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Preview } from '../../studio/src/generator/Manuscript.js';
import { typeIn, useStudioDom } from './dom.js';

useStudioDom();

const INTRO = {
  en: 'Aisha came home to Penang in the rain.\n\nThe shop was dark.',
  ms: 'Aisyah pulang ke Pulau Pinang dalam hujan.\n\nKedai itu gelap.',
} as const;
const LIST = '- Jonah Pike: harbour master, 55, shrewd\n- Aisha Rahman: the lead';
const WORDS = {
  en: {
    heading: 'Introduction',
    edit: 'Edit Introduction',
    save: 'Save',
    panel: 'Character details',
    editList: 'Edit character details',
    box: 'Character details, one character a line',
    closing: 'The lanterns burned all night.',
  },
  ms: {
    heading: 'Pengenalan',
    edit: 'Sunting Pengenalan',
    save: 'Simpan',
    panel: 'Butiran watak',
    editList: 'Sunting butiran watak',
    box: 'Butiran watak, satu watak sebaris',
    closing: 'Tanglung itu menyala sepanjang malam.',
  },
} as const;

describe("the introduction's editor and its character details", () => {
  it.each(['en', 'ms'] as const)(
    "a sentence typed at the end of the box is the introduction's last; the list is edited apart (%s)",
    async (lang) => {
      const w = WORDS[lang];
      const onSaveEdit = vi.fn(async (..._a: unknown[]) => null);
      const onSaveCharacters = vi.fn(async (..._a: unknown[]) => null);
      render(
        <MemoryRouter>
          <Preview
            parts={[
              {
                key: 'part-0',
                heading: w.heading,
                text: INTRO[lang],
                hash: 'aaaaaaaaaaaaaaaa',
                ref: { kind: 'introduction', position: 0 },
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
            onSaveEdit={onSaveEdit}
            characterDetails={LIST}
            onSaveCharacters={onSaveCharacters}
          />
        </MemoryRouter>,
      );
      const user = userEvent.setup();
      const panel = screen.getByTestId('character-details');
      expect(within(panel).getByRole('heading', { name: w.panel })).toBeTruthy();
      expect(
        within(panel)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Jonah Pike: harbour master, 55, shrewd', 'Aisha Rahman: the lead']);

      await user.click(screen.getByRole('button', { name: w.edit }));
      const box = screen.getByTestId('part-editor').querySelector('textarea')!;
      // The box holds the prose only: nothing of the list to type into.
      expect(box.value).toBe(INTRO[lang]);
      await user.click(box);
      await user.keyboard('{Control>}{End}{/Control}');
      await typeIn(user, box, ` ${w.closing}`);
      await user.click(screen.getByRole('button', { name: w.save }));
      await waitFor(() =>
        expect(onSaveEdit).toHaveBeenCalledWith(
          { kind: 'introduction', position: 0 },
          `${INTRO[lang]} ${w.closing}`,
          'aaaaaaaaaaaaaaaa',
        ),
      );
      expect(onSaveCharacters).not.toHaveBeenCalled();

      await user.click(within(panel).getByRole('button', { name: w.editList }));
      const list = within(panel).getByLabelText(w.box) as HTMLTextAreaElement;
      expect(list.value).toBe('Jonah Pike: harbour master, 55, shrewd\nAisha Rahman: the lead');
      await typeIn(user, list, '\nMei Ling: violinist');
      await user.click(within(panel).getByRole('button', { name: w.save }));
      await waitFor(() =>
        expect(onSaveCharacters).toHaveBeenCalledWith(
          'Jonah Pike: harbour master, 55, shrewd\nAisha Rahman: the lead\nMei Ling: violinist',
        ),
      );
      expect(onSaveEdit).toHaveBeenCalledTimes(1);
    },
  );
});
