// @vitest-environment jsdom
// The forgot-password panel, against a scripted server: a reset refused by a limit (429) shows the server's
// message, which says the real wait in the studio's language, not a wait of its own.
import { expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import SignIn from '../../studio/src/pages/SignIn.js';
import { typeIn, useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom({ clearStorage: true });

it('a reset asked for again too soon shows the wait the server says', async () => {
  const WAIT = 'Please wait 42 seconds before requesting another reset.';
  vi.stubGlobal('EventSource', undefined);
  vi.stubGlobal('fetch', async (url: string) => {
    const isReset = url === '/api/auth/request-password-reset';
    const body = isReset
      ? { error: { code: 'reset_too_soon', message: WAIT } }
      : { error: { code: 'unauthenticated', message: 'User not authenticated' } };
    return new Response(JSON.stringify(body), {
      status: isReset ? 429 : 401,
      headers: { 'content-type': 'application/json', ...(isReset ? { 'retry-after': '42' } : {}) },
    });
  });
  renderPage(<SignIn />, { path: '/signin' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  await typeIn(user, screen.getByLabelText('Email'), 'ana@karya.test');
  await user.click(screen.getByRole('button', { name: 'Send Reset Instructions' }));
  expect((await screen.findByRole('alert')).textContent).toBe(WAIT);
});
