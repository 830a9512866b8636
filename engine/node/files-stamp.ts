// A stamp of files (their names, sizes, times and inodes) standing for their texts: a start that finds the files as
// they were when their texts were last hashed takes that hash from the stamp rather than reading them again (the
// generator catalogue's sources: engine/node/load.ts). Kept in .karya/cache, the newest few.
import { statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { keptCache } from './kept-cache.js';

export interface FilesStamp {
  key: string;
  /** The files' newest change (modified or changed, ms). */
  newest: number;
}

/** The stamp of `files` after `head` (what else the texts' key holds), each named as `name` shows it. */
export function filesStamp(head: string, files: readonly string[], name: (file: string) => string): FilesStamp {
  const hash = createHash('sha256').update(`${head}\n`);
  let newest = 0;
  for (const file of files) {
    const { size, mtimeMs, ctimeMs, ino } = statSync(file);
    hash.update(`${name(file)}\0${size}\0${mtimeMs}\0${ctimeMs}\0${ino}\0`);
    newest = Math.max(newest, mtimeMs, ctimeMs);
  }
  return { key: hash.digest('hex'), newest };
}

/** What a stamp stands for (`texts`: the key the texts gave, `at`: when they were read). */
const stamps = (root: string) =>
  keptCache<{ key: string; texts: string; at: number }>(path.join(root, '.karya', 'cache'), 'sources-stamps', 8);

/**
 * A stamp is trusted only for files older than it by this much: two writes within a step of the file system's clock
 * can leave a file the same size and time with other words (git's "racily clean" files); those are read and hashed.
 */
const SETTLED_MS = 2000;

/** The key the stamped files' texts gave when they were read, if they have not changed since (settled). */
export function stampedKey(root: string, stamp: FilesStamp): string | undefined {
  const stamped = stamps(root).read(stamp.key);
  return stamped && stamp.newest < stamped.at - SETTLED_MS ? stamped.texts : undefined;
}

/** Keeps what the files of `stamp` gave, read at `at` (taken before they were read). */
export function keepStamp(root: string, stamp: FilesStamp, texts: string, at: number): void {
  stamps(root).write({ key: stamp.key, texts, at });
}
