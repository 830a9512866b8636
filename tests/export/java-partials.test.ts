// A first epubcheck run of a jar writes its class archive under a partial name and renames it when whole
// (engine/node/java.ts); a JVM, or the process that started it, killed before that leaves the partial file in the
// user's cache for good (17 MB each). A process's first quick run sweeps them: a partial file nobody has touched for
// some minutes and whose process is gone is removed; one still being written, or whose process still runs (it may
// yet rename it), stays, as do the archives themselves.
import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickJava, STALE_PART_MS, sweepPartialArchives } from '../../engine/node/java.js';
import { tempDir } from '../temp.js';

const MINUTE = 60 * 1000;
const ARCHIVE = 'epubcheck-c15a4d9146a613be.jsa';
const SERVER = 'EpubcheckServer-a97b1a560dcf782e';

/** A process number no process has: past the largest the system gives out. */
function goneProcess(): number {
  const max = existsSync('/proc/sys/kernel/pid_max')
    ? Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'))
    : 4_194_304;
  return max + 1;
}

/** A file in `dir` last written `ago` milliseconds before now. */
function fileAged(dir: string, name: string, ago: number): void {
  writeFileSync(path.join(dir, name), 'class data');
  const when = (Date.now() - ago) / 1000;
  utimesSync(path.join(dir, name), when, when);
}

describe('partial class archives left by killed runs', () => {
  it('a stale one of a process that is gone is removed; a fresh one, or one whose process runs, stays', () => {
    const dir = tempDir('karya-java-parts-');
    const gone = goneProcess();
    const stale = `${ARCHIVE}.${gone}-k1lled0ne.part`;
    const writing = `${ARCHIVE}.${gone}-st1llwr1t1ng.part`;
    const live = `${ARCHIVE}.${process.ppid}-l1ve0ne.part`;
    const abandoned = `${ARCHIVE}.${process.ppid}-0ldpart.part`;
    fileAged(dir, ARCHIVE, 60 * MINUTE);
    fileAged(dir, stale, STALE_PART_MS + MINUTE);
    fileAged(dir, writing, MINUTE);
    fileAged(dir, live, STALE_PART_MS + MINUTE);
    // A day and more: no JVM writes that long, whatever process has that number now.
    fileAged(dir, abandoned, 25 * 60 * MINUTE);
    fileAged(dir, 'notes.txt', 60 * MINUTE);
    // The long-lived checker's program compiled into a partial folder (engine/node/epubcheck-server-class.ts).
    const compiling = `${SERVER}.${gone}-k1lled0ne.part`;
    mkdirSync(path.join(dir, compiling));
    fileAged(dir, path.join(compiling, 'EpubcheckServer.class'), STALE_PART_MS + MINUTE);
    const when = (Date.now() - STALE_PART_MS - MINUTE) / 1000;
    utimesSync(path.join(dir, compiling), when, when);
    // Its jar packed under a partial name, and its JVM's own class archive written under one, both cut short.
    fileAged(dir, `${SERVER}.jar.${gone}-k1lled0ne.part`, STALE_PART_MS + MINUTE);
    fileAged(dir, `${SERVER}.jsa.${gone}-k1lled0ne.part`, STALE_PART_MS + MINUTE);
    sweepPartialArchives(dir);
    expect(readdirSync(dir).sort()).toEqual([ARCHIVE, live, writing, 'notes.txt'].sort());
  });

  describe("a process's first quick run", () => {
    const saved = process.env.XDG_CACHE_HOME;
    const cache = tempDir('karya-java-cache-');
    const dir = path.join(cache, 'karya', 'java');
    beforeAll(() => {
      process.env.XDG_CACHE_HOME = cache;
    });
    afterAll(() => {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = saved;
    });

    it('sweeps the cache folder of the stale partial archives', () => {
      mkdirSync(dir, { recursive: true });
      const stale = `${ARCHIVE}.${goneProcess()}-k1lled0ne.part`;
      fileAged(dir, stale, STALE_PART_MS + MINUTE);
      quickJava('/usr/share/java/epubcheck.jar', ['book.epub']);
      expect(readdirSync(dir)).not.toContain(stale);
    });
  });
});
