// The language table's cache file (engine/node/languages.ts keeps it in .karya/cache): its files' values written one
// after another behind a line that says where each lies, and read back one by one, each at its first read.
import { asciiJson, type KeptCodec } from './kept-cache.js';

/** A folder's files parsed: each file's value, read when asked (decoded then, when it was read back from the cache). */
export type ParsedFiles = ReadonlyMap<string, () => unknown>;

/**
 * The cache's file: a line of JSON naming each file and where its value's JSON lies in the rest (ASCII, so a byte is
 * a character), then those values one after another. Read back, a file's value is decoded at its first read: the
 * whole table's JSON (906 KB) parsed at every start was ~70 ms of a batch's way to its first call on a loaded 2-core
 * machine, and a batch reads about half of it (not the studio's words, nor the offline provider's). A file of another
 * shape (the whole JSON kept before) is a miss.
 */
const FORMAT = 'language files 1';
export const lazyFilesCodec: KeptCodec<{ key: string; files: ParsedFiles }> = {
  encode({ key, files }) {
    const bodies: string[] = [];
    const places: [string, number, number][] = [];
    let at = 0;
    for (const [rel, read] of files) {
      const body = asciiJson(read());
      places.push([rel, at, body.length]);
      bodies.push(body);
      at += body.length;
    }
    return `${asciiJson({ format: FORMAT, key, places })}\n${bodies.join('')}`;
  },
  decode(bytes) {
    const end = bytes.indexOf(0x0a);
    if (end < 0) throw new Error('not a cache of this shape');
    const head = JSON.parse(bytes.toString('latin1', 0, end)) as {
      format?: unknown;
      key: string;
      places: [string, number, number][];
    };
    if (head.format !== FORMAT) throw new Error('not a cache of this shape');
    // A file cut short (or grown) is a miss now, not a value that fails to decode later, at its first read.
    const last = head.places.at(-1);
    if (end + 1 + (last ? last[1] + last[2] : 0) !== bytes.length) throw new Error('not a whole cache');
    const files = new Map<string, () => unknown>();
    let held: Buffer | undefined = bytes;
    let left = head.places.length;
    for (const [rel, at, length] of head.places) {
      let value: unknown;
      let isRead = false;
      files.set(rel, () => {
        if (isRead) return value;
        const start = end + 1 + at;
        value = JSON.parse(held!.toString('latin1', start, start + length));
        isRead = true;
        // Once every value is decoded, the file's bytes are let go.
        if (--left === 0) held = undefined;
        return value;
      });
    }
    return { key: head.key, files };
  },
};
