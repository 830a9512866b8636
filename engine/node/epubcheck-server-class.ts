// The long-lived epubcheck JVM's program (EpubcheckServer.java), compiled once into the user's cache. Run from its
// source (Java's single-file source mode) each JVM compiles it again as it starts: the compiler's classes loaded and
// run, about 0.65 s of CPU of a start's 3.9 s (3.2 s from the compiled class, measured on 2 cores). Compiled here
// once (0.7 s, the same compiler: `java -m jdk.compiler`, which source mode needs too), every later JVM of every
// process starts from the class.
// - Named by the source's text, the jar it is compiled against and the java command (its real file and time): an
//   edited source, another epubcheck or another JVM compiles anew.
// - Compiled into a partial folder beside its place and renamed when whole (engine/node/java.ts sweeps the partial
//   folders of a compile cut short), so processes at once never run half of one.
// - Where it cannot be (no cache folder, no compiler, a source that does not compile), the JVM runs the source as
//   before, whose own failure then says why.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { makeDirs } from './dirs.js';
import { JAVA_QUICK_START, findOnPath, javaCacheDir } from './java.js';

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

/**
 * The folder holding the program compiled from `source` against `jar` (its main class named as the source's file),
 * compiled now when the cache has none; null when it cannot be (the JVM then runs the source itself).
 */
export async function compiledServer(source: string, jar: string): Promise<string | null> {
  const dir = javaCacheDir();
  const java = findOnPath('java');
  const name = dir && java ? compiledName(source, jar, java) : null;
  if (!dir || !name) return null;
  // Whole: the JVM runs in the root folder.
  const compiled = path.resolve(dir, name);
  const main = `${path.basename(source, '.java')}.class`;
  if (existsSync(path.join(compiled, main))) return compiled;
  const partial = `${compiled}.${process.pid}-${Math.random().toString(36).slice(2)}.part`;
  try {
    makeDirs(partial);
    if (!(await compile(source, jar, partial)) || !existsSync(path.join(partial, main))) return null;
    renameSync(partial, compiled);
    return compiled;
  } catch {
    // Another process's compile took its place first (its folder is whole), or the cache went away.
    return existsSync(path.join(compiled, main)) ? compiled : null;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}
