// The generator page of one generator as the studio renders it (router, signed-in user, toaster), for the
// DOM tests that drive a whole page against a stubbed fetch; answers the user-event driver.
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { Catalog } from '../../engine/index.js';
import type { Profile } from '../../engine/contract/index.js';
import type { FormModel } from '../../studio/src/engine.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';

export function renderWorkspace(input: { catalog: Catalog; id: string; user: Profile }) {
  render(
    <MemoryRouter>
      <AuthProvider initialUser={input.user}>
        <GeneratorWorkspace form={JSON.parse(JSON.stringify(input.catalog.form(input.id))) as FormModel} />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}
