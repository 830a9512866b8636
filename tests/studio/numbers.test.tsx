// @vitest-environment jsdom
// The studio writes numbers as the page's language does, by the locale its table names (languages/<code>/studio.yaml):
// 12,500 credits in English and Malay, 12.500 in Indonesian; a dollar price $29.99, or $29,99 in Indonesian; a top-up
// price as the offer of the page's language writes it (languages/<code>/topup.yaml): RM45 in English and Malay (the
// platform requirements' copy), MYR 45 in Indonesian (Intl's way), never FPX there.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { Profile as ProfileData } from '../../engine/contract/index.js';
import type { Lang } from '../../engine/index.js';
import Shell from '../../studio/src/components/Shell.js';
import Dashboard from '../../studio/src/pages/Dashboard.js';
import TopUp from '../../studio/src/pages/TopUp.js';
import { WORDS_FMT } from '../../studio/src/generator/previewPart.js';
import { translate } from '../../studio/src/i18n/index.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';
import { paymentOptions } from './topup-options.js';

useStudioDom({ restoreMocks: true });

const USER: ProfileData = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 12500,
  total_usage: 1234,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(options: unknown = { checkout: false, topup: [] }): void {
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/generators') return json({ generators: [] });
    if (url === '/api/payments/options') return json(options);
    if (url.startsWith('/api/books')) return json({ books: [] });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
}

const CARD = paymentOptions('en', { checkout: true, links: {} });

describe("numbers on a page in the writer's language", () => {
  it.each([
    ['en', '12,500 credits', '12,500', '1,234'],
    ['ms', '12,500 kredit', '12,500', '1,234'],
    ['id', '12.500 kredit', '12.500', '1.234'],
  ] as const)("the balance and the dashboard's counts (%s): %s", async (lang, balance, credits, chapters) => {
    serve();
    renderPage(
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<Dashboard />} />
        </Route>
      </Routes>,
      { user: { ...USER, lang }, accountLang: lang },
    );
    await waitFor(() => expect(screen.getAllByTestId('credit-balance')[0]!.textContent!.trim()).toBe(balance));
    expect(within(screen.getByTestId('stat-credits')).getByText(credits)).toBeTruthy();
    expect(within(screen.getByTestId('stat-chapters')).getByText(chapters)).toBeTruthy();
    expect(within(screen.getByTestId('credit-balance-mobile')).getByText(credits)).toBeTruthy();
  });

  it.each([
    ['en', ['$29.99', '$49.99', '$99.99']],
    ['ms', ['$29.99', '$49.99', '$99.99']],
    ['id', ['$29,99', '$49,99', '$99,99']],
  ] as const)("the card packages' prices (%s): %j", async (lang, prices) => {
    serve(CARD);
    renderPage(
      <Routes>
        <Route path="/topup" element={<TopUp />} />
      </Routes>,
      { path: '/topup', user: { ...USER, lang }, accountLang: lang },
    );
    const cards = await screen.findByTestId('card-packages');
    for (const price of prices) expect(within(cards).getByText(price)).toBeTruthy();
  });

  it.each(['en', 'ms'] as const)(
    'the top-up prices in English and Malay stay as the requirements write them, ' +
      'RM45, RM75, RM97, saving RM15, RM53 and RM83, by FPX or bank transfer (%s)',
    async (lang) => {
      serve(paymentOptions(lang));
      renderPage(
        <Routes>
          <Route path="/topup" element={<TopUp />} />
        </Routes>,
        { path: '/topup', user: { ...USER, lang }, accountLang: lang },
      );
      const links = await screen.findByTestId('link-packages');
      for (const price of ['RM45', 'RM75', 'RM97']) expect(within(links).getByText(price)).toBeTruthy();
      expect(links.textContent).toMatch(/RM15.*RM53.*RM83/);
      expect(screen.getByTestId('topup-badges').textContent).toMatch(/FPX/);
      expect(screen.queryByTestId('topup-charge-note')).toBeNull();
    },
  );

  it(
    'the Indonesian Top Up says what it charges: ringgit (MYR, ' +
      'as Indonesian writes it), by card, never FPX or a bare RM',
    async () => {
      serve(paymentOptions('id'));
      renderPage(
        <Routes>
          <Route path="/topup" element={<TopUp />} />
        </Routes>,
        { path: '/topup', user: { ...USER, lang: 'id' }, accountLang: 'id' },
      );
      const links = await screen.findByTestId('link-packages');
      // Intl writes a ringgit price in Indonesian with the currency's code before it and a non-breaking space: "MYR
      // 45".
      const prices = [...links.querySelectorAll('p.text-3xl')].map((p) => p.textContent!.replace(/\s/g, ' '));
      expect(prices).toEqual(['MYR 45', 'MYR 75', 'MYR 97']);
      expect(screen.getByTestId('topup-badges').textContent).toContain('Kartu debit atau kredit');
      expect(screen.getByTestId('topup-charge-note').textContent).toContain('ringgit Malaysia (MYR)');
      expect(document.body.textContent).not.toMatch(/FPX|RM\s?\d/);
    },
  );

  it.each([
    ['en', '1,500 words', '1,500'],
    ['ms', '1,500 patah perkataan', '1,500'],
    ['id', '1.500 kata', '1.500'],
  ] as const)("a part's word count and a message's number (%s): %s", (lang: Lang, words, n) => {
    expect(WORDS_FMT(1500, lang)).toBe(words);
    expect(translate('topup.credits', lang, { n: 1500 })).toContain(n);
  });
});
