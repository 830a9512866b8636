// A studio page as the app mounts it, for the DOM tests that drive a page against a stubbed fetch: inside
// a router (at `path`), the sign-in provider (signed in as `user`, or asking the stubbed server who is),
// and, given `accountLang`, the language provider of an account in that language.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Profile } from '../../engine/contract/index.js';
import type { Lang } from '../../engine/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { LangProvider } from '../../studio/src/i18n/index.js';

export function renderPage(page: ReactNode, opts: { path?: string; user?: Profile; accountLang?: Lang } = {}) {
  const inner = opts.accountLang ? (
    <LangProvider accountLang={opts.accountLang} saveAccountLang={async () => undefined}>
      {page}
    </LangProvider>
  ) : (
    page
  );
  return render(
    <MemoryRouter initialEntries={[opts.path ?? '/']}>
      <AuthProvider initialUser={opts.user}>{inner}</AuthProvider>
    </MemoryRouter>,
  );
}
