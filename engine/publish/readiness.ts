// readiness.json of a package, per channel (engine/publish/channels.ts): every check a store's upload
// would make that we can make here, each from the rules table below, which names the published rule it
// comes from; each with pass, fail, warn, skipped or "check" (we could not confirm it: verify on the
// page named), and what to fix. A channel is ready when nothing fails and nothing is left to check; the
// package is ready when every channel is.
import { CHANNELS, CHANNEL_IDS, type Channel, type ChannelId } from './channels.js';
import { KDP_DESCRIPTION_MAX, disallowedTags, hasUrl } from './html.js';
import { isPdf, isZip, jpegInfo, pngSize } from './files.js';
import type { KdpMetadata } from './metadata.js';
import { TITLE_CASE, keywordProblems, titleCase, titleProblems, uncapitalisedTitleWords, type RuleProblem } from './rules.js';

/**
 * `warn`: advice that does not stop the upload; `skipped`: could not be run here (epubcheck not
 * installed); `check`: not confirmed from the channel's published rule: verify it on the page named.
 */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skipped' | 'check';

export interface ReadinessCheck {
  /** Stable name, e.g. `ebook-cover`. */
  id: string;
  /** What is checked, e.g. "cover.jpg is a JPEG in RGB". */
  label: string;
  status: CheckStatus;
  /** What was found. */
  detail?: string;
  /** What to do when it fails (or is to be checked). */
  fix?: string;
  /** The published rule the check comes from (document name and URL). */
  source: string;
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
  detail: string;
}

/** KDP's paperback page counts (Paperback Manuscript Guidelines). */
export const KDP_PAPERBACK_MIN_PAGES = 24;
export const KDP_PAPERBACK_MAX_PAGES = 828;
/** The eBook cover stores want: 1.6 times as tall as wide (KDP's ideal 2,560 × 1,600 px), at least 1,600 px wide. */
export const EBOOK_COVER = { ratio: 1.6, minWidth: 1600, tolerance: 0.01 } as const;

/**
 * The words of the offline provider's demo text (engine/providers/offline.ts OFFLINE_MARK): text that
 * carries them was written by no model and is never ready for a store.
 */
export const OFFLINE_MARKERS = ['Offline demo text', 'Teks demo luar talian'] as const;

/** Where a text carries the offline provider's mark. */
export function hasOfflineText(text: string): boolean {
  return OFFLINE_MARKERS.some((m) => text.toLowerCase().includes(m.toLowerCase()));
}

export interface ReadinessInput {
  metadata: KdpMetadata;
  isBookComplete: boolean;
  /** The book's text (every part, as written), for the offline-text check. */
  manuscriptText: string;
  epub: Uint8Array;
  docx: Uint8Array;
  epubcheck: EpubcheckResult;
  /** The eBook cover: cover.jpg (or cover.png in a package without a JPEG cover). */
  cover: { name: string; bytes: Uint8Array };
  /**
   * The paperback files when the package has them, and the interior's real page count; without a count,
   * the page-count check uses an estimate (words ÷ 300) and says so.
   */
  paperback?: { interior?: Uint8Array; cover?: Uint8Array; pageCount?: number };
  /** How the title and author were found (said in the detail). */
  notes?: { title?: string; author?: string };
}

type Outcome = Omit<ReadinessCheck, 'id' | 'label' | 'source'>;

interface Rule {
  id: string;
  label: (input: ReadinessInput, channel: Channel) => string;
  /** The channels the rule applies to. */
  appliesTo: (channel: Channel) => boolean;
  source: (input: ReadinessInput, channel: Channel) => string;
  evaluate: (input: ReadinessInput, channel: Channel) => Outcome;
}

const pass = (detail: string): Outcome => ({ status: 'pass', detail });
const failed = (detail: string, fix: string): Outcome => ({ status: 'fail', detail, fix });
const outcome = (isOk: boolean, detail: string, fix: string): Outcome => (isOk ? pass(detail) : failed(detail, fix));
const fromProblems = (problems: RuleProblem[], passDetail: string): Outcome =>
  problems.length ? failed(problems.map((p) => p.problem).join('; '), problems.map((p) => p.fix).join('; ')) : pass(passDetail);

const KARYA = 'Karya';
const isEbook = (c: Channel) => c.product === 'ebook';
const isPaperback = (c: Channel) => c.product === 'paperback';
const everyChannel = () => true;

/** The image formats a channel takes for its eBook cover (from its cover rule). */
const COVER_FORMATS: Readonly<Record<ChannelId, readonly ('jpeg' | 'png')[]>> = {
  kdp_ebook: ['jpeg'], kdp_paperback: [], google_play: ['jpeg', 'png'], kobo: ['jpeg', 'png'],
};

function coverOutcome(input: ReadinessInput, channel: Channel): Outcome {
  const { name, bytes } = input.cover;
  const jpeg = jpegInfo(bytes);
  const png = jpeg ? null : pngSize(bytes);
  const formats = COVER_FORMATS[channel.id];
  const format = jpeg ? 'jpeg' : png ? 'png' : null;
  const size = jpeg ?? png;
  if (!format || !size) return failed(`${name} is not a JPEG or PNG image`, 'run the command again to make cover.jpg');
  const problems: string[] = [];
  if (!formats.includes(format)) problems.push(`${name} is a ${format.toUpperCase()} (${channel.name} takes ${formats.map((f) => f.toUpperCase()).join(' or ')})`);
  if (jpeg && jpeg.colour !== 'rgb') problems.push(`its colours are ${jpeg.colour.toUpperCase()}, not RGB`);
  const ratio = size.height / size.width;
  if (Math.abs(ratio - EBOOK_COVER.ratio) > EBOOK_COVER.tolerance) problems.push(`it is ${ratio.toFixed(2)}:1 (height to width), not ${EBOOK_COVER.ratio}:1`);
  if (size.width < EBOOK_COVER.minWidth) problems.push(`it is ${size.width} px wide (at least ${EBOOK_COVER.minWidth})`);
  const detail = `${name}: ${format.toUpperCase()}${jpeg ? `, ${jpeg.colour.toUpperCase()}` : ''}, ${size.width} × ${size.height} px`;
  return problems.length ? failed(`${detail}; ${problems.join('; ')}`, 'use cover.jpg from a package made by this version (an RGB JPEG of 1,600 × 2,560 px)') : pass(detail);
}

function offlineOutcome(input: ReadinessInput): Outcome {
  const m = input.metadata;
  const where = [
    hasOfflineText(input.manuscriptText) ? 'the manuscript' : '',
    hasOfflineText(m.description) ? 'the description' : '',
    m.keywords.some(hasOfflineText) ? 'the keywords' : '',
    hasOfflineText(`${m.title}\n${m.subtitle}`) ? 'the title' : '',
  ].filter(Boolean);
  return where.length
    ? failed(`offline demo text in ${where.join(', ')}: no AI model wrote it`, 'set OPENAI_API_KEY (or an AI provider config) and write the book and its package again with --fresh')
    : pass('written by an AI model');
}

function pageCountOutcome(input: ReadinessInput): Outcome {
  const m = input.metadata;
  const real = input.paperback?.pageCount;
  const pages = real ?? m.estimatedPrintPages;
  const inRange = pages >= KDP_PAPERBACK_MIN_PAGES && pages <= KDP_PAPERBACK_MAX_PAGES;
  const fix = pages < KDP_PAPERBACK_MIN_PAGES
    ? 'for a paperback, write more chapters (--chapters); the eBook is fine as it is'
    : 'split the book into volumes for a paperback; the eBook is fine as it is';
  if (real !== undefined) return outcome(inRange, `${real} pages (paperback-interior.pdf)`, fix);
  const detail = `about ${pages} pages, estimated from ${m.wordCount} words (no interior page count in the package)`;
  return inRange ? { status: 'check', detail, fix: 'make the package again so paperback-interior.pdf gives the real page count' } : failed(detail, fix);
}

/** Every rule, in the order each channel lists its checks. */
export const READINESS_RULES: readonly Rule[] = [
  {
    id: 'book-complete', label: () => 'every part of the book is written', appliesTo: everyChannel, source: () => KARYA,
    evaluate: (i) => outcome(i.isBookComplete, i.isBookComplete ? 'introduction to conclusion' : 'the book is not finished', 'run the same command again to finish the book'),
  },
  {
    id: 'offline-text', label: () => 'written by an AI model, not the offline demo text', appliesTo: everyChannel,
    source: () => 'Karya: the offline provider writes marked demo text (engine/providers/offline.ts), never a book to sell', evaluate: offlineOutcome,
  },
  {
    id: 'author', label: () => 'an author name (given with --author or chosen from the author-name step; never made up)', appliesTo: everyChannel,
    source: (_, c) => c.sources.metadata,
    evaluate: (i) => {
      const a = i.metadata.author.trim();
      return a ? pass(`"${a}"${i.notes?.author ? ` (${i.notes.author})` : ''}`)
        : failed(`no author name${i.notes?.author ? `: ${i.notes.author}` : ''}`, 'pass --author "Your Name" (or type it in the publish panel) and make the package again');
    },
  },
  {
    // KDP's own limits and refused words (its metadata guidelines); the other stores' forms get the title as it is.
    id: 'title', label: () => 'title and subtitle: at most 200 characters, no refused words', appliesTo: (c) => c.id.startsWith('kdp_'), source: (_, c) => c.sources.metadata,
    evaluate: (i) => fromProblems(titleProblems(i.metadata), `"${i.metadata.title}"${i.metadata.subtitle ? ` / "${i.metadata.subtitle}"` : ''}${i.notes?.title ? ` (${i.notes.title})` : ''}`),
  },
  {
    id: 'title-case', label: (i) => `the title is in title case (${i.metadata.language === 'ms' ? 'Malay' : 'English'})`, appliesTo: everyChannel,
    source: (i) => TITLE_CASE[i.metadata.language].source,
    evaluate: (i) => {
      const { title, subtitle, language } = i.metadata;
      if (!title.trim()) return failed('the title is empty', 'pass --title "…" or edit "title" in metadata.json');
      const words = [...uncapitalisedTitleWords(title, language), ...uncapitalisedTitleWords(subtitle, language)];
      if (!words.length) return pass(`"${title}"`);
      const fixed = titleCase(title, language);
      const fixedSub = subtitle ? titleCase(subtitle, language) : '';
      return failed(`not capitalised: ${words.map((w) => `"${w}"`).join(', ')}`, `pass --title "${fixed}"${fixedSub ? ` --subtitle "${fixedSub}"` : ''}`);
    },
  },
  {
    id: 'language', label: (i, c) => `${c.name} accepts books in ${i.metadata.language === 'ms' ? 'Malay' : 'English'} (its published list)`, appliesTo: everyChannel,
    source: (i, c) => c.languages[i.metadata.language].source,
    evaluate: (i, c) => {
      const rule = c.languages[i.metadata.language];
      if (rule.accepted === 'yes') return pass(`${i.metadata.language}: on the list`);
      if (rule.accepted === 'no') return failed(`${i.metadata.language}: not on the list`, `publish this book on another channel`);
      return { status: 'check', detail: `${i.metadata.language}: ${rule.note ?? 'not confirmed from the published list'}`, fix: `read ${rule.source}` };
    },
  },
  {
    id: 'manuscript-epub', label: () => 'manuscript.epub is an EPUB file', appliesTo: isEbook, source: (_, c) => c.sources.manuscript ?? KARYA,
    evaluate: (i) => outcome(isZip(i.epub), `${i.epub.length} bytes`, 'run the command again; report a bug if it persists'),
  },
  {
    id: 'epubcheck', label: () => 'manuscript.epub passes epubcheck', appliesTo: isEbook, source: (_, c) => c.sources.manuscript ?? KARYA,
    evaluate: (i) => ({
      status: i.epubcheck.status, detail: i.epubcheck.detail,
      ...(i.epubcheck.status === 'fail' ? { fix: 'see the epubcheck messages; the store may refuse or change the file' } : {}),
    }),
  },
  {
    id: 'manuscript-docx', label: () => 'manuscript.docx is a Word file', appliesTo: (c) => c.id === 'kdp_ebook', source: (_, c) => c.sources.manuscript ?? KARYA,
    evaluate: (i) => outcome(isZip(i.docx), `${i.docx.length} bytes`, 'run the command again; report a bug if it persists'),
  },
  {
    id: 'ebook-cover', label: (i, c) => `${i.cover.name} is a ${COVER_FORMATS[c.id].map((f) => f.toUpperCase()).join(' or ')} in RGB, ${EBOOK_COVER.ratio}:1, at least ${EBOOK_COVER.minWidth} px wide`,
    appliesTo: isEbook, source: (_, c) => c.sources.cover ?? KARYA, evaluate: coverOutcome,
  },
  {
    id: 'description', label: () => `description.html has text, only the tags stores keep, no links or URLs, at most ${KDP_DESCRIPTION_MAX} characters`,
    appliesTo: everyChannel, source: (_, c) => c.sources.description ?? c.sources.metadata,
    evaluate: (i) => {
      const d = i.metadata.description;
      const text = d.replace(/<[^>]*>/g, '').trim();
      const bad = disallowedTags(d);
      const isOk = text.length > 0 && bad.length === 0 && d.length <= KDP_DESCRIPTION_MAX && !hasUrl(text);
      return outcome(isOk, `${d.length} characters${bad.length ? `; tags stores remove: ${bad.join(' ')}` : ''}${hasUrl(text) ? '; has a URL' : ''}${text ? '' : '; no text'}`,
        'edit description.html: keep to b, i, em, strong, u, br, p, ul, ol, li, h4, h5, h6, no links, and 4,000 characters');
    },
  },
  {
    id: 'keywords', label: () => 'keywords.txt has at most 7 lines of 2 to 50 characters, no refused words', appliesTo: (c) => c.hasKeywordBoxes,
    source: (_, c) => c.sources.metadata, evaluate: (i) => fromProblems(keywordProblems(i.metadata.keywords), `${i.metadata.keywords.length} keywords`),
  },
  {
    id: 'categories', label: () => 'one to three suggested categories', appliesTo: (c) => c.hasCategories, source: (_, c) => c.sources.metadata,
    evaluate: (i) => {
      const n = i.metadata.categories.length;
      return outcome(n >= 1 && n <= 3, i.metadata.categories.join('; ') || 'none', "add categories to the generator's publish block (generators/README.md)");
    },
  },
  {
    id: 'paperback-interior', label: () => 'paperback-interior.pdf is a PDF', appliesTo: isPaperback, source: (_, c) => c.sources.pages ?? KARYA,
    evaluate: (i) => (i.paperback?.interior ? outcome(isPdf(i.paperback.interior), `${i.paperback.interior.length} bytes`, 'run the command again; report a bug if it persists')
      : failed('the package has no paperback-interior.pdf', 'make the package again with this version of karya publish')),
  },
  {
    id: 'paperback-cover', label: () => 'paperback-cover.pdf is a PDF', appliesTo: isPaperback, source: (_, c) => c.sources.cover ?? KARYA,
    evaluate: (i) => (i.paperback?.cover ? outcome(isPdf(i.paperback.cover), `${i.paperback.cover.length} bytes`, 'run the command again; report a bug if it persists')
      : failed('the package has no paperback-cover.pdf', 'make the package again with this version of karya publish')),
  },
  {
    id: 'page-count', label: () => `the paperback has ${KDP_PAPERBACK_MIN_PAGES} to ${KDP_PAPERBACK_MAX_PAGES} pages`, appliesTo: isPaperback,
    source: (_, c) => c.sources.pages ?? KARYA, evaluate: pageCountOutcome,
  },
];

const isChannelReady = (checks: readonly ReadinessCheck[]) => checks.every((c) => c.status !== 'fail' && c.status !== 'check');

/** Every check of a package for every channel (CHANNELS), in the order of READINESS_RULES. */
export function packageReadiness(input: ReadinessInput): Readiness {
  const channels = {} as Record<ChannelId, ChannelReadiness>;
  for (const id of CHANNEL_IDS) {
    const channel = CHANNELS[id];
    const checks = READINESS_RULES.filter((r) => r.appliesTo(channel)).map((r): ReadinessCheck => {
      const result = r.evaluate(input, channel);
      return { id: r.id, label: r.label(input, channel), status: result.status, ...(result.detail !== undefined ? { detail: result.detail } : {}), ...(result.fix ? { fix: result.fix } : {}), source: r.source(input, channel) };
    });
    channels[id] = { name: channel.name, ready: isChannelReady(checks), checks };
  }
  return { ready: CHANNEL_IDS.every((id) => channels[id].ready), channels };
}

/** The channels a package is ready for, by id. */
export function readyChannels(readiness: Readiness): ChannelId[] {
  return CHANNEL_IDS.filter((id) => readiness.channels[id]?.ready);
}

/** The readiness as lines for a terminal: per channel its verdict, then its checks, with the fix under each failure. */
export function formatReadiness(readiness: Readiness): string {
  const mark: Record<CheckStatus, string> = { pass: '✓', fail: '✗', warn: '!', skipped: '–', check: '?' };
  const lines: string[] = [];
  for (const id of CHANNEL_IDS) {
    const channel = readiness.channels[id];
    if (!channel) continue;
    const failedCount = channel.checks.filter((c) => c.status === 'fail').length;
    const toCheck = channel.checks.filter((c) => c.status === 'check').length;
    lines.push(`  ${channel.name}: ${channel.ready ? 'ready' : `not ready (${[failedCount ? `${failedCount} failed` : '', toCheck ? `${toCheck} to check` : ''].filter(Boolean).join(', ')})`}`);
    for (const c of channel.checks) {
      lines.push(`    ${mark[c.status]} ${c.label}${c.detail ? `: ${c.detail}` : ''}${c.status === 'skipped' ? ' (skipped)' : ''}`);
      if ((c.status === 'fail' || c.status === 'warn' || c.status === 'check') && c.fix) lines.push(`        fix: ${c.fix}`);
    }
  }
  const ready = readyChannels(readiness).map((id) => readiness.channels[id].name);
  lines.push(readiness.ready ? '  ready for every channel' : ready.length ? `  ready for: ${ready.join(', ')}; not for the others` : '  not ready for any channel');
  return lines.join('\n');
}
