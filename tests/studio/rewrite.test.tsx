// @vitest-environment jsdom
// Rewrite and earlier versions in the studio's preview: a written chapter offers "Rewrite…",
// which opens a note field ("make the ending darker"); with a note the button says Rewrite, without one
// Write again, and either sends the part and the note; "Earlier versions" lists the versions the server
// keeps (words, the start of the text, each rewrite's note with the text it produced) and Restore brings one back. A
// failure is said under the part.
// In Malay the controls are Malay.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Preview, type PreviewPart } from '../../studio/src/generator/Manuscript.js';
import type { PartVersionView } from '../../engine/contract/index.js';
import { typeIn, useStudioDom } from './dom.js';

useStudioDom();

const CHAPTER: PreviewPart = {
  key: 'chapter-2',
  heading: 'Chapter 2: The Letter',
  text: 'Aisha opened the letter at dawn.',
  ref: { kind: 'chapter', position: 2 },
};
const VERSIONS: PartVersionView[] = [
  {
    version: 2,
    note: 'more dialogue',
    words: 1480,
    text: 'Aisha read the letter aloud to her aunt.',
    created_at: '2026-11-23T10:00:00.000Z',
  },
  {
    version: 1,
    note: '',
    words: 1502,
    text: 'The first draft of the letter scene.',
    created_at: '2026-11-22T10:00:00.000Z',
  },
];

function renderPreview(
  lang: 'en' | 'ms',
  handlers: {
    onRewrite: (p: unknown, n: string) => Promise<string | null>;
    onVersions?: () => Promise<PartVersionView[] | string>;
    onRestore?: (p: unknown, v: number) => Promise<string | null>;
  },
) {
  render(
    <Preview
      parts={[CHAPTER]}
      outlineLabel="Story Outline"
      streaming=""
      isLoading={false}
      elapsed={0}
      error={null}
      canRetry={false}
      onRetry={() => undefined}
      isBook
      lang={lang}
      stepCostText={lang === 'ms' ? '1 kredit' : '1 credit'}
      onRewrite={handlers.onRewrite}
      {...(handlers.onVersions ? { onVersions: handlers.onVersions } : {})}
      {...(handlers.onRestore ? { onRestore: handlers.onRestore } : {})}
    />,
  );
  return userEvent.setup();
}

describe('rewrite and versions in the preview', () => {
  it(
    'a note makes it Rewrite, none Write again; the part ' + 'and the note are sent, and the panel closes when done',
    async () => {
      const onRewrite = vi.fn(async () => null);
      const user = renderPreview('en', { onRewrite });
      await user.click(screen.getByRole('button', { name: 'Rewrite Chapter 2: The Letter' }));
      const go = screen.getByTestId('rewrite-go');
      expect(go.textContent).toBe('Write again (1 credit)');
      await typeIn(user, screen.getByLabelText(/What should change\?/), 'Make the ending darker');
      expect(go.textContent).toBe('Rewrite (1 credit)');
      await user.click(go);
      await waitFor(() =>
        expect(onRewrite).toHaveBeenCalledWith({ kind: 'chapter', position: 2 }, 'Make the ending darker'),
      );
      await waitFor(() => expect(screen.queryByTestId('rewrite-note')).toBeNull());
    },
  );

  it('a refusal (no credits) is said under the part and the note stays', async () => {
    const user = renderPreview('en', { onRewrite: async () => 'Insufficient credits. Please upgrade your plan.' });
    await user.click(screen.getByTestId('rewrite-open'));
    await typeIn(user, screen.getByTestId('rewrite-note'), 'More dialogue');
    await user.click(screen.getByTestId('rewrite-go'));
    expect((await screen.findByRole('alert')).textContent).toContain('Insufficient credits');
    expect((screen.getByTestId('rewrite-note') as HTMLTextAreaElement).value).toBe('More dialogue');
  });

  it(
    'earlier versions are listed newest first and Restore ' + 'brings one back; in Malay the controls are Malay',
    async () => {
      const onRestore = vi.fn(async () => null);
      const user = renderPreview('ms', { onRewrite: async () => null, onVersions: async () => VERSIONS, onRestore });
      expect(screen.getByTestId('rewrite-open').textContent).toContain('Tulis semula…');
      await user.click(screen.getByRole('button', { name: 'Versi terdahulu' }));
      const items = await screen.findAllByTestId('version');
      expect(items.map((li) => within(li).getByText(/^Versi \d/).textContent)).toEqual([
        'Versi 2 · 1,480 patah perkataan',
        'Versi 1 · 1,502 patah perkataan',
      ]);
      // The note sits with the text its rewrite produced (here the current text), not above the text it replaced.
      expect(screen.getByTestId('versions-current').textContent).toBe(
        'Teks semasa · ditulis dengan nota “more dialogue”',
      );
      expect(items[0]!.textContent).not.toContain('more dialogue');
      await user.click(within(items[1]!).getByRole('button', { name: 'Pulihkan' }));
      await waitFor(() => expect(onRestore).toHaveBeenCalledWith({ kind: 'chapter', position: 2 }, 1));
    },
  );
});
