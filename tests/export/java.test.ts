// Where Karya's long-lived epubcheck cannot answer (engine/node/epubcheck-server.ts), it runs epubcheck once in a JVM
// started quickly (engine/node/java.ts): the first such run of a jar leaves a class archive in the user's cache
// (~/.cache/karya/java, or under XDG_CACHE_HOME), later runs map it. The verdict is epubcheck's own either way, and an
// archive that is not one (cut short, or from another JVM) does not change it.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocument } from '../../engine/node/export/index.js';
import { runEpubcheckOnce } from '../../engine/node/epubcheck-server.js';
import { JAVA_QUICK_START, jarLaunch, offersHugePages, quickJava } from '../../engine/node/java.js';
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

  it('without a cache folder to write to, the check runs as before, with no archive', () => {
    process.env.XDG_CACHE_HOME = path.join('/proc', 'karya-no-cache');
    try {
      const run = quickJava(JAR, ['book.epub']);
      expect(run.args).toEqual([
        '-XX:TieredStopAtLevel=1',
        '-XX:+UseSerialGC',
        ...(offersHugePages() ? ['-XX:+UseTransparentHugePages'] : []),
        '-cp',
        jarLaunch(JAR)!.classPath.join(path.delimiter),
        'com.adobe.epubcheck.tool.Checker',
        'book.epub',
      ]);
      expect(run.args.slice(0, JAVA_QUICK_START.length)).toEqual(JAVA_QUICK_START);
    } finally {
      process.env.XDG_CACHE_HOME = cache;
    }
  });
});

describe('huge pages asked for only where Linux offers them', () => {
  it(
    'the setting `always` or `madvise` offers them; `never`, ' +
      'or no such file, does not (a JVM would print a warning)',
    () => {
      const dir = path.join(tmp, 'thp');
      mkdirSync(dir, { recursive: true });
      const setting = (name: string, text: string) => {
        writeFileSync(path.join(dir, name), text);
        return path.join(dir, name);
      };
      expect(offersHugePages(setting('always', 'always [madvise] never\n'))).toBe(true);
      expect(offersHugePages(setting('madvise', '[always] madvise never\n'))).toBe(true);
      expect(offersHugePages(setting('never', 'always madvise [never]\n'))).toBe(false);
      expect(offersHugePages(path.join(dir, 'missing'))).toBe(false);
    },
  );
});

describe("a jar is run by its manifest's class path and main class (as `java -jar` would run it)", () => {
  it("Debian's epubcheck: the jar, then the libraries its manifest names by whole paths", () => {
    const launch = jarLaunch(JAR)!;
    expect(launch.main).toBe('com.adobe.epubcheck.tool.Checker');
    expect(launch.classPath[0]).toBe(JAR);
    expect(launch.classPath.slice(1, 3)).toEqual(['/usr/share/java/Saxon-HE.jar', '/usr/share/java/jdom.jar']);
    expect(launch.classPath).toContain('/usr/share/java/jing.jar');
    expect(launch.classPath).toHaveLength(22);
  });

  it('a relative Class-Path is beside the jar; a jar without a main class, or no jar, runs with -jar', () => {
    const dir = path.join(tmp, 'jars');
    mkdirSync(dir, { recursive: true });
    const manifest =
      'Manifest-Version: 1.0\r\nMain-Class: org.example.Main\r\n' +
      'Class-Path: lib/a.jar lib/b%20c.ja\r\n r file:/opt/d.j' +
      'ar\r\n\r\nName: org/example/\r\nClass-Path: not/this.jar\r\n';
    const tool = path.join(dir, 'tool.jar');
    writeFileSync(tool, zipSync({ 'META-INF/MANIFEST.MF': strToU8(manifest) }));
    expect(jarLaunch(tool)).toEqual({
      main: 'org.example.Main',
      classPath: [tool, path.join(dir, 'lib', 'a.jar'), path.join(dir, 'lib', 'b c.jar'), '/opt/d.jar'],
    });
    const library = path.join(dir, 'library.jar');
    writeFileSync(library, zipSync({ 'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\r\n') }));
    expect(jarLaunch(library)).toBeNull();
    expect(quickJava(library, ['x']).args.slice(-3)).toEqual(['-jar', library, 'x']);
    const notAJar = path.join(dir, 'not.jar');
    writeFileSync(notAJar, 'not a zip');
    expect(jarLaunch(notAJar)).toBeNull();
    expect(jarLaunch(path.join(dir, 'missing.jar'))).toBeNull();
  });
});
