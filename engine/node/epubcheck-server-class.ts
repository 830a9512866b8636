// The long-lived epubcheck JVM's program (EpubcheckServer.java), compiled once into the user's cache. Run from its
// source (Java's single-file source mode) each JVM compiles it again as it starts: the compiler's classes loaded and
// run, about 0.65 s of CPU of a start's 3.9 s (3.2 s from the compiled class, measured on 2 cores). Compiled here
// once (0.7 s, the same compiler: `java -m jdk.compiler`, which source mode needs too), every later JVM of every
// process starts from the class.
// - Named by the source's text, the jar it is compiled against and the java command (its real file and time): an
//   edited source, another epubcheck or another JVM compiles anew.
// - Kept as a jar, not a folder: Java 17 writes no class archive for a class path with a folder that holds files, and
//   the checker's JVM writes its own (engine/node/epubcheck-server.ts).
// - Compiled into a partial folder beside its place, packed into a partial jar and renamed when whole
//   (engine/node/java.ts sweeps the partial files of a compile cut short), so processes at once never run half of one.
// - The JVM maps the class archive a one-shot run of the jar left (engine/node/java.ts), else its own beside the jar;
//   with neither, it writes its own as it ends by itself (about 3 s of CPU once; a start then takes 0.3-0.5 s less of
//   its 5.5-6 s), under a partial name renamed when the JVM has ended whole.
// - Where it cannot be (no cache folder, no compiler, a source that does not compile), the JVM runs the source as
//   before, whose own failure then says why.
import { execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  readFileSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { makeDirs } from './dirs.js';
import { JAVA_QUICK_START, classArchiveFile, findOnPath, javaCacheDir } from './java.js';

/** How long an ended JVM may take to write its class archive before it is killed (it takes seconds). */
const ARCHIVE_WRITE_MS = 60_000;
/** How long the one compile may take. */
const COMPILE_TIMEOUT_MS = 60_000;

/** The name of the compiled program's folder for this source, jar and java; null when one of them cannot be read. */
function compiledName(source: string, jar: string, java: string): string | null {
  try {
    const [jarFile, javaFile] = [realpathSync(jar), realpathSync(java)];
    const key = createHash('sha256')
      .update(readFileSync(source))
      .update(
        [jarFile, statSync(jarFile).size, statSync(jarFile).mtimeMs, javaFile, statSync(javaFile).mtimeMs].join('\n'),
      )
      .digest('hex')
      .slice(0, 16);
    return `${path.basename(source, '.java')}-${key}`;
  } catch {
    return null;
  }
}

/** Runs Java's compiler on `source` into `out`: whether it compiled. */
function compile(source: string, jar: string, out: string): Promise<boolean> {
  const args = [...JAVA_QUICK_START, '-m', 'jdk.compiler/com.sun.tools.javac.Main', '-nowarn', '-cp', jar, '-d', out];
  return new Promise((resolve) => {
    execFile('java', [...args, source], { timeout: COMPILE_TIMEOUT_MS, killSignal: 'SIGKILL' }, (error) =>
      resolve(!error),
    );
  });
}

/** The classes compiled into `dir` packed as a jar (a zip of them by their names: no manifest is needed). */
function packJar(dir: string, jar: string): void {
  const classes = readdirSync(dir).filter((name) => name.endsWith('.class'));
  writeFileSync(jar, zipSync(Object.fromEntries(classes.map((name) => [name, readFileSync(path.join(dir, name))]))));
}

/**
 * The jar of the program compiled from `source` against `jar` (its main class named as the source's file), compiled
 * now when the cache has none; null when it cannot be (the JVM then runs the source itself).
 */
export async function compiledServer(source: string, jar: string): Promise<string | null> {
  const dir = javaCacheDir();
  const java = findOnPath('java');
  const name = dir && java ? compiledName(source, jar, java) : null;
  if (!dir || !name) return null;
  // Whole: the JVM runs in the root folder.
  const compiled = path.resolve(dir, `${name}.jar`);
  if (existsSync(compiled)) return compiled;
  const main = `${path.basename(source, '.java')}.class`;
  const mark = `${process.pid}-${Math.random().toString(36).slice(2)}.part`;
  const [partial, partialJar] = [`${path.resolve(dir, name)}.${mark}`, `${compiled}.${mark}`];
  try {
    makeDirs(partial);
    if (!(await compile(source, jar, partial)) || !existsSync(path.join(partial, main))) return null;
    packJar(partial, partialJar);
    renameSync(partialJar, compiled);
    return compiled;
  } catch {
    // The cache went away, or is not writable.
    return existsSync(compiled) ? compiled : null;
  } finally {
    rmSync(partial, { recursive: true, force: true });
    rmSync(partialJar, { force: true });
  }
}

/** A class archive a JVM writes as it ends: `ended` puts it in its place when the JVM ended whole, else removes it. */
export interface ArchiveWrite {
  ended: (isWhole: boolean) => void;
}

/**
 * The JVM's class-sharing options: map the one-shot run's archive of `jar` or the program's own (beside the jar
 * `compiled`), whichever is there; with neither, write the program's own (a partial file `writes.ended` renames).
 */
export function archiveOptions(jar: string, compiled: string | null): { args: string[]; writes?: ArchiveWrite } {
  const own = compiled?.replace(/\.jar$/, '.jsa');
  const archive = [classArchiveFile(jar), own].find((file) => file && existsSync(file));
  if (archive) return { args: [`-XX:SharedArchiveFile=${archive}`] };
  if (!own) return { args: [] };
  const partial = `${own}.${process.pid}-${Math.random().toString(36).slice(2)}.part`;
  const ended = (isWhole: boolean) => {
    try {
      if (isWhole && existsSync(partial) && statSync(partial).size > 0) renameSync(partial, own);
    } catch {
      // The folder went away: the next JVM writes one again.
    } finally {
      rmSync(partial, { force: true });
    }
  };
  return { args: [`-XX:ArchiveClassesAtExit=${partial}`], writes: { ended } };
}

/**
 * A JVM that writes its class archive ended: its input closed, it ends by itself and writes it; killed if it has not
 * ended within ARCHIVE_WRITE_MS, or when this process exits first (its partial archive is then removed or swept).
 */
export function endWhenWritten(child: ChildProcess): void {
  const kill = () => child.kill('SIGKILL');
  const timer = setTimeout(kill, ARCHIVE_WRITE_MS).unref();
  process.on('exit', kill);
  child.once('exit', () => {
    clearTimeout(timer);
    process.removeListener('exit', kill);
  });
  child.stdin?.end();
}
