// The disk caches of .karya/cache (the generator catalogue, the language table) share one writer: a key's data is
// read back as written, each cache keeps its own most recently used few (written or read) and leaves the other's files
// alone, and a folder that cannot be written is no error (a read-only checkout parses again at every start).
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptCache } from '../../engine/node/kept-cache.js';
import { tempDir } from '../temp.js';

const key = (n: number): string => n.toString(16).padStart(4, '0').padEnd(64, '0');

describe('a kept disk cache', () => {
  it('reads back what a key was written with, and nothing for a key never written', () => {
    const cache = keptCache<{ key: string; files: [string, unknown][] }>(tempDir('karya-kept-'), 'languages', 8);
    cache.write({ key: key(1), files: [['ms.yaml', { code: 'ms' }]] });
    expect(cache.read(key(1))).toEqual({ key: key(1), files: [['ms.yaml', { code: 'ms' }]] });
    expect(cache.read(key(2))).toBeUndefined();
    // Same file name (the first 32 digits), another key: a miss, not another key's data.
    expect(cache.read(`${key(1).slice(0, 32)}${'f'.repeat(32)}`)).toBeUndefined();
  });

  it('reads back words past ASCII as written (accents, dashes, emoji) from a file of ASCII bytes', () => {
    const dir = tempDir('karya-kept-');
    const cache = keptCache<{ key: string; words: string[] }>(dir, 'languages', 8);
    const words = ['Bab – satu', 'café «été»', 'ঊ 😀', '\u007f'];
    cache.write({ key: key(1), words });
    expect(cache.read(key(1))).toEqual({ key: key(1), words });
    const bytes = readFileSync(path.join(dir, `languages-${key(1).slice(0, 32)}.json`));
    expect(bytes.every((b) => b < 0x80)).toBe(true);
  });

  it("keeps a prefix's newest files, leaving another prefix's and pruning the file kept before keys", () => {
    const dir = tempDir('karya-kept-');
    const catalog = keptCache<{ key: string }>(dir, 'catalog', 4);
    const languages = keptCache<{ key: string }>(dir, 'languages', 8);
    writeFileSync(path.join(dir, 'catalog.json'), '{}');
    utimesSync(path.join(dir, 'catalog.json'), 1000, 1000);
    languages.write({ key: key(100) });
    languages.write({ key: key(101) });
    for (let n = 1; n <= 6; n++) {
      catalog.write({ key: key(n) });
      // Each a second newer than the one before, whatever the clock's resolution.
      const at = 2000 + n;
      utimesSync(path.join(dir, `catalog-${key(n).slice(0, 32)}.json`), at, at);
    }
    expect(readdirSync(dir).sort()).toEqual([
      ...[3, 4, 5, 6].map((n) => `catalog-${key(n).slice(0, 32)}.json`),
      ...[100, 101].map((n) => `languages-${key(n).slice(0, 32)}.json`),
    ]);
    expect(catalog.read(key(6))).toEqual({ key: key(6) });
    expect(catalog.read(key(2))).toBeUndefined();
  });

  it('keeps the files last read as well as written: a key read back outlives newer keys written after it', () => {
    const dir = tempDir('karya-kept-');
    const catalog = keptCache<{ key: string }>(dir, 'catalog', 4);
    const fileOf = (n: number) => path.join(dir, `catalog-${key(n).slice(0, 32)}.json`);
    for (let n = 1; n <= 4; n++) {
      catalog.write({ key: key(n) });
      utimesSync(fileOf(n), 2000 + n, 2000 + n);
    }
    // The oldest written is read (as every start reads the usual catalogue), then two other keys are written.
    expect(catalog.read(key(1))).toEqual({ key: key(1) });
    for (let n = 5; n <= 6; n++) catalog.write({ key: key(n) });
    expect(readdirSync(dir).sort()).toEqual([1, 4, 5, 6].map((n) => `catalog-${key(n).slice(0, 32)}.json`));
    expect(catalog.read(key(1))).toEqual({ key: key(1) });
    expect(catalog.read(key(2))).toBeUndefined();
  });

  it('writes nothing and throws nothing where the folder cannot be made', () => {
    const file = path.join(tempDir('karya-kept-'), 'a-file');
    writeFileSync(file, 'not a folder');
    const cache = keptCache<{ key: string }>(path.join(file, 'cache'), 'catalog', 4);
    expect(() => cache.write({ key: key(1) })).not.toThrow();
    expect(cache.read(key(1))).toBeUndefined();
  });
});
