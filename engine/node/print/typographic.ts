// The typographic cover: the cover Karya letters itself when the model server draws no pictures, or the
// writer asks for one. Title, subtitle, author and series on a palette named in generators/_covers.yaml
// (data: no code per generator), measured with the DejaVu fonts the PDFs embed and drawn by resvg with
// those same font files, so a line measured to fit is the line drawn. Long titles wrap and shrink until
// they fit the safe area (fit-text.ts); nothing is drawn outside it.
import { createRequire } from 'node:module';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import { coverData, paletteOf, type CoverData, type CoverPalette } from './cover-data.js';
import type { Lang, PixelSize, ResolvedSpec } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import type { PackageParts } from '../../publish/index.js';
import { COVER_BLEED_IN } from '../../print.js';
import { fontPath, type FontName } from './fonts.js';
import { fitText, type Fitted } from './fit-text.js';
import { escapeAttribute } from '../../markup.js';
import type { CoverArt } from './cover-art.js';
import { gradientBackground, rowsBackground, type Background } from './gradient-rows.js';

export type { CoverData, CoverPalette } from './cover-data.js';

/** What a typographic cover prints. */
export interface TypographicFacts {
  title: string;
  subtitle?: string;
  author?: string;
  series?: string;
  seriesNumber?: number;
  lang: Lang;
  /** Where the palette is looked up, in order: the generator's id, its family. */
  paletteKeys: readonly string[];
}

/** The margins, in pixels, inside which every letter stays. */
export interface SafeArea {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The eBook cover's safe area: 8 % of the width at the sides, 6 % of the height at the top and the foot. */
export function ebookSafeArea(size: PixelSize): SafeArea {
  const side = Math.round(size.width * 0.08);
  const end = Math.round(size.height * 0.06);
  return { top: end, right: side, bottom: end, left: side };
}

/**
 * The wrap's front panel's safe area (wrapFrontPx): 0.375 in inside the trim on every side, the bleed beyond
 * it at the outer edge, the top and the foot (the spine side has none).
 */
export function wrapFrontSafeArea(): SafeArea {
  const inside = Math.round(0.375 * 300);
  const outer = Math.round((COVER_BLEED_IN + 0.375) * 300);
  return { top: outer, right: outer, bottom: outer, left: inside };
}

/** What a package's typographic cover prints: its title, subtitle, author and series, on its generator's palette. */
export function typographicFactsOf(
  book: ResolvedSpec,
  state: BookState,
  parts: Pick<PackageParts, 'title' | 'subtitle' | 'author' | 'given'>,
): TypographicFacts {
  const series = state.series
    ? { series: state.series.name, seriesNumber: state.series.number }
    : {
        ...(parts.given.series ? { series: parts.given.series } : {}),
        ...(parts.given.seriesNumber !== undefined ? { seriesNumber: parts.given.seriesNumber } : {}),
      };
  return {
    title: parts.title,
    ...(parts.subtitle ? { subtitle: parts.subtitle } : {}),
    ...(parts.author ? { author: parts.author } : {}),
    ...series,
    lang: state.lang,
    paletteKeys: [book.id, book.family],
  };
}

const FAMILY: Record<FontName, { family: string; weight: string; style: string }> = {
  serif: { family: 'DejaVu Serif', weight: 'normal', style: 'normal' },
  bold: { family: 'DejaVu Serif', weight: 'bold', style: 'normal' },
  italic: { family: 'DejaVu Serif', weight: 'normal', style: 'italic' },
  boldItalic: { family: 'DejaVu Serif', weight: 'bold', style: 'italic' },
  mono: { family: 'DejaVu Sans Mono', weight: 'normal', style: 'normal' },
  sans: { family: 'DejaVu Sans', weight: 'normal', style: 'normal' },
  sansBold: { family: 'DejaVu Sans', weight: 'bold', style: 'normal' },
};

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The series line in the cover's language: "Harbour Tales · Book 2". */
function seriesLine(facts: TypographicFacts, data: CoverData): string | undefined {
  const series = facts.series?.trim();
  if (!series) return undefined;
  const pattern = facts.seriesNumber !== undefined ? data.words.series[facts.lang] : data.words.seriesOnly[facts.lang];
  // The file was checked whole for every language of the table when it was read (engine/spec/covers.ts).
  return pattern!.replace('{series}', series).replace('{number}', String(facts.seriesNumber ?? ''));
}

/**
 * What draws on the cover into `out`: centred lines of text (`y` is the top of the first line; each line's baseline
 * sits at 0.8 of its size below its top; the height they take is returned) and short rules in the accent colour.
 */
function coverPen(out: string[], cx: number, w: number, accent: string) {
  const text = (fitted: Fitted, y: number, font: FontName, fill: string, leading: number) => {
    const f = FAMILY[font];
    fitted.lines.forEach((line, i) => {
      out.push(
        `<text x="${r1(cx)}" y="${r1(y + fitted.size * (0.8 + i * leading))}" font-family="${f.family}" ` +
          `font-weight="${f.weight}" font-style="${f.style}" font-size="${r1(fitted.size)}" ` +
          `fill="${fill}" text-anchor="middle">${escapeAttribute(line)}</text>`,
      );
    });
    return fitted.lines.length * fitted.size * leading;
  };
  const rule = (y: number, length: number) =>
    out.push(
      `<rect x="${r1(cx - length / 2)}" y="${r1(y)}" width="${r1(length)}" ` +
        `height="${r1(Math.max(2, w * 0.004))}" fill="${accent}"/>`,
    );
  return { text, rule };
}

/** The title (as large as fits, up to six lines) and the subtitle, centred in `room`, slightly high. */
function drawTitle(
  facts: TypographicFacts,
  room: { top: number; bottom: number },
  o: {
    w: number;
    bw: number;
    fonts: Record<'title' | 'sub', FontName>;
    p: { ink: string; soft: string };
    pen: ReturnType<typeof coverPen>;
  },
): void {
  const { w, bw, fonts, p } = o;
  const { text, rule } = o.pen;
  const subtitle = facts.subtitle?.trim();
  const titleRoom = (room.bottom - room.top) * (subtitle ? 0.72 : 0.9);
  const title = fitText(facts.title.trim() || '…', {
    font: fonts.title,
    max: w * 0.13,
    min: w * 0.045,
    width: bw,
    height: titleRoom,
    leading: 1.14,
    maxLines: 6,
  });
  const sub = subtitle
    ? fitText(subtitle, {
        font: fonts.sub,
        max: Math.min(w * 0.055, title.size * 0.5),
        min: w * 0.028,
        width: bw,
        height: (room.bottom - room.top) * 0.2,
        leading: 1.3,
        maxLines: 3,
      })
    : undefined;
  const gap = w * 0.05;
  const blockHeight = title.lines.length * title.size * 1.14 + (sub ? gap + sub.lines.length * sub.size * 1.3 : 0);
  let top = room.top + Math.max(0, (room.bottom - room.top - blockHeight) * 0.4);
  top += text(title, top, fonts.title, p.ink, 1.14);
  if (sub) {
    rule(top + gap * 0.35, w * 0.08);
    text(sub, top + gap, fonts.sub, p.soft, 1.3);
  }
}

/**
 * The SVG of a typographic cover at `size`, every letter inside `safe`: the series line at the top, the
 * title (as large as fits, up to six lines) and the subtitle in the upper two thirds, the author at the foot.
 * @example typographicCoverSvg({ title: 'Harbour Lights', author: 'Siti Aminah', lang: 'en', paletteKeys: ['romance']
 * }, { width: 1600, height: 2560 })
 */
export function typographicCoverSvg(
  facts: TypographicFacts,
  size: PixelSize,
  safe: SafeArea = ebookSafeArea(size),
  data: CoverData = coverData(),
  background: Background = gradientBackground,
): string {
  const { width: w, height: h } = size;
  const p = paletteOf(facts.paletteKeys, data);
  const isSans = p.font === 'sans';
  const fonts = {
    title: (isSans ? 'sansBold' : 'bold') as FontName,
    sub: (isSans ? 'sans' : 'italic') as FontName,
    small: 'sans' as FontName,
  };
  const box = { x0: safe.left, x1: w - safe.right, y0: safe.top, y1: h - safe.bottom };
  const bw = box.x1 - box.x0;
  const bh = box.y1 - box.y0;
  const cx = (box.x0 + box.x1) / 2;
  const out: string[] = [];
  const { text, rule } = coverPen(out, cx, w, p.accent);

  // The author at the foot (one line, two when a long name must), a short rule above it.
  let foot = box.y1;
  if (facts.author?.trim()) {
    const author = fitText(facts.author.trim(), {
      font: fonts.small,
      max: w * 0.05,
      min: w * 0.026,
      width: bw,
      height: bh * 0.12,
      leading: 1.25,
      maxLines: 2,
    });
    const height = author.lines.length * author.size * 1.25;
    text(author, foot - height, fonts.small, p.ink, 1.25);
    foot -= height + w * 0.04;
    rule(foot, w * 0.12);
    foot -= w * 0.04;
  }
  // The series line at the top.
  let y = box.y0;
  const series = seriesLine(facts, data);
  if (series) {
    const fitted = fitText(series, {
      font: fonts.small,
      max: w * 0.034,
      min: w * 0.022,
      width: bw,
      height: bh * 0.08,
      leading: 1.3,
      maxLines: 2,
    });
    y += text(fitted, y, fonts.small, p.soft, 1.3) + w * 0.03;
    rule(y, w * 0.12);
    y += w * 0.02;
  }
  // Title and subtitle: centred in the room left above the author, slightly high (a cover's eye line).
  const room = { top: y + h * 0.04, bottom: Math.min(foot, box.y0 + bh * 0.8) };
  drawTitle(facts, room, { w, bw, fonts, p, pen: { text, rule } });

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${background(p.top, p.bottom, size, 'bg')}
${out.join('\n')}
</svg>`;
}

let resvg: typeof ResvgClass | undefined;
function Resvg(): typeof ResvgClass {
  return (resvg ??= (createRequire(import.meta.url)('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg);
}

/**
 * The SVG a typographic cover at `size` is drawn from (typographicCoverSvg with its background as resvg's rows): every
 * fact the cover's pixels depend on is in it, the font files aside (always the same five).
 */
export function typographicCoverDrawing(facts: TypographicFacts, size: PixelSize, safe?: SafeArea): string {
  return typographicCoverSvg(facts, size, safe, coverData(), rowsBackground(Resvg()));
}

/**
 * A typographic cover's SVG (typographicCoverDrawing) drawn with the DejaVu font files themselves (not whatever the
 * system would pick), the fonts its lines were measured in: its RGBA pixels as drawn (cover-art.ts RawCoverArt) when
 * every one is opaque (the background fills the cover), so nothing encodes them as a PNG for sharp to decode again;
 * the PNG's bytes otherwise (resvg's pixels are premultiplied: only opaque ones are the PNG's own).
 */
export function drawTypographicCover(svg: string): CoverArt {
  const fontFiles = (['serif', 'bold', 'italic', 'sans', 'sansBold'] as const).map((name) => fontPath(name));
  const drawn = new (Resvg())(svg, {
    fitTo: { mode: 'original' },
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  const pixels = drawn.pixels;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 255) return new Uint8Array(drawn.asPng());
  return { pixels, width: drawn.width, height: drawn.height };
}

/**
 * A typographic cover at `size`, drawn (drawTypographicCover of typographicCoverDrawing).
 * @example const art = renderTypographicCover(facts, { width: 1600, height: 2560 })
 */
export function renderTypographicCover(facts: TypographicFacts, size: PixelSize, safe?: SafeArea): CoverArt {
  return drawTypographicCover(typographicCoverDrawing(facts, size, safe));
}
