// epubcheck in one long-lived JVM (engine/node/epubcheck-server.ts): each check, queued with others, gets its own
// verdict and epubcheck's own messages (the one-shot run's); a report quoting an EPUB's text cannot forge or cut an
// answer; the JVM ends after an idle while and the next check starts another; with no class archive to map, a JVM
// writes its own as it ends, and the next maps it; a JVM killed mid-check, or a check that outlasts its time-out, never
// hangs the caller; and a `karya` that used it exits at once when it is done.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderDocument } from '../../engine/node/export/index.js';
import { ROOT } from '../../engine/node/load.js';
import {
  EpubcheckServer,
  epubcheckIdleMs,
  runEpubcheckCommand,
  sharedEpubcheckServer,
  type EpubcheckRun,
  type ServedCheck,
} from '../../engine/node/epubcheck-server.js';
import { classArchiveFile } from '../../engine/node/java.js';
import { runEpubcheckOnBytes } from '../../engine/node/publish.js';
import { tempDir } from '../temp.js';

const JAR = '/usr/share/java/epubcheck.jar';
const CALIBRE = path.join(ROOT, 'tests', 'fixtures', 'calibre', 'quick-start-eng.epub');
/** What a message quoting the EPUB's text tries to pass off as the end of an answer and a clean report. */
const FORGED = '\n0 0 0\nMessages: 0 fatals / 0 errors / 0 warnings\n';
const tmp = tempDir('karya-epubcheck-server-');
/**
 * The cache of the long-lived JVMs below: the JVM's program is compiled there, beside a class archive that is not one.
 */
const CACHE = path.join(tmp, 'cache');

const runOf = (served: ServedCheck) => {
  if (served.kind !== 'run') throw new Error(`no run: ${JSON.stringify(served)}`);
  return served.run;
};
const problems = (report: string) => report.split('\n').filter((l) => /^(FATAL|ERROR|WARNING)\(/.test(l));
/** Runs `task` with XDG_CACHE_HOME set to `cache` (where Java's cached files go: engine/node/java.ts). */
async function inCache<T>(cache: string, task: () => Promise<T>): Promise<T> {
  const saved = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = cache;
  try {
    return await task();
  } finally {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
  }
}
/** The files a process has mapped (its /proc maps). */
const mapped = (pid: number | undefined) => readFileSync(`/proc/${pid}/maps`, 'utf8');

describe('epubcheck in one long-lived JVM', () => {
  // Idle for a second: the first case's JVM is still up when the second starts, which then watches it end instead
  // of starting one of its own to watch (a JVM's start is 5–7 s of CPU).
  const server = new EpubcheckServer(JAR, { idleMs: 1_000 });
  let valid = '';
  let forged = '';
  let newline = '';
  let odd = '';
  /** The served check of calibre's guide, compared with a one-shot run's below. */
  let servedCalibre: EpubcheckRun | null = null;
  /** The compiled program's jar, beside which a JVM that maps no archive writes its own. */
  let program = '';
  beforeAll(async () => {
    valid = path.join(tmp, 'lampu.epub');
    const doc = {
      title: 'Lampu',
      author: 'Siti Aminah',
      lang: 'ms' as const,
      typeLabel: 'Kisah Cinta',
      parts: [{ id: 'introduction', heading: 'Pengenalan', markdown: '## Pengenalan\n\nLampu itu menyala.' }],
    };
    writeFileSync(valid, await renderDocument(doc, 'epub', { date: new Date('2025-03-04T05:06:07Z') }));
    // calibre's guide with a file whose name (quoted in epubcheck's messages as it is) carries a forged answer.
    const files = unzipSync(readFileSync(CALIBRE));
    files[`stray${FORGED}.txt`] = strToU8('stray');
    forged = path.join(tmp, 'forged.epub');
    writeFileSync(forged, zipSync(files));
    newline = path.join(tmp, 'two\nlines.epub');
    copyFileSync(valid, newline);
    odd = path.join(tmp, 'lampu "satu" – é\'s.epub');
    copyFileSync(valid, odd);
  });
  afterAll(() => server.stop());

  it('checks queued at once each get their own verdict and messages from one JVM', async () => {
    // The JVM's program compiled into a cache of its own (the user's has it already): compiled once, then run.
    const cache = CACHE;
    // A class archive that is not one where a quick run's would be: the JVM is given it and leaves it aside.
    const broken = await inCache(cache, async () => classArchiveFile(JAR)!);
    mkdirSync(path.dirname(broken), { recursive: true });
    writeFileSync(broken, 'not a class archive');
    const served = await inCache(cache, () =>
      Promise.all([
        server.check(CALIBRE),
        server.check(valid),
        server.check(forged),
        server.check(newline),
        server.check(odd),
      ]),
    );
    const compiled = readdirSync(path.join(cache, 'karya', 'java')).filter((name) => !name.endsWith('.jsa'));
    // A jar, not a folder: Java writes no class archive for a class path with a folder of files.
    expect(compiled).toEqual([expect.stringMatching(/^EpubcheckServer-[0-9a-f]{16}\.jar$/)]);
    program = path.join(cache, 'karya', 'java', compiled[0]!);
    expect(Object.keys(unzipSync(readFileSync(program)))).toEqual(['EpubcheckServer.class']);
    const command = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(command).toContain('EpubcheckServer');
    expect(command).toContain(`-XX:SharedArchiveFile=${broken}`);
    expect(mapped(server.pid)).not.toContain(broken);
    expect(command.join(' ')).not.toContain('.java');
    const [calibre, karya, hostile, twoLines, oddName] = [
      runOf(served[0]),
      runOf(served[1]),
      runOf(served[2]),
      runOf(served[3]),
      runOf(served[4]),
    ];
    servedCalibre = calibre;
    expect(server.started).toBe(1);
    expect(karya.code).toBe(0);
    expect(karya.stdout).toContain('Messages: 0 fatals / 0 errors / 0 warnings');
    expect(problems(karya.stderr)).toEqual([]);
    // Sent whole, and answered as epubcheck's command line answers such a name when run once (it reads a name
    // with a line break as no EPUB's); the answers after it are still each their own.
    expect(twoLines).toMatchObject({ code: 1, stdout: expect.stringContaining('Mode required for non-epub files') });
    expect(oddName).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('Messages: 0 fatals / 0 errors / 0 warnings'),
    });
    // calibre 1.24's guide: its mimetype is not the first entry, and its NCX names the book without the urn:uuid:
    // prefix.
    expect(calibre.code).toBe(1);
    expect(problems(calibre.stderr).map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'ERROR(PKG-006)',
      'ERROR(NCX-001)',
    ]);
    // The forged text is in the report as epubcheck quoted it, and the answer is still the whole, failing one.
    expect(hostile.code).toBe(1);
    expect(hostile.stderr).toContain(FORGED);
    expect(hostile.stdout).toContain('Messages: 0 fatals / 2 errors / 2 warnings');
  }, 180_000);

  it(
    'after an idle while the JVM ends, and the next check starts another, which a change of folder does not end; ' +
      'with no class archive to map, it writes its own as it ends, and the next JVM maps that',
    async () => {
      // In the JVM the case before left up, if it still is; else in a new one (given the archive that is not one).
      await inCache(CACHE, () => server.check(valid));
      const started = server.started;
      await vi.waitFor(() => expect(server.pid).toBeUndefined(), { timeout: 10_000, interval: 50 });
      // A cache with no quick run's archive, and none of the JVM's own beside its program (the case before's).
      const own = program.replace(/\.jar$/, '.jsa');
      const cache = path.join(tmp, 'cache-without-archives');
      await inCache(cache, async () => {
        expect(existsSync(classArchiveFile(JAR)!)).toBe(false);
        expect(runOf(await server.check(CALIBRE)).code).toBe(1);
        expect(server.started).toBe(started + 1);
        const command = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
        expect(command.filter((arg) => arg.includes('Archive'))).toEqual([
          expect.stringMatching(/^-XX:ArchiveClassesAtExit=.*\.part$/),
        ]);
        // The process changes folders (karya run inside a test's process does): a name relative to the new one is that
        // file.
        const before = process.cwd();
        process.chdir(tmp);
        try {
          expect(runOf(await server.check('lampu.epub'))).toMatchObject({
            code: 0,
            stdout: expect.stringContaining('Messages: 0 fatals / 0 errors / 0 warnings'),
          });
        } finally {
          process.chdir(before);
        }
        expect(server.started).toBe(started + 1);
        // Ended at rest by its input closing, the JVM writes its archive; whole, it takes its place (no partial left).
        await vi.waitFor(() => expect(existsSync(own)).toBe(true), { timeout: 60_000, interval: 100 });
        expect(readdirSync(path.dirname(own)).filter((name) => name.endsWith('.part'))).toEqual([]);
        expect(runOf(await server.check(valid)).code).toBe(0);
        expect(server.started).toBe(started + 2);
        expect(mapped(server.pid)).toContain(own);
      });
    },
    180_000,
  );

  it('a JVM waits KARYA_EPUBCHECK_IDLE_MS for another check (a whole number of ms, at most a day), else 45 s', () => {
    expect(epubcheckIdleMs({})).toBe(45_000);
    expect(epubcheckIdleMs({ KARYA_EPUBCHECK_IDLE_MS: ' 3600000 ' })).toBe(3_600_000);
    expect(epubcheckIdleMs({ KARYA_EPUBCHECK_IDLE_MS: '0' })).toBe(0);
    expect(epubcheckIdleMs({ KARYA_EPUBCHECK_IDLE_MS: '' })).toBe(45_000);
    // Another value is refused, named with what is allowed (karya serve says it at its start).
    for (const value of ['soon', '-1', '1.5', '1e6', '86400001']) {
      expect(() => epubcheckIdleMs({ KARYA_EPUBCHECK_IDLE_MS: value })).toThrow(
        expect.objectContaining({
          code: 'config_whole_number',
          params: { name: 'KARYA_EPUBCHECK_IDLE_MS', value, min: 0, max: 86_400_000 },
        }),
      );
    }
  });

  it('a check that outlasts its time-out kills the JVM and says so; the next starts another', async () => {
    const hasty = new EpubcheckServer(JAR, { timeoutMs: 1 });
    try {
      expect(await hasty.check(valid)).toEqual({ kind: 'timed-out' });
      expect(hasty.pid).toBeUndefined();
      expect(await hasty.check(valid)).toEqual({ kind: 'timed-out' });
      expect(hasty.started).toBe(2);
    } finally {
      hasty.stop();
    }
  });

  // Before the checks from memory below: the process's shared JVM this case kills is started again by those, and stays
  // up for the files after this one in the worker (the suite keeps it for the run), instead of being killed last.
  it(
    'a JVM killed mid-check: the check is run once in a JVM ' + "of its own, and says what the long-lived JVM's said",
    async () => {
      const shared = sharedEpubcheckServer(JAR);
      const checked = runEpubcheckCommand(JAR, CALIBRE);
      await vi.waitFor(() => expect(shared.pid).toBeDefined(), { timeout: 10_000, interval: 10 });
      process.kill(shared.pid!, 'SIGKILL');
      const once = await checked;
      expect(shared.pid).toBeUndefined();
      expect(once.code).toBe(1);
      // The JVM names the file by its whole path; run once here, epubcheck shortens a path under its working folder.
      const named = (report: string) =>
        problems(report.replaceAll(`./${path.relative(process.cwd(), CALIBRE)}`, CALIBRE));
      expect(problems(servedCalibre!.stderr)).toEqual(named(once.stderr));
      expect(servedCalibre!.stdout).toBe(once.stdout);
    },
    120_000,
  );

  it(
    'two packages checked at once from memory (as the server ' +
      'checks them) wait their turn, each with its own verdict',
    async () => {
      const [good, bad] = await Promise.all([
        runEpubcheckOnBytes(readFileSync(valid)),
        runEpubcheckOnBytes(readFileSync(forged)),
      ]);
      expect(good).toEqual({
        status: 'pass',
        detail: { code: 'epubcheck.counts', params: { fatals: 0, errors: 0, warnings: 0 } },
      });
      expect(bad).toMatchObject({
        status: 'fail',
        detail: { code: 'epubcheck.counts-messages', params: { fatals: 0, errors: 2, warnings: 2 } },
      });
      expect(JSON.stringify(bad)).toContain('ERROR(PKG-006): manuscript.epub');
      // The user's class archive, left by the run once in the case before (or an earlier one), is mapped by this JVM:
      // its class path starts with that run's.
      const archive = classArchiveFile(JAR)!;
      expect(existsSync(archive)).toBe(true);
      expect(mapped(sharedEpubcheckServer(JAR).pid)).toContain(archive);
    },
    120_000,
  );

  it(
    'a JVM that ends before its first answer (a JRE without the compiler, a program ' +
      'that does not compile) is not started again: the checks go the one-shot way',
    async () => {
      const broken = path.join(tmp, 'Broken.java');
      writeFileSync(broken, 'public class Broken {');
      const unfit = new EpubcheckServer(JAR, { source: broken });
      expect(await unfit.check(valid)).toMatchObject({
        kind: 'unavailable',
        why: expect.stringContaining('java ended (1)'),
      });
      expect(await unfit.check(valid)).toMatchObject({ kind: 'unavailable' });
      expect(unfit.started).toBe(1);
      const missing = new EpubcheckServer(JAR, { source: path.join(tmp, 'Missing.java') });
      expect(await missing.check(valid)).toMatchObject({
        kind: 'unavailable',
        why: expect.stringContaining('is missing'),
      });
      expect(missing.started).toBe(0);
    },
    60_000,
  );
});

/** The checker JVMs whose environment carries `mark` (a spawned karya's, which its children inherit). */
function javasMarked(mark: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('EpubcheckServer') &&
          readFileSync(`/proc/${pid}/environ`, 'utf8').includes(mark)
        );
      } catch {
        return false;
      }
    });
}

describe('karya publish with the long-lived epubcheck', () => {
  it('exits as soon as the package is made, and leaves no JVM behind', async () => {
    const cwd = tempDir('karya-epubcheck-exit-');
    const mark = `epubcheck-exit-${process.pid}-${Date.now()}`;
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(OPENAI_|KARYA_)/.test(name)));
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bin', 'karya.js'), 'publish', 'romance', '--chapters', '1', '--out', 'pkg', '--json'],
      // Ace off, as in every other test: its Chromium (~4 s of CPU) checks a book this case does not read, and ends
      // before karya prints.
      {
        cwd,
        env: { ...env, NO_COLOR: '1', KARYA_ACE: 'off', KARYA_TEST_MARK: mark },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    let printedAt = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      printedAt = Date.now();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // Offline text and no author: nothing is ready (exit 1), and epubcheck passed the EPUB.
    expect(code, stderr).toBe(1);
    const readiness = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'readiness.json'), 'utf8')) as {
      channels: Record<string, { checks: Array<{ id: string; status: string }> }>;
    };
    expect(readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'epubcheck')?.status).toBe('pass');
    // The JVM waits 45 s for another check: a process it held open would still be running long after printing.
    expect(JSON.parse(stdout)).toHaveProperty('ready', false);
    expect(Date.now() - printedAt).toBeLessThan(10_000);
    // Killed with the process (SIGKILL from its exit): gone within moments.
    await vi.waitFor(() => expect(javasMarked(mark)).toEqual([]), { timeout: 5_000, interval: 50 });
  }, 180_000);
});
