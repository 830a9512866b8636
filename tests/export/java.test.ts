// Where Karya's long-lived epubcheck cannot answer (engine/node/epubcheck-server.ts), it runs epubcheck once in a JVM
// started quickly (engine/node/java.ts): the first such run of a jar leaves a class archive in the user's cache
// (~/.cache/karya/java, or under XDG_CACHE_HOME), later runs map it. The verdict is epubcheck's own either way, and an
// archive that is not one (cut short, or from another JVM) does not change it.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../../engine/node/export/index.js';
import { runEpubcheckOnce } from '../../engine/node/epubcheck-server.js';
import { quickJava } from '../../engine/node/java.js';
import { tempDir } from '../temp.js';

const JAR = '/usr/share/java/epubcheck.jar';
const tmp = tempDir('karya-java-');
const cache = path.join(tmp, 'cache');
const archives = () =>
  existsSync(path.join(cache, 'karya', 'java')) ? readdirSync(path.join(cache, 'karya', 'java')) : [];

describe('epubcheck in a quickly started JVM', () => {
  const saved = process.env.XDG_CACHE_HOME;
  let epub = '';
  beforeAll(async () => {
    process.env.XDG_CACHE_HOME = cache;
    epub = path.join(tmp, 'book.epub');
    const doc = {
      title: 'Lampu',
      author: 'Siti Aminah',
      lang: 'ms' as const,
      typeLabel: 'Kisah Cinta',
      parts: [{ id: 'introduction', heading: 'Pengenalan', markdown: '## Pengenalan\n\nLampu itu menyala.' }],
    };
    writeFileSync(epub, await renderDocument(doc, 'epub', { date: new Date('2025-03-04T05:06:07Z') }));
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
  });

  it(
    'the first check leaves one whole archive (no partial file); ' +
      'a broken archive in its place leaves the verdict as it was',
    async () => {
      expect(archives()).toEqual([]);
      expect(await runEpubcheckOnce(JAR, epub, 120_000)).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Messages: 0 fatals / 0 errors / 0 warnings'),
      });
      const made = archives();
      expect(made).toHaveLength(1);
      expect(made[0]).toMatch(/^epubcheck-[0-9a-f]{16}\.jsa$/);
      // The next run maps it.
      expect(quickJava(JAR, [epub]).args).toContain(
        `-XX:SharedArchiveFile=${path.join(cache, 'karya', 'java', made[0]!)}`,
      );

      writeFileSync(path.join(cache, 'karya', 'java', made[0]!), 'not a class archive');
      expect(await runEpubcheckOnce(JAR, epub, 120_000)).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Messages: 0 fatals / 0 errors / 0 warnings'),
      });
      expect(archives()).toEqual(made);
    },
    120_000,
  );

  it('without a cache folder to write to, the check runs as before', () => {
    process.env.XDG_CACHE_HOME = path.join('/proc', 'karya-no-cache');
    try {
      const run = quickJava('/usr/share/java/epubcheck.jar', ['book.epub']);
      expect(run.args).toEqual([
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        '-jar',
        '/usr/share/java/epubcheck.jar',
        'book.epub',
      ]);
    } finally {
      process.env.XDG_CACHE_HOME = cache;
    }
  });
});
