// @vitest-environment jsdom
// The studio's i18n: every message has en and ms, plural forms follow each language's rules, and the
// shell speaks Malay when the account chose it: group names, menu entries (generators by their Malay
// type labels), <html lang>, and the switch saves the choice to the account.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { Profile } from '../../engine/contract/index.js';
import Shell from '../../studio/src/components/Shell.js';
import { LANG_KEY, textIn, translate } from '../../studio/src/i18n/index.js';
import { MESSAGES } from '../../studio/src/i18n/messages.js';
import { pageWord } from '../../studio/src/generator/words.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

const USER: Profile = {
  id: 'u1',
  email: 'siti@karya.test',
  name: '',
  bio: '',
  role: 'free',
  credits_available: 1,
  total_usage: 0,
  lang: 'ms',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const GENERATORS = [
  {
    id: 'romance',
    route: '/romance',
    family: 'fiction',
    kind: 'book',
    cost: 1,
    title: { en: 'Romance Story Creator', ms: 'Penjana Cerita Romantik' },
    tagline: { en: 'x', ms: 'x' },
    typeLabel: { en: 'Romance', ms: 'Romantik' },
  },
  {
    id: 'pet-care',
    route: '/pet-care',
    family: 'nonfiction',
    kind: 'book',
    cost: 1,
    title: { en: 'Pet Care Guide Creator', ms: 'Penjana Panduan Penjagaan Haiwan' },
    tagline: { en: 'x', ms: 'x' },
    typeLabel: { en: 'Pet Care Guide', ms: 'Panduan Penjagaan Haiwan' },
  },
];

useStudioDom({ clearStorage: true });

describe('message tables', () => {
  it('every message has a non-empty English and Malay text', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      for (const lang of ['en', 'ms'] as const) {
        const text = textIn(entry, lang, key);
        const forms = typeof text === 'string' ? [text] : Object.values(text);
        for (const form of forms) expect(form.trim(), `${key}.${lang}`).not.toBe('');
      }
    }
  });

  it('counts with each language’s plural rules: "1 credit", "2 credits", "1 kredit"', () => {
    const cases: Array<[lang: 'en' | 'ms', n: number, expected: string]> = [
      ['en', 1, '1 credit'],
      ['en', 0, '0 credits'],
      ['en', 2, '2 credits'],
      ['en', 1500, '1,500 credits'],
      ['ms', 1, '1 kredit'],
      ['ms', 10, '10 kredit'],
    ];
    for (const [lang, n, expected] of cases) expect(translate('shell.credits', lang, { n })).toBe(expected);
  });

  it('the generator page counts the same way: "1 credit remaining", not "1 credits remaining" (issue 15)', () => {
    expect(pageWord('successToast', 'en', { n: '1' })).toBe('Content generated successfully! 1 credit remaining.');
    expect(pageWord('successToast', 'en', { n: '1,500' })).toBe(
      'Content generated successfully! 1,500 credits remaining.',
    );
    expect(pageWord('successToast', 'en', { n: '0' })).toBe('Content generated successfully! 0 credits remaining.');
    expect(pageWord('successToast', 'ms', { n: '1' })).toBe('Kandungan berjaya dijana! Baki kredit: 1.');
    expect(pageWord('words', 'en', { n: '1' })).toBe('1 word');
    expect(pageWord('bookCostLeft', 'en', { n: 1, have: '9' })).toBe('To finish this book: 1 credit — you have 9');
  });
});

describe('the shell in Bahasa Malaysia', () => {
  function stub(calls: Array<{ url: string; method: string; body: unknown }>) {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/generators')
        return new Response(JSON.stringify({ generators: GENERATORS }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      if (url === '/api/me/lang') {
        const { lang } = JSON.parse(String(init.body)) as { lang: 'en' | 'ms' };
        return new Response(JSON.stringify({ ...USER, lang }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    });
  }

  it(
    'names groups and menu entries in Malay, sets <html ' +
      'lang="ms">, and switching to English saves it to the account',
    async () => {
      const calls: Array<{ url: string; method: string; body: unknown }> = [];
      stub(calls);
      renderPage(
        <Shell>
          <p>page</p>
        </Shell>,
        { user: USER },
      );
      const nav = screen.getAllByRole('navigation', { name: 'Utama' })[0]!;
      await within(nav).findByRole('link', { name: 'Romantik' });
      for (const group of ['Fiksyen', 'Bukan Fiksyen', 'Pemasaran'])
        expect(within(nav).getByRole('button', { name: group })).toBeTruthy();
      expect(within(nav).getByRole('link', { name: 'Panduan Penjagaan Haiwan' })).toBeTruthy();
      expect(within(nav).getByRole('link', { name: 'Papan Pemuka' })).toBeTruthy();
      expect(within(nav).queryByRole('link', { name: 'Romance' })).toBeNull();
      expect(screen.getAllByRole('button', { name: 'Log Keluar' }).length).toBeGreaterThan(0);
      expect(screen.getAllByTestId('credit-balance')[0]!.textContent).toBe('1 kredit');
      expect(document.documentElement.lang).toBe('ms');

      const user = userEvent.setup();
      await user.selectOptions(screen.getAllByTestId('language-switch')[0]!, 'en');
      await waitFor(() => expect(document.documentElement.lang).toBe('en'));
      expect(calls.find((c) => c.url === '/api/me/lang')).toMatchObject({ method: 'PUT', body: { lang: 'en' } });
      await screen.findAllByRole('navigation', { name: 'Main' });
      expect(screen.getAllByTestId('credit-balance')[0]!.textContent).toBe('1 credit');
      expect(localStorage.getItem(LANG_KEY)).toBe('en');
    },
  );
});
