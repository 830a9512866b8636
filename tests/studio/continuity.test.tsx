// @vitest-environment jsdom
// A book's continuity on its page: beside a part, each finding of the continuity check (⚠, what kind, the
// detail in the book's language and the part it contradicts) with "Rewrite with this note", which opens
// the part's Rewrite with the finding as its note and sends it on the existing rewrite path; a part that
// mentions an earlier part rewritten since says "Check against the rewritten …"; the story bible lists the
// book's threads with their due part, marks the overdue ones, and says how to type a due chapter. English
// and Malay. Rendered on the preview itself (the session does not fill these view fields on this branch yet,
// so a page test would have nothing to show); the fields are the book view's (engine/session/view-schema.ts).
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Preview, type BibleShown, type PreviewPart } from '../../studio/src/generator/Manuscript.js';
import { useStudioDom } from './dom.js';

useStudioDom();

const DEATH = 'Pak Ali speaks to Aisha, but Chapter 4 records his death.';
const SPELLING = 'The harbour town is “Kuala Sepetang” here and “Kuala Sepatang” in Chapter 2.';
const CHAPTER_7: PreviewPart = {
  key: 'part-7',
  heading: 'Chapter 7: The Night Market',
  text: 'Pak Ali smiled at the lanterns.',
  ref: { kind: 'chapter', position: 7 },
  continuity: [
    { kind: 'acts_after_death', detail: DEATH, part: 'Chapter 4', key: '7:acts_after_death:abc' },
    { kind: 'name_spelling', detail: SPELLING, part: 'Chapter 2', key: '7:name_spelling:def' },
  ],
  checkAgainst: 'Chapter 4',
};
const CHAPTER_8: PreviewPart = {
  key: 'part-8',
  heading: 'Chapter 8: Dawn',
  text: 'The shop opened.',
  ref: { kind: 'chapter', position: 8 },
};
const BIBLE: BibleShown = {
  fromOutline: '',
  kept: '## Open threads\n- The missing key | Chapter 1 | open',
  notes: '## Open threads\n- The missing key | Chapter 1 | open',
  threads: [
    { thread: 'The missing key', opened: 'Chapter 1', due: 'Chapter 5', status: 'open', is_overdue: true },
    { thread: 'Tan’s debt', opened: 'Chapter 2', due: 'Chapter 9', status: 'advanced', is_overdue: false },
    { thread: 'The lantern festival', opened: 'Chapter 3', status: 'resolved', is_overdue: false },
  ],
};

function renderBook(
  lang: 'en' | 'ms',
  onRewrite = vi.fn(async (_part: unknown, _note: string) => null as string | null),
  onIntended?: (key: string) => Promise<string | null>,
) {
  render(
    <Preview
      {...(onIntended ? { onIntended, intendedFindings: 1 } : {})}
      parts={[CHAPTER_7, CHAPTER_8]}
      outlineLabel="Story Outline"
      streaming=""
      isLoading={false}
      elapsed={0}
      error={null}
      canRetry={false}
      onRetry={() => undefined}
      isBook
      lang={lang}
      bookLang="en"
      stepCostText={lang === 'ms' ? '1 kredit' : '1 credit'}
      onRewrite={onRewrite}
      bible={BIBLE}
      onSaveBible={async () => null}
    />,
  );
  return { user: userEvent.setup(), onRewrite };
}

/** The article of a part by its heading. */
const part = (heading: string) => screen.getByRole('heading', { name: heading }).closest('article')!;
/** A text as read out: without the ⚠ marks, which are hidden from screen readers. */
const readOut = (el: Element): string =>
  [...el.childNodes]
    .map((n): string =>
      n instanceof Element && n.getAttribute('aria-hidden') === 'true'
        ? ''
        : n instanceof Element
          ? readOut(n)
          : (n.textContent ?? ''),
    )
    .join('');

describe('continuity beside the parts and threads in the story bible', () => {
  it(
    'a part shows each finding with ⚠ and where it was ' +
      'established, and says to check it against the rewritten part',
    () => {
      renderBook('en');
      const chapter = part('Chapter 7: The Night Market');
      const findings = within(chapter).getAllByTestId('continuity-finding');
      expect(findings.map((f) => f.getAttribute('data-kind'))).toEqual(['acts_after_death', 'name_spelling']);
      expect(findings[0]!.textContent).toContain('⚠');
      expect(readOut(findings[0]!.querySelector('[id]')!)).toBe(`Acts after death: ${DEATH} (see Chapter 4)`);
      expect(readOut(findings[1]!.querySelector('[id]')!)).toBe(`Name spelled two ways: ${SPELLING} (see Chapter 2)`);
      // The findings are a list named after their part; the detail is marked as the book's language.
      expect(within(chapter).getByRole('list', { name: 'Continuity of Chapter 7: The Night Market' })).toBeTruthy();
      expect(within(findings[0]!).getByText(DEATH).getAttribute('lang')).toBe('en');
      expect(readOut(within(chapter).getByTestId('check-against'))).toBe('Check against the rewritten Chapter 4');
      // A part with nothing found shows nothing.
      expect(within(part('Chapter 8: Dawn')).queryByTestId('continuity')).toBeNull();
    },
  );

  it(
    '"Rewrite with this note" opens the part’s Rewrite ' + 'with the finding as the note, focused, and sends it',
    async () => {
      const { user, onRewrite } = renderBook('en');
      const chapter = part('Chapter 7: The Night Market');
      const buttons = within(chapter).getAllByRole('button', { name: 'Rewrite with this note' });
      expect(buttons).toHaveLength(2);
      // Each button is described by its own finding, so a screen reader tells them apart.
      expect(
        within(chapter).getByRole('button', {
          name: 'Rewrite with this note',
          description: /Name spelled two ways: .+ \(see Chapter 2\)$/,
        }),
      ).toBe(buttons[1]);
      await user.click(buttons[0]!);
      const note = await within(chapter).findByTestId('rewrite-note');
      expect((note as HTMLTextAreaElement).value).toBe(DEATH);
      await waitFor(() => expect(document.activeElement).toBe(note));
      expect(within(chapter).getByTestId('rewrite-go').textContent).toBe('Rewrite (1 credit)');
      // The other finding replaces the note in the same open Rewrite.
      await user.click(buttons[1]!);
      expect((within(chapter).getByTestId('rewrite-note') as HTMLTextAreaElement).value).toBe(SPELLING);
      await user.click(within(chapter).getByTestId('rewrite-go'));
      await waitFor(() => expect(onRewrite).toHaveBeenCalledWith({ kind: 'chapter', position: 7 }, SPELLING));
    },
  );

  it(
    'the story bible lists the threads with their due part, ' +
      'marks the overdue one, and says how to type a due chapter',
    async () => {
      const { user } = renderBook('en');
      await user.click(screen.getByText('Story Bible'));
      const threads = screen.getByTestId('bible-threads');
      expect(within(threads).getByRole('heading', { name: 'Threads and promises' })).toBeTruthy();
      const rows = within(threads).getAllByTestId('bible-thread');
      expect(rows.map(readOut)).toEqual([
        'The missing key · opened in Chapter 1 · due in Chapter 5 · Open · Overdue',
        'Tan’s debt · opened in Chapter 2 · due in Chapter 9 · Advanced',
        'The lantern festival · opened in Chapter 3 · Resolved',
      ]);
      expect(rows.map((r) => r.getAttribute('data-overdue'))).toEqual(['true', 'false', 'false']);
      expect(within(threads).getByTestId('threads-hint').textContent).toContain(
        '“thread | opened | open | due Chapter 5”',
      );
    },
  );

  it('in Malay every word around the book’s own text is Malay', async () => {
    const { user, onRewrite } = renderBook('ms');
    const chapter = part('Chapter 7: The Night Market');
    const findings = within(chapter).getAllByTestId('continuity-finding');
    expect(readOut(findings[0]!.querySelector('[id]')!)).toBe(`Bertindak selepas mati: ${DEATH} (lihat Chapter 4)`);
    expect(readOut(findings[1]!.querySelector('[id]')!)).toBe(`Nama dieja dua cara: ${SPELLING} (lihat Chapter 2)`);
    expect(readOut(within(chapter).getByTestId('check-against'))).toBe(
      'Semak dengan Chapter 4 yang telah ditulis semula',
    );
    await user.click(within(findings[0]!).getByRole('button', { name: 'Tulis semula dengan nota ini' }));
    expect((within(chapter).getByTestId('rewrite-note') as HTMLTextAreaElement).value).toBe(DEATH);
    await user.click(within(chapter).getByTestId('rewrite-go'));
    await waitFor(() => expect(onRewrite).toHaveBeenCalledWith({ kind: 'chapter', position: 7 }, DEATH));

    await user.click(screen.getByText('Catatan Cerita'));
    const threads = screen.getByTestId('bible-threads');
    expect(within(threads).getByRole('heading', { name: 'Urusan dan janji cerita' })).toBeTruthy();
    expect(within(threads).getAllByTestId('bible-thread').map(readOut)).toEqual([
      'The missing key · dibuka dalam Chapter 1 · perlu selesai dalam Chapter 5 · Terbuka · Tertunggak',
      'Tan’s debt · dibuka dalam Chapter 2 · perlu selesai dalam Chapter 9 · Bergerak',
      'The lantern festival · dibuka dalam Chapter 3 · Selesai',
    ]);
    expect(within(threads).getByTestId('threads-hint').textContent).toContain('sasaran Bab 5');
  });

  it(
    "the book's Continuity panel lists every finding with its " +
      'part; Go to, Rewrite with this note and Intended (issue 48)',
    async () => {
      const onIntended = vi.fn(async (_key: string) => null as string | null);
      const { user, onRewrite } = renderBook('en', undefined, onIntended);
      const panel = screen.getByTestId('continuity-panel');
      expect(panel.querySelector('summary')!.textContent).toBe('Continuity (2)');
      const rows = within(panel).getAllByTestId('panel-finding');
      expect(rows.map((r) => r.querySelector('p')!.textContent)).toEqual([
        `Chapter 7: The Night Market · Acts after death: ${DEATH} (see Chapter 4)`,
        `Chapter 7: The Night Market · Name spelled two ways: ${SPELLING} (see Chapter 2)`,
      ]);
      expect(within(panel).getByTestId('panel-intended-count').textContent).toBe('1 finding marked as intended.');
      expect(within(rows[0]!).getByTestId('panel-goto').textContent).toBe('Go to Chapter 7: The Night Market');
      // Rewrite with this note: the part's own Rewrite opens with it.
      await user.click(within(rows[1]!).getByTestId('panel-rewrite'));
      const chapter = part('Chapter 7: The Night Market');
      expect(((await within(chapter).findByTestId('rewrite-note')) as HTMLTextAreaElement).value).toBe(SPELLING);
      await user.click(within(chapter).getByTestId('rewrite-go'));
      await waitFor(() => expect(onRewrite).toHaveBeenCalledWith({ kind: 'chapter', position: 7 }, SPELLING));
      // Intended: sent with the finding's key.
      await user.click(
        within(rows[0]!).getByRole('button', {
          name: 'Mark as intended: Chapter 7: The Night Market: Acts after death',
        }),
      );
      await waitFor(() => expect(onIntended).toHaveBeenCalledWith('7:acts_after_death:abc'));
    },
  );

  it(
    'one overdue promise (chapter 6) and a dead character speaking ' +
      '(chapter 7): the panel lists 2, the speaking one first',
    () => {
      const PROMISE = 'The promise "the missing key" was due in Chapter 5 and is still open';
      const chapter6: PreviewPart = {
        key: 'part-6',
        heading: 'Chapter 6: Low Tide',
        text: 'The tide went out.',
        ref: { kind: 'chapter', position: 6 },
        continuity: [{ kind: 'thread_overdue', detail: PROMISE, part: 'Chapter 5', key: '6:thread_overdue:ghi' }],
      };
      const chapter7: PreviewPart = { ...CHAPTER_7, continuity: [CHAPTER_7.continuity![0]!] };
      render(
        <Preview
          parts={[chapter6, chapter7, CHAPTER_8]}
          outlineLabel="Story Outline"
          streaming=""
          isLoading={false}
          elapsed={0}
          error={null}
          canRetry={false}
          onRetry={() => undefined}
          isBook
          lang="en"
          bookLang="en"
          onRewrite={async () => null}
          onIntended={async () => null}
          intendedFindings={0}
        />,
      );
      const panel = screen.getByTestId('continuity-panel');
      expect(panel.querySelector('summary')!.textContent).toBe('Continuity (2)');
      expect(
        within(panel)
          .getAllByTestId('panel-finding')
          .map((r) => r.querySelector('p')!.textContent),
      ).toEqual([
        `Chapter 7: The Night Market · Acts after death: ${DEATH} (see Chapter 4)`,
        `Chapter 6: Low Tide · Promise overdue: ${PROMISE} (see Chapter 5)`,
      ]);
    },
  );

  it('in Malay the panel is Malay', () => {
    renderBook('ms', undefined, async () => null);
    const panel = screen.getByTestId('continuity-panel');
    expect(panel.querySelector('summary')!.textContent).toBe('Kesinambungan (2)');
    expect(
      within(panel)
        .getAllByTestId('panel-intended')
        .map((b) => b.textContent),
    ).toEqual(['Disengajakan', 'Disengajakan']);
    expect(within(panel).getByTestId('panel-intended-count').textContent).toBe(
      '1 dapatan ditandakan sebagai disengajakan.',
    );
  });
});
