// The generators the server serves: the list (for the navigation, the dashboard and the credit guard)
// and each form model (for the generator pages). Fetched once per page load and shared.
import { useEffect, useState } from 'react';
import type { GeneratorForm, GeneratorSummary } from '../../../engine/contract/index.js';
import { call } from './api.js';

export type { GeneratorSummary };

/** Navigation groups by family, in the order of spec/platform.md §2 ("Marketing" holds the publishing tools). */
export const GROUPS: ReadonlyArray<{ family: string; label: string }> = [
  { family: 'fiction', label: 'Fiction' },
  { family: 'nonfiction', label: 'Non-fiction' },
  { family: 'creative', label: 'Creative' },
  { family: 'publishing', label: 'Marketing' },
  { family: 'covers', label: 'Covers' },
];

/** External links listed with the Marketing group. */
export const MARKETING_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: 'https://www.canva.com/templates/?query=book-cover', label: 'Design Templates' },
  { href: 'https://drive.google.com/drive/search?q=self-publishing%20guide', label: 'Publishing Guide' },
  { href: 'https://kdp.amazon.com/', label: 'Publishing Tool' },
];

let listPromise: Promise<GeneratorSummary[]> | null = null;
const formPromises = new Map<string, Promise<GeneratorForm>>();

export function loadGenerators(): Promise<GeneratorSummary[]> {
  listPromise ??= call('GET /generators').then(
    (r) => r.generators,
    (error: unknown) => {
      listPromise = null;
      throw error;
    },
  );
  return listPromise;
}

export function loadForm(id: string): Promise<GeneratorForm> {
  let p = formPromises.get(id);
  if (!p) {
    p = call('GET /generators/:id', { params: { id } }).catch((error: unknown) => {
      formPromises.delete(id);
      throw error;
    });
    formPromises.set(id, p);
  }
  return p;
}

/** The generator list, or null while loading; `error` when it could not be read. */
export function useGenerators(): { generators: GeneratorSummary[] | null; error: Error | null } {
  const [state, setState] = useState<{ generators: GeneratorSummary[] | null; error: Error | null }>({ generators: null, error: null });
  useEffect(() => {
    let isCurrent = true;
    loadGenerators().then(
      (generators) => isCurrent && setState({ generators, error: null }),
      (error: Error) => isCurrent && setState({ generators: null, error }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}

/** The generator whose route is `path` ("/romance"), from a loaded list. */
export function generatorByRoute(list: readonly GeneratorSummary[], path: string): GeneratorSummary | undefined {
  return list.find((g) => g.route === path);
}
