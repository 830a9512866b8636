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
      <Toaster />
    </>,
    { user: input.user },
  );
  return userEvent.setup();
}
