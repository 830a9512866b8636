// Offline cover art: an SVG with the book's title, an author or character line, colours chosen by
// genre (or the kids colour scheme) and mood, and motifs to match, rendered to PNG at the requested
// size with @resvg/resvg-js (a prebuilt binary in the npm package; text uses the system's fonts, cover-fonts.ts).
import { createRequire } from 'node:module';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type { FieldRole, Lang } from '../spec/types.js';
import type { ImageRequest } from '../provider.js';
import { seeded } from './seeded.js';
import { COVER, synonyms, type CoverGenre, type CoverMood, type CoverScheme } from './cover-words.js';
import { escapeAttribute } from '../markup.js';
import { MOOD_ACCENTS, motifs, r1, type Palette } from './cover-motifs.js';
import { coverFonts } from './cover-fonts.js';
import { gradientBackground, rowsBackground, type Background } from '../node/print/gradient-rows.js';

export type { CoverGenre, CoverMood, CoverScheme } from './cover-words.js';

/** What the offline cover shows, taken from the settings of a cover request. */
export interface CoverFacts {
  title: string;
  /** "by …" (author) or "featuring …" (main character), in the request's language. */
  byline?: string;
  genre?: CoverGenre;
  mood?: CoverMood;
  /** The kids cover's colour scheme. */
  scheme?: CoverScheme;
  lang: Lang;
}

const GENRE_PALETTES: Record<CoverGenre, Palette> = {
  children: ['#7bdff2', '#fff3b0', '#ff8fab', '#1d3557'],
  mystery: ['#14213d', '#3d405b', '#e9c46a', '#f1faee'],
  fantasy: ['#240046', '#7b2cbf', '#ffd166', '#fff8e7'],
  scifi: ['#03045e', '#0077b6', '#00f5d4', '#e0fbfc'],
  romance: ['#590d22', '#ff758f', '#ffccd5', '#fff0f3'],
  thriller: ['#0b090a', '#660708', '#e5383b', '#f5f3f4'],
  horror: ['#000000', '#2b0f0f', '#9d0208', '#e5e5e5'],
  nonfiction: ['#f8f9fa', '#ced4da', '#e63946', '#1d3557'],
};
const SCHEME_PALETTES: Record<CoverScheme, Palette> = {
  bright: ['#00bbf9', '#fee440', '#f15bb5', '#1b1b3a'],
  pastel: ['#cdb4db', '#bde0fe', '#ffafcc', '#3d405b'],
  rainbow: ['#8ecae6', '#fefae0', '#ff595e', '#1b1b3a'],
  nature: ['#95d5b2', '#fefae0', '#2d6a4f', '#1b4332'],
  fantasy: ['#7b2cbf', '#ffc8dd', '#ffd166', '#240046'],
  candy: ['#ffc6ff', '#fdffb6', '#ff70a6', '#5a189a'],
};
const DEFAULT_PALETTE: Palette = ['#264653', '#2a9d8f', '#e9c46a', '#fefae0'];

const SANS = 'DejaVu Sans, Liberation Sans, Noto Sans, Arial, Helvetica, sans-serif';
const SERIF = 'DejaVu Serif, Liberation Serif, Noto Serif, Georgia, Times New Roman, serif';

function normalise(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/** The key one of whose synonyms occurs in the value: "Soft Pastels" → pastel, "Fiksyen Sains" → scifi. */
function lookup<K extends string>(table: Record<K, string[]>, value: string): K | undefined {
  const n = normalise(value);
  const keys = Object.keys(table) as K[];
  return keys.find((k) => table[k].includes(n)) ?? keys.find((k) => table[k].some((syn) => n.includes(syn)));
}

/**
 * Read the cover's facts from a request's settings: each from the field with its role (bookTitle, author,
 * mainCharacter, genre, mood, colorScheme), the option values as the user saw them, in any language of the table.
 */
export function coverFacts(request: ImageRequest): CoverFacts {
  const lang: Lang = request.meta?.lang ?? 'en';
  const summary = request.meta?.settingsSummary ?? [];
  const byRole = (role: FieldRole) => summary.find((s) => s.role === role)?.value.trim() || undefined;
  const fromTable = <K extends string>(role: FieldRole, table: Record<K, string[]>) => {
    const value = byRole(role);
    return value ? lookup(table, value) : undefined;
  };
  const words = COVER.words(lang);
  const title = byRole('bookTitle') ?? words.untitled;
  const author = byRole('author');
  // A character line of the book's Character Details ("Aisha Rahman: the lead, 28, …") names its character before the
  // colon.
  const character = byRole('mainCharacter')?.split(/\s*:\s/)[0];
  const scheme = fromTable(
    'colorScheme',
    synonyms((w) => w.schemes),
  );
  const genre = fromTable(
    'genre',
    synonyms((w) => w.genres),
  );
  const mood = fromTable(
    'mood',
    synonyms((w) => w.moods),
  );
  const byline = author ? `${words.author} ${author}` : character ? `${words.character} ${character}` : undefined;
  return {
    title,
    lang,
    ...(byline ? { byline } : {}),
    ...(genre ? { genre } : {}),
    ...(mood ? { mood } : {}),
    ...(scheme ? { scheme } : {}),
  };
}

/** Break text into lines of at most `width` characters (words longer than that are cut). */
export function wrapText(text: string, width: number, maxLines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const raw of text.split(/\s+/).filter(Boolean)) {
    const word = raw.length > width ? `${raw.slice(0, width - 1)}…` : raw;
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  if (out.length > maxLines) {
    const kept = out.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[.,;:!?…]*$/, '')}…`;
    return kept;
  }
  return out;
}

/** The palette of a cover: the kids colour scheme, else the genre, with the mood's accent. */
export function coverPalette(facts: CoverFacts): Palette {
  const base = facts.scheme
    ? SCHEME_PALETTES[facts.scheme]
    : facts.genre
      ? GENRE_PALETTES[facts.genre]
      : DEFAULT_PALETTE;
  if (!facts.mood || facts.scheme) return base;
  return [base[0], base[1], MOOD_ACCENTS[facts.mood], base[3]];
}

/**
 * KDP's e-book cover shape (1600 × 2560, height 1.6 × width). A taller cover keeps its frame, footer and
 * by-line inside a band of that shape, so fitting it to a KDP package crops only background.
 */
const KDP_COVER_RATIO = 1.6;

/**
 * The SVG of an offline cover, drawn at any size (1024x1792 for the model's portrait, 1600x2560 for KDP); its sky
 * (top to bottom) drawn by `background` (a gradient; renderCoverPng's, the same pixels for less).
 */
export function coverSvg(
  facts: CoverFacts,
  size: { width: number; height: number },
  background: Background = gradientBackground,
): string {
  const { width: w, height: h } = size;
  const safe = Math.max(0, (h - w * KDP_COVER_RATIO) / 2);
  const palette = coverPalette(facts);
  const [top, bottom, accent, ink] = palette;
  const isSquare = h / w < 1.2;
  const rand = seeded(`${facts.title}|${facts.genre ?? ''}|${facts.mood ?? ''}|${facts.scheme ?? ''}`);
  const isKids = facts.scheme !== undefined || facts.genre === 'children';
  const family = isKids || facts.genre === 'scifi' || facts.genre === 'thriller' ? SANS : SERIF;

  // Title block: wrapped lines on a translucent band, sized so the longest line fits.
  const lines = wrapText(facts.title, isSquare ? 14 : 16, 4);
  const longest = Math.max(...lines.map((l) => l.length), 1);
  const fontSize = Math.round(Math.min(w * (isSquare ? 0.1 : 0.11), (w * 0.8) / (longest * 0.6)));
  const lineHeight = fontSize * 1.18;
  const bandTop = isSquare ? h * 0.08 : h * 0.2;
  const bandHeight = lines.length * lineHeight + fontSize * 0.9;
  const bandFill = isKids ? '#ffffff' : top;
  const titleSvg = lines
    .map(
      (l, i) =>
        `<text x="${r1(w / 2)}" y="${r1(bandTop + fontSize * 0.45 + fontSize + i * lineHeight)}" ` +
        `font-size="${fontSize}" font-weight="bold" text-anchor="middle" fill="${ink}" ` +
        `font-family="${family}">${escapeAttribute(l)}</text>`,
    )
    .join('\n');
  const bylineSize = Math.round(w / (isSquare ? 24 : 22));
  // As many characters as fit the band's width (bold kids lettering is wider).
  const bylineChars = Math.min(40, Math.floor((w * 0.88) / (bylineSize * (isKids ? 0.66 : 0.58))));
  const bylineY = isSquare ? bandTop + bandHeight + bylineSize * 1.6 : Math.min(h * 0.9, h - safe - bylineSize * 2.5);
  const byline = facts.byline
    ? `<text x="${r1(w / 2)}" y="${r1(bylineY)}" font-size="${bylineSize}" text-anchor="middle" fill="${ink}" ` +
      `font-family="${family}"${isKids ? ' font-weight="bold"' : ''}>` +
      `${escapeAttribute(wrapText(facts.byline, bylineChars, 1)[0] ?? '')}</text>`
    : '';
  const footer =
    `<text x="${r1(w / 2)}" y="${r1(h - safe - w * 0.025)}" ` +
    `font-size="${Math.round(w / 64)}" text-anchor="middle" fill="${ink}" opacity="0.7" ` +
    `font-family="${SANS}">${escapeAttribute(COVER.words(facts.lang).footer)}</text>`;

  const characterY = isSquare ? bylineY + bylineSize : (bandTop + bandHeight + bylineY) / 2 - w * 0.1;
  const bandBox =
    `<rect x="${r1(w * 0.06)}" y="${r1(bandTop)}" width="${r1(w * 0.88)}" height="${r1(bandHeight)}" ` +
    `rx="${r1(w * 0.03)}"`;
  const frame =
    `<rect x="${r1(w * 0.03)}" y="${r1(safe + w * 0.03)}" width="${r1(w * 0.94)}" ` +
    `height="${r1(h - 2 * safe - w * 0.06)}" fill="none" stroke="${ink}" stroke-width="3" opacity="0.35"/>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
${background(top, bottom, size, 'sky')}
${motifs(facts, w, h, palette, rand, { characterY })}
${bandBox} fill="${bandFill}" opacity="${isKids ? 0.82 : 0.55}"/>
${bandBox} fill="none" stroke="${accent}" stroke-width="${r1(w * 0.006)}"/>
${titleSvg}
${byline}
${frame}
${footer}
</svg>`;
}

/**
 * The native renderer, loaded on the first cover: every command that imports the providers (`karya
 * batch` of text books, `generate`, `serve`) would otherwise load the binary at start-up (~15 ms).
 */
let resvg: typeof ResvgClass | undefined;
function Resvg(): typeof ResvgClass {
  return (resvg ??= (createRequire(import.meta.url)('@resvg/resvg-js') as { Resvg: typeof ResvgClass }).Resvg);
}

/**
 * Covers drawn, by their SVG (every fact and size the pixels depend on; the fonts are the system's, the same for a
 * process): a batch's books alike (one genre, no title or author of their own) ask for the same picture, and drawing
 * it is ~0.1 s. The most recently used few are kept.
 */
const drawn = new Map<string, Uint8Array>();
const KEPT = 4;

/** Render the offline cover of an image request as PNG bytes at the requested size (bytes of the caller's own). */
export function renderCoverPng(request: ImageRequest): Uint8Array {
  const [width, height] = request.size.split('x').map(Number) as [number, number];
  const svg = coverSvg(coverFacts(request), { width, height }, rowsBackground(Resvg()));
  let png = drawn.get(svg);
  if (png) drawn.delete(svg);
  else {
    png = new Uint8Array(new (Resvg())(svg, { fitTo: { mode: 'original' }, font: coverFonts(svg) }).render().asPng());
    if (drawn.size >= KEPT) drawn.delete(drawn.keys().next().value!);
  }
  drawn.set(svg, png);
  return png.slice();
}
