// A cover picture's limits as numbers: KDP's eBook cover sizes, the most pixels Karya decodes, and the most memory a
// decode may hold at once (with what a picture's storage makes a decode hold). Pure data and arithmetic, no words:
// the rules that word a refusal are cover-rules.ts, which re-exports these.
/**
 * KDP's eBook cover (KDP Help, "eBook Cover Image Guidelines"): at least 1,000 × 1,600 px, ideally 1,600 ×
 * 2,560, at most 10,000 × 10,000, 1.6:1, under 50 MB. A picture up to a tenth off 1.6:1 is cropped evenly to
 * it; one further off would lose too much of itself. Every store is sent the converted cover, not the
 * picture: Google Play's sides (640 to 7,200 px, readiness/cover-sides.ts) and Kobo's and Google Play's JPEG or
 * PNG in RGB (channels.ts) are checked on it in the readiness list, and the converted 1,600 × 2,560 RGB JPEG
 * meets them whatever picture KDP's rules let through.
 */
export const COVER_PICTURE_RULES = [
  {
    channel: 'kdp_ebook',
    minWidth: 1000,
    minHeight: 1600,
    idealWidth: 1600,
    idealHeight: 2560,
    maxWidth: 10_000,
    maxHeight: 10_000,
    ratio: 1.6,
    ratioTolerance: 0.1,
    maxBytes: 50 * 1024 * 1024,
  },
] as const;

/**
 * Karya's own bound on a cover picture's pixels, below what KDP's sides allow (6,250 × 10,000 is 62.5 million):
 * decoding one costs about 4 bytes a pixel, so 40 megapixels (a 5,000 × 8,000 cover, three times KDP's ideal on each
 * side) keeps a publish's memory bounded; every store's cover is made at 1,600 × 2,560 from it anyway.
 */
export const COVER_MAX_MEGAPIXELS = 40;

/** The most pixels a cover picture may have: what it may be decoded at, at most (sharp's limitInputPixels). */
export const COVER_MAX_PIXELS = Math.min(
  COVER_MAX_MEGAPIXELS * 1_000_000,
  ...COVER_PICTURE_RULES.map((r) => r.maxWidth * r.maxHeight),
);

/**
 * The most memory a cover picture's decode may hold at once, in MB. A baseline JPEG or a PNG that is not
 * interlaced is read a strip at a time (a JPEG at an eighth, a quarter or half its size when that is all the stores'
 * covers need), so it holds a few rows whatever its size; a progressive JPEG holds every coefficient of the picture
 * (2 bytes each) and an interlaced (Adam7) PNG every pixel until its last pass. 160 MB lets every baseline or
 * non-interlaced picture within COVER_MAX_PIXELS through, and a progressive one up to 40 megapixels with its colour
 * at half resolution (the usual 4:2:0: 120 MB); a full-colour progressive or 16-bit interlaced one of that size
 * is refused with what it would take.
 */
export const COVER_DECODE_MAX_MB = 160;

/** What a picture's header says of how it is stored (sharp's metadata), enough to know what decoding it holds. */
export interface PictureStorage {
  format?: string;
  width: number;
  height: number;
  /** Samples a pixel (3 RGB, 4 RGBA or CMYK, 1 grey). */
  channels?: number;
  /** Bits a sample (8 or 16). */
  bitsPerSample?: number;
  /** A progressive JPEG, or an interlaced PNG. */
  isProgressive?: boolean;
  /** A JPEG's chroma subsampling as sharp names it ('4:2:0', '4:4:4'…). */
  chromaSubsampling?: string;
}

/**
 * The memory, in MB, a decode of the picture holds for its whole picture at once: 0 for a picture read a strip at a
 * time.
 * @example coverDecodeMegabytes({ format: 'jpeg', width: 5000, height: 8000, channels: 3, isProgressive: true,
 * chromaSubsampling: '4:2:0' }) // 114.4
 */
export function coverDecodeMegabytes(picture: PictureStorage): number {
  if (!picture.isProgressive) return 0;
  const pixels = picture.width * picture.height;
  const channels = picture.channels ?? 3;
  if (picture.format === 'jpeg') {
    // Coefficients of 2 bytes: the first channel at full resolution, the others at their subsampled share.
    const share = /^4:2:0/.test(picture.chromaSubsampling ?? '')
      ? 0.25
      : /^4:2:2|^4:4:0/.test(picture.chromaSubsampling ?? '')
        ? 0.5
        : 1;
    return (pixels * (1 + (channels - 1) * share) * 2) / (1024 * 1024);
  }
  if (picture.format === 'png')
    return (pixels * channels * Math.ceil((picture.bitsPerSample ?? 8) / 8)) / (1024 * 1024);
  return 0;
}
