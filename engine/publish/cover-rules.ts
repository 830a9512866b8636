// The rules a writer's own cover picture must meet before Karya makes the stores' covers from it (karya
// publish --cover FILE, a batch job's `cover:`, the studio's upload): each rule as data with the store it
// comes from, and the first one a picture breaks as a catalogue code with its values. A picture that meets
// them is converted (engine/node/print/cover.ts): cropped evenly to 1.6:1 and saved as an RGB JPEG.
import { CHANNELS } from './channels.js';

// The sizes and the decode bound, in a module of their own (cover-limits.ts): a thread that decodes a picture reads
// them without the stores' rules and their words.
export {
  COVER_DECODE_MAX_MB,
  COVER_MAX_MEGAPIXELS,
  COVER_MAX_PIXELS,
  COVER_PICTURE_RULES,
  coverDecodeMegabytes,
  type PictureStorage,
} from './cover-limits.js';
import { COVER_DECODE_MAX_MB, COVER_MAX_MEGAPIXELS, COVER_MAX_PIXELS, COVER_PICTURE_RULES } from './cover-limits.js';

/**
 * What a file's first bytes say it is, before any library reads it: a picture format Karya converts from,
 * `svg` for markup (an SVG drawing, or an HTML or XML file named .png: a drawing may carry scripts and
 * links to other files, and no store takes one), or undefined for anything else.
 * @example pictureKindOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0])) // 'jpeg'
 */
export function pictureKindOf(bytes: Uint8Array): 'jpeg' | 'png' | 'tiff' | 'webp' | 'svg' | undefined {
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  )
    return 'webp';
  // Markup starts with `<` after an optional byte-order mark and white space (gzip's 1f 8b: an .svgz).
  if (starts(0x1f, 0x8b)) return 'svg';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') ? 'svg' : undefined;
}

/** The picture formats Karya converts from (sharp's names). */
export const COVER_PICTURE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'tiff', 'webp']);

/** What is known of a picture before it is used. */
export interface CoverPicture {
  /** The name the writer gave it (the file, or the upload's name). */
  file: string;
  bytes: number;
  /** sharp's format name, or undefined when the bytes are no picture sharp reads. */
  format?: string;
  width: number;
  height: number;
  /** What decoding it holds at once, in MB (coverDecodeMegabytes), when its header was read. */
  decodeMegabytes?: number;
}

/** A refused picture: the catalogue code and the values of its message. */
export interface CoverPictureProblem {
  code:
    | 'cover_unreadable'
    | 'cover_unreadable_format'
    | 'cover_upload_unreadable'
    | 'cover_svg'
    | 'cover_too_many_pixels'
    | 'cover_too_many_megapixels'
    | 'cover_too_small'
    | 'cover_wrong_shape'
    | 'cover_file_too_large'
    | 'cover_decode_too_large';
  vars: Record<string, string>;
}

const MB = 1024 * 1024;
const sizeText = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);

/**
 * The first store rule the picture breaks, or null when every store's cover can be made from it.
 * @example coverPictureProblem({ file: 'me.jpg', bytes: 80_000, format: 'jpeg', width: 600, height: 960 })?.code //
 * 'cover_too_small'
 */
export function coverPictureProblem(picture: CoverPicture): CoverPictureProblem | null {
  const { file } = picture;
  if (picture.format === 'svg') return { code: 'cover_svg', vars: { file } };
  // Bytes no picture reader knows, or a picture in a format Karya does not convert from (its name, GIF or HEIF, in
  // every language).
  if (!picture.format) return { code: 'cover_unreadable', vars: { file } };
  if (!COVER_PICTURE_FORMATS.has(picture.format))
    return { code: 'cover_unreadable_format', vars: { file, format: picture.format.toUpperCase() } };
  for (const rule of COVER_PICTURE_RULES) {
    const problem = sizeProblem(picture, rule) ?? shapeProblem(picture, rule);
    if (problem) return problem;
  }
  return null;
}

type CoverRule = (typeof COVER_PICTURE_RULES)[number];

/** The first size rule of a store the picture breaks: its pixels, megapixels, decoded memory or file size. */
function sizeProblem(picture: CoverPicture, rule: CoverRule): CoverPictureProblem | null {
  const { file } = picture;
  const store = CHANNELS[rule.channel].name;
  // The size the picture's header declares, before a pixel of it is decoded.
  if (picture.width > rule.maxWidth || picture.height > rule.maxHeight) {
    return {
      code: 'cover_too_many_pixels',
      vars: {
        file,
        store,
        width: String(picture.width),
        height: String(picture.height),
        maxWidth: String(rule.maxWidth),
        maxHeight: String(rule.maxHeight),
        idealWidth: String(rule.idealWidth),
        idealHeight: String(rule.idealHeight),
      },
    };
  }
  if (picture.width * picture.height > COVER_MAX_PIXELS) {
    return {
      code: 'cover_too_many_megapixels',
      vars: {
        file,
        width: String(picture.width),
        height: String(picture.height),
        megapixels: ((picture.width * picture.height) / 1_000_000).toFixed(1),
        limit: String(COVER_MAX_MEGAPIXELS),
        idealWidth: String(rule.idealWidth),
        idealHeight: String(rule.idealHeight),
      },
    };
  }
  if ((picture.decodeMegabytes ?? 0) > COVER_DECODE_MAX_MB) {
    return {
      code: 'cover_decode_too_large',
      vars: {
        file,
        width: String(picture.width),
        height: String(picture.height),
        megabytes: String(Math.ceil(picture.decodeMegabytes!)),
        limit: String(COVER_DECODE_MAX_MB),
      },
    };
  }
  if (picture.bytes >= rule.maxBytes)
    return {
      code: 'cover_file_too_large',
      vars: { file, store, size: sizeText(picture.bytes), limit: sizeText(rule.maxBytes) },
    };
  return null;
}

/** The store's shape rule the picture breaks: its height to width, or its size once cropped evenly to that shape. */
function shapeProblem(picture: CoverPicture, rule: CoverRule): CoverPictureProblem | null {
  const { file } = picture;
  const store = CHANNELS[rule.channel].name;
  const ratio = picture.height / picture.width;
  const [min, max] = [rule.ratio * (1 - rule.ratioTolerance), rule.ratio * (1 + rule.ratioTolerance)];
  const ideal = { idealWidth: String(rule.idealWidth), idealHeight: String(rule.idealHeight) };
  if (ratio < min || ratio > max) {
    return {
      code: 'cover_wrong_shape',
      vars: {
        file,
        store,
        width: String(picture.width),
        height: String(picture.height),
        ratio: ratio.toFixed(2),
        wanted: String(rule.ratio),
        min: min.toFixed(2),
        max: max.toFixed(2),
        ...ideal,
      },
    };
  }
  // The size after the even crop to 1.6:1 is what the store sees.
  const cropped =
    ratio > rule.ratio
      ? { width: picture.width, height: Math.round(picture.width * rule.ratio) }
      : { width: Math.round(picture.height / rule.ratio), height: picture.height };
  if (cropped.width < rule.minWidth || cropped.height < rule.minHeight) {
    return {
      code: 'cover_too_small',
      vars: {
        file,
        store,
        width: String(picture.width),
        height: String(picture.height),
        minWidth: String(rule.minWidth),
        minHeight: String(rule.minHeight),
        ...ideal,
      },
    };
  }
  return null;
}

/**
 * The first bytes that hold a PNG's declared size: its signature (8), IHDR's length and name (8), width and height (8).
 */
export const PNG_SIZE_BYTES = 24;

/**
 * The size a PNG's header declares (IHDR, the first chunk: its width and height after its length and name), or
 * undefined when the bytes are no PNG or too few.
 * @example pngDeclaredSize(firstBytesOfA6250x10000Png) // { width: 6250, height: 10000 }
 */
export function pngDeclaredSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const IHDR = [0x49, 0x48, 0x44, 0x52];
  if (bytes.length < PNG_SIZE_BYTES || pictureKindOf(bytes) !== 'png' || !IHDR.every((b, i) => bytes[12 + i] === b))
    return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * The size rule a picture's first bytes already break (a PNG declaring more pixels than a cover may have), so it is
 * refused before the rest is read; null when they break none or say no size (a JPEG's size comes after its
 * other segments: its whole header is read).
 */
export function firstBytesProblem(bytes: Uint8Array, file: string): CoverPictureProblem | null {
  const declared = pngDeclaredSize(bytes);
  if (!declared) return null;
  const problem = coverPictureProblem({ file, bytes: bytes.byteLength, format: 'png', ...declared });
  return problem?.code === 'cover_too_many_pixels' || problem?.code === 'cover_too_many_megapixels' ? problem : null;
}
