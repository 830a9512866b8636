// The eBook cover each channel takes (its cover rule): a JPEG (or PNG where taken) in RGB, 1.6:1, at least
// 1,600 px wide, and a picture rather than one flat colour or art enlarged from a tiny image.
import type { Channel, ChannelId } from '../channels.js';
import { jpegInfo, pngSize } from '../files.js';
import {
  COVER_ART_MIN_WIDTH,
  EBOOK_COVER,
  type CoverContent,
  type ReadinessInput,
  type ReadinessRule,
  type RuleOutcome,
} from '../readiness-types.js';
import { KARYA, failed, isEbook, pass } from './outcome.js';
import { sayer, type ReadinessText, type ReadinessValue, type RuleWordTable } from './text.js';

const WORDS = {
  'label.ebook-cover': {},
  'cover.found': {},
  'cover.found-colour': {},
  'cover.format': {},
  'cover.colour': {},
  'cover.ratio': {},
  'cover.narrow': {},
  'cover.flat': {},
  'cover.upscaled': {},
  'cover.art-fix': {},
  'cover.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.ebook-cover': {},
} as const satisfies RuleWordTable;

/** The image formats a channel takes for its eBook cover (from its cover rule). */
const COVER_FORMATS: Readonly<Record<ChannelId, readonly ('jpeg' | 'png')[]>> = {
  kdp_ebook: ['jpeg'],
  kdp_paperback: [],
  google_play: ['jpeg', 'png'],
  kobo: ['jpeg', 'png'],
};

function coverOutcome(input: ReadinessInput, channel: Channel): RuleOutcome {
  const { name, bytes } = input.cover;
  const jpeg = jpegInfo(bytes);
  const png = jpeg ? null : pngSize(bytes);
  const formats = COVER_FORMATS[channel.id];
  const format = jpeg ? 'jpeg' : png ? 'png' : null;
  const size = jpeg ?? png;
  if (!format || !size) return failed(say('cover.unreadable', { file: name }), say('cover.unreadable-fix'));
  const problems: ReadinessText[] = [];
  if (!formats.includes(format))
    problems.push(
      say('cover.format', {
        file: name,
        format: format.toUpperCase(),
        channel: channel.name,
        formats: formatsText(formats),
      }),
    );
  if (jpeg && jpeg.colour !== 'rgb') problems.push(say('cover.colour', { colour: jpeg.colour.toUpperCase() }));
  const ratio = size.height / size.width;
  if (Math.abs(ratio - EBOOK_COVER.ratio) > EBOOK_COVER.tolerance)
    problems.push(say('cover.ratio', { ratio: ratio.toFixed(2), want: EBOOK_COVER.ratio }));
  if (size.width < EBOOK_COVER.minWidth)
    problems.push(say('cover.narrow', { width: size.width, min: EBOOK_COVER.minWidth }));
  const found = { file: name, format: format.toUpperCase(), width: size.width, height: size.height };
  const detail = jpeg
    ? say('cover.found-colour', { ...found, colour: jpeg.colour.toUpperCase() })
    : say('cover.found', found);
  const art = artProblems(input.cover.content);
  if (art.length)
    return failed(
      [detail, ...problems, ...art],
      [say('cover.art-fix'), ...(problems.length ? [say('cover.fix')] : [])],
    );
  return problems.length ? failed([detail, ...problems], say('cover.fix')) : pass(detail);
}

/** What a store's reader would see wrong in the picture itself: one flat colour, or art enlarged from a tiny image. */
function artProblems(content: CoverContent | undefined): ReadinessText[] {
  if (!content) return [];
  return [
    ...(content.isFlat ? [say('cover.flat')] : []),
    ...(content.source.width < COVER_ART_MIN_WIDTH
      ? [say('cover.upscaled', { ...content.source, min: COVER_ART_MIN_WIDTH })]
      : []),
  ];
}

/** The image formats a channel takes, as said: "JPEG", "JPEG or PNG". */
function formatsText(formats: readonly ('jpeg' | 'png')[]): ReadinessValue {
  const [a = '', b] = formats.map((f) => f.toUpperCase());
  return b ? say('either', { a, b }) : a;
}

export const EBOOK_COVER_RULE = {
  id: 'ebook-cover',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: (i, c) =>
    say('label.ebook-cover', {
      file: i.cover.name,
      formats: formatsText(COVER_FORMATS[c.id]),
      ratio: EBOOK_COVER.ratio,
      width: EBOOK_COVER.minWidth,
    }),
  appliesTo: isEbook,
  source: (_, c) => c.sources.cover ?? KARYA,
  evaluate: coverOutcome,
} satisfies ReadinessRule;
