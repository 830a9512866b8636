// @vitest-environment jsdom
// The writer's voice on a book's page, rendered on the preview itself: a prose part that
// drifts from the voice says "⚠ Drifts from your voice: …" with the drifts as the server words them (the book's
// language), a part marked for overused phrases says how many per 1,000 words and which, naming the writer's
// own phrases to avoid apart; with a voice sample, "Rewrite toward my voice" is confirmed with its cost and
// sends the part; the Voice panel shows the fingerprint in plain words, saves a pasted sample or one read from a
// .txt file, shows a refusal next to the field (the text kept), removes the sample, and keeps the writer's
// phrases to avoid. English and Malay.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Preview, type PreviewPart } from '../../studio/src/generator/Manuscript.js';
import { fingerprintWords, type BookVoiceShown, type VoiceFailure } from '../../studio/src/generator/VoicePanel.js';
import type { VoiceBody } from '../../engine/contract/index.js';
import { typeIn, useStudioDom } from './dom.js';

useStudioDom();

const FINGERPRINT = {
  sentenceWords: { mean: 5.2, spread: 3.1 },
  paragraphWords: 13.4,
  dialogueShare: 0.24,
  diversity: 73.4,
  openers: ['i', 'she'],
  pointOfView: 'first',
  tense: 'present',
  overusedPerThousand: 0,
  words: 430,
} as const;
const VOICE: BookVoiceShown = {
  fingerprint: { ...FINGERPRINT, openers: [...FINGERPRINT.openers] },
  avoid: ['suddenly'],
};
const part = (
  key: string,
  heading: string,
  position: number,
  marks: Pick<PreviewPart, 'voice' | 'overused'>,
): PreviewPart => ({
  key,
  heading,
  text: 'The house at Kellington had stood for nearly two hundred years.',
  ref: { kind: 'chapter', position },
  ...marks,
});
const fingerprintOf = (statistics: object) => ({ ...FINGERPRINT, openers: [], ...statistics });

function parts(lang: 'en' | 'ms'): PreviewPart[] {
  const notes =
    lang === 'ms'
      ? ['ayat 9.4× lebih panjang', 'tiada dialog', 'orang ketiga, bukan orang pertama']
      : ['sentences 9.4× longer', 'no dialogue', 'third person, not first'];
  return [
    part('part-1', 'Chapter 1: The House', 1, {
      voice: { drifts: ['sentenceWords', 'dialogueShare', 'pointOfView'], notes },
      overused: {
        per_thousand: 6.2,
        phrases: ['suddenly', 'a testament to', 'couldn’t help but'],
        avoided: ['suddenly'],
        is_marked: true,
      },
    }),
    // Measured and within the voice, its phrases under the band: nothing to say.
    part('part-2', 'Chapter 2: The Gallery', 2, {
      voice: { drifts: [], notes: [] },
      overused: { per_thousand: 1.1, phrases: ['a testament to'], is_marked: false },
    }),
  ];
}

function renderBook(
  lang: 'en' | 'ms',
  opts: {
    voice?: BookVoiceShown;
    onSaveVoice?: (body: VoiceBody) => Promise<VoiceFailure | null>;
    towardVoice?: boolean;
  } = {},
) {
  const onRewriteTowardVoice = vi.fn(async (_part: unknown) => null as string | null);
  const onSaveVoice = vi.fn(opts.onSaveVoice ?? (async () => null));
  render(
    <Preview
      parts={parts(lang)}
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
      stepCostText={lang === 'ms' ? '1 kredit' : '1 credit'}
      onRewrite={async () => null}
      onSaveVoice={onSaveVoice}
      {...(opts.voice ? { voice: opts.voice } : {})}
      {...(opts.towardVoice !== false ? { onRewriteTowardVoice } : {})}
    />,
  );
  return { user: userEvent.setup(), onRewriteTowardVoice, onSaveVoice };
}

const article = (heading: string) => screen.getByRole('heading', { name: heading }).closest('article')!;
const text = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim();

describe('the marks of the voice on a part', () => {
  it(
    'says how a part drifts and which phrases it overuses, the ' +
      'writer’s own apart, and rewrites it toward the voice for its cost',
    async () => {
      const { user, onRewriteTowardVoice } = renderBook('en', { voice: VOICE });
      const chapter = article('Chapter 1: The House');
      expect(text(within(chapter).getByTestId('voice-drifts'))).toBe(
        '⚠ Drifts from your voice: sentences 9.4× longer, no dialogue, third person, not first',
      );
      expect(text(within(chapter).getByTestId('voice-overused'))).toBe(
        '⚠ Overused phrases: 6.2 per 1,000 words (“a testament ' +
          'to”, “couldn’t help but”; from your own list: “suddenly”)',
      );
      // The drifts are the book's words, marked in its language; the marks are named after their part.
      expect(
        within(chapter).getByText('sentences 9.4× longer, no dialogue, third person, not first').getAttribute('lang'),
      ).toBe('en');
      expect(within(chapter).getByRole('group', { name: 'Voice of Chapter 1: The House' })).toBeTruthy();
      // A part within the voice and under the band shows nothing.
      expect(within(article('Chapter 2: The Gallery')).queryByTestId('voice-marks')).toBeNull();

      // Confirmed with its cost, then sent for that part.
      const open = within(chapter).getByRole('button', { name: 'Rewrite Chapter 1: The House toward my voice' });
      expect(open.getAttribute('aria-expanded')).toBe('false');
      await user.click(open);
      expect(open.getAttribute('aria-expanded')).toBe('true');
      const go = within(chapter).getByTestId('toward-voice-go');
      expect(go.textContent).toBe('Rewrite toward my voice (1 credit)');
      expect(within(chapter).getByTestId('toward-voice-confirm').textContent).toContain('kept as an earlier version');
      await user.click(go);
      await waitFor(() => expect(onRewriteTowardVoice).toHaveBeenCalledWith({ kind: 'chapter', position: 1 }));
      await waitFor(() => expect(within(chapter).queryByTestId('toward-voice-confirm')).toBeNull());
    },
  );

  it('a refused rewrite toward the voice is said under the part', async () => {
    const { user, onRewriteTowardVoice } = renderBook('en', { voice: VOICE });
    onRewriteTowardVoice.mockResolvedValueOnce('Insufficient credits. Please upgrade your plan.');
    const chapter = article('Chapter 1: The House');
    await user.click(within(chapter).getByTestId('toward-voice-open'));
    await user.click(within(chapter).getByTestId('toward-voice-go'));
    expect((await within(chapter).findByRole('alert')).textContent).toContain('Insufficient credits');
  });

  it('without a voice sample the marks stay and no rewrite toward the voice is offered', () => {
    renderBook('en', { towardVoice: false });
    const chapter = article('Chapter 1: The House');
    expect(within(chapter).getByTestId('voice-drifts')).toBeTruthy();
    expect(within(chapter).queryByTestId('toward-voice-open')).toBeNull();
  });

  it('in Malay: the marks and the button are Malay', async () => {
    const { user, onRewriteTowardVoice } = renderBook('ms', { voice: VOICE });
    const chapter = article('Chapter 1: The House');
    expect(text(within(chapter).getByTestId('voice-drifts'))).toBe(
      '⚠ Menyimpang daripada suara anda: ayat 9.4× lebih panjang, tiada dialog, orang ketiga, bukan orang pertama',
    );
    expect(text(within(chapter).getByTestId('voice-overused'))).toBe(
      '⚠ Frasa terlalu kerap: 6.2 setiap 1,000 perkataan (“a testament ' +
        'to”, “couldn’t help but”; daripada senarai anda sendiri: “suddenly”)',
    );
    await user.click(
      within(chapter).getByRole('button', { name: 'Tulis semula Chapter 1: The House mengikut suara saya' }),
    );
    expect(within(chapter).getByTestId('toward-voice-go').textContent).toBe(
      'Tulis semula mengikut suara saya (1 kredit)',
    );
    await user.click(within(chapter).getByTestId('toward-voice-go'));
    await waitFor(() => expect(onRewriteTowardVoice).toHaveBeenCalledWith({ kind: 'chapter', position: 1 }));
  });
});

describe('the Voice panel', () => {
  it('shows the fingerprint in plain words, in English and Malay', async () => {
    expect(fingerprintWords(VOICE.fingerprint!, 'en')).toEqual([
      'Sentences: about 5 words on average',
      'Paragraphs: about 13 words',
      'Dialogue: 24 % of the words',
      'First person, present tense',
      'Vocabulary (MTLD): 73',
      'Overused phrases: 0 per 1,000 words',
    ]);
    expect(fingerprintWords(VOICE.fingerprint!, 'ms')).toEqual([
      'Ayat: purata kira-kira 5 patah perkataan',
      'Perenggan: kira-kira 13 patah perkataan',
      'Dialog: 24 % daripada perkataan',
      'Orang pertama, kala kini',
      'Kepelbagaian kosa kata (MTLD): 73',
      'Frasa terlalu kerap: 0 setiap 1,000 perkataan',
    ]);
    // A Malay sample's tense is not marked: the person alone; another voice, other words.
    expect(
      fingerprintWords(
        fingerprintOf({
          tense: null,
          pointOfView: 'third',
          sentenceWords: { mean: 41.6, spread: 12 },
          dialogueShare: 0,
          overusedPerThousand: 2.35,
        }),
        'ms',
      ),
    ).toEqual([
      'Ayat: purata kira-kira 42 patah perkataan',
      'Perenggan: kira-kira 13 patah perkataan',
      'Dialog: 0 % daripada perkataan',
      'Orang ketiga',
      'Kepelbagaian kosa kata (MTLD): 73',
      'Frasa terlalu kerap: 2.4 setiap 1,000 perkataan',
    ]);
    expect(fingerprintWords(fingerprintOf({ tense: 'mixed' }), 'en')[3]).toBe('First person, mixed tenses');

    const { user } = renderBook('ms', { voice: VOICE });
    const panel = screen.getByTestId('voice-panel');
    await user.click(within(panel).getByText('Suara anda'));
    expect(within(panel).getByText('Suara anda, diukur pada 430 patah perkataan:')).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Orang pertama, kala kini');
    expect(
      within(panel).getByLabelText('Sampel baharu prosa anda sendiri (menggantikan sampel yang telah diukur)'),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Buang sampel' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Buang “suddenly”' })).toBeTruthy();
  });

  it(
    'saves a pasted sample; a refusal is said next to the field, ' +
      'which keeps the text; then the fingerprint replaces “no sample”',
    async () => {
      const refusal = 'voice: the sample has 12 words; give at least 300 words of your own prose to measure a voice.';
      let answer: VoiceFailure | null = { field: 'sample', message: refusal };
      const { user, onSaveVoice } = renderBook('en', { onSaveVoice: async () => answer });
      const panel = screen.getByTestId('voice-panel');
      await user.click(within(panel).getByText('Your voice'));
      expect(within(panel).getByTestId('voice-none').textContent).toContain('No sample yet');
      expect(within(panel).queryByRole('button', { name: 'Remove sample' })).toBeNull();
      const sample = within(panel).getByLabelText('A sample of your own prose') as HTMLTextAreaElement;
      await user.click(within(panel).getByRole('button', { name: 'Save and measure' }));
      expect((await within(panel).findByRole('alert')).textContent).toBe('Paste or read a sample first.');
      expect(onSaveVoice).not.toHaveBeenCalled();

      await typeIn(user, sample, 'I wake at six. The flat is cold. Mum is already up.');
      expect(within(panel).getByTestId('voice-sample-words').textContent).toBe('12 words');
      await user.click(within(panel).getByRole('button', { name: 'Save and measure' }));
      await waitFor(() =>
        expect(onSaveVoice).toHaveBeenCalledWith({ sample: 'I wake at six. The flat is cold. Mum is already up.' }),
      );
      const alert = await within(panel).findByText(refusal);
      expect(alert.getAttribute('role')).toBe('alert');
      expect(sample.value).toBe('I wake at six. The flat is cold. Mum is already up.');
      expect(sample.getAttribute('aria-invalid')).toBe('true');
      expect(sample.getAttribute('aria-describedby')).toContain(alert.id);

      answer = null;
      await user.click(within(panel).getByRole('button', { name: 'Save and measure' }));
      await waitFor(() => expect(within(panel).getByRole('status').textContent).toContain('Your sample is measured'));
      expect(sample.value).toBe('');
      expect(within(panel).queryByRole('alert')).toBeNull();
    },
  );

  it('reads a .txt file into the sample and refuses another kind of file', async () => {
    const { user } = renderBook('en');
    const panel = screen.getByTestId('voice-panel');
    await user.click(within(panel).getByText('Your voice'));
    const input = within(panel).getByLabelText('Or read a .txt or .md file') as HTMLInputElement;
    await user.upload(input, new File(['I wake at six.\n\nThe flat is cold.'], 'sample.txt', { type: 'text/plain' }));
    await waitFor(() =>
      expect((within(panel).getByTestId('voice-sample') as HTMLTextAreaElement).value).toBe(
        'I wake at six.\n\nThe flat is cold.',
      ),
    );
    expect(within(panel).getByRole('status').textContent).toBe(
      'sample.txt read into the sample: 8 words. Save it to measure it.',
    );
    // A picture (chosen with "all files" in the picker): refused by name, the sample read before kept.
    const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [picture] } });
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'cover.png is not a .txt or .md file. Choose a plain text or Markdown file, or paste the text.',
    );
    expect((within(panel).getByTestId('voice-sample') as HTMLTextAreaElement).value).toBe(
      'I wake at six.\n\nThe flat is cold.',
    );
  });

  it(
    'removes the sample, and adds and removes the writer’s ' + 'phrases to avoid (a refusal kept next to the field)',
    async () => {
      let answer: VoiceFailure | null = null;
      const { user, onSaveVoice } = renderBook('en', { voice: VOICE, onSaveVoice: async () => answer });
      const panel = screen.getByTestId('voice-panel');
      await user.click(within(panel).getByText('Your voice'));
      await user.click(within(panel).getByRole('button', { name: 'Remove sample' }));
      await waitFor(() => expect(onSaveVoice).toHaveBeenCalledWith({ sample: null }));
      await waitFor(() => expect(within(panel).getByRole('status').textContent).toContain('The sample is removed'));

      expect(
        within(panel)
          .getAllByTestId('avoid-phrase')
          .map((li) => li.textContent),
      ).toEqual(['suddenly']);
      const field = within(panel).getByLabelText('A phrase to avoid');
      await user.type(field, 'a tapestry of{Enter}');
      await waitFor(() => expect(onSaveVoice).toHaveBeenLastCalledWith({ avoid: ['suddenly', 'a tapestry of'] }));
      await waitFor(() => expect((field as HTMLInputElement).value).toBe(''));

      answer = {
        field: 'avoid',
        message: 'avoid: "a very long phrase" is too long; a phrase to avoid may have at most 80 characters.',
      };
      await typeIn(user, field, 'a very long phrase');
      await user.click(within(panel).getByRole('button', { name: 'Add' }));
      expect((await within(panel).findByRole('alert')).textContent).toContain('at most 80 characters');
      expect((field as HTMLInputElement).value).toBe('a very long phrase');

      answer = null;
      await user.click(within(panel).getByRole('button', { name: 'Remove “suddenly”' }));
      await waitFor(() => expect(onSaveVoice).toHaveBeenLastCalledWith({ avoid: [] }));
      await waitFor(() => expect(document.activeElement).toBe(field));
    },
  );
});
