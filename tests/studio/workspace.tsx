// The generator page of one generator as the studio renders it (router, signed-in user, toaster), for the
// DOM tests that drive a whole page against a stubbed fetch; answers the user-event driver.
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { Catalog } from '../../engine/index.js';
import type { Profile } from '../../engine/contract/index.js';
import type { FormModel } from '../../studio/src/engine.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';
import { renderPage } from './page.js';

export function renderWorkspace(input: { catalog: Catalog; id: string; user: Profile }) {
  const form = JSON.parse(JSON.stringify(input.catalog.form(input.id))) as FormModel;
  renderPage(
    <>
      <GeneratorWorkspace form={form} />
      {/* A toast stays 30 s, not the 2–4 s a writer sees: a test finds it by its text, which on a loaded machine came
      after a 4 s toast had gone (stop.test's "Stopped." at load 31–36). tests/studio/fresh-modules.ts empties the
      toasts after each test. */}
      <Toaster toastOptions={{ duration: 30_000 }} />
    </>,
    { user: input.user },
  );
  return userEvent.setup();
}
