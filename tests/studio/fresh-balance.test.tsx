// @vitest-environment jsdom
// The balance the studio shows is read again when it may have changed elsewhere (a generation in another tab, an
// administrator's grant): on moving to another page inside the studio, and on coming back to the tab. Never two reads
// at once, and not on every page: a move within a few seconds of the last read (the page load's) reads nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router-dom';
import type { Profile } from '../../engine/contract/index.js';
import Shell from '../../studio/src/components/Shell.js';
import { NAVIGATION_GAP_MS } from '../../studio/src/lib/freshBalance.js';
import { useAuth } from '../../studio/src/lib/auth.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom({ restoreMocks: true });

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 574,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The server: its balance for the writer, how many times GET /api/me was asked, and a gate that holds its answers while
 * shut (`shut()` shuts it and answers what opens it; `hold = null` leaves it open).
 */
function serve() {
  const server = {
    credits: USER.credits_available,
    reads: 0,
    hold: null as Promise<void> | null,
    shut(): () => void {
      let open = () => {};
      server.hold = new Promise((resolve) => (open = resolve));
      return open;
    },
  };
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/generators') return json({ generators: [] });
    if (url === '/api/me') {
      server.reads += 1;
      const credits = server.credits;
      if (server.hold) await server.hold;
      return json({ ...USER, credits_available: credits });
    }
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return server;
}

const page = (name: string, to: string) => (
  <>
    <h1>{name}</h1>
    <Link to={to}>to {to}</Link>
  </>
);

/**
 * A page whose button charges 100 credits as a generation's answer does: the balance the charge's answer gave
 * (setCredits).
 */
function Charge() {
  const { user, setCredits } = useAuth();
  return (
    <button type="button" onClick={() => setCredits((user?.credits_available ?? 0) - 100)}>
      Charge 100
    </button>
  );
}

function renderStudio() {
  renderPage(
    <Routes>
      <Route element={<Shell />}>
        <Route
          index
          element={
            <>
              {page('Dashboard', '/books')}
              <Charge />
            </>
          }
        />
        <Route path="/books" element={page('My Books', '/')} />
      </Route>
    </Routes>,
    { user: USER },
  );
}

const shown = () => screen.getAllByTestId('credit-balance')[0]!.textContent!.trim();
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
const comeBack = () =>
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });

describe('the balance the studio shows is read again', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it(
    'on moving to another page: 200 credits spent in another ' + 'tab are shown, and a quick move after reads nothing',
    async () => {
      const server = serve();
      renderStudio();
      expect(shown()).toBe('574 credits');
      server.credits = 374;

      later(NAVIGATION_GAP_MS - 1000);
      fireEvent.click(screen.getByRole('link', { name: 'to /books' }));
      await screen.findByRole('heading', { name: 'My Books' });
      expect(server.reads).toBe(0);

      later(1000);
      fireEvent.click(screen.getByRole('link', { name: 'to /' }));
      await screen.findByRole('heading', { name: 'Dashboard' });
      await waitFor(() => expect(shown()).toBe('374 credits'));
      expect(screen.getByTestId('credit-balance-mobile').textContent).toContain('374');
      expect(server.reads).toBe(1);

      later(1000);
      fireEvent.click(screen.getByRole('link', { name: 'to /books' }));
      await screen.findByRole('heading', { name: 'My Books' });
      expect(server.reads).toBe(1);
    },
  );

  it(
    "on coming back to the tab: an administrator's grant is shown, with one " +
      'read for the focus and the visibility together, none while one runs',
    async () => {
      const server = serve();
      renderStudio();
      server.credits = 1574;
      const open = server.shut();

      later(2000);
      comeBack();
      comeBack();
      later(2000);
      comeBack();
      expect(server.reads).toBe(1);
      expect(shown()).toBe('574 credits');

      open();
      await waitFor(() => expect(shown()).toBe('1,574 credits'));
      expect(server.reads).toBe(1);

      server.hold = null;
      later(2000);
      comeBack();
      await waitFor(() => expect(server.reads).toBe(2));
      expect(shown()).toBe('1,574 credits');
    },
  );

  it('a charge answered here while a read runs keeps its balance: the read, older, is not applied', async () => {
    const server = serve();
    renderStudio();
    server.credits = 1574;
    const openFirst = server.shut();
    later(2000);
    comeBack();
    expect(server.reads).toBe(1);
    // The charge, answered while the read waits: the server's balance is 1,474 now, the read's answer says 1,574.
    fireEvent.click(screen.getByRole('button', { name: 'Charge 100' }));
    expect(shown()).toBe('474 credits');
    server.credits = 1474;
    const openSecond = server.shut();
    openFirst();
    // The first read done (a return reads again only then), the second's answer held: the charge's balance is shown.
    await waitFor(() => {
      later(2000);
      comeBack();
      expect(server.reads).toBe(2);
    });
    expect(shown()).toBe('474 credits');
    openSecond();
    await waitFor(() => expect(shown()).toBe('1,474 credits'));
  });

  it('nothing is read while the tab is hidden', async () => {
    const server = serve();
    renderStudio();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    later(2000);
    comeBack();
    expect(server.reads).toBe(0);
    visibility.mockReturnValue('visible');
    comeBack();
    expect(server.reads).toBe(1);
  });
});
