// The covers' two facts read from their pixels (engine/node/print/pixel-stats.ts) are sharp's stats(), which they
// replace: each channel's deviation and the dominant colour, for a noisy picture, a flat one, a JPEG as decoded,
// and two colours filling a picture half each (the dominant one is the one libvips finds first).
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { channelDeviations, dominantColour } from '../../engine/node/print/pixel-stats.js';

/** Pixels from a fixed seed: a picture with every colour in it, the same on every run. */
function noise(width: number, height: number, channels: number): Buffer {
  const data = Buffer.alloc(width * height * channels);
  let seed = 17;
  for (let i = 0; i < data.length; i++) {
    // xorshift32: every byte value, spread evenly.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const byte = (seed >>> 0) % 256;
    // Skewed towards the reds, so some cells of the histogram are fuller than others.
    data[i] = i % channels === 0 ? Math.max(byte, (seed >>> 8) % 256) : byte;
  }
  return data;
}

async function sharpFacts(data: Buffer, width: number, height: number, channels: 3) {
  const stats = await sharp(data, { raw: { width, height, channels } }).stats();
  return { deviations: stats.channels.map((c) => c.stdev), dominant: stats.dominant };
}

describe("a cover's pixel facts, as sharp's stats() gives them", () => {
  it('noise: each channel deviation and the dominant colour', async () => {
    const data = noise(300, 200, 3);
    const facts = await sharpFacts(data, 300, 200, 3);
    const deviations = channelDeviations({ data, channels: 3 });
    deviations.forEach((d, c) => expect(d).toBeCloseTo(facts.deviations[c]!, 9));
    expect(dominantColour({ data, channels: 3 })).toEqual(facts.dominant);
  });

  it('a JPEG as decoded, and a picture of one flat colour (no spread)', async () => {
    const jpeg = await sharp(noise(320, 512, 3), { raw: { width: 320, height: 512, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const decoded = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const stats = await sharp(jpeg).stats();
    channelDeviations({ data: decoded.data, channels: 3 }).forEach((d, c) =>
      expect(d).toBeCloseTo(stats.channels[c]!.stdev, 9),
    );
    const flat = Buffer.alloc(40 * 64 * 3);
    for (let i = 0; i < flat.length; i += 3) flat.set([0x33, 0x66, 0x99], i);
    expect(channelDeviations({ data: flat, channels: 3 })).toEqual([0, 0, 0]);
    expect(dominantColour({ data: flat, channels: 3 })).toEqual((await sharpFacts(flat, 40, 64, 3)).dominant);
    // The edges of libvips's bins: 16 is in the first, 17 in the second (and 0 in the first).
    for (const value of [0, 15, 16, 17, 32, 33, 128, 136, 255]) {
      const one = Buffer.alloc(4 * 4 * 3, value);
      expect(dominantColour({ data: one, channels: 3 }), String(value)).toEqual(
        (await sharpFacts(one, 4, 4, 3)).dominant,
      );
    }
  });

  it('two colours half each: the one libvips finds first, as sharp names it', async () => {
    const data = Buffer.alloc(100 * 100 * 3);
    for (let i = 0; i < data.length; i += 3) data.set(i < data.length / 2 ? [10, 100, 50] : [200, 20, 50], i);
    const facts = await sharpFacts(data, 100, 100, 3);
    expect(dominantColour({ data, channels: 3 })).toEqual(facts.dominant);
    channelDeviations({ data, channels: 3 }).forEach((d, c) => expect(d).toBeCloseTo(facts.deviations[c]!, 9));
  });
});
