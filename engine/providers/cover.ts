// Offline cover art: an SVG with the title, an author/character line and colours chosen by genre and
// mood, rendered to PNG at the requested size with @resvg/resvg-js (a prebuilt binary in the npm package).
import { Resvg } from '@resvg/resvg-js';
import type { ImageRequest } from './types.js';

const PALETTES: Record<string, [string, string, string]> = {
  children: ['#ffd166', '#06d6a0', '#1b1b3a'],
  mystery: ['#22223b', '#4a4e69', '#f2e9e4'],
  fantasy: ['#5a189a', '#ff9e00', '#fff3e0'],
  scifi: ['#03045e', '#00b4d8', '#e0fbfc'],
  romance: ['#ff4d6d', '#ffb3c1', '#2b2d42'],
  thriller: ['#111111', '#d00000', '#f8f9fa'],
  horror: ['#0b0b0b', '#6a040f', '#e5e5e5'],
  nonfiction: ['#f1faee', '#457b9d', '#1d3557'],
  playful: ['#ffbe0b', '#fb5607', '#1b1b3a'],
  mysterious: ['#240046', '#7b2cbf', '#f8f9fa'],
  dramatic: ['#1a1a1a', '#e63946', '#f1faee'],
  peaceful: ['#caf0f8', '#90e0ef', '#03045e'],
  adventurous: ['#2d6a4f', '#f4a261', '#fefae0'],
  romantic: ['#ffafcc', '#cdb4db', '#3d405b'],
  happy: ['#ffe66d', '#4ecdc4', '#1a535c'],
};

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Break a title into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if ((line + ' ' + w).trim().length > width && line) {
      out.push(line);
      line = w;
    } else line = (line + ' ' + w).trim();
  }
  if (line) out.push(line);
  return out.slice(0, 5);
}

export function coverSvg(input: { title: string; subtitle: string; palette: [string, string, string]; width: number; height: number }): string {
  const { width: w, height: h } = input;
  const [bg, accent, ink] = input.palette;
  const titleLines = wrap(input.title, 16);
  const size = Math.round(w / 10);
  const startY = h * 0.32;
  const titleSvg = titleLines
    .map((l, i) => `<text x="${w / 2}" y="${Math.round(startY + i * size * 1.15)}" font-size="${size}" font-weight="bold" text-anchor="middle" fill="${ink}" font-family="DejaVu Sans, Arial, sans-serif">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
<circle cx="${w * 0.78}" cy="${h * 0.16}" r="${w * 0.12}" fill="${accent}" opacity="0.55"/>
<circle cx="${w * 0.2}" cy="${h * 0.82}" r="${w * 0.22}" fill="${bg}" opacity="0.35"/>
<rect x="${w * 0.08}" y="${h * 0.08}" width="${w * 0.84}" height="${h * 0.84}" fill="none" stroke="${ink}" stroke-width="4" opacity="0.6"/>
${titleSvg}
<text x="${w / 2}" y="${Math.round(h * 0.86)}" font-size="${Math.round(w / 26)}" text-anchor="middle" fill="${ink}" font-family="DejaVu Sans, Arial, sans-serif">${escapeXml(input.subtitle)}</text>
</svg>`;
}

/** Render the offline cover for an image request as PNG bytes. */
export function renderCoverPng(request: ImageRequest): Uint8Array {
  const [width, height] = request.size.split('x').map(Number) as [number, number];
  const summary = request.meta?.settingsSummary ?? [];
  const get = (label: RegExp) => summary.find((s) => label.test(s.label))?.value ?? '';
  const title = get(/title|tajuk/i) || request.meta?.title || 'Karya';
  const keys = summary.map((s) => s.value.toLowerCase().replace(/[^a-z]/g, ''));
  const paletteKey = keys.find((k) => PALETTES[k]) ?? 'fantasy';
  const character = get(/character|watak/i);
  const subtitle = character ? character : 'Karya · offline cover';
  const svg = coverSvg({ title, subtitle, palette: PALETTES[paletteKey]!, width, height });
  const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: true } }).render().asPng();
  return new Uint8Array(png);
}
