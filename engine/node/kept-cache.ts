// The disk caches of .karya/cache (the resolved generator catalogue, the parsed language table): one JSON file
// per key, named `<prefix>-<key's first 32 hex digits>.json`, the most recently used few of a prefix kept. One file
// per key rather than one per prefix: commands run from other folders, a test's fixture folder or a language being
// tried out have other keys, and with one shared file each of them rebuilt the other's.
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';

export interface KeptCache<T extends { key: string }> {
  /** What was written under `key`, or undefined (never written, pruned, or a file of another key's prefix). */
  read(key: string): T | undefined;
  /**
   * Writes `data` under `data.key` and prunes the prefix's files least recently written or read; a folder it cannot
   * write is no error.
   */
  write(data: T): void;
}

/**
 * How a kept cache's data is written to its file and read back (JSON by default). `decode` gets the file's bytes
 * and may throw (a file cut short): a miss.
 */
export interface KeptCodec<T> {
  encode(data: T): string | Uint8Array;
  decode(bytes: Buffer): T;
  /**
   * Instead of `decode`, given the file open for reading: it reads what it needs when it needs it, and keeps the file
   * open as long as it does (closed here if it throws).
   */
  decodeFile?(fd: number): T;
}

/**
 * JSON with every character past ASCII written as its `\uXXXX` escape: the same value back from JSON.parse, but a file
 * of ASCII bytes decodes to a one-byte string. A few hundred accented letters and dashes in the language table's
 * 906 KB made its text a two-byte string of 1.8 MB (and Node's UTF-16 copy of it beside): ~660 more pages of memory
 * touched at every start, ~8 ms of a batch's first call on this machine.
 */
export function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => unicodeEscape(c.charCodeAt(0)));
}

/**
 * The `\uXXXX` escape of the UTF-16 unit `code`, read back as that unit by JSON and by JavaScript's strings, comments
 * and regular expressions alike (asciiJson here; the bundle's ASCII chunks, scripts/ascii-chunks.ts).
 */
export const unicodeEscape = (code: number): string => `\\u${code.toString(16).padStart(4, '0')}`;

const JSON_CODEC: KeptCodec<never> = {
  encode: (data) => asciiJson(data),
  decode: (bytes) => JSON.parse(bytes.toString('utf8')) as never,
};

/**
 * A file read back is dated now, so the prune keeps the most recently used few, not the most recently written: the
 * catalogue every start reads stays while one-off keys (a command from another folder, a fixture's table) come and go.
 * A folder it cannot write (a read-only checkout) leaves the date as it was.
 */
function touch(file: string): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // (the date is only the prune's order)
  }
}

/** `decode` of the file at `file` opened: the file is closed if it throws. */
function decodeOpen<T>(file: string, decode: (fd: number) => T): T {
  const fd = openSync(file, 'r');
  try {
    return decode(fd);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

export function keptCache<T extends { key: string }>(
  dir: string,
  prefix: string,
  kept: number,
  codec: KeptCodec<T> = JSON_CODEC,
): KeptCache<T> {
  const fileOf = (key: string): string => path.join(dir, `${prefix}-${key.slice(0, 32)}.json`);
  // `<prefix>.json` is the single file kept before keys named the files: pruned like an old key's.
  const ours = (name: string): boolean =>
    name === `${prefix}.json` || (name.startsWith(`${prefix}-`) && name.endsWith('.json'));
  return {
    read(key) {
      try {
        const file = fileOf(key);
        const data = codec.decodeFile ? decodeOpen(file, codec.decodeFile) : codec.decode(readFileSync(file));
        // Another key with the same first 32 digits, or a file cut short by a full disk: read as a miss.
        if (data.key !== key) return undefined;
        touch(file);
        return data;
      } catch {
        return undefined;
      }
    },
    write(data) {
      const file = fileOf(data.key);
      try {
        mkdirSync(dir, { recursive: true });
        // Written whole under a name of this thread's, then renamed: a process (or thread) reading the key
        // meanwhile reads the previous file or the whole new one, never half of it.
        const tmp = `${file}.${process.pid}-${threadId}.tmp`;
        writeFileSync(tmp, codec.encode(data));
        renameSync(tmp, file);
        const others = readdirSync(dir)
          .filter(ours)
          .map((name) => path.join(dir, name))
          .filter((f) => f !== file)
          .map((f) => ({ f, at: statSync(f).mtimeMs }))
          .sort((a, b) => b.at - a.at);
        for (const { f } of others.slice(kept - 1)) rmSync(f, { force: true });
      } catch {
        // A read-only checkout works without: it parses again at every start.
      }
    },
  };
}
