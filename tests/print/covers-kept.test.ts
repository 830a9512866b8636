// A package's covers are kept by what they are made from (engine/node/publish-covers.ts): a book published again with
// the same words on its lettered cover, or the same picture, gets the covers its first package got, byte for byte, as
// bytes of its own; a cover whose words, picture or size differ is made anew.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseSettings, startBook, type BookState } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { packageCovers } from '../../engine/node/publish-covers.js';
import { ebookCoverSize, wrapFrontPx } from '../../engine/node/print/cover.js';
import type { TrimName } from '../../engine/print.js';
import type { PackageParts } from '../../engine/publish/index.js';
import { renderCoverPng } from '../../engine/providers/cover.js';

const catalog = loadCatalog({ useDiskCache: true });
const romance = catalog.get('romance')!;

function bookIn(language: 'en' | 'ms'): BookState {
  const settings = parseSettings(romance, { language });
  return { ...startBook({ spec: romance, settings, totalChapters: 1 }), content: ['a', 'b', 'c'], isLocked: true };
}

/** A typographic package's parts: what its cover prints. */
function partsOf(title: string, author: string, png?: Uint8Array): PackageParts {
  return {
    title,
    subtitle: '',
    author,
    description: '',
    keywords: [],
    copyright: '',
    cover: png ? { png, size: ebookCoverSize() } : { size: ebookCoverSize(), origin: 'typographic' },
    categories: [],
    notes: {},
    given: {},
    steps: [],
    cost: 0,
  };
}

const coversOf = (state: BookState, parts: PackageParts, trim: TrimName = '6x9') =>
  packageCovers({ book: romance, state, parts, trim });

describe("a package's covers, kept by what they are made from", () => {
  it(
    'published again: the same covers byte for byte, its ' + 'own bytes; at another trim, its front lettered anew',
    async () => {
      const state = bookIn('ms');
      // Words no other test letters: the first package's covers are lettered here.
      const parts = partsOf('Sungai Yang Tenang Di Hulu', 'Nur Aina Kamaruddin');
      const first = await coversOf(state, parts);
      const again = await coversOf(state, parts);
      expect(again.isLettered).toBe(true);
      expect(Buffer.from(again.jpeg.bytes).equals(Buffer.from(first.jpeg.bytes))).toBe(true);
      expect(Buffer.from(again.front.jpeg).equals(Buffer.from(first.front.jpeg))).toBe(true);
      expect(again.front.dominant).toEqual(first.front.dominant);
      expect(again.content).toEqual(first.content);
      // Each package's bytes are its own: one package's changed bytes are not the next one's.
      again.jpeg.bytes.fill(0);
      again.front.jpeg.fill(0);
      const third = await coversOf(state, parts);
      expect(Buffer.from(third.jpeg.bytes).equals(Buffer.from(first.jpeg.bytes))).toBe(true);
      expect(Buffer.from(third.front.jpeg).equals(Buffer.from(first.front.jpeg))).toBe(true);
      // Another trim: the same eBook cover, its front panel lettered at that trim's size.
      const smaller = await coversOf(state, parts, '5x8');
      expect(Buffer.from(smaller.jpeg.bytes).equals(Buffer.from(first.jpeg.bytes))).toBe(true);
      const { width, height } = wrapFrontPx('5x8');
      expect(await sharp(smaller.front.jpeg).metadata()).toMatchObject({ format: 'jpeg', width, height });
      expect(await sharp(first.front.jpeg).metadata()).toMatchObject(wrapFrontPx('6x9'));
    },
  );

  it(
    'a picture published again: the same covers byte for ' + 'byte, its own bytes; another picture makes its own',
    async () => {
      const state = bookIn('en');
      const picture = renderCoverPng({ prompt: 'covers-kept: a lighthouse at dusk', size: '1024x1792' });
      const first = await coversOf(state, partsOf('Harbour Lights', 'Siti Aminah', picture));
      const again = await coversOf(state, partsOf('Harbour Lights', 'Siti Aminah', picture));
      expect(again.isLettered).toBe(false);
      expect(Buffer.from(again.jpeg.bytes).equals(Buffer.from(first.jpeg.bytes))).toBe(true);
      expect(Buffer.from(again.front.jpeg).equals(Buffer.from(first.front.jpeg))).toBe(true);
      expect(again.content).toEqual(first.content);
      again.jpeg.bytes.fill(0);
      const third = await coversOf(state, partsOf('Harbour Lights', 'Siti Aminah', picture));
      expect(Buffer.from(third.jpeg.bytes).equals(Buffer.from(first.jpeg.bytes))).toBe(true);
      const other = renderCoverPng({ prompt: 'covers-kept: a lighthouse at dusk', size: '1024x1024' });
      const second = await coversOf(state, partsOf('Harbour Lights', 'Siti Aminah', other));
      expect(Buffer.from(second.jpeg.bytes).equals(Buffer.from(first.jpeg.bytes))).toBe(false);
    },
  );
});
