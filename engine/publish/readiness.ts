// readiness.json of a package, per channel (engine/publish/channels.ts): every check a store's upload
// would make that we can make here, each from the rules table below, which names the published rule it
// comes from; each with pass, fail, warn, skipped or "check" (we could not confirm it: verify on the
// page named), and what to fix. A channel is ready when nothing fails and nothing is left to check; the
// package is ready when every channel is. Every label, detail and fix is a text of the catalogue
// (readiness-words.ts): kept as code and values in `text`, and written out in the book's language.
import type { Lang } from '../spec/types.js';
import { CHANNELS, CHANNEL_IDS, type Channel, type ChannelId } from './channels.js';
import { KDP_DESCRIPTION_MAX, disallowedTags, hasUrl } from './html.js';
import { isPdf, isZip, jpegInfo, pngSize } from './files.js';
import { estimatePrintPages, type KdpMetadata } from './metadata.js';
import { disclosureOutcome } from './disclosure.js';

const KDP_AI_SOURCE = 'KDP Help, "Content Guidelines": Artificial intelligence (AI)-generated content: https://kdp.amazon.com/en_US/help/topic/G200672390';
import { DEFAULT_PAPER, DEFAULT_TRIM, TRIM_SIZES, type PaperName, type TrimName } from '../print.js';
import { TITLE_CASE, KDP_KEYWORD_MAX, descriptionTextProblems, nameOnlyKeywords, pageLimit, KDP_KEYWORD_SLOTS, KDP_TITLE_MAX, KEYWORD_MIN_LETTERS, keywordProblems, titleCase, titleProblems, uncapitalisedTitleWords, type RuleProblem } from './rules.js';
import { METADATA_RULES } from './readiness-metadata.js';
import { BILINGUAL_RULES } from './readiness-bilingual.js';
import { closeLabel, closeOutcome, reuseLabel, reuseOutcome } from './readiness-closeness.js';
import { checkWords, languageName, readinessText, say, type Audience, type ReadinessCheckText, type ReadinessText, type ReadinessValue } from './readiness-words.js';

// The report's shapes and what a check reads (the package's files, its metadata, the cover) live in
// readiness-types.ts; named here too.
export { EBOOK_COVER, OFFLINE_MARKERS, hasOfflineText, COVER_ART_MIN_WIDTH, type CheckStatus, type ReadinessCheck, type ChannelReadiness, type Readiness, type EpubcheckResult, type ReadinessInput, type CoverContent } from './readiness-types.js';
import { EBOOK_COVER, OFFLINE_MARKERS, hasOfflineText, COVER_ART_MIN_WIDTH, type ReadinessRule, type RuleOutcome, type Said, type CheckStatus, type ReadinessCheck, type ChannelReadiness, type Readiness, type ReadinessInput, type CoverContent } from './readiness-types.js';

type Rule = ReadinessRule;
type Outcome = RuleOutcome;

const pass = (detail: Said): Outcome => ({ status: 'pass', detail });
const failed = (detail: Said, fix: Said): Outcome => ({ status: 'fail', detail, fix });
const outcome = (isOk: boolean, detail: Said, fix: Said): Outcome => (isOk ? pass(detail) : failed(detail, fix));
const fromProblems = (problems: RuleProblem[], passDetail: ReadinessText): Outcome =>
  problems.length ? failed(problems.map((p) => p.problem), problems.map((p) => p.fix)) : pass(passDetail);
/** A text with the note of how it was found, when there is one. */
const withNote = (text: ReadinessText, note: ReadinessText | undefined): ReadinessText => (note ? say('with-note', { text, note }) : text);
const bytes = (file: Uint8Array) => say('bytes', { n: file.length });
const RUN_AGAIN = say('run-again');

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
  if (!format || !size) return failed(say('cover.unreadable', { file: name }), say('cover.unreadable-fix'));
  const problems: ReadinessText[] = [];
  if (!formats.includes(format)) problems.push(say('cover.format', { file: name, format: format.toUpperCase(), channel: channel.name, formats: formatsText(formats) }));
  if (jpeg && jpeg.colour !== 'rgb') problems.push(say('cover.colour', { colour: jpeg.colour.toUpperCase() }));
  const ratio = size.height / size.width;
  if (Math.abs(ratio - EBOOK_COVER.ratio) > EBOOK_COVER.tolerance) problems.push(say('cover.ratio', { ratio: ratio.toFixed(2), want: EBOOK_COVER.ratio }));
  if (size.width < EBOOK_COVER.minWidth) problems.push(say('cover.narrow', { width: size.width, min: EBOOK_COVER.minWidth }));
  const found = { file: name, format: format.toUpperCase(), width: size.width, height: size.height };
  const detail = jpeg ? say('cover.found-colour', { ...found, colour: jpeg.colour.toUpperCase() }) : say('cover.found', found);
  const art = artProblems(input.cover.content);
  if (art.length) return failed([detail, ...problems, ...art], [say('cover.art-fix'), ...(problems.length ? [say('cover.fix')] : [])]);
  return problems.length ? failed([detail, ...problems], say('cover.fix')) : pass(detail);
}

/** What a store's reader would see wrong in the picture itself: one flat colour, or art enlarged from a tiny image. */
function artProblems(content: CoverContent | undefined): ReadinessText[] {
  if (!content) return [];
  return [
    ...(content.isFlat ? [say('cover.flat')] : []),
    ...(content.source.width < COVER_ART_MIN_WIDTH ? [say('cover.upscaled', { ...content.source, min: COVER_ART_MIN_WIDTH })] : []),
  ];
}

/** The image formats a channel takes, as said: "JPEG", "JPEG or PNG". */
function formatsText(formats: readonly ('jpeg' | 'png')[]): ReadinessValue {
  const [a = '', b] = formats.map((f) => f.toUpperCase());
  return b ? say('either', { a, b }) : a;
}


function offlineOutcome(input: ReadinessInput): Outcome {
  const m = input.metadata;
  const where = [
    hasOfflineText(input.manuscriptText) ? say('offline.manuscript') : null,
    hasOfflineText(m.description) ? say('offline.description') : null,
    m.keywords.some(hasOfflineText) ? say('offline.keywords') : null,
    hasOfflineText(`${m.title}\n${m.subtitle}`) ? say('offline.title') : null,
  ].filter((w) => w !== null);
  return where.length ? failed(say('offline.found', { where }), say('offline.fix')) : pass(say('offline.none'));
}

/** The paperback's trim and paper (KDP's defaults when the package does not say), and KDP's page range for them. */
function paperbackLimit(input: ReadinessInput) {
  const trim = input.paperback?.trim ?? DEFAULT_TRIM;
  const paper = input.paperback?.paper ?? DEFAULT_PAPER;
  const { width, height } = TRIM_SIZES[trim];
  return { trim, paper, limit: pageLimit({ binding: 'paperback', paper, trim }), size: say('trim', { width, height }), paperWord: say(`paper.${paper}`) };
}

/** What to change when a book has more pages than its paper and trim allow: another paper that takes them, or fewer pages. */
function tooManyFix(input: ReadinessInput, pages: number): ReadinessText {
  const { trim, paper } = paperbackLimit(input);
  const other: PaperName = paper === 'cream' ? 'white' : 'cream';
  const otherLimit = pageLimit({ binding: 'paperback', paper: other, trim });
  return pages <= otherLimit.max ? say('pages.other-paper', { paper: say(`paper.${other}`), max: otherLimit.max }) : say('pages.too-many');
}

function pageCountOutcome(input: ReadinessInput): Outcome {
  const m = input.metadata;
  const real = input.paperback?.pageCount;
  const pages = real ?? m.estimatedPrintPages ?? estimatePrintPages(m.wordCount);
  const { limit, size, paperWord } = paperbackLimit(input);
  const isTooFew = pages < limit.min;
  const inRange = !isTooFew && pages <= limit.max;
  const found = real !== undefined ? say('pages.real', { n: real }) : say('pages.estimated', { n: pages, words: m.wordCount });
  const detail = inRange ? found : [found, say(isTooFew ? 'pages.under' : 'pages.over', { min: limit.min, max: limit.max, paper: paperWord, size })];
  const fix = isTooFew ? say('pages.too-few', { missing: limit.min - pages }) : tooManyFix(input, pages);
  if (real !== undefined || !inRange) return outcome(inRange, detail, fix);
  return { status: 'check', detail, fix: say('pages.estimated-fix') };
}

/** Every rule, in the order each channel lists its checks. */
export const READINESS_RULES: readonly Rule[] = [
  {
    // KDP's AI-content disclosure, derived from who wrote each part (disclosure.ts): said with how it was counted.
    id: 'ai-disclosure', label: () => say('label.ai-disclosure'), appliesTo: (c) => c.id.startsWith('kdp_'),
    source: () => KDP_AI_SOURCE, evaluate: (i) => disclosureOutcome(i.metadata.aiContent),
  },
  {
    id: 'book-complete', label: () => say('label.book-complete'), appliesTo: everyChannel, source: () => KARYA,
    evaluate: (i) => (i.isBookComplete && i.incompleteParts?.length
      ? outcome(false, say('book.mid-sentence', { parts: i.incompleteParts.join(', ') }), say('book.mid-sentence-fix'))
      : outcome(i.isBookComplete, say(i.isBookComplete ? 'book.complete' : 'book.unfinished'), say('book.finish'))),
  },
  {
    id: 'offline-text', label: () => say('label.offline-text'), appliesTo: everyChannel,
    source: () => 'Karya: the offline demo writes marked practice text, never a book to sell', evaluate: offlineOutcome,
  },
  {
    // The owner's other books and the rest of a batch (near-duplicate-check.ts), when the caller compared them.
    id: 'not-too-close', label: (i) => closeLabel(i.closeness!), appliesTo: everyChannel, when: (i) => i.closeness !== undefined,
    source: (_, c) => c.sources.content, evaluate: (i) => closeOutcome(i.closeness!),
  },
  {
    id: 'reused-passages', label: (i) => reuseLabel(i.closeness!), appliesTo: everyChannel, when: (i) => i.closeness !== undefined && i.closeness.shingles > 0,
    source: (_, c) => c.sources.content, evaluate: (i) => reuseOutcome(i.closeness!),
  },
  {
    id: 'author', label: () => say('label.author'), appliesTo: everyChannel,
    source: (_, c) => c.sources.metadata,
    evaluate: (i) => {
      const a = i.metadata.author.trim();
      const note = i.notes?.author;
      return a ? pass(withNote(say('quoted', { text: a }), note)) : failed(note ? say('author.none-because', { note }) : say('author.none'), say('author.fix'));
    },
  },
  {
    // A book of a series: the stores link the books of a series by its name and each book's number.
    id: 'series', label: () => say('label.series'), appliesTo: everyChannel, when: (i) => i.metadata.series !== null,
    source: (_, c) => c.sources.metadata,
    evaluate: (i) => {
      const s = i.metadata.series!;
      return pass(s.number !== null ? say('series.given', { name: s.name, number: s.number }) : [say('series.no-number', { name: s.name }), say('series.fix')]);
    },
  },
  {
    // KDP's own limits and refused words (its metadata guidelines); the other stores' forms get the title as it is.
    id: 'title', label: () => say('label.title', { max: KDP_TITLE_MAX }), appliesTo: (c) => c.id.startsWith('kdp_'), source: (_, c) => c.sources.metadata,
    evaluate: ({ metadata: { title, subtitle }, notes }) =>
      fromProblems(titleProblems({ title, subtitle }), withNote(subtitle ? say('title-and-subtitle', { title, subtitle }) : say('quoted', { text: title }), notes?.title)),
  },
  {
    id: 'title-case', label: (i) => say('label.title-case', { language: languageName(i.metadata.language) }), appliesTo: everyChannel,
    source: (i) => TITLE_CASE[i.metadata.language].source,
    evaluate: (i) => {
      const { title, subtitle, language } = i.metadata;
      if (!title.trim()) return failed(say('title.empty'), say('title.empty-fix'));
      const words = [...uncapitalisedTitleWords(title, language), ...uncapitalisedTitleWords(subtitle, language)];
      if (!words.length) return pass(say('quoted', { text: title }));
      const fixed = titleCase(title, language);
      const fixedSub = subtitle ? titleCase(subtitle, language) : '';
      return failed(say('title-case.words', { words: words.map((w) => `"${w}"`).join(', ') }), say('title-case.fix', { args: `--title "${fixed}"${fixedSub ? ` --subtitle "${fixedSub}"` : ''}`, title: `"${fixed}"${fixedSub ? ` / "${fixedSub}"` : ''}` }));
    },
  },
  ...METADATA_RULES,
  ...BILINGUAL_RULES,
  {
    id: 'language', label: (i, c) => say('label.language', { channel: c.name, language: languageName(i.metadata.language) }), appliesTo: everyChannel,
    source: (i, c) => c.languages[i.metadata.language].source,
    evaluate: (i, c) => {
      const code = i.metadata.language;
      const rule = c.languages[code];
      if (rule.accepted === 'yes') return pass(say('language.listed', { code }));
      if (rule.accepted === 'no') return failed(say('language.not-listed', { code }), say('language.other-channel'));
      return { status: 'check', detail: say('language.unconfirmed', { code, note: rule.note ?? say('language.not-confirmed') }), fix: say('language.read', { source: rule.source }) };
    },
  },
  {
    id: 'manuscript-epub', label: () => say('label.manuscript-epub'), appliesTo: isEbook, source: (_, c) => c.sources.manuscript ?? KARYA,
    evaluate: (i) => outcome(isZip(i.epub), bytes(i.epub), RUN_AGAIN),
  },
  {
    id: 'epubcheck', label: () => say('label.epubcheck'), appliesTo: isEbook, source: (_, c) => c.sources.manuscript ?? KARYA,
    evaluate: (i) => ({
      status: i.epubcheck.status, detail: i.epubcheck.detail,
      ...(i.epubcheck.status === 'fail' ? { fix: say('epubcheck.fix') } : {}),
    }),
  },
  {
    id: 'manuscript-docx', label: () => say('label.manuscript-docx'), appliesTo: (c) => c.id === 'kdp_ebook', source: (_, c) => c.sources.manuscript ?? KARYA,
    evaluate: (i) => outcome(isZip(i.docx), bytes(i.docx), RUN_AGAIN),
  },
  {
    id: 'ebook-cover', label: (i, c) => say('label.ebook-cover', { file: i.cover.name, formats: formatsText(COVER_FORMATS[c.id]), ratio: EBOOK_COVER.ratio, width: EBOOK_COVER.minWidth }),
    appliesTo: isEbook, source: (_, c) => c.sources.cover ?? KARYA, evaluate: coverOutcome,
  },
  {
    id: 'description', label: () => say('label.description', { max: KDP_DESCRIPTION_MAX }),
    appliesTo: everyChannel, source: (_, c) => c.sources.description ?? c.sources.metadata,
    evaluate: (i) => {
      const d = i.metadata.description;
      const text = d.replace(/<[^>]*>/g, '').trim();
      const bad = disallowedTags(d);
      const notBlurb = descriptionTextProblems(text);
      const isOk = text.length > 0 && bad.length === 0 && d.length <= KDP_DESCRIPTION_MAX && !hasUrl(text);
      const found = [
        say('description.size', { n: d.length }),
        ...(bad.length ? [say('description.tags', { tags: bad.join(' ') })] : []),
        ...(hasUrl(text) ? [say('description.url')] : []),
        ...(text ? [] : [say('description.empty')]),
        ...notBlurb,
      ];
      if (notBlurb.length) return failed(found, isOk ? say('description.write') : [say('description.write'), say('description.fix')]);
      return outcome(isOk, found, say('description.fix'));
    },
  },
  {
    id: 'keywords', label: () => say('label.keywords', { slots: KDP_KEYWORD_SLOTS, min: KEYWORD_MIN_LETTERS, max: KDP_KEYWORD_MAX }), appliesTo: (c) => c.hasKeywordBoxes,
    source: (_, c) => c.sources.metadata,
    evaluate: (i) => {
      const names = nameOnlyKeywords(i.metadata.keywords, i.characterNames ?? []);
      const problems = [...keywordProblems(i.metadata.keywords), ...(names.length ? [{ problem: say('keywords.names', { list: names.map((n) => `"${n}"`).join(', ') }), fix: say('keywords.names-fix') }] : [])];
      return fromProblems(problems, say('keywords.count', { n: i.metadata.keywords.length }));
    },
  },
  {
    id: 'categories', label: () => say('label.categories'), appliesTo: (c) => c.hasCategories, source: (_, c) => c.sources.metadata,
    evaluate: (i) => {
      const n = i.metadata.categories.length;
      return outcome(n >= 1 && n <= 3, n ? say('verbatim', { text: i.metadata.categories.join('; ') }) : say('categories.none'), say('categories.fix'));
    },
  },
  {
    id: 'paperback-interior', label: () => say('label.paperback-interior'), appliesTo: isPaperback, source: (_, c) => c.sources.pages ?? KARYA,
    evaluate: (i) => (i.paperback?.interior ? outcome(isPdf(i.paperback.interior), bytes(i.paperback.interior), RUN_AGAIN)
      : failed(say('paperback.no-interior'), say('paperback.make-again'))),
  },
  {
    id: 'paperback-cover', label: () => say('label.paperback-cover'), appliesTo: isPaperback, source: (_, c) => c.sources.cover ?? KARYA,
    evaluate: (i) => (i.paperback?.cover ? outcome(isPdf(i.paperback.cover), bytes(i.paperback.cover), RUN_AGAIN)
      : failed(say('paperback.no-cover'), say('paperback.make-again'))),
  },
  {
    id: 'page-count', label: (i) => {
      const { limit, size, paperWord } = paperbackLimit(i);
      return say('label.page-count', { min: limit.min, max: limit.max, paper: paperWord, size });
    },
    appliesTo: isPaperback, source: (i) => paperbackLimit(i).limit.source, evaluate: pageCountOutcome,
  },
];

const isChannelReady = (checks: readonly ReadinessCheck[]) => checks.every((c) => c.status !== 'fail' && c.status !== 'check');

const asList = (said: Said): ReadinessText[] => (Array.isArray(said) ? [...(said as readonly ReadinessText[])] : [said as ReadinessText]);

/**
 * Every check of a package for every channel (CHANNELS), in the order of READINESS_RULES, said in `lang`
 * (by default the book's language) for `audience` (by default the writer's words; `cli` names the
 * command's options).
 */
export function packageReadiness(input: ReadinessInput, lang: Lang = input.metadata.language, audience: Audience = 'writer'): Readiness {
  const channels = {} as Record<ChannelId, ChannelReadiness>;
  for (const id of CHANNEL_IDS) {
    const channel = CHANNELS[id];
    const checks = READINESS_RULES.filter((r) => r.appliesTo(channel) && (r.when?.(input) ?? true)).map((r): ReadinessCheck => {
      const result = r.evaluate(input, channel);
      const text: ReadinessCheckText = {
        label: r.label(input, channel),
        ...(result.detail !== undefined ? { detail: asList(result.detail) } : {}),
        ...(result.fix !== undefined ? { fix: asList(result.fix) } : {}),
      };
      const words = checkWords({ label: '', text }, lang, audience);
      return {
        id: r.id, label: words.label, status: result.status, ...(words.detail !== undefined ? { detail: words.detail } : {}), ...(words.fix ? { fix: words.fix } : {}),
        source: r.source(input, channel), text,
      };
    });
    channels[id] = { name: channel.name, ready: isChannelReady(checks), checks };
  }
  return { ready: CHANNEL_IDS.every((id) => channels[id].ready), channels };
}

/** The channels a package is ready for, by id. */
export function readyChannels(readiness: Readiness): ChannelId[] {
  return CHANNEL_IDS.filter((id) => readiness.channels[id]?.ready);
}

/**
 * The readiness as lines for a terminal, in `lang` and the command line's words (`batch`: karya batch's): first the checks every
 * channel shares (the same outcome everywhere), once; then per channel its verdict and only the checks
 * that differ, with the fix under each failure.
 */
export function formatReadiness(readiness: Readiness, lang: Lang = 'en', audience: 'cli' | 'batch' = 'cli'): string {
  const mark: Record<CheckStatus, string> = { pass: '✓', fail: '✗', warn: '!', skipped: '–', check: '?' };
  const words = (code: Parameters<typeof say>[0], params?: Parameters<typeof say>[1]) => readinessText(say(code, params), lang, audience);
  const checkLines = (check: ReadinessCheck, indent: string): string[] => {
    const c = checkWords(check, lang, audience);
    const line = `${indent}${mark[check.status]} ${c.label}${c.detail ? `: ${c.detail}` : ''}${check.status === 'skipped' ? ` ${words('summary.skipped')}` : ''}`;
    const hasFix = (check.status === 'fail' || check.status === 'warn' || check.status === 'check') && c.fix;
    return hasFix ? [line, `${indent}    ${words('summary.fix', { fix: c.fix! })}`] : [line];
  };
  const channels = CHANNEL_IDS.map((id) => readiness.channels[id]).filter((c): c is ChannelReadiness => Boolean(c));
  const said = (check: ReadinessCheck) => checkLines(check, '').join('\n');
  // A check is shared when every channel has it, said the same way.
  const shared = (channels[0]?.checks ?? []).filter((check) => channels.every((c) => c.checks.some((x) => x.id === check.id && said(x) === said(check))));
  const sharedIds = new Set(shared.map((c) => c.id));
  const lines: string[] = [];
  if (shared.length && channels.length > 1) {
    lines.push(`  ${words('summary.shared')}`);
    for (const check of shared) lines.push(...checkLines(check, '    '));
  }
  for (const channel of channels) {
    const failedCount = channel.checks.filter((c) => c.status === 'fail').length;
    const toCheck = channel.checks.filter((c) => c.status === 'check').length;
    const why = [failedCount ? words('summary.failed', { n: failedCount }) : '', toCheck ? words('summary.to-check', { n: toCheck }) : ''].filter(Boolean).join(', ');
    lines.push(`  ${channel.name}: ${channel.ready ? words('summary.ready') : words('summary.not-ready', { why })}`);
    for (const check of channel.checks) if (channels.length < 2 || !sharedIds.has(check.id)) lines.push(...checkLines(check, '    '));
  }
  const ready = readyChannels(readiness).map((id) => readiness.channels[id].name);
  lines.push(`  ${readiness.ready ? words('summary.every') : ready.length ? words('summary.some', { channels: ready.join(', ') }) : words('summary.none')}`);
  return lines.join('\n');
}
