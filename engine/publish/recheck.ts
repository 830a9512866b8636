// A kept package's keywords, description and categories edited by the writer, and its readiness checked
// again without making the package anew (no model call, nothing charged): only the metadata changes
// (keywords.txt, description.html, metadata.json). The manuscript files, the covers and epubcheck's verdict
// do not read these fields (the EPUB's and DOCX's own description is the book's type line, never the
// blurb), so every other check's verdict is carried over from the kept readiness; the rules that read the
// edited fields (METADATA_RULE_IDS) are evaluated again, on every channel they apply to.
import type { BookState } from '../compile/flow.js';
import { parsedOutlineOf } from '../compile/book-outline.js';
import { parseBriefCharacters } from '../compile/brief.js';
import type { Lang, ResolvedSpec } from '../spec/types.js';
import { CHANNELS, CHANNEL_IDS, type ChannelId } from './channels.js';
import { sanitizeKdpHtml } from './html.js';
import type { KdpMetadata } from './metadata.js';
import { READINESS_RULES } from './readiness/index.js';
import { checkWords, type ReadinessCheckText, type ReadinessText } from './readiness-words.js';
import type { ChannelReadiness, Readiness, ReadinessCheck, ReadinessInput, Said } from './readiness-types.js';

/**
 * The rules that read the metadata a writer can edit (keywords, description, categories): re-evaluated after an edit.
 */
export const METADATA_RULE_IDS = [
  'offline-text',
  'metadata-stuffing',
  'description',
  'keywords',
  'categories',
] as const;

/** What a writer may change in a kept package. */
export interface PackageEdit {
  keywords?: readonly string[];
  /** HTML; only the tags KDP keeps stay (sanitizeKdpHtml). */
  description?: string;
  categories?: readonly string[];
}

/** What the metadata rules read besides the metadata: the book's own text and its characters' names. */
export type MetadataRecheckInput = Pick<ReadinessInput, 'metadata' | 'manuscriptText' | 'characterNames'>;

const asList = (said: Said): ReadinessText[] =>
  Array.isArray(said) ? [...(said as readonly ReadinessText[])] : [said as ReadinessText];

/** A keyword as KDP's box takes it: spaces run together, trimmed. Empty ones are left out. */
const cleanKeywords = (keywords: readonly string[]): string[] =>
  keywords.map((k) => k.replace(/\s+/g, ' ').trim()).filter(Boolean);

/** The metadata with the writer's edit applied (the description through KDP's sanitiser). */
export function editedMetadata(metadata: KdpMetadata, edit: PackageEdit): KdpMetadata {
  return {
    ...metadata,
    ...(edit.keywords ? { keywords: cleanKeywords(edit.keywords) } : {}),
    ...(edit.description !== undefined ? { description: sanitizeKdpHtml(edit.description) } : {}),
    ...(edit.categories ? { categories: edit.categories.map((c) => c.trim()).filter(Boolean) } : {}),
  };
}

/**
 * The input the metadata rules are given: any field they do not read throws when read, so a rule that
 * starts reading a file is caught here rather than judged on a package it cannot see.
 */
function metadataOnly(input: MetadataRecheckInput): ReadinessInput {
  return new Proxy(input as ReadinessInput, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in target) && key !== 'characterNames')
        throw new Error(`readiness recheck: a metadata rule read "${key}", which an edit does not keep`);
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * The kept readiness with the metadata rules evaluated again on `input` (said in `lang`, for the writer, as
 * the package's readiness was): each such check replaced where it stood, every other check kept as it was.
 */
export function recheckMetadata(
  kept: Readiness,
  input: MetadataRecheckInput,
  lang: Lang = input.metadata.language,
): Readiness {
  const full = metadataOnly(input);
  const rules = READINESS_RULES.filter((r) => (METADATA_RULE_IDS as readonly string[]).includes(r.id));
  const channels = {} as Record<ChannelId, ChannelReadiness>;
  for (const id of CHANNEL_IDS) {
    const was = kept.channels[id];
    if (!was) continue;
    const channel = CHANNELS[id];
    const checks = was.checks.map((check): ReadinessCheck => {
      const rule = rules.find((r) => r.id === check.id && r.appliesTo(channel));
      if (!rule) return check;
      const result = rule.evaluate(full, channel);
      const text: ReadinessCheckText = {
        label: rule.label(full, channel),
        ...(result.detail !== undefined ? { detail: asList(result.detail) } : {}),
        ...(result.fix !== undefined ? { fix: asList(result.fix) } : {}),
      };
      const words = checkWords({ label: '', text }, lang);
      return {
        id: rule.id,
        label: words.label,
        status: result.status,
        ...(words.detail !== undefined ? { detail: words.detail } : {}),
        ...(words.fix ? { fix: words.fix } : {}),
        source: rule.source(full, channel),
        text,
      };
    });
    channels[id] = { name: was.name, ready: checks.every((c) => c.status !== 'fail' && c.status !== 'check'), checks };
  }
  return { ready: CHANNEL_IDS.every((id) => channels[id]?.ready ?? false), channels };
}

/**
 * A kept package edited: its metadata with the writer's edit, and its readiness with the metadata rules
 * evaluated again for the book as it is saved (its text and its outline's characters, as the package read them).
 * @example const { metadata, readiness } = recheckPackage({ book: spec, state, metadata: kept, readiness, edit: {
 * keywords: ['slow burn romance'] } })
 */
export function recheckPackage(input: {
  book: ResolvedSpec;
  state: BookState;
  metadata: KdpMetadata;
  readiness: Readiness;
  edit: PackageEdit;
}): { metadata: KdpMetadata; readiness: Readiness } {
  const metadata = editedMetadata(input.metadata, input.edit);
  const characterNames = parseBriefCharacters(parsedOutlineOf(input.book, input.state).characters ?? '').map(
    (c) => c.name,
  );
  const readiness = recheckMetadata(input.readiness, {
    metadata,
    manuscriptText: input.state.content.join('\n\n'),
    characterNames,
  });
  return { metadata, readiness };
}
