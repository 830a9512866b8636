// @vitest-environment jsdom
// A time the studio writes (the edition dialog's time left, an audio edition's length) is worded by the page's
// language table (languages/<code>/number-words.yaml), never by English units in code: English, Malay and
// Indonesian as their files say, and a fourth language added by docs/add-a-language.md with units of its own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AudiobookStatus, MyBook, Profile } from '../../engine/contract/index.js';
import { setLanguageSource, type Lang } from '../../studio/src/engine.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import Books from '../../studio/src/pages/Books.js';
import { AudioPanel } from '../../studio/src/generator/AudioPanel.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

/** The fourth language's own units (a maintainer words number-words.yaml again: step 3 of the doc). */
const XX_UNITS = [
  'decimal: ","',
  'group: "."',
  'seconds: "{n} sn"',
  'minutes: "{m} dk"',
  'minutesSeconds: "{m} dk {s} sn"',
  'hours: "{h} sa"',
  'hoursMinutes: "{h} sa {m} dk"',
  'milliseconds: "{n} ms"',
].join('\n');

beforeAll(() => {
  const dir = fourthLanguage({ order: 9 });
  writeFileSync(path.join(dir, 'xx/number-words.yaml'), `${XX_UNITS}\n`);
  const table = readLanguages(languageFolders({ KARYA_LANGUAGES: dir }), { KARYA_DRAFT_LANGUAGES: '1' });
  setLanguageSource(() => table);
});
afterAll(() => setLanguageSource(() => readLanguages()));

const user = (lang: Lang): Profile => ({
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 40,
  total_usage: 0,
  lang,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});
const BOOK: MyBook = {
  id: 8,
  title: 'Rain Over Penang',
  lang: 'en',
  book_type: 'romance',
  generator_id: 'romance',
  type_label: 'Romance',
  words: 9000,
  chapters_written: 3,
  chapters_total: 3,
  updated_at: '2026-03-02T10:00:00Z',
  is_current: false,
  is_finished: true,
  has_cover: false,
};
const COST = { credits: 12, characters: 60_000, characters_per_credit: 5_000 };
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const JSON_TYPE = { 'content-type': 'application/json' };
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: JSON_TYPE });
const OFFER = {
  to: 'ms',
  cost: { per_part: 1, parts: 3, total: 3, remaining: 3 },
  glossary_terms: 0,
  is_running: false,
};

/** My Books with one book offered in Malay, its edition's events sent when the test says. */
function serveEdition() {
  let send: (text: string) => void = () => undefined;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/books') return json({ books: [BOOK] });
    if (url === '/api/generators') return json({ generators: [] });
    if (url === '/api/books/8/editions' && init?.method === 'POST') {
      const start = (c: ReadableStreamDefaultController<Uint8Array>) =>
        void (send = (text) => c.enqueue(new TextEncoder().encode(text)));
      const body = new ReadableStream<Uint8Array>({ start });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (url === '/api/books/8/editions') {
      return json({ book: { id: 8, title: BOOK.title, lang: 'en' }, editions: [], offer: OFFER });
    }
    const glossary = { terms: [], limits: { terms: 200, term_chars: 80 } };
    if (url.startsWith('/api/books/8/editions/ms/glossary')) return json(glossary);
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return (text: string) => send(text);
}

describe("the studio's times in the page's language", () => {
  it.each([
    ['en', 'about 1 min 20 s left · so far: calls 2, credits 1', 'about 2 h 5 min left · so far: calls 2, credits 1'],
    [
      'ms',
      'kira-kira 1 min 20 s lagi · setakat ini: panggilan 2, kredit 1',
      'kira-kira 2 jam 5 min lagi · setakat ini: panggilan 2, kredit 1',
    ],
    [
      'id',
      'sekitar 1 min 20 s lagi · sejauh ini: panggilan 2, kredit 1',
      'sekitar 2 jam 5 min lagi · sejauh ini: panggilan 2, kredit 1',
    ],
    [
      'xx',
      'sekitar 1 dk 20 sn lagi · sejauh ini: panggilan 2, kredit 1',
      'sekitar 2 sa 5 dk lagi · sejauh ini: panggilan 2, kredit 1',
    ],
  ] as const)("an edition's time left (%s)", async (lang, minutes, hours) => {
    const send = serveEdition();
    renderPage(<Books />, { user: user(lang), accountLang: lang, path: '/books' });
    await userEvent.click(await screen.findByTestId('make-edition'));
    const dialog = await screen.findByTestId('edition-dialog');
    await userEvent.click(await within(dialog).findByTestId('start-edition'));
    const part = { position: 1, label: 'Chapter 1', status: 'translated', credits: 1, parts_done: 1, parts_total: 3 };
    send(sse('part', { ...part, so_far: { calls: 2, tokens: 900, credits: 1, elapsed_seconds: 40, eta_seconds: 80 } }));
    const soFar = await within(dialog).findByTestId('edition-so-far');
    await vi.waitFor(() => expect(soFar.textContent).toBe(minutes));
    const hoursLeft = { calls: 2, tokens: 900, credits: 1, elapsed_seconds: 40, eta_seconds: 7_500 };
    send(sse('part', { ...part, so_far: hoursLeft }));
    await vi.waitFor(() => expect(soFar.textContent).toBe(hours));
  });

  it.each([
    ['en', 'Made: 1 h 2 min, 12 credits.'],
    ['ms', 'Siap: 1 jam 2 min, 12 kredit.'],
    ['id', 'Selesai: 1 jam 2 min, 12 kredit.'],
    ['xx', 'Selesai: 1 sa 2 dk, 12 kredit.'],
  ] as const)("an audio edition's length (%s)", async (lang, made) => {
    const status: AudiobookStatus = {
      book: { id: 8, title: BOOK.title, lang: 'en' },
      voice: { kind: 'demo', name: 'Ava' },
      job: null,
      credits_available: 40,
      cost: COST,
      edition: { seconds: 3_720, credits_charged: 12, is_current: true, files: [], made_at: '2026-03-02T10:00:00Z' },
    };
    vi.stubGlobal('fetch', async () => json(status));
    renderPage(<AudioPanel bookId={8} lang={lang} />, { user: user(lang), accountLang: lang });
    const edition = await screen.findByTestId('audio-edition');
    expect(within(edition).getByText(made)).toBeTruthy();
  });
});
