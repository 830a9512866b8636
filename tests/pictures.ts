// Test pictures, made the way a writer's files are (a designer's export, a camera's JPEG with its metadata, a scanner's
// TIFF) or the way a hostile upload is (a PNG whose header declares more pixels than its bytes hold): one place for the
// cover checks (tests/publish/cover-picture, tests/server/cover-upload*, bench/fair-share).
import { randomFillSync } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** The 8 bytes every PNG starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and CRC (PNG specification, 5.3). */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body) >>> 0, body.length + 4);
  return framed;
}

/**
 * A PNG whose header declares `width` × `height` pixels (8-bit RGB) over `dataBytes` zero bytes of compressed data
 * (64 by default): its header is what a check reads first, and decoding it would take what the header says.
 */
export function declaredPng(width: number, height: number, dataBytes = 64): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(dataBytes))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A picture of one colour, `width` × `height`, in `format` (what a scanner or an editor exports). */
export function plainPicture(
  format: 'jpeg' | 'png' | 'tiff' | 'webp',
  input: { width?: number; height?: number; background?: string } = {},
): Promise<Buffer> {
  const { width = 1600, height = 2560, background = '#336699' } = input;
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A 1,600 × 2,560 TIFF (the upload takes a JPEG or PNG; `karya publish --cover` takes a TIFF too). */
export const tiffCover = (): Promise<Buffer> => plainPicture('tiff');

/**
 * A valid 1,600 × 2,560 JPEG made `bytes` long with comment segments (a camera's or an editor's metadata) of random
 * bytes.
 */
export async function jpegOf(bytes: number): Promise<Buffer> {
  const picture = await sharp({ create: { width: 1600, height: 2560, channels: 3, background: '#2a6041' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const segments: Buffer[] = [];
  for (let left = bytes - picture.length; left > 4;) {
    const size = Math.min(65_533, left - 4);
    const segment = Buffer.alloc(size + 4);
    segment.set([0xff, 0xfe]);
    segment.writeUInt16BE(size + 2, 2);
    randomFillSync(segment, 4);
    segments.push(segment);
    left -= segment.length;
  }
  return Buffer.concat([picture.subarray(0, 2), ...segments, picture.subarray(2)]);
}
