// The shapes of a package's readiness report (readiness.json) and of what its checks read: the package's
// files and metadata, the cover's content, epubcheck's answer. The rules themselves are in readiness/, one a file.
import type { PublicDomainEdition } from '../session/public-domain.js';
import type { Channel, ChannelId } from './channels.js';
import type { Lang } from '../spec/types.js';
import type { KdpMetadata } from './metadata.js';
import type { PaperName, TrimName } from '../print.js';
import type { ReadinessCheckText, ReadinessText } from './readiness/text.js';
import type { Closeness } from './near-duplicate-check.js';
import { langs, languageTable, onLanguagesLoaded } from '../languages/index.js';

/**
 * `warn`: advice that does not stop the upload; `skipped`: could not be run here (epubcheck not
 * installed); `check`: not confirmed from the channel's published rule: verify it on the page named.
 */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skipped' | 'check';

export interface ReadinessCheck {
  /** Stable name, e.g. `ebook-cover`. */
  id: string;
  /** What is checked, e.g. "cover.jpg is a JPEG in RGB", in the book's language. */
  label: string;
  status: CheckStatus;
  /** What was found. */
  detail?: string;
  /** What to do when it fails (or is to be checked). */
  fix?: string;
  /** The published rule the check comes from (document name and URL). */
  source: string;
  /** label, detail and fix as catalogue texts. */
  text: ReadinessCheckText;
}

export interface ChannelReadiness {
  /** The channel as an author knows it. */
  name: string;
  /** Nothing failed and nothing is left to check (a warning or a skipped check does not count against it). */
  ready: boolean;
  checks: ReadinessCheck[];
}

export interface Readiness {
  /** Every channel is ready. */
  ready: boolean;
  channels: Record<ChannelId, ChannelReadiness>;
}

/** The result of epubcheck on manuscript.epub (engine/node/publish.ts runs it). */
export interface EpubcheckResult {
  status: CheckStatus;
  /** What epubcheck found (its counts and first messages), or why it did not run. */
  detail: ReadinessText;
}

/** DAISY Ace's verdict on manuscript.epub's accessibility (engine/node/ace.ts runs it). */
export interface AceResult {
  status: CheckStatus;
  /** What Ace found (its counts by impact and first rules), or why it did not run. */
  detail: ReadinessText;
  /** Its violations by impact, when it ran. */
  counts?: { critical: number; serious: number; moderate: number; minor: number };
}

/** The eBook cover stores want: 1.6 times as tall as wide (KDP's ideal 2,560 × 1,600 px), at least 1,600 px wide. */
export const EBOOK_COVER = { ratio: 1.6, minWidth: 1600, tolerance: 0.01 } as const;

/**
 * The words the offline provider's demo text opens with (its mark, languages/<code>/offline-demo.yaml `mark`), up to
 * the first colon or full stop and without markup: "Offline demo text", "Teks demo luring". Text that carries one
 * was written by no model and is never ready for a store.
 */
export const demoMarker = (mark: string): string =>
  mark
    .replace(/[*_`]/g, '')
    .split(/[:.!?。：]/)[0]!
    .trim();

let markers: readonly string[] | undefined;
onLanguagesLoaded(() => void (markers = undefined), { eachLanguage: true });

/**
 * Every language's demo marker, from each table's own offline-demo words: a language added as data is caught
 * with no code changed. A language whose words are not read (the studio's bundle leaves them out) gives none.
 */
export function offlineMarkers(): readonly string[] {
  markers ??= langs().flatMap((code) => {
    const t = languageTable(code);
    const demo = (t.raw['offline-demo'] ?? t.files['offline-demo']) as { mark?: unknown } | undefined;
    const marker = typeof demo?.mark === 'string' ? demoMarker(demo.mark) : '';
    return marker ? [marker.toLowerCase()] : [];
  });
  return markers;
}

/** Where a text carries the offline provider's mark, in any language of the table. */
export function hasOfflineText(text: string): boolean {
  const lower = text.toLowerCase();
  return offlineMarkers().some((m) => lower.includes(m));
}

export interface ReadinessInput {
  metadata: KdpMetadata;
  isBookComplete: boolean;
  /**
   * `own-ending`: finished as the writer brought it, its last part theirs and no conclusion written
   * (engine/session/ending.ts).
   */
  ending?: 'whole' | 'own-ending';
  /** The labels of the book's written parts by who wrote them (provenance): the model-parts check names the model's. */
  authorship?: { readonly author: readonly string[]; readonly model: readonly string[] };
  /** The labels of the parts that stop mid-sentence (cut at the model's limit or a broken answer, kept incomplete). */
  incompleteParts?: readonly string[];
  /** The book's text (every part, as written), for the offline-text check. */
  manuscriptText: string;
  epub: Uint8Array;
  docx: Uint8Array;
  epubcheck: EpubcheckResult;
  /**
   * DAISY Ace's verdict on the EPUB (its accessibility), when the caller ran it or tried to: without it the check is
   * not listed.
   */
  ace?: AceResult;
  /**
   * The eBook cover: cover.jpg (or cover.png in a package without a JPEG cover), and what its pixels show
   * when the caller looked (engine/node/publish.ts): one flat colour, the size of the art it was made from.
   */
  cover: { name: string; bytes: Uint8Array; content?: CoverContent };
  /**
   * The paperback files when the package has them, and the interior's real page count; without a count,
   * the page-count check uses an estimate (words ÷ 300) and says so.
   */
  paperback?: { interior?: Uint8Array; cover?: Uint8Array; pageCount?: number; trim?: TrimName; paper?: PaperName };
  /** The book's characters' names (its outline's), for the keywords check. */
  characterNames?: readonly string[];
  /**
   * The book checked against its owner's other books (near-duplicate-check.ts checkCloseness), when the caller
   * did: the not-too-close and reused-passages checks. Without it neither check is listed.
   */
  closeness?: ClosenessInput;
  /**
   * A dual-language book (an edition printed with its source): its two languages, the edition's the one it is sold as.
   */
  bilingual?: { edition: Lang; source: Lang };
  /** How the title and author were found (said in the detail). */
  notes?: { title?: ReadinessText; author?: ReadinessText };
  /**
   * The title as the cover was drawn with it and as the EPUB names it (dc:title), when known: each must be
   * metadata.json's.
   */
  titles?: { cover?: string; epub?: string };
  /**
   * The continuity findings the writer has not dealt with (rewritten away or marked as intended), as the book's
   * Continuity panel lists them: the part each is on and what kind it is. Without it the check is not listed.
   */
  continuity?: ReadonlyArray<{ part: string; kind: string }>;
  /** The book's place in a release schedule (engine/publish/release.ts): the day it may be published on or after. */
  release?: { publishOn: string; perDay: number; nthThatDay: number };
  /** A public-domain book's edition (engine/session/public-domain.ts): KDP's public-domain rules are checked for it. */
  publicDomain?: PublicDomainEdition;
}

/** What a cover's pixels show. */
export interface CoverContent {
  /** Every pixel (near enough) one colour: no picture, no title. */
  isFlat: boolean;
  /** The art the cover was made from, before it was fitted to the cover's size. */
  source: { width: number; height: number };
}

/** KDP's smallest eBook cover (625 × 1,000 px): art narrower than this was enlarged past sharpness. */
export const COVER_ART_MIN_WIDTH = 625;

/** One text, or several (one a problem, said joined with "; "). */
export type Said = ReadinessText | readonly ReadinessText[];

/** What a rule found for one channel. */
export interface RuleOutcome {
  status: CheckStatus;
  detail?: Said;
  fix?: Said;
}

/** A book's closeness as readiness reads it, with its parts' names (by index) to say where a passage is. */
export type ClosenessInput = Closeness & { partLabels?: readonly string[] };

/**
 * One readiness rule: what it checks, where it applies, the published rule it comes from, its verdict, and
 * every code it says with its text in each language (readiness/index.ts refuses to load a rule missing one).
 */
export interface ReadinessRule {
  id: string;
  words: Readonly<Record<string, Readonly<Partial<Record<Lang, string>>>>>;
  /** How the studio's publish panel says some of its codes instead (no file name, no size), in every language too. */
  studioWords?: Readonly<Record<string, Readonly<Partial<Record<Lang, string>>>>>;
  label: (input: ReadinessInput, channel: Channel) => ReadinessText;
  /** The channels the rule applies to. */
  appliesTo: (channel: Channel) => boolean;
  /** Whether the package has what the rule checks (absent: always). */
  when?: (input: ReadinessInput) => boolean;
  source: (input: ReadinessInput, channel: Channel) => string;
  evaluate: (input: ReadinessInput, channel: Channel) => RuleOutcome;
}
