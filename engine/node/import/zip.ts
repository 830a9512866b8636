// A DOCX's or EPUB's ZIP archive read within bounds: at most 2,000 entries and 100 MB unpacked in all, by the
// sizes the archive declares, checked before anything is inflated (a zip bomb is refused, not unpacked);
// fflate then inflates each entry into a buffer of its declared size, so an entry that lies about its size
// fails instead of growing.
import { unzipSync, type Unzipped } from 'fflate';
import { ImportRefusal } from '../../import/index.js';

export const ZIP_LIMITS = { entries: 2000, unpackedBytes: 100 * 1024 * 1024 } as const;

/** The archive's entries (those `wanted` keeps), or an ImportRefusal naming the file. */
export function unzipBounded(file: string, bytes: Uint8Array, wanted: (name: string) => boolean = () => true): Unzipped {
  let entries = 0;
  let total = 0;
  try {
    // First the sizes only (nothing inflated), then the entries wanted.
    unzipSync(bytes, {
      filter(entry) {
        entries += 1;
        total += entry.originalSize;
        return false;
      },
    });
    if (entries > ZIP_LIMITS.entries || total > ZIP_LIMITS.unpackedBytes) throw new ImportRefusal('import_zip_bomb', { file, limit: `${ZIP_LIMITS.unpackedBytes / (1024 * 1024)} MB` });
    return unzipSync(bytes, { filter: (entry) => wanted(entry.name) });
  } catch (error) {
    if (error instanceof ImportRefusal) throw error;
    throw new ImportRefusal('import_unreadable', { file, reason: (error as Error).message });
  }
}
