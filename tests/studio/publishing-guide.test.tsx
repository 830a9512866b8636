// @vitest-environment jsdom
// The Marketing group's "Publishing Guide" opens Karya's own guide (/publishing-guide), in the writer's language,
// not a search of the writer's own Google Drive; and no page claims a number of authors Karya cannot show.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ensureLanguages } from '../../studio/src/engine.js';
import { MESSAGES } from '../../studio/src/i18n/messages.js';
import { MARKETING_LINKS } from '../../studio/src/lib/generators.js';
import PublishingGuide from '../../studio/src/pages/PublishingGuide.js';
import { renderPage } from './page.js';
import { useStudioDom } from './dom.js';

useStudioDom({ clearStorage: true });
beforeAll(() => ensureLanguages());

describe('the publishing guide', () => {
  it('reads as six steps in English, ending with the public-domain rules and a way to My Books', () => {
    renderPage(<PublishingGuide />, { path: '/publishing-guide', accountLang: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Publishing guide');
    const steps = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(steps).toHaveLength(6);
    expect(steps.at(-1)).toBe('6. Public-domain texts');
    expect(screen.getByRole('link', { name: 'Go to My Books' }).getAttribute('href')).toBe('/books');
  });

  it('reads in Malay for a Malay writer', () => {
    renderPage(<PublishingGuide />, { path: '/publishing-guide', accountLang: 'ms' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Panduan penerbitan');
    expect(screen.getByText(/Amazon KDP/).textContent).toBe('4. Muat naik ke Amazon KDP');
  });

  it('no external link opens a search of the writer\u2019s own drive; no text claims "1000+" authors', () => {
    expect(MARKETING_LINKS.map((l) => new URL(l.href).hostname)).not.toContain('drive.google.com');
    expect(JSON.stringify(MESSAGES)).not.toMatch(/1000\+|1,000\+/);
  });
});
