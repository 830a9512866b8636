// @vitest-environment jsdom
// Nothing typed is lost: Cancel in a part's editor asks before it drops the edit (Keep
// editing keeps every word; Drop my changes leaves the part as saved and drops its draft); with nothing
// changed it just closes. Chapter cards typed but not saved come back from this device's draft.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Preview } from '../../studio/src/generator/Manuscript.js';
import type { OutlineChapterView } from '../../studio/src/generator/chapterCards.js';
import { typeIn, useStudioDom } from './dom.js';

useStudioDom({ clearStorage: true });

const CHAPTERS: OutlineChapterView[] = [
  { number: 1, title: 'The Return', plan: 'Aisha comes home.', note: '', is_written: false },
  { number: 2, title: 'The Key', plan: 'Tan refuses the key.', note: '', is_written: false },
];

const INTRO = { kind: 'introduction', position: 0 };

function renderBook(lang: 'en' | 'ms', onDraft = vi.fn(async (_part: unknown, _text: string | null) => true)) {
  const view = (
    <Preview
      parts={[
        {
          key: 'part-0',
          heading: lang === 'ms' ? 'Pengenalan' : 'Introduction',
          text: 'Once upon a time.',
          ref: { kind: 'introduction', position: 0 },
        },
      ]}
      outline={'Title: Rain'}
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
      onSaveEdit={async () => null}
      onDraft={onDraft}
      chapters={CHAPTERS}
      onSaveChapters={async () => null}
      chapterLabel={(n) => `Chapter ${n}`}
      chaptersDraftKey="karya.chapters.u1.romance"
    />
  );
  const rendered = render(view);
  return { user: userEvent.setup(), onDraft, rendered, view };
}

describe('nothing typed is lost', () => {
  it(
    'Cancel with an edit asks first: Keep editing keeps ' + 'the words, Drop my changes leaves the part as saved',
    async () => {
      const { user, onDraft } = renderBook('en');
      await user.click(screen.getByRole('button', { name: 'Edit Introduction' }));
      const box = screen.getByLabelText('Text of Introduction');
      await typeIn(user, box, ' A storm came.');
      await user.click(screen.getByTestId('cancel-edit'));
      const ask = screen.getByRole('dialog', { name: 'Drop this edit?' });
      expect(ask.textContent).toContain('Your changes to Introduction are not saved.');
      await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByLabelText('Text of Introduction')).toHaveProperty('value', 'Once upon a time. A storm came.');
      expect(onDraft).not.toHaveBeenCalledWith(INTRO, null);

      await user.click(screen.getByTestId('cancel-edit'));
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Drop my changes' }));
      expect(screen.queryByTestId('part-editor')).toBeNull();
      expect(screen.getByTestId('manuscript').textContent).toContain('Once upon a time.');
      expect(screen.getByTestId('manuscript').textContent).not.toContain('A storm came.');
      expect(onDraft).toHaveBeenLastCalledWith(INTRO, null);
    },
  );

  it('Cancel with nothing changed closes at once', async () => {
    const { user } = renderBook('en');
    await user.click(screen.getByRole('button', { name: 'Edit Introduction' }));
    await user.click(screen.getByTestId('cancel-edit'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByTestId('part-editor')).toBeNull();
  });

  it('in Malay the question is Malay', async () => {
    const { user } = renderBook('ms');
    await user.click(screen.getByRole('button', { name: 'Sunting Pengenalan' }));
    await user.type(screen.getByLabelText('Teks Pengenalan'), ' Ribut.');
    await user.click(screen.getByTestId('cancel-edit'));
    const ask = screen.getByRole('dialog', { name: 'Buang suntingan ini?' });
    expect(within(ask).getByRole('button', { name: 'Teruskan menyunting' })).toBeTruthy();
    expect(within(ask).getByRole('button', { name: 'Buang perubahan saya' })).toBeTruthy();
  });

  it('a chapter note typed and not saved comes back when the page opens again, with Save in reach', async () => {
    const first = renderBook('en');
    await first.user.click(screen.getByText('Chapters'));
    await typeIn(
      first.user,
      within(screen.getAllByTestId('chapter-card')[1]!).getByLabelText('Note: what must happen here'),
      'Arjun burns the first batch on purpose.',
    );
    first.rendered.unmount();
    renderBook('en');
    expect(
      within(screen.getAllByTestId('chapter-card')[1]!).getByLabelText('Note: what must happen here'),
    ).toHaveProperty('value', 'Arjun burns the first batch on purpose.');
    expect(screen.getByTestId('chapters-bar').textContent).toContain('Chapter changes not saved yet');
    expect(screen.getByTestId('chapters-save')).toBeTruthy();
  });
});
