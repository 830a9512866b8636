// The covers on their own: the eBook cover from a transparent PNG becomes an RGB JPEG of 1.6:1; the wrap
// cover letters its spine only from 79 pages (KDP), is sized by KDP's formula for any trim and paper,
// and keeps the description off the barcode area.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ebookCoverJpeg, renderWrapCover } from '../../engine/node/print/cover.js';
import { runTool } from '../export/tools.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-covers-');
let art: Uint8Array;

beforeAll(async () => {
  // A 1024 × 1792 PNG with transparency, as an image model may answer.
  art = new Uint8Array(
    await sharp({
      create: { width: 1024, height: 1792, channels: 4, background: { r: 30, g: 60, b: 120, alpha: 0.5 } },
    })
      .png()
      .toBuffer(),
  );
});

/** The words pdftotext finds on the spine, with their boxes across it (x, in points). */
async function spineBoxes(
  pdf: Uint8Array,
  spine: { x0: number; x1: number },
): Promise<Array<{ text: string; xMin: number; xMax: number }>> {
  const file = path.join(tmp, `wrap-${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  const xml = (await runTool('pdftotext', ['-bbox', file, '-'])).stdout;
  return [...xml.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)]
    .map((m) => ({ text: m[3]!, xMin: Number(m[1]), xMax: Number(m[2]) }))
    .filter((w) => w.xMax >= spine.x0 && w.xMin <= spine.x1);
}

async function spineWords(pdf: Uint8Array, spine: { x0: number; x1: number }): Promise<string[]> {
  return (await spineBoxes(pdf, spine)).map((w) => w.text);
}

describe('covers', () => {
  it('the eBook cover: RGB JPEG (no alpha) at 1600 × 2560', async () => {
    const cover = await ebookCoverJpeg(art, { width: 1600, height: 2560 });
    expect(cover).toMatchObject({ format: 'jpeg', width: 1600, height: 2560, channels: 3 });
    expect(await sharp(cover.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 2560,
      channels: 3,
      hasAlpha: false,
    });
  });

  it('spine text from 79 pages on, none below; the size follows the formula for 5.5 × 8.5 on cream', async () => {
    const base = {
      art,
      title: 'The Weather of Small Choices',
      author: 'Siti Aminah',
      description: '<p>A <b>story</b> of rain &amp; roads.</p><ul><li>one</li></ul>',
      lang: 'en' as const,
      trim: '5.5x8.5' as const,
      paper: 'cream' as const,
    };
    for (const pageCount of [78, 120]) {
      const wrap = await renderWrapCover({ ...base, pageCount });
      expect(Math.abs(wrap.width - (2 * 5.5 + pageCount * 0.0025 + 0.25) * 72)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(wrap.height - 8.75 * 72)).toBeLessThanOrEqual(1.5);
      const spine = { x0: (0.125 + 5.5) * 72, x1: (0.125 + 5.5 + pageCount * 0.0025) * 72 };
      const words = await spineWords(wrap.bytes, spine);
      expect(wrap.hasSpineText).toBe(pageCount >= 79);
      if (pageCount >= 79) expect(words.join(' ')).toContain('Weather');
      else expect(words).toEqual([]);
    }
  });

  it(
    "spine lettering keeps KDP's 0.0625 in from both spine edges " +
      "(measured from the PDF's text boxes); none where it cannot",
    async () => {
      const base = {
        art,
        title: 'The Weather of Small Choices',
        author: 'Siti Aminah',
        description: '<p>Rain.</p>',
        lang: 'en' as const,
      };
      const cases = [
        { trim: '6x9', paper: 'white', pageCount: 90, width: 6, perPage: 0.002252, isLettered: true },
        { trim: '5x8', paper: 'cream', pageCount: 90, width: 5, perPage: 0.0025, isLettered: true },
        { trim: '6x9', paper: 'white', pageCount: 130, width: 6, perPage: 0.002252, isLettered: true },
        { trim: '6x9', paper: 'white', pageCount: 400, width: 6, perPage: 0.002252, isLettered: true },
        // 79 pages of white paper: a spine of 0.178 in leaves under 0.06 in for the type: left bare.
        { trim: '6x9', paper: 'white', pageCount: 80, width: 6, perPage: 0.002252, isLettered: false },
      ] as const;
      for (const c of cases) {
        const wrap = await renderWrapCover({ ...base, trim: c.trim, paper: c.paper, pageCount: c.pageCount });
        const x0 = (0.125 + c.width) * 72;
        const spine = { x0, x1: x0 + c.pageCount * c.perPage * 72 };
        const boxes = await spineBoxes(wrap.bytes, spine);
        expect(wrap.hasSpineText, `${c.pageCount} ${c.paper}`).toBe(c.isLettered);
        if (!c.isLettered) {
          expect(boxes).toEqual([]);
          continue;
        }
        expect(boxes.map((b) => b.text).join(' ')).toContain('Weather');
        for (const box of boxes) {
          expect(box.xMin - spine.x0, `${c.pageCount} ${c.paper} ${box.text}`).toBeGreaterThanOrEqual(0.0625 * 72);
          expect(spine.x1 - box.xMax, `${c.pageCount} ${c.paper} ${box.text}`).toBeGreaterThanOrEqual(0.0625 * 72);
        }
      }
    },
  );
});
