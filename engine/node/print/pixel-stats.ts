// The two facts a package's covers read from their pixels, computed in one pass over the pixels already decoded
// (cover-art.ts), as libvips computes them in sharp's stats(): each channel's standard deviation (is the eBook cover
// one flat colour?) and the dominant colour (the wrap's background around its front panel). sharp's stats() computes
// them too, but with an entropy and a sharpness (a Laplacian over the whole picture) no cover reads, and from the
// picture's encoded bytes, decoded again: about 90 ms of CPU a cover, where this pass takes about 15.

/** Pixels as sharp's raw output holds them: `channels` bytes a pixel, row after row. */
export interface RawPixels {
  data: Uint8Array;
  channels: number;
}

/**
 * Each channel's standard deviation, as libvips's stats() gives it: the sample deviation,
 * sqrt(|Σx² − (Σx)²/n| / (n − 1)).
 */
export function channelDeviations({ data, channels }: RawPixels): number[] {
  const sums = new Float64Array(channels);
  const squares = new Float64Array(channels);
  if (channels === 3) {
    // An RGB cover's three channels summed in locals, a pixel at a time (about twice as fast as the loop
    // below); every sum is an integer far below 2^53, so exact in any order: the same sums.
    let r = 0;
    let g = 0;
    let b = 0;
    let rr = 0;
    let gg = 0;
    let bb = 0;
    for (let i = 0; i + 2 < data.length; i += 3) {
      const x = data[i]!;
      const y = data[i + 1]!;
      const z = data[i + 2]!;
      r += x;
      g += y;
      b += z;
      rr += x * x;
      gg += y * y;
      bb += z * z;
    }
    sums.set([r, g, b]);
    squares.set([rr, gg, bb]);
  } else {
    for (let i = 0, c = 0; i < data.length; i++) {
      const v = data[i]!;
      sums[c]! += v;
      squares[c]! += v * v;
      c = c + 1 === channels ? 0 : c + 1;
    }
  }
  const n = data.length / channels;
  return Array.from(sums, (sum, c) => (n > 1 ? Math.sqrt(Math.abs(squares[c]! - (sum * sum) / n) / (n - 1)) : 0));
}

/** Histogram bins a channel (of 256 values) is counted in, as sharp's stats() counts the dominant colour. */
const BINS = 16;
const BIN_WIDTH = 256 / BINS;
/**
 * The bin of each value as libvips counts it (measured over every value of each channel): ⌈v / 16⌉ − 1, 0 for 0, so
 * 16 is in the first bin and 17 in the second.
 */
const BIN_OF = Uint8Array.from({ length: 256 }, (_, v) => Math.max(0, Math.ceil(v / BIN_WIDTH) - 1));

/**
 * The dominant colour of RGB pixels, as sharp's stats() finds it: the fullest cell of a 16 × 16 × 16 histogram (the
 * first in libvips's order among equals: green, then red, then blue), named by its cell's middle value.
 */
export function dominantColour({ data, channels }: RawPixels): { r: number; g: number; b: number } {
  if (channels < 3) throw new Error(`dominantColour: RGB pixels expected, not ${channels} channels`);
  const counts = new Uint32Array(BINS * BINS * BINS);
  // Cell (r, g, b) at (g × 16 + r) × 16 + b: libvips's histogram image is r across, g down, b the bands.
  for (let i = 0; i + 2 < data.length; i += channels)
    counts[((BIN_OF[data[i + 1]!]! * BINS + BIN_OF[data[i]!]!) << 4) + BIN_OF[data[i + 2]!]!]! += 1;
  let best = 0;
  for (let cell = 1; cell < counts.length; cell++) if (counts[cell]! > counts[best]!) best = cell;
  const b = best % BINS;
  const r = Math.floor(best / BINS) % BINS;
  const g = Math.floor(best / (BINS * BINS));
  const middle = (bin: number) => bin * BIN_WIDTH + BIN_WIDTH / 2;
  return { r: middle(r), g: middle(g), b: middle(b) };
}
