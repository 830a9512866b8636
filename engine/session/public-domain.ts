// What an edition of a public-domain text is: the original (its author and the year it was first published, as its
// source status says) and what this edition adds to it, from who wrote each part (engine/compile/provenance.ts): the
// parts a model wrote, the passages a model put into the original's parts, the parts the writer wrote for it, a
// translation, a cover. The copyright page claims copyright only over those additions (engine/node/export/
// public-domain-page.ts) and readiness says whether the edition is differentiated as KDP asks. Pure.
import type { Lang, ResolvedSpec } from '../spec/types.js';
import type { BookState } from '../compile/flow.js';
import { partProvenance, sourceStatusOf, translatedFrom } from '../compile/provenance.js';
import { partStep, stepLabel } from '../compile/labels.js';

/** What an edition adds to a public-domain text. */
export interface EditionAdditions {
  /** The parts a model wrote or rewrote (edited by hand or not), by their labels ("Introduction", "Chapter 22"). */
  readonly modelParts: readonly string[];
  /** The original's parts a model put passages into, by their labels. */
  readonly modelPassages: readonly string[];
  /** The parts the writer wrote for this edition (their own text, not the original's), by their labels. */
  readonly writerParts: readonly string[];
  /** A translated edition: the language its text was translated from by a model. */
  readonly translatedFrom?: Lang;
  /** A package's cover: a model's picture or the writer's own (a lettered cover adds nothing). */
  readonly cover?: 'model' | 'author';
}

/** A public-domain book's edition: the original as its source status names it, and the additions. */
export interface PublicDomainEdition {
  readonly originalAuthor?: string;
  readonly firstPublished?: number;
  readonly additions: EditionAdditions;
}

/** Whether an edition adds anything of its own to the public-domain text. */
export function hasAdditions(a: EditionAdditions): boolean {
  return (
    a.modelParts.length + a.modelPassages.length + a.writerParts.length > 0 ||
    a.translatedFrom !== undefined ||
    a.cover !== undefined
  );
}

/**
 * The edition of a public-domain book (undefined for a book that is not one): its original's author and year, and
 * what its parts add (an empty part, such as an import's missing prologue, adds nothing).
 */
export function publicDomainEdition(spec: ResolvedSpec, state: BookState): PublicDomainEdition | undefined {
  const source = sourceStatusOf(state);
  if (spec.kind !== 'book' || !source?.publicDomain) return undefined;
  const additions = { modelParts: [] as string[], modelPassages: [] as string[], writerParts: [] as string[] };
  state.content.forEach((text, i) => {
    if (!text.trim()) return;
    const p = partProvenance(state, i);
    const label = stepLabel(
      i === 0 ? { kind: 'introduction', position: 0 } : partStep(spec, i, state.totalChapters),
      state.lang,
      spec,
    );
    // A translated part is the translation of the original's (said once, as the translation).
    if (p.translatedFrom) return;
    if (p.origin === 'author') {
      if (p.source !== 'public-domain') additions.writerParts.push(label);
      else if (p.passages?.length) additions.modelPassages.push(label);
      return;
    }
    additions.modelParts.push(label);
  });
  const from = translatedFrom(state);
  return {
    ...(source.originalAuthor ? { originalAuthor: source.originalAuthor } : {}),
    ...(source.firstPublished ? { firstPublished: source.firstPublished } : {}),
    additions: { ...additions, ...(from ? { translatedFrom: from } : {}) },
  };
}
