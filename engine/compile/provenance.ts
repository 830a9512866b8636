// How each part's text came to be: written by the model, rewritten by it, edited by hand, or the
// writer's own (imported or typed), with the passages replaced in it since. Publishing's AI disclosure counts
// the model's words from it (engine/publish/disclosure.ts); the book view shows it per part. Pure data helpers.
import { countWords } from '../words.js';
import { isLang, type Lang } from '../languages/index.js';

/** Who wrote a text: the model, the model rewriting it, the writer editing the model's text by hand, or the writer. */
export type TextOrigin = 'model' | 'model-rewrite' | 'hand' | 'author';
export const TEXT_ORIGINS: readonly TextOrigin[] = ['model', 'model-rewrite', 'hand', 'author'];

/**
 * A passage replaced inside a part: by the model (a passage tool's Keep, or words "write more" added) and how many
 * words it put in.
 */
export interface PassageProvenance {
  readonly origin: 'model' | 'model-rewrite';
  readonly words: number;
}

/**
 * A part's provenance: its text's origin as a whole and the passages the model put in since (an author's part keeps its
 * own words around them).
 */
export interface PartProvenance {
  readonly origin: TextOrigin;
  readonly passages?: readonly PassageProvenance[];
  /**
   * An author's part taken from a public-domain text (an import that carried Project Gutenberg's licence): nobody's
   * copyright to claim.
   */
  readonly source?: 'public-domain';
  /**
   * A part of a translated edition: the model's translation of its source's part, written in this language
   * (engine/session/translate).
   */
  readonly translatedFrom?: Lang;
  /** A translated part's paragraphs (0-based) kept as their source (no answer for them could be kept): to ask again. */
  readonly untranslated?: readonly number[];
  /** A translated part whose chapter title is kept as its source's (no answer for it could be kept): to ask again. */
  readonly titleUntranslated?: true;
}

/**
 * What the writer's source text is, read at import (engine/import/source-status.ts) and kept with the book: whether it
 * is in the public domain, the year it was first published and its original author when known, what said so, and
 * whether the writer confirmed it. The copyright page and readiness of a public-domain book are said from it.
 */
export interface SourceStatus {
  readonly publicDomain: boolean;
  /**
   * The year the text was first published (a Gutenberg "Original publication" line, "first published 1909", a
   * title-page year).
   */
  readonly firstPublished?: number;
  /** The original author the source names (Project Gutenberg's `Author:` line), as written there. */
  readonly originalAuthor?: string;
  /**
   * What said so: Project Gutenberg's licence or header, a public-domain statement in the front or back matter,
   * nothing, or the writer.
   */
  readonly from: SourceEvidence;
  /** The writer confirmed the status (a flag on import, the book's settings). */
  readonly confirmed?: boolean;
}
export type SourceEvidence = 'gutenberg' | 'statement' | 'none' | 'writer';
export const SOURCE_EVIDENCE: readonly SourceEvidence[] = ['gutenberg', 'statement', 'none', 'writer'];

/**
 * A book's source status: the one kept with it, else (a book imported before it was kept) public domain when
 * its written parts came from a public-domain text; undefined for a book with no source read.
 */
export function sourceStatusOf(state: {
  readonly source?: SourceStatus;
  readonly content: readonly string[];
  readonly provenance?: Readonly<Record<number, PartProvenance>>;
}): SourceStatus | undefined {
  if (state.source) return state.source;
  const hasPublicDomainParts = Object.values(state.provenance ?? {}).some(
    (p) => p.origin === 'author' && p.source === 'public-domain',
  );
  return hasPublicDomainParts ? { publicDomain: true, from: 'gutenberg' } : undefined;
}

/** Whether the book's text is in the public domain (its source status says so). */
export function isPublicDomainSource(state: Parameters<typeof sourceStatusOf>[0]): boolean {
  return sourceStatusOf(state)?.publicDomain === true;
}

/** A source status as kept (JSON) or given by a caller, checked: undefined when it is not one. */
export function sourceStatusFrom(raw: unknown): SourceStatus | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const r = raw as Record<string, unknown>;
  if (typeof r.publicDomain !== 'boolean') return undefined;
  const from = SOURCE_EVIDENCE.includes(r.from as SourceEvidence) ? (r.from as SourceEvidence) : 'writer';
  const year =
    typeof r.firstPublished === 'number' &&
    Number.isInteger(r.firstPublished) &&
    r.firstPublished > 0 &&
    r.firstPublished < 10000
      ? r.firstPublished
      : undefined;
  const author =
    typeof r.originalAuthor === 'string' && r.originalAuthor.trim() ? r.originalAuthor.trim().slice(0, 200) : undefined;
  return {
    publicDomain: r.publicDomain,
    ...(year ? { firstPublished: year } : {}),
    ...(author ? { originalAuthor: author } : {}),
    from,
    ...(r.confirmed === true ? { confirmed: true } : {}),
  };
}

/** The most passages a part keeps a record of (the oldest go first): bounded, as everything a book keeps. */
export const MAX_PASSAGE_RECORDS = 200;

/** A part without a record was written by the model (a step, "write more", a draft kept). */
const MODEL: PartProvenance = { origin: 'model' };

/**
 * A hand edit that keeps less than this share of its new text's three-word runs from the text it replaced is the
 * writer's own text typed over the model's (`author`); above it, the model's text edited (`hand`), which KDP still
 * counts as AI-generated "even if you applied substantial edits".
 */
export const TYPED_OVER_SHARE = 0.2;

/** The provenance of the part at `position` (the model's when none was recorded). */
export function partProvenance(
  state: { readonly provenance?: Readonly<Record<number, PartProvenance>> },
  position: number,
): PartProvenance {
  return state.provenance?.[position] ?? MODEL;
}

/** Whether the writer wrote the part at `position` (imported or typed), not the model. */
export function isAuthoredPart(
  state: { readonly provenance?: Readonly<Record<number, PartProvenance>> },
  position: number,
): boolean {
  return partProvenance(state, position).origin === 'author';
}

/**
 * Whether the book is a public-domain text as the writer brought it: every written part the writer's own
 * (provenance `author`) from a public-domain source. Its copyright page claims no ©, and it is not "written with
 * Karya".
 */
export function isPublicDomainBook(state: {
  readonly content: readonly string[];
  readonly provenance?: Readonly<Record<number, PartProvenance>>;
}): boolean {
  const written = state.content.flatMap((text, i) => (text.trim() ? [partProvenance(state, i)] : []));
  return written.length > 0 && written.every((p) => p.origin === 'author' && p.source === 'public-domain');
}

/** Whether any part of the book is the writer's own. */
export function hasAuthoredParts(state: { readonly provenance?: Readonly<Record<number, PartProvenance>> }): boolean {
  return Object.values(state.provenance ?? {}).some((p) => p.origin === 'author');
}

/**
 * The book's provenance with the part at `position` set to `record` (a record saying only "model" is left out: the
 * default).
 */
export function withPartProvenance<S extends { readonly provenance?: Readonly<Record<number, PartProvenance>> }>(
  state: S,
  position: number,
  record: PartProvenance,
): S {
  const { provenance: old, ...rest } = state;
  const next: Record<number, PartProvenance> = { ...old };
  if (record.origin === 'model' && !record.passages?.length && !record.translatedFrom) delete next[position];
  else {
    const source = {
      ...(record.origin === 'author' && record.source ? { source: record.source } : {}),
      ...(record.translatedFrom ? { translatedFrom: record.translatedFrom } : {}),
      ...(record.translatedFrom && record.untranslated?.length ? { untranslated: record.untranslated } : {}),
      ...(record.translatedFrom && record.titleUntranslated ? { titleUntranslated: true as const } : {}),
    };
    next[position] = record.passages?.length
      ? { origin: record.origin, passages: record.passages.slice(-MAX_PASSAGE_RECORDS), ...source }
      : { origin: record.origin, ...source };
  }
  return (Object.keys(next).length ? { ...rest, provenance: next } : rest) as S;
}

/** A passage the model put into the part at `position` (a passage kept, words added), recorded beside its origin. */
export function withModelPassage<S extends { readonly provenance?: Readonly<Record<number, PartProvenance>> }>(
  state: S,
  position: number,
  passage: PassageProvenance,
): S {
  const now = partProvenance(state, position);
  return withPartProvenance(state, position, { ...now, passages: [...(now.passages ?? []), passage] });
}

/**
 * The provenance of a part the writer edited by hand, from the text before and after: an author's part stays
 * the author's (its passages kept); a model's text mostly kept is `hand`; one typed over (less than
 * TYPED_OVER_SHARE of the new text's three-word runs were in the old) is the writer's (`author`).
 */
export function handEdited(before: PartProvenance, previous: string, text: string): PartProvenance {
  if (before.origin === 'author') return before;
  return keptShare(previous, text) < TYPED_OVER_SHARE
    ? { origin: 'author' }
    : { origin: 'hand', ...(before.translatedFrom ? { translatedFrom: before.translatedFrom } : {}) };
}

/** The share of `text`'s three-word runs found in `previous` (0 when `text` has none). */
function keptShare(previous: string, text: string): number {
  const runs = (t: string) => {
    const w = t.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
    return w.length < 3 ? w : w.slice(2).map((_, i) => `${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  };
  const old = new Set(runs(previous));
  const now = runs(text);
  return now.length ? now.filter((r) => old.has(r)).length / now.length : 0;
}

/**
 * The words of a part the model wrote: all of a model's, rewritten or hand-edited part; the passages it put into an
 * author's part (at most the part's words).
 */
export function modelWordsOf(record: PartProvenance, text: string): number {
  const words = countWords(text);
  if (record.origin !== 'author') return words;
  return Math.min(
    words,
    (record.passages ?? []).reduce((n, p) => n + p.words, 0),
  );
}

/** A part's provenance as kept (JSON), anything malformed dropped (undefined: none usable). */
export function partProvenanceOf(raw: unknown): PartProvenance | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as {
    origin?: unknown;
    passages?: unknown;
    source?: unknown;
    translatedFrom?: unknown;
    untranslated?: unknown;
    titleUntranslated?: unknown;
  };
  if (!TEXT_ORIGINS.includes(r.origin as TextOrigin)) return undefined;
  const passages = Array.isArray(r.passages)
    ? r.passages
        .filter(
          (p): p is PassageProvenance =>
            !!p && (p.origin === 'model' || p.origin === 'model-rewrite') && Number.isInteger(p.words) && p.words >= 0,
        )
        .map((p) => ({ origin: p.origin, words: p.words }))
        .slice(-MAX_PASSAGE_RECORDS)
    : [];
  return {
    origin: r.origin as TextOrigin,
    ...(passages.length ? { passages } : {}),
    ...(r.origin === 'author' && r.source === 'public-domain' ? { source: 'public-domain' as const } : {}),
    ...(isLang(r.translatedFrom)
      ? {
          translatedFrom: r.translatedFrom,
          ...untranslatedOf(r.untranslated),
          ...(r.titleUntranslated === true ? { titleUntranslated: true as const } : {}),
        }
      : {}),
  };
}

/** A translated part's untranslated paragraphs as kept: whole numbers from 0, each once, in order (none: nothing). */
function untranslatedOf(raw: unknown): { untranslated?: number[] } {
  const list = Array.isArray(raw)
    ? [...new Set(raw.filter((n): n is number => Number.isInteger(n) && n >= 0))].sort((a, b) => a - b)
    : [];
  return list.length ? { untranslated: list } : {};
}

/**
 * A book's provenance as kept: the record of each part (position → record), or, from a book saved before
 * provenance was kept, the positions of its imported parts (`authored_parts`) as the writer's. Undefined: none.
 */
export function bookProvenanceOf(raw: unknown, authoredParts?: unknown): Record<number, PartProvenance> | undefined {
  const out: Record<number, PartProvenance> = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const n = Number(k);
      const record = partProvenanceOf(v);
      if (
        Number.isInteger(n) &&
        n >= 0 &&
        record &&
        (record.origin !== 'model' || record.passages || record.translatedFrom)
      )
        out[n] = record;
    }
  } else if (Array.isArray(authoredParts)) {
    for (const p of authoredParts) if (Number.isInteger(p) && p >= 0) out[p as number] = { origin: 'author' };
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The language a book was translated from, when every written part of it is a translation (engine/publish
 * discloses it: "Translated from English by AI"); undefined for a book written in its own language.
 */
export function translatedFrom(state: {
  readonly content: readonly string[];
  readonly provenance?: Readonly<Record<number, PartProvenance>>;
}): Lang | undefined {
  const written = state.content.flatMap((text, i) => (text.trim() ? [partProvenance(state, i).translatedFrom] : []));
  const first = written[0];
  return first && written.every((l) => l === first) ? first : undefined;
}
