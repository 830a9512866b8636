// A one-shot Java program (epubcheck) started quickly. Each check is a fresh JVM, and most of its CPU is
// the JVM's own start: loading, parsing and checking a few thousand classes, then compiling them.
// - The client compiler and the serial GC (JAVA_QUICK_START): under half the CPU of Java's defaults on 2 cores.
// - Class data sharing (AppCDS, Java 13 and later): the first run of a jar writes the classes it loaded to an
//   archive at exit (-XX:ArchiveClassesAtExit), and later runs map it instead of loading them again: about a
//   fifth less CPU per check (epubcheck: 4.9 s to 3.9 s). The archive is the user's own (~/.cache/karya/java,
//   never a shared temporary folder: a class archive is code), named by the jar and the JVM it was made with,
//   written under a temporary name and renamed when whole, so runs at once never read half of one. A run
//   killed before its rename leaves its partial file: each process's first run sweeps the folder of those (and of
//   the partial folders of the long-lived checker's compiled program, engine/node/epubcheck-server-class.ts).
//   Without a writable cache folder, or with a JVM that has no such option, the run is as before.
// - The jar is run by its class path (the jar, then the jars its manifest names) and main class, not `-jar`: Java 17
//   archives no class of a jar a manifest names by a whole path (Debian's epubcheck names its 21 libraries so, and
//   2,100 of a check's 4,000 classes were read from them at every start), and the long-lived checker's JVM
//   (engine/node/epubcheck-server.ts), run on that class path with its own program after it, maps the same archive.
// - The heap on transparent huge pages where the system offers them (madvise): a JVM's first touches of its heap are
//   tens of thousands of page faults, costly on a virtual machine (48,000 to 12,000 faults for a check).
import { createHash } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { makeDirs } from './dirs.js';

/**
 * Whether Linux offers transparent huge pages to a program that asks (its setting `always` or `madvise`). Asked where
 * it
 * is `never` (or on another system), the JVM prints a warning on its standard output, which epubcheck's reader and the
 * long-lived checker's protocol would take for output.
 */
export function offersHugePages(setting = '/sys/kernel/mm/transparent_hugepage/enabled'): boolean {
  try {
    return /\[(?:always|madvise)\]/.test(readFileSync(setting, 'utf8'));
  } catch {
    return false;
  }
}

/** The JVM's quick start (client compiler, serial GC, the heap on huge pages where the system offers them). */
export const JAVA_QUICK_START: readonly string[] = [
  '-XX:TieredStopAtLevel=1',
  '-XX:+UseSerialGC',
  ...(offersHugePages() ? ['-XX:+UseTransparentHugePages'] : []),
];

/** Where a command is on PATH, or null. */
export function findOnPath(command: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return null;
}

/**
 * True when the file is a Java archive: Debian installs /usr/bin/epubcheck as an executable JAR, which needs binfmt
 * support to run directly.
 */
export function isJar(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    readSync(fd, head, 0, 2, 0);
    return head.toString('latin1') === 'PK';
  } finally {
    closeSync(fd);
  }
}

/** The folder of the class archives, or null when there is no home to keep them in. */
function archiveDir(): string | null {
  const base = process.env.XDG_CACHE_HOME || (os.homedir() ? path.join(os.homedir(), '.cache') : '');
  return base ? path.join(base, 'karya', 'java') : null;
}

/** A jar's main class and class path: the jar, then the jars its manifest names. */
export interface JarLaunch {
  main: string;
  classPath: string[];
}

const launches = new Map<string, JarLaunch | null>();

/** A manifest's main section as its attributes (a line starting with a space continues the one before). */
function manifestAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const lines = text.split(/\r\n|\r|\n/);
  let last = '';
  for (const line of lines) {
    if (line === '') break;
    if (line.startsWith(' ') && last) {
      attributes.set(last, `${attributes.get(last)}${line.slice(1)}`);
      continue;
    }
    const colon = line.indexOf(': ');
    if (colon < 0) continue;
    last = line.slice(0, colon);
    attributes.set(last, line.slice(colon + 2));
  }
  return attributes;
}

/**
 * How the JVM would run `java -jar <jar>`: its manifest's Main-Class, and the jar with the Class-Path it names (a
 * whole path as it is, a relative one beside the jar, as the JVM reads them). Null when the jar has no manifest or no
 * main class (`-jar` then).
 */
export function jarLaunch(jar: string): JarLaunch | null {
  let key: string;
  try {
    const stat = statSync(jar);
    key = [path.resolve(jar), stat.size, stat.mtimeMs].join('\n');
  } catch {
    return null;
  }
  if (launches.has(key)) return launches.get(key) ?? null;
  let launch: JarLaunch | null = null;
  try {
    const files = unzipSync(readFileSync(jar), { filter: (file) => file.name === 'META-INF/MANIFEST.MF' });
    const manifest = files['META-INF/MANIFEST.MF'];
    const attributes = manifest ? manifestAttributes(strFromU8(manifest)) : new Map<string, string>();
    const main = attributes.get('Main-Class')?.trim();
    if (main) {
      const named = (attributes.get('Class-Path') ?? '').split(' ').filter(Boolean);
      const classPath = named.map((entry) =>
        entry.startsWith('file:')
          ? fileURLToPath(entry)
          : path.resolve(path.dirname(path.resolve(jar)), decodeURIComponent(entry)),
      );
      launch = { main, classPath: [path.resolve(jar), ...classPath] };
    }
  } catch {
    // not a zip, or a manifest that cannot be read: run it with -jar, as before
  }
  launches.set(key, launch);
  return launch;
}

/**
 * The archive of a jar: named by the jar's real file (size, time) and the java command's (its real file and time),
 * and by how it is run (by its class path: an archive of a `-jar` run lacks the manifest's jars).
 */
function archiveName(java: string, jar: string): string | null {
  try {
    const jarFile = realpathSync(jar);
    const jarStat = statSync(jarFile);
    const javaFile = realpathSync(java);
    const javaStat = statSync(javaFile);
    const key = createHash('sha256')
      .update(['class-path', jarFile, jarStat.size, jarStat.mtimeMs, javaFile, javaStat.mtimeMs].join('\n'))
      .digest('hex')
      .slice(0, 16);
    return `${path.basename(jarFile, '.jar')}-${key}.jsa`;
  } catch {
    return null;
  }
}

/** A partial archive untouched this long is being written by no JVM (one writes its archive in seconds, as it ends). */
export const STALE_PART_MS = 10 * 60 * 1000;
/** Past this age a partial archive is removed even when a process has its number (process numbers are reused). */
const ABANDONED_PART_MS = 24 * 60 * 60 * 1000;
/** The folders swept this process. */
const swept = new Set<string>();

/** Whether a process with this number runs (one of another user's answers EPERM: it runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Remove the partial archives in `dir` left by runs that ended before renaming theirs (a JVM, or the process that
 * started it, killed), and the partial folders of a compile cut short the same way: those untouched for
 * STALE_PART_MS whose process (the number in the name) is gone, and any untouched for a day. A partial file still
 * being written, or whose process may still rename it, stays.
 */
export function sweepPartialArchives(dir: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /\.(\d+)-[0-9a-z]+\.part$/.exec(name)?.[1];
    if (pid === undefined) continue;
    const file = path.join(dir, name);
    try {
      const age = now - statSync(file).mtimeMs;
      if (age > ABANDONED_PART_MS || (age > STALE_PART_MS && !isRunning(Number(pid))))
        rmSync(file, { recursive: true, force: true });
    } catch {
      // gone already (another process swept it), or not ours to remove
    }
  }
}

/**
 * The user's folder of Java's cached files (class archives, the long-lived checker's compiled program), swept of
 * partial ones on this process's first use; null when there is no home to keep them in.
 */
export function javaCacheDir(): string | null {
  const dir = archiveDir();
  if (dir && !swept.has(dir)) {
    swept.add(dir);
    sweepPartialArchives(dir);
  }
  return dir;
}

/**
 * Where a quick run of `jar` keeps its class archive (null: no cache folder, or no java). The long-lived checker's JVM
 * maps it too when it is there: its class path is the jar's, then its own program's, and an archive serves any class
 * path that starts with the one it was made with.
 */
export function classArchiveFile(jar: string): string | null {
  const java = findOnPath('java');
  const dir = javaCacheDir();
  const name = java ? archiveName(java, jar) : null;
  return dir && name ? path.join(dir, name) : null;
}

/**
 * The arguments for `java … -jar <jar> <args>` started quickly, and what to call once it has ended (a
 * first run's archive then takes its place).
 */
export function quickJava(jar: string, args: readonly string[]): { args: string[]; ended: () => void } {
  const java = findOnPath('java');
  const launch = jarLaunch(jar);
  const program = launch ? ['-cp', launch.classPath.join(path.delimiter), launch.main] : ['-jar', jar];
  const plain = { args: [...JAVA_QUICK_START, ...program, ...args], ended: () => undefined };
  const dir = javaCacheDir();
  const name = java ? archiveName(java, jar) : null;
  if (!dir || !name) return plain;
  const archive = path.join(dir, name);
  // Unrecognised options are ignored (a JVM before 13), and the JVM's own notes (an archive it cannot use) stay off the
  // report.
  const common = [...JAVA_QUICK_START, '-XX:+IgnoreUnrecognizedVMOptions', '-Xlog:disable', '-Xlog:all=error:stderr'];
  if (existsSync(archive))
    return { args: [...common, `-XX:SharedArchiveFile=${archive}`, ...program, ...args], ended: () => undefined };
  try {
    makeDirs(dir);
  } catch {
    return plain;
  }
  const partial = `${archive}.${process.pid}-${Math.random().toString(36).slice(2)}.part`;
  return {
    args: [...common, `-XX:ArchiveClassesAtExit=${partial}`, ...program, ...args],
    ended: () => {
      try {
        if (existsSync(partial) && statSync(partial).size > 0) renameSync(partial, archive);
      } catch {
        // another run's archive is there already, or the folder went away: this run is done either way
      } finally {
        rmSync(partial, { force: true });
      }
    },
  };
}
