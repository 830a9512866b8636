// The offline cover's motifs, drawn behind the title: a kids scene (sun, clouds, hills and a round character whose
// face follows the mood), a genre's motif (stars and a castle, a planet, hearts, a moon, beams, bars), and a mood's
// motif (dots, mist, rays, waves, mountains, hearts); with the shapes they share (heart, star) and the palette's type.
import type { CoverGenre, CoverMood, CoverScheme } from './cover-words.js';

/** [top, bottom, accent, ink] */
export type Palette = readonly [string, string, string, string];

/** What the motifs follow: the cover's genre, mood and kids colour scheme. */
interface MotifFacts {
  genre?: CoverGenre;
  mood?: CoverMood;
  scheme?: CoverScheme;
}

/** Where the motifs are drawn: the cover's size, palette and seeded random numbers. */
interface Canvas {
  w: number;
  h: number;
  p: Palette;
  rand: () => number;
}

export const MOOD_ACCENTS: Record<CoverMood, string> = {
  playful: '#ffbe0b',
  mysterious: '#9d4edd',
  dramatic: '#e63946',
  peaceful: '#90e0ef',
  adventurous: '#f4a261',
  romantic: '#ffafcc',
  happy: '#ffd60a',
  excited: '#ff006e',
  curious: '#3a86ff',
  friendly: '#fb8500',
  brave: '#d00000',
};

export const r1 = (n: number) => Math.round(n * 10) / 10;

function heart(x: number, y: number, s: number, fill: string, opacity: number): string {
  return (
    `<path d="M ${r1(x)} ${r1(y + s * 0.3)} C ${r1(x - s)} ${r1(y - s * 0.4)} ${r1(x - s * 0.45)} ${r1(y - s)} ` +
    `${r1(x)} ${r1(y - s * 0.45)} C ${r1(x + s * 0.45)} ${r1(y - s)} ${r1(x + s)} ${r1(y - s * 0.4)} ` +
    `${r1(x)} ${r1(y + s * 0.3)} Z" fill="${fill}" opacity="${opacity}"/>`
  );
}

function star(x: number, y: number, s: number, fill: string, opacity: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rad = i % 2 === 0 ? s : s * 0.45;
    pts.push(`${r1(x + rad * Math.cos(a))},${r1(y + rad * Math.sin(a))}`);
  }
  return `<polygon points="${pts.join(' ')}" fill="${fill}" opacity="${opacity}"/>`;
}

/** `n` shapes drawn at random places between heights yFrom and yTo (fractions of the cover's height). */
function scatter(c: Canvas, n: number, draw: (x: number, y: number, s: number) => string, yFrom = 0, yTo = 1) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(draw(c.rand() * c.w, c.h * (yFrom + c.rand() * (yTo - yFrom)), 0.5 + c.rand()));
  return out;
}

/** A kids cover's round character, its face following the mood. */
function kidsCharacter(facts: MotifFacts, c: Canvas, characterY: number): string {
  const { w, h } = c;
  const [, , accent, ink] = c.p;
  const cx = w * 0.5;
  const r = w * 0.1;
  const cy = Math.min(h * 0.86, Math.max(h * 0.66, characterY + r));
  const moodColour = facts.mood ? MOOD_ACCENTS[facts.mood] : accent;
  const mouth =
    facts.mood === 'curious'
      ? `<circle cx="${r1(cx)}" cy="${r1(cy + r * 0.4)}" r="${r1(r * 0.12)}" fill="${ink}"/>`
      : `<path d="M ${r1(cx - r * 0.4)} ${r1(cy + r * 0.25)} ` +
        `Q ${r1(cx)} ${r1(cy + r * (facts.mood === 'excited' ? 0.85 : 0.65))} ` +
        `${r1(cx + r * 0.4)} ${r1(cy + r * 0.25)}" ` +
        `fill="none" stroke="${ink}" stroke-width="${r1(r * 0.1)}" stroke-linecap="round"/>`;
  const band =
    facts.mood === 'brave'
      ? `<path d="M ${r1(cx - r)} ${r1(cy - r * 0.55)} L ${r1(cx + r)} ${r1(cy - r * 0.55)}" ` +
        `stroke="#d00000" stroke-width="${r1(r * 0.18)}"/>`
      : '';
  return (
    `<g><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${moodColour}" stroke="${ink}" ` +
    `stroke-width="${r1(r * 0.06)}"/>` +
    `<circle cx="${r1(cx - r * 0.35)}" cy="${r1(cy - r * 0.15)}" r="${r1(r * 0.12)}" fill="${ink}"/>` +
    `<circle cx="${r1(cx + r * 0.35)}" cy="${r1(cy - r * 0.15)}" r="${r1(r * 0.12)}" fill="${ink}"/>` +
    `${mouth}${band}</g>`
  );
}

/** A kids cover's scene: a sun, a rainbow (for that scheme), clouds, two hills and the character. */
function kidsScene(facts: MotifFacts, c: Canvas, characterY: number): string[] {
  const { w, h, rand } = c;
  const [, , accent, ink] = c.p;
  const out: string[] = [];
  out.push(`<circle cx="${r1(w * 0.82)}" cy="${r1(h * 0.16)}" r="${r1(w * 0.09)}" fill="#ffd60a"/>`);
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI / 6) * i;
    out.push(
      `<line x1="${r1(w * 0.82 + Math.cos(a) * w * 0.11)}" y1="${r1(h * 0.16 + Math.sin(a) * w * 0.11)}" ` +
        `x2="${r1(w * 0.82 + Math.cos(a) * w * 0.15)}" y2="${r1(h * 0.16 + Math.sin(a) * w * 0.15)}" ` +
        `stroke="#ffd60a" stroke-width="${r1(w * 0.012)}" stroke-linecap="round"/>`,
    );
  }
  if (facts.scheme === 'rainbow') {
    ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'].forEach((colour, i) => {
      out.push(
        `<circle cx="${r1(w / 2)}" cy="${r1(h * 1.02)}" r="${r1(w * (0.62 - i * 0.05))}" fill="none" ` +
          `stroke="${colour}" stroke-width="${r1(w * 0.05)}" opacity="0.85"/>`,
      );
    });
  }
  for (let i = 0; i < 3; i++) {
    const cx = w * (0.12 + rand() * 0.5);
    const cy = h * (0.1 + rand() * 0.12);
    out.push(
      `<g fill="#ffffff" opacity="0.9"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(w * 0.07)}" ` +
        `ry="${r1(w * 0.035)}"/><ellipse cx="${r1(cx + w * 0.05)}" cy="${r1(cy - w * 0.02)}" rx="${r1(w * 0.05)}" ` +
        `ry="${r1(w * 0.035)}"/></g>`,
    );
  }
  const hill = facts.scheme === 'nature' || facts.scheme === 'rainbow' ? '#52b788' : accent;
  out.push(
    `<path d="M 0 ${r1(h * 0.8)} Q ${r1(w * 0.25)} ${r1(h * 0.68)} ${r1(w * 0.5)} ${r1(h * 0.8)} ` +
      `T ${w} ${r1(h * 0.78)} L ${w} ${h} L 0 ${h} Z" fill="${hill}" opacity="0.7"/>`,
  );
  out.push(
    `<path d="M 0 ${r1(h * 0.88)} Q ${r1(w * 0.3)} ${r1(h * 0.78)} ${r1(w * 0.62)} ${r1(h * 0.88)} ` +
      `T ${w} ${r1(h * 0.86)} L ${w} ${h} L 0 ${h} Z" fill="${ink}" opacity="0.25"/>`,
  );
  out.push(kidsCharacter(facts, c, characterY));
  return out;
}

/** A fantasy cover's castle: three towers on a wall. */
function castle(c: Canvas): string {
  const { w, h } = c;
  const at = (x: number, y: number) => `${r1(w * x)} ${r1(h * y)}`;
  return (
    `<path d="M ${r1(w * 0.2)} ${h} L ${at(0.2, 0.74)} L ${at(0.26, 0.68)} L ${at(0.32, 0.74)} L ${at(0.32, 0.8)} ` +
    `L ${at(0.44, 0.8)} L ${at(0.44, 0.7)} L ${at(0.5, 0.62)} L ${at(0.56, 0.7)} L ${at(0.56, 0.8)} ` +
    `L ${at(0.68, 0.8)} L ${at(0.68, 0.74)} L ${at(0.74, 0.68)} L ${at(0.8, 0.74)} L ${r1(w * 0.8)} ${h} Z" ` +
    `fill="${c.p[0]}" opacity="0.85"/>`
  );
}

/** The motif of a genre other than children's (the default's two circles when there is none). */
function genreMotifs(genre: CoverGenre | 'default', c: Canvas): string[] {
  const { w, h, rand } = c;
  const [top, bottom, accent, ink] = c.p;
  const out: string[] = [];
  switch (genre) {
    case 'fantasy':
      out.push(...scatter(c, 40, (x, y, s) => star(x, y, w * 0.008 * s, '#fff8e7', 0.5 + s * 0.2), 0, 0.7));
      out.push(
        `<circle cx="${r1(w * 0.75)}" cy="${r1(h * 0.14)}" r="${r1(w * 0.09)}" fill="${accent}"/>` +
          `<circle cx="${r1(w * 0.79)}" cy="${r1(h * 0.125)}" r="${r1(w * 0.085)}" fill="${top}"/>`,
      );
      out.push(castle(c));
      break;
    case 'scifi':
      out.push(
        ...scatter(
          c,
          70,
          (x, y, s) =>
            `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(w * 0.002 * s + 1)}" ` +
            `fill="#ffffff" opacity="${r1(0.4 + s * 0.3)}"/>`,
        ),
      );
      out.push(
        `<circle cx="${r1(w * 0.68)}" cy="${r1(h * 0.72)}" r="${r1(w * 0.22)}" fill="${accent}" opacity="0.85"/>`,
      );
      out.push(
        `<ellipse cx="${r1(w * 0.68)}" cy="${r1(h * 0.72)}" rx="${r1(w * 0.36)}" ry="${r1(w * 0.06)}" fill="none" ` +
          `stroke="${ink}" stroke-width="${r1(w * 0.012)}" opacity="0.8" ` +
          `transform="rotate(-15 ${r1(w * 0.68)} ${r1(h * 0.72)})"/>`,
      );
      break;
    case 'romance':
      out.push(...scatter(c, 16, (x, y, s) => heart(x, y, w * 0.03 * s, accent, 0.35), 0.5, 1));
      out.push(heart(w * 0.5, h * 0.72, w * 0.16, accent, 0.8));
      break;
    case 'mystery':
    case 'horror':
      out.push(
        `<circle cx="${r1(w * 0.7)}" cy="${r1(h * 0.1)}" r="${r1(w * 0.09)}" ` +
          `fill="${genre === 'horror' ? '#e5e5e5' : accent}" opacity="0.85"/>`,
      );
      for (let i = 0; i < 5; i++) {
        out.push(
          `<rect x="0" y="${r1(h * (0.6 + i * 0.07))}" width="${w}" height="${r1(h * 0.03)}" fill="${ink}" ` +
            `opacity="${r1(0.05 + i * 0.03)}"/>`,
        );
      }
      if (genre === 'horror') {
        out.push(
          ...scatter(
            c,
            9,
            (x, _y, s) =>
              `<rect x="${r1(x)}" y="0" width="${r1(w * 0.008 * s)}" ` +
              `height="${r1(h * 0.04 * s)}" rx="${r1(w * 0.004)}" fill="${accent}" opacity="0.8"/>`,
          ),
        );
      }
      break;
    case 'thriller':
      for (let i = 0; i < 4; i++) {
        out.push(
          `<polygon points="${r1(w * (0.1 + i * 0.25))},${h} ${r1(w * (0.25 + i * 0.25))},${h} ` +
            `${r1(w * (0.65 + i * 0.2))},0 ${r1(w * (0.55 + i * 0.2))},0" fill="${accent}" opacity="0.18"/>`,
        );
      }
      break;
    case 'nonfiction':
      for (let i = 0; i < 6; i++) {
        out.push(
          `<rect x="${r1(w * 0.08)}" y="${r1(h * (0.62 + i * 0.035))}" width="${r1(w * (0.3 + rand() * 0.5))}" ` +
            `height="${r1(h * 0.012)}" fill="${i % 2 ? ink : accent}" opacity="0.7"/>`,
        );
      }
      break;
    default:
      out.push(
        `<circle cx="${r1(w * 0.78)}" cy="${r1(h * 0.16)}" r="${r1(w * 0.12)}" fill="${accent}" opacity="0.55"/>`,
      );
      out.push(
        `<circle cx="${r1(w * 0.2)}" cy="${r1(h * 0.82)}" r="${r1(w * 0.22)}" fill="${bottom}" opacity="0.35"/>`,
      );
  }
  return out;
}

/** The motif of a mood, in the mood's accent (none for the moods without one). */
function moodMotifs(mood: CoverMood, c: Canvas): string[] {
  const { w, h, rand } = c;
  const m = MOOD_ACCENTS[mood];
  const out: string[] = [];
  switch (mood) {
    case 'playful':
      out.push(
        ...scatter(
          c,
          30,
          (x, y, s) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(w * 0.008 * s)}" fill="${m}" opacity="0.8"/>`,
        ),
      );
      break;
    case 'mysterious':
      for (let i = 0; i < 3; i++) {
        out.push(
          `<ellipse cx="${r1(w * rand())}" cy="${r1(h * (0.55 + i * 0.12))}" rx="${r1(w * 0.7)}" ` +
            `ry="${r1(h * 0.03)}" fill="${m}" opacity="0.18"/>`,
        );
      }
      break;
    case 'dramatic':
      for (let i = 0; i < 8; i++) {
        out.push(
          `<line x1="${r1(w / 2)}" y1="${r1(h * 0.35)}" x2="${r1(w * (i / 7))}" y2="${h}" stroke="${m}" ` +
            `stroke-width="${r1(w * 0.01)}" opacity="0.25"/>`,
        );
      }
      break;
    case 'peaceful':
      for (let i = 0; i < 3; i++) {
        const y = (f: number) => r1(h * (f + i * 0.05));
        out.push(
          `<path d="M 0 ${y(0.82)} Q ${r1(w * 0.25)} ${y(0.79)} ${r1(w * 0.5)} ${y(0.82)} T ${w} ${y(0.82)}" ` +
            `fill="none" stroke="${m}" stroke-width="${r1(w * 0.01)}" opacity="0.6"/>`,
        );
      }
      break;
    case 'adventurous':
      out.push(
        `<polygon points="0,${h} ${r1(w * 0.3)},${r1(h * 0.7)} ${r1(w * 0.5)},${r1(h * 0.82)} ` +
          `${r1(w * 0.72)},${r1(h * 0.62)} ${w},${r1(h * 0.85)} ${w},${h}" fill="${m}" opacity="0.45"/>`,
      );
      break;
    case 'romantic':
      out.push(...scatter(c, 10, (x, y, s) => heart(x, y, w * 0.02 * s, m, 0.5), 0.55, 1));
      break;
    default:
      break;
  }
  return out;
}

/** Motifs for a genre or scheme, then for a mood, drawn behind the title. */
export function motifs(
  facts: MotifFacts,
  w: number,
  h: number,
  p: Palette,
  rand: () => number,
  layout: { characterY: number },
): string {
  const c: Canvas = { w, h, p, rand };
  const isKids = facts.scheme !== undefined || facts.genre === 'children';
  const out = isKids ? kidsScene(facts, c, layout.characterY) : genreMotifs(facts.genre ?? 'default', c);
  if (!isKids && facts.mood) out.push(...moodMotifs(facts.mood, c));
  return out.join('\n');
}
