// @vitest-environment jsdom
// The Publish panel against a stubbed server: the cost shown before spending (one credit less with the
// author named), publishing with the typed author, trim and paper, the channels with their checks (what to
// fix, the rule each comes from), the cover, description and keywords made, each file and the zip to
// download, the package made last shown again, a refusal's message, and the Malay words.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { KdpPackage, Profile, PublishQuote, PublishResponse } from '../../engine/contract/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { PublishPanel } from '../../studio/src/generator/PublishPanel.js';
import { typeIn, useStudioDom } from './dom.js';
import { CHILDREN_BOOK_PUBLISH_STEPS } from '../publish-steps.js';
import {
  CLOSENESS_SOURCE,
  closeLabel,
  closeOutcome,
  disclosureOutcome,
  type ClosenessInput,
} from '../../engine/index.js';

useStudioDom();

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 30,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const STEPS: PublishQuote['steps'] = [...CHILDREN_BOOK_PUBLISH_STEPS];
const check = (
  id: string,
  status: 'pass' | 'fail' | 'warn' | 'check',
  extra: { detail?: string; fix?: string } = {},
) => ({ id, label: `${id} label`, status, source: `${id} rule`, ...extra });
const PACKAGE: KdpPackage = {
  title: 'Pip and the Moon',
  subtitle: '',
  author: 'Siti Aminah',
  ready: false,
  channels: {
    kdp_ebook: {
      name: 'Amazon KDP (Kindle eBook)',
      ready: false,
      checks: [
        check('book-complete', 'pass', { detail: 'introduction to conclusion' }),
        check('keywords', 'fail', { detail: '"free book" is refused', fix: 'edit keywords.txt' }),
      ],
    },
    kdp_paperback: {
      name: 'Amazon KDP (paperback)',
      ready: false,
      checks: [check('page-count', 'check', { detail: 'about 30 pages, estimated', fix: 'make the package again' })],
    },
    google_play: { name: 'Google Play Books', ready: true, checks: [check('language', 'pass')] },
    kobo: { name: 'Kobo Writing Life', ready: true, checks: [check('language', 'pass')] },
  },
  description: '<p><strong>Pip</strong> flies to the Moon &amp; back.</p><ul><li>Warm</li></ul>',
  keywords: ['bedtime story', 'moon adventure'],
  steps: STEPS.map((s) => (s.part === 'author' ? { ...s, cost: 0, skipped: 'given' as const } : s)),
  cost: 9,
  files: [
    'manuscript.epub',
    'manuscript.docx',
    'cover.jpg',
    'description.html',
    'keywords.txt',
    'metadata.json',
    'readiness.json',
  ],
  created_at: '2025-03-02T10:00:00.000Z',
};

function serve(opts: { quote?: Partial<PublishQuote>; publish?: () => Response } = {}) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, ...(init.body ? { body: JSON.parse(String(init.body)) as unknown } : {}) });
    if (url === '/api/me') return json(USER);
    if (url === '/api/books/children/publish' && method === 'GET')
      return json({
        is_finished: true,
        steps: STEPS,
        cost: 10,
        trim: '5.5x8.5',
        package: null,
        ...opts.quote,
      } satisfies PublishQuote);
    if (url === '/api/books/children/publish' && method === 'POST')
      return (
        opts.publish?.() ??
        json({ package: PACKAGE, credits_charged: 9, credits_available: 21 } satisfies PublishResponse)
      );
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return calls;
}

const renderPanel = (lang: 'en' | 'ms' = 'en') =>
  render(
    <MemoryRouter>
      <AuthProvider initialUser={USER}>
        <PublishPanel bookType="children" lang={lang} />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
  );

describe('PublishPanel', () => {
  it(
    "starts on the book's own trim, which the writer can still " +
      "change: a children's book 5.5 × 8.5 in, a novel 6 × 9 in",
    async () => {
      for (const [trim, label] of [
        ['5.5x8.5', '5.5 × 8.5 in'],
        ['6x9', '6 × 9 in'],
      ] as const) {
        serve({ quote: { trim } });
        const view = renderPanel();
        const select = (await screen.findByTestId('publish-trim')) as HTMLSelectElement;
        await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe(label));
        await userEvent.setup().selectOptions(select, '5x8');
        expect(select.selectedOptions[0]?.textContent).toBe('5 × 8 in');
        view.unmount();
      }
    },
  );

  it("shows the account's new titles today against the daily limit, in English and Malay (issue 53)", async () => {
    for (const [lang, text] of [
      [
        'en',
        'New titles published today on your account: 2 of 3 a day ' +
          '(stores such as KDP create at most 3 new titles a day).',
      ],
      [
        'ms',
        'Judul baharu yang diterbitkan hari ini dalam akaun anda: 2 daripada 3 ' +
          'sehari (kedai seperti KDP mencipta paling banyak 3 judul baharu sehari).',
      ],
    ] as const) {
      serve({ quote: { today: { packages: 2, per_day: 3 } } });
      const view = renderPanel(lang);
      expect((await screen.findByTestId('publish-today')).textContent).toBe(text);
      view.unmount();
    }
  });

  it(
    "the writer's own title (an untitled manuscript's): one " +
      'credit less, sent with the publish, the title step not run',
    async () => {
      // A book without a title of its own: the title step is quoted (1 credit).
      const calls = serve({
        quote: {
          steps: STEPS.map((s) => (s.part === 'title' ? { part: 'title', generator_id: 'book-title', cost: 1 } : s)),
          cost: 11,
        },
      });
      const user = userEvent.setup();
      renderPanel();
      await waitFor(() => expect(screen.getByTestId('publish-cost').textContent).toBe('Publishing costs 11 credits.'));
      await typeIn(user, screen.getByLabelText('Title'), 'A Walk by the River');
      expect(screen.getByTestId('publish-cost').textContent).toBe('Publishing costs 10 credits.');
      await user.click(screen.getByTestId('publish-button'));
      await screen.findByText('Your publishing package is ready to download.');
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { title: 'A Walk by the River', trim: '5.5x8.5', paper: 'white' },
      ]);
    },
  );

  it(
    'shows the cost before spending, publishes with the author, trim and ' +
      'paper, then the channels, the cover, description, keywords and every file',
    async () => {
      const calls = serve();
      const user = userEvent.setup();
      renderPanel();
      const panel = await screen.findByTestId('publish-panel');
      expect(within(panel).getByRole('heading', { name: 'Publish your book' })).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('publish-cost').textContent).toBe('Publishing costs 10 credits.'));
      expect(screen.getByTestId('publish-button').textContent).toBe('Publish (10 credits)');
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

      await typeIn(user, screen.getByLabelText('Author name'), 'Siti Aminah');
      await user.selectOptions(screen.getByLabelText('Paperback size'), '5x8');
      await user.selectOptions(screen.getByLabelText('Paper'), 'cream');
      expect(screen.getByTestId('publish-cost').textContent).toBe('Publishing costs 9 credits.');
      await user.click(screen.getByTestId('publish-button'));
      await screen.findByText('Your publishing package is ready to download.');
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          url: '/api/books/children/publish',
          body: { author: 'Siti Aminah', trim: '5x8', paper: 'cream' },
        },
      ]);

      const channels = await screen.findAllByTestId('channel');
      expect(channels.map((c) => [c.getAttribute('data-channel'), c.getAttribute('data-ready')])).toEqual([
        ['kdp_ebook', 'false'],
        ['kdp_paperback', 'false'],
        ['google_play', 'true'],
        ['kobo', 'true'],
      ]);
      expect(within(channels[0]!).getByRole('heading', { name: 'Amazon KDP (Kindle eBook)' })).toBeTruthy();
      // What needs action first, with its fix and rule; what passed folded into one line.
      const checks = within(channels[0]!).getAllByTestId('readiness-check');
      expect(checks.map((c) => [c.getAttribute('data-check'), c.getAttribute('data-status')])).toEqual([
        ['keywords', 'fail'],
        ['book-complete', 'pass'],
      ]);
      expect(within(checks[0]!).getByTestId('readiness-source').textContent).toBe('Rule: keywords rule');
      expect(within(checks[0]!).getByTestId('readiness-fix').textContent).toBe('To fix: edit keywords.txt');
      const passed = within(channels[0]!).getByTestId('readiness-passed') as HTMLDetailsElement;
      expect([passed.open, passed.querySelector('summary')!.textContent]).toEqual([false, '1 check passed']);
      expect(within(passed).queryByTestId('readiness-source')).toBeNull();
      expect(within(channels[2]!).getByTestId('readiness-passed').querySelector('summary')!.textContent).toBe(
        '1 check passed',
      );
      const toCheck = within(channels[1]!).getByTestId('readiness-check');
      expect(toCheck.textContent).toContain('To check by hand: ');
      expect(within(toCheck).getByTestId('readiness-fix').textContent).toBe('To fix: make the package again');
      expect(screen.getByTestId('readiness-summary').textContent).toBe('Ready for 2 stores');

      expect(screen.getByTestId('package-cover').getAttribute('src')).toBe(
        '/api/books/children/publish/package/cover.jpg',
      );
      expect(screen.getByTestId('package-description').textContent).toBe('Pip flies to the Moon & back.Warm');
      expect(
        within(screen.getByTestId('package-keywords'))
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['bedtime story', 'moon adventure']);
      const files = screen.getAllByTestId('package-file');
      expect(files.map((a) => a.getAttribute('href'))).toEqual(
        PACKAGE.files.map((f) => `/api/books/children/publish/package/${f}`),
      );
      const link = screen.getByRole('link', { name: 'Download package (.zip)' });
      expect([link.getAttribute('href'), link.hasAttribute('download')]).toEqual([
        '/api/books/children/publish/package',
        true,
      ]);
      expect(screen.getByTestId('publish-button').textContent).toBe('Publish again (9 credits)');
    },
  );

  it.each([
    [
      'en',
      'AI-generated text',
      ['As derived (Most, 62 %)', 'None', 'Some sections', 'Most', 'Entirely'],
      'Publish on or after 2025-03-03',
      'you declared "some sections"; Karya derived "most"',
    ],
    [
      'ms',
      'Teks yang dijana AI',
      ['Seperti ditentukan (Kebanyakan, 62 %)', 'Tiada', 'Sebahagian bahagian', 'Kebanyakan', 'Sepenuhnya'],
      'Terbitkan pada atau selepas 2025-03-03',
      'anda mengisytiharkan "sebahagian bahagian"; Karya memperoleh "kebanyakan"',
    ],
  ] as const)(
    'the writer corrects the AI disclosure from the keyboard; ' +
      'the package says the correction and its date (%s, issue 53)',
    async (lang, label, options, publishOn, corrected) => {
      // The package the server makes with the correction (below the derived level: a warning, shown with its
      // detail; a correction upwards passes and folds with the checks passed): its readiness line as the engine says
      // it.
      const derivation = {
        words: 1000,
        modelWords: 620,
        parts: 8,
        modelParts: 0,
        rewrittenParts: 0,
        handParts: 0,
        authorParts: 8,
        passages: 3,
        added: 0,
      };
      const found = disclosureOutcome({
        text: 'most',
        textShare: 0.62,
        textDerivation: derivation,
        corrected: { text: 'some', derived: 'most' },
        images: 'ai-generated',
      });
      const ai = {
        id: 'ai-disclosure',
        status: found.status,
        source: 'KDP Help',
        label: 'AI disclosure',
        text: { label: { code: 'label.ai-disclosure' }, detail: found.detail },
      };
      const channel = { name: 'Amazon KDP (Kindle eBook)', ready: false, checks: [ai] };
      const made = {
        ...PACKAGE,
        publish_on: '2025-03-03',
        channels: { kdp_ebook: channel, kdp_paperback: channel, google_play: channel, kobo: channel },
      };
      const calls = serve({
        quote: { ai_text: { level: 'most', share: 0.62 } },
        publish: () =>
          new Response(JSON.stringify({ package: made, credits_charged: 10, credits_available: 20 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      });
      const user = userEvent.setup();
      renderPanel(lang);
      const select = (await screen.findByLabelText(label)) as HTMLSelectElement;
      await waitFor(() => expect([...select.options].map((o) => o.textContent)).toEqual(options));
      expect(select.selectedOptions[0]?.textContent).toBe(options[0]);
      // Reached from the keyboard: the next tab stop after the title, author, trim and paper (jsdom does not move a
      // select's choice with the arrow keys, so the choice is made as a browser's native select would make it).
      await user.tab();
      await user.tab();
      await user.tab();
      await user.tab();
      await user.tab();
      expect(document.activeElement).toBe(select);
      await user.selectOptions(select, 'some');
      expect(select.selectedOptions[0]?.textContent).toBe(options[2]);
      await user.click(screen.getByTestId('publish-button'));
      await waitFor(() =>
        expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
          { trim: '5.5x8.5', paper: 'white', aiText: 'some' },
        ]),
      );
      expect((await screen.findByTestId('package-publish-on')).textContent).toBe(publishOn);
      const [check] = await screen.findAllByTestId('readiness-check');
      expect(check!.getAttribute('data-check')).toBe('ai-disclosure');
      expect(check!.textContent).toContain(corrected);
    },
  );

  it('shows the package made last on the next visit', async () => {
    const ready = { name: 'Google Play Books', ready: true, checks: [check('language', 'pass')] };
    serve({
      quote: {
        package: {
          ...PACKAGE,
          ready: true,
          channels: { kdp_ebook: ready, kdp_paperback: ready, google_play: ready, kobo: ready },
        },
      },
    });
    renderPanel();
    await waitFor(() => expect(screen.getByTestId('readiness-summary').textContent).toBe('Ready for every store'));
    expect(screen.getByRole('link', { name: 'Download package (.zip)' })).toBeTruthy();
    expect(screen.getByTestId('publish-button').textContent).toBe('Publish again (10 credits)');
  });

  it("shows the server's refusal and keeps the form", async () => {
    serve({
      publish: () =>
        new Response(
          JSON.stringify({
            error: { code: 'book_not_finished', message: 'Finish your book before publishing it: Chapter 1 is next.' },
          }),
          { status: 409 },
        ),
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByTestId('publish-button'));
    await screen.findByText('Finish your book before publishing it: Chapter 1 is next.');
    expect(screen.queryByTestId('readiness')).toBeNull();
    expect((screen.getByTestId('publish-button') as HTMLButtonElement).disabled).toBe(false);
  });

  it(
    "says each check in the studio's language from the words " +
      "the package keeps as texts, whatever the book's language",
    async () => {
      // An English book's package: its labels in English, and the same words as catalogue texts.
      const unfinished = {
        id: 'book-complete',
        status: 'fail' as const,
        source: 'Karya',
        label: 'every part of the book is written',
        detail: 'the book is not finished',
        fix: 'run the same command again to finish the book',
        text: {
          label: { code: 'label.book-complete' },
          detail: [{ code: 'book.unfinished' }],
          fix: [{ code: 'book.finish' }],
        },
      };
      const channel = { name: 'Kobo Writing Life', ready: false, checks: [unfinished] };
      serve({
        quote: {
          package: {
            ...PACKAGE,
            channels: { kdp_ebook: channel, kdp_paperback: channel, google_play: channel, kobo: channel },
          },
        },
      });
      renderPanel('ms');
      const [check] = await screen.findAllByTestId('readiness-check');
      expect(check!.textContent).toContain('setiap bahagian buku telah ditulis');
      expect(check!.textContent).toContain('buku belum selesai');
      expect(within(check!).getByTestId('readiness-fix').textContent).toContain(
        'tulis bahagian buku yang belum ditulis',
      );
      expect(check!.textContent).not.toMatch(/every part|not finished|run the same command/);
    },
  );

  it.each([
    [
      'en',
      'not too close to your other books (less than 15 % of its text in any one of them)',
      'too close to "Monsoon": 97 % of its 8-word runs are in that book; both have "The ' +
        'rain fell on the harbour all night long", "She folded the letter twice and kept it"',
      'rewrite this book until it is clearly different from "Monsoon"',
      'Rule: KDP Help, "Content Guidelines"',
    ],
    [
      'ms',
      'tidak terlalu hampir dengan buku anda yang lain (kurang daripada 15 % teksnya dalam mana-mana satu buku)',
      'terlalu hampir dengan "Monsoon": 97 % daripada rangkaian 8 perkataannya ' +
        'terdapat dalam buku itu; kedua-duanya mempunyai "The rain fell on the ' +
        'harbour all night long", "She folded the letter twice and kept it"',
      'tulis semula buku ini sehingga ia jelas berbeza daripada "Monsoon"',
      'Peraturan: Bantuan KDP, "Content Guidelines"',
    ],
  ] as const)(
    'shows a book too close to another with the other title, the share and the passages (%s)',
    async (lang, label, detail, fix, source) => {
      const closeness: ClosenessInput = {
        threshold: 0.15,
        compared: 3,
        shingles: 9000,
        reuse: { share: 0 },
        closeTo: [
          {
            book: '2',
            title: 'Monsoon',
            share: 0.97,
            passages: [
              { text: 'The rain fell on the harbour all night long', part: 1, otherPart: 1 },
              { text: 'She folded the letter twice and kept it', part: 4, otherPart: 4 },
            ],
          },
        ],
      };
      const found = closeOutcome(closeness);
      const close = {
        id: 'not-too-close',
        status: found.status,
        source: CLOSENESS_SOURCE,
        label: 'not too close',
        text: { label: closeLabel(closeness), detail: found.detail, ...('fix' in found ? { fix: found.fix } : {}) },
      };
      const channel = { name: 'Amazon KDP (Kindle eBook)', ready: false, checks: [close] };
      serve({
        quote: {
          package: {
            ...PACKAGE,
            channels: { kdp_ebook: channel, kdp_paperback: channel, google_play: channel, kobo: channel },
          },
        },
      });
      renderPanel(lang);
      const [shown] = await screen.findAllByTestId('readiness-check');
      expect(shown!.getAttribute('data-check')).toBe('not-too-close');
      expect(shown!.getAttribute('data-status')).toBe('fail');
      expect(shown!.textContent).toContain(label);
      expect(shown!.textContent).toContain(detail);
      expect(within(shown!).getByTestId('readiness-fix').textContent).toContain(fix);
      expect(within(shown!).getByTestId('readiness-source').textContent).toBe(source);
    },
  );

  it('speaks Malay in a Malay book', async () => {
    serve();
    renderPanel('ms');
    expect(await screen.findByRole('heading', { name: 'Terbitkan buku anda' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('publish-cost').textContent).toBe('Penerbitan menggunakan 10 kredit.'),
    );
    expect(screen.getByLabelText('Nama pengarang')).toBeTruthy();
    expect(screen.getByLabelText('Saiz buku cetak')).toBeTruthy();
    expect(
      within(screen.getByLabelText('Kertas'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Putih', 'Krim']);
    expect(screen.getByTestId('publish-button').textContent).toBe('Terbitkan (10 kredit)');
  });

  it(
    'a Malay package in a Malay studio: no file name, no ' + 'byte count, no English line; what needs action first',
    async () => {
      const text = (code: string, params?: Record<string, unknown>) => ({ code, ...(params ? { params } : {}) });
      const epub = {
        id: 'manuscript-epub',
        status: 'pass' as const,
        source: 'KDP Help, "eBook Manuscript Formatting Guide": https://kdp.amazon.com/help',
        label: 'manuscript.epub is an EPUB file',
        detail: '56817 bytes',
        text: { label: text('label.manuscript-epub'), detail: [text('bytes', { n: 56817 })] },
      };
      const keywords = {
        id: 'keywords',
        status: 'pass' as const,
        source: 'KDP Help, "Keywords": https://kdp.amazon.com/help',
        label: 'keywords.txt has at most 7 lines',
        text: { label: text('label.keywords', { slots: 7, min: 2, max: 50 }) },
      };
      const offline = {
        id: 'offline-text',
        status: 'pass' as const,
        source: 'Karya: the offline demo writes marked practice text, never a book to sell',
        label: 'written by an AI model',
        text: { label: text('label.offline-text') },
      };
      const language = {
        id: 'language',
        status: 'check' as const,
        source: 'KDP Help, "Supported Languages": https://kdp.amazon.com/help',
        label: 'Amazon KDP accepts books in Malay',
        text: {
          label: text('label.language', { channel: 'Amazon KDP', language: text('lang.ms') }),
          detail: [text('language.not-confirmed')],
          fix: [text('language.read', { source: 'KDP Help' })],
        },
      };
      const kdp = { name: 'Amazon KDP (Kindle eBook)', ready: false, checks: [epub, keywords, offline, language] };
      const play = { name: 'Google Play Books', ready: true, checks: [epub, keywords, offline] };
      serve({
        quote: {
          package: { ...PACKAGE, channels: { google_play: play, kdp_ebook: kdp, kdp_paperback: play, kobo: play } },
        },
      });
      renderPanel('ms');
      const channels = await screen.findAllByTestId('channel');
      // The store that needs action comes first, and in it what to do before what passed.
      expect(channels[0]!.getAttribute('data-channel')).toBe('kdp_ebook');
      const checks = within(channels[0]!).getAllByTestId('readiness-check');
      expect(checks[0]!.getAttribute('data-check')).toBe('language');
      expect(within(channels[0]!).getByTestId('readiness-passed').querySelector('summary')!.textContent).toBe(
        '3 semakan lulus',
      );
      for (const d of screen.getAllByTestId('readiness-passed')) (d as HTMLDetailsElement).open = true;
      const shown = screen.getByTestId('readiness').querySelectorAll('[data-testid="channel"]');
      const words = [...shown].map((c) => c.textContent ?? '').join('\n');
      expect(words).not.toMatch(/manuscript\.epub|keywords\.txt|description\.html|\d+ (?:bytes|bait)/);
      expect(words).toContain('eBuku dibuka sebagai EPUB');
      expect(words).toContain('paling banyak 7 kata kunci');
      expect(words).not.toMatch(/offline demo|practice text|every part|accepts books/);
      expect(within(checks[0]!).getByTestId('readiness-source').textContent).toBe(
        'Peraturan: Bantuan KDP, "Supported Languages"',
      );
    },
  );
});
