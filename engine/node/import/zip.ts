// A DOCX's or EPUB's ZIP archive read within bounds: at most 2,000 entries and 100 MB unpacked in all, by the
// sizes the archive declares, checked before anything is inflated (a zip bomb is refused, not unpacked).
// Then each wanted entry is inflated by Node's zlib with an output cap of its declared size (and of what is
// left of the 100 MB): zlib stops as soon as the cap is passed, so an entry that lies about its size costs
// what its declared size costs, never what it would have unpacked to, and is refused as a zip bomb.
// fflate's streaming reader finds the entries (their local headers, names and sizes).
import { inflateRawSync } from 'node:zlib';
import { Unzip, UnzipPassThrough, unzipSync, type Unzipped } from 'fflate';
import { ImportRefusal } from '../../import/index.js';
import { KaryaError } from '../../karya-error.js';

export const ZIP_LIMITS = { entries: 2000, unpackedBytes: 100 * 1024 * 1024 } as const;

const LIMIT_WORDS = `${ZIP_LIMITS.unpackedBytes / (1024 * 1024)} MB`;

/** An entry that unpacks to more than it declares (or than is left of the total): a zip bomb. */
class TooMuchOutput extends KaryaError {
  readonly code = 'import_zip_bomb';
  constructor() {
    super('an entry unpacks to more than it declares', { httpStatus: 400 });
  }
}

/**
 * fflate's decoder interface for DEFLATE entries, inflating with zlib once the entry's bytes are in, its
 * output capped (the cap is read when the entry starts: `cap()` gives what is left of the total).
 */
function cappedInflate(cap: () => number) {
  return class CappedInflate {
    static readonly compression = 8;
    ondata!: (error: Error | null, data: Uint8Array | null, final: boolean) => void;
    private readonly chunks: Uint8Array[] = [];
    private readonly limit: number;

    constructor(_name: string, _size?: number, declared?: number) {
      this.limit = Math.min(declared ?? Infinity, cap());
    }

    push(chunk: Uint8Array, final: boolean): void {
      this.chunks.push(chunk);
      if (!final) return;
      let out: Buffer;
      try {
        out = inflateRawSync(Buffer.concat(this.chunks), { maxOutputLength: Math.max(1, this.limit + 1) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TooMuchOutput();
        throw error;
      }
      if (out.length > this.limit) throw new TooMuchOutput();
      this.ondata(null, new Uint8Array(out.buffer, out.byteOffset, out.length), true);
    }
  };
}

/** The archive's entries (those `wanted` keeps), or an ImportRefusal naming the file. */
export function unzipBounded(
  file: string,
  bytes: Uint8Array,
  wanted: (name: string) => boolean = () => true,
): Unzipped {
  let entries = 0;
  let total = 0;
  try {
    // First the sizes the central directory declares (nothing inflated).
    unzipSync(bytes, {
      filter(entry) {
        entries += 1;
        total += entry.originalSize;
        return false;
      },
    });
  } catch (error) {
    throw new ImportRefusal('import_unreadable', { file, reason: 'zip' }, (error as Error).message);
  }
  if (entries > ZIP_LIMITS.entries || total > ZIP_LIMITS.unpackedBytes)
    throw new ImportRefusal('import_zip_bomb', { file, limit: LIMIT_WORDS });
  return inflateEntries(file, bytes, wanted);
}

/** The wanted entries inflated, each capped by its declared size and all by the total limit. */
function inflateEntries(file: string, bytes: Uint8Array, wanted: (name: string) => boolean): Unzipped {
  const out: Unzipped = {};
  let produced = 0;
  const reader = new Unzip((entry) => {
    if (!wanted(entry.name) || entry.name.endsWith('/') || entry.name in out) return;
    const declared = entry.originalSize;
    const chunks: Uint8Array[] = [];
    let size = 0;
    entry.ondata = (error, data, final) => {
      if (error) throw error;
      size += data.length;
      produced += data.length;
      if ((declared !== undefined && entry.compression === 0 && size > declared) || produced > ZIP_LIMITS.unpackedBytes)
        throw new TooMuchOutput();
      chunks.push(data);
      if (final) out[entry.name] = concat(chunks, size);
    };
    entry.start();
  });
  reader.register(UnzipPassThrough);
  reader.register(cappedInflate(() => ZIP_LIMITS.unpackedBytes - produced));
  try {
    reader.push(bytes, true);
  } catch (error) {
    if (error instanceof TooMuchOutput) throw new ImportRefusal('import_zip_bomb', { file, limit: LIMIT_WORDS });
    throw new ImportRefusal('import_unreadable', { file, reason: 'zip' }, (error as Error).message);
  }
  return out;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  if (chunks.length === 1 && chunks[0]!.buffer instanceof ArrayBuffer) return chunks[0] as Uint8Array<ArrayBuffer>;
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}
