// The generators the server serves: the list (for the navigation, the dashboard and the credit guard)
// and each form model (for the generator pages). Fetched once per page load and shared.
import { useEffect, useState } from 'react';
import type { GeneratorForm, GeneratorSummary } from '../engine.js';
import { call } from './api.js';
import type { MessageKey } from '../i18n/index.js';

export type { GeneratorSummary };

/** Navigation groups by family, in the order ("Marketing" holds the publishing tools); labels are i18n keys. */
export const GROUPS: ReadonlyArray<{ family: string; label: MessageKey }> = [
  { family: 'fiction', label: 'shell.groupFiction' },
  { family: 'nonfiction', label: 'shell.groupNonfiction' },
  { family: 'creative', label: 'shell.groupCreative' },
  { family: 'publishing', label: 'shell.groupMarketing' },
  { family: 'covers', label: 'shell.groupCovers' },
];

/** External links listed with the Marketing group (after Karya's own publishing guide, /publishing-guide). */
export const MARKETING_LINKS: ReadonlyArray<{ href: string; label: MessageKey }> = [
  { href: 'https://www.canva.com/templates/?query=book-cover', label: 'shell.designTemplates' },
  { href: 'https://kdp.amazon.com/', label: 'shell.publishingTool' },
];

/**
 * The generators a page in `lang` shows: those worded whole in it. One lacking a text in the language is refused
 * there (engine/spec/resolve-languages.ts), never shown with another language's text in its place.
 */
export function shownIn<G extends Pick<GeneratorSummary, 'refusedLanguages'>>(
  generators: readonly G[] | null,
  lang: string,
): G[] {
  return (generators ?? []).filter((g) => !g.refusedLanguages?.includes(lang));
}

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
  const [state, setState] = useState<{ generators: GeneratorSummary[] | null; error: Error | null }>({
    generators: null,
    error: null,
  });
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

/**
 * How many generators a writer finds (those in the navigation's groups) and how many kinds of writing they make; null
 * while loading.
 */
export function catalogueCounts(
  list: readonly GeneratorSummary[] | null,
): { generators: number; types: number } | null {
  if (!list) return null;
  const writers = list.filter((g) => GROUPS.some((group) => group.family === g.family));
  return { generators: writers.length, types: new Set(writers.map((g) => g.typeLabel.en)).size };
}

/** The generator whose route is `path` ("/romance"), from a loaded list. */
export function generatorByRoute(list: readonly GeneratorSummary[], path: string): GeneratorSummary | undefined {
  return list.find((g) => g.route === path);
}
