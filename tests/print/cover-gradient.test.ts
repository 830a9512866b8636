// The covers' top-to-bottom backgrounds drawn as rects of whole rows (engine/node/print/gradient-rows.ts) are the
// pixels resvg draws for the gradient itself: a typographic cover at the eBook's size and at a wrap's front panel
// (the palette a generator names, and the default), and the offline cover's PNG (a genre's sky, a kids scheme's, at
// an odd size), each compared byte for byte with the same cover drawn with the <linearGradient>.
import { createRequire } from 'node:module';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { coverFacts, coverSvg, renderCoverPng } from '../../engine/providers/cover.js';
import { coverFonts } from '../../engine/providers/cover-fonts.js';
import { renderTypographicCover, typographicCoverSvg, wrapFrontSafeArea } from '../../engine/node/print/typographic.js';
import { ebookCoverSize, wrapFrontPx } from '../../engine/node/print/cover.js';
import { fontPath } from '../../engine/node/print/fonts.js';
import { gradientBackground, rowsBackground } from '../../engine/node/print/gradient-rows.js';
import type { ImageRequest } from '../../engine/provider.js';

const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as { Resvg: typeof ResvgClass };

describe("a cover's gradient drawn as rows: resvg's own pixels", () => {
  it('the typographic cover, at the eBook size and the front panel, on two palettes', () => {
    const fontFiles = (['serif', 'bold', 'italic', 'sans', 'sansBold'] as const).map((name) => fontPath(name));
    const font = { fontFiles, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' };
    for (const [paletteKeys, size, safe] of [
      [['romance'], ebookCoverSize(), undefined],
      [['no-such-generator'], wrapFrontPx('6x9'), wrapFrontSafeArea()],
    ] as const) {
      const facts = { title: 'Harbour Lights', author: 'Siti Aminah', lang: 'en' as const, paletteKeys };
      const svg = typographicCoverSvg(facts, size, safe);
      expect(svg).toContain('<linearGradient id="bg"');
      const drawn = renderTypographicCover(facts, size, safe);
      if (drawn instanceof Uint8Array) throw new Error('a typographic cover is opaque: its pixels, not a PNG');
      const gradient = new Resvg(svg, { fitTo: { mode: 'original' }, font }).render().pixels;
      expect(Buffer.compare(Buffer.from(drawn.pixels), gradient), paletteKeys[0]).toBe(0);
    }
  });

  it("the offline cover's PNG: a genre's sky and a kids scheme's, one at an odd size", () => {
    for (const [size, settings] of [
      ['1024x1792', [{ label: 'Genre', value: 'Romance', role: 'genre' }]],
      ['1792x1024', [{ label: 'Colour scheme', value: 'Candy', role: 'colorScheme' }]],
    ] as const) {
      const request = {
        prompt: 'x',
        size,
        meta: {
          generatorId: 'book-cover',
          family: 'covers',
          kind: 'image',
          stepKind: 'image',
          stepLabel: 'Cover',
          lang: 'en',
          title: 'Book Cover',
          settingsSummary: [{ label: 'Title', value: 'Hujan di Bogor', role: 'bookTitle' }, ...settings],
          wordTarget: 0,
          isFiction: false,
        },
      } as unknown as ImageRequest;
      const [width, height] = size.split('x').map(Number) as [number, number];
      const svg = coverSvg(coverFacts(request), { width, height });
      expect(svg).toContain('<linearGradient id="sky"');
      const png = new Resvg(svg, { fitTo: { mode: 'original' }, font: coverFonts(svg) }).render().asPng();
      expect(Buffer.compare(Buffer.from(renderCoverPng(request)), png), size).toBe(0);
    }
    // An odd height, and a size of no whole pixels (the gradient itself, as it was).
    const rows = rowsBackground(Resvg);
    for (const size of [
      { width: 333, height: 517 },
      { width: 100.5, height: 200 },
    ]) {
      const facts = { title: 'Orbit', genre: 'scifi', lang: 'en' } as const;
      const [a, b] = [coverSvg(facts, size), coverSvg(facts, size, rows)];
      if (!Number.isInteger(size.width)) expect(b).toBe(a);
      else expect(b).not.toContain('linearGradient');
      const pixels = (svg: string) =>
        new Resvg(svg, { fitTo: { mode: 'original' }, font: coverFonts(svg) }).render().pixels;
      expect(Buffer.compare(pixels(a), pixels(b)), `${size.width}x${size.height}`).toBe(0);
    }
    expect(gradientBackground('#000', '#fff', { width: 2, height: 3 }, 'g')).toContain('fill="url(#g)"');
  });
});
