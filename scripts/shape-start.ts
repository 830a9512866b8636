// The functions a batch's start runs, compiled with their chunks (scripts/build-cli.ts, after esbuild). Node keeps a
// module's compiled code on disk (its compile cache, bin/compile-cache.js) as it was right after the module compiled:
// V8 then has compiled only the module's top level and the functions it compiles eagerly, so the ~1,750 functions the
// start runs were compiled again at every start (~20 ms of the main thread's ~220 before the first call). V8 compiles a
// function expression in parentheses with the code around it ("PIFE"), so the cache holds it from then on: a batch of
// the new bundle is started here under V8's function log (scripts/start-training.mjs, two books against a provider that
// refuses every connection), stopped at its first chat request, and every function of the bundle it compiled lazily is
// put in
// parentheses where that keeps its meaning: arrows and function expressions; esbuild's CommonJS and lazy-module
// wrappers (a method `"path"(exports, module) {`, which uses neither `this` nor `super`) as `"path": (function(…) {`;
// a top-level function declaration as `var name = (function(…) {…});` when its name is not written before it in the
// chunk (it is then never called before that line runs: when the chunks import one another without a cycle, as checked
// here, a chunk's importers run after it; with a cycle no declaration is changed). Class and object methods and other
// declarations stay as they are. A chunk that no longer parses is left as esbuild wrote it; a training that did not
// reach its first call, a log without the bundle's functions, or a shaped start that does not run through fails the
// build in CI and is a warning elsewhere, naming which (two builds at once once gave a bundle with nothing made eager,
// silently: a start ~20 ms slower).
import { transformSync } from 'esbuild';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';

const TRAINING = path.join(import.meta.dirname, 'start-training.mjs');
const JOBS = [
  '- { id: b1, generator: romance, lang: en, chapters: 3 }',
  '- { id: b2, generator: romance, lang: ms, chapters: 3 }',
];
const TRAINING_MS = 60_000;
/** The training's exit code when its batch reached its first chat request (scripts/start-training.mjs). */
const REACHED = 86;

/**
 * One edit of a chunk: the text from `start` to `end` replaced by `text` (`late`: after an opening at the same place).
 */
interface Edit {
  start: number;
  end: number;
  text: string;
  late: boolean;
}

/**
 * Runs the batch of `bundle` in `dir` (under V8's function log when `log`): whether it reached its first chat request.
 */
async function train(bundle: string, dir: string, log: boolean): Promise<boolean> {
  // Each run from nothing: no book of an earlier run to resume.
  for (const file of readdirSync(dir)) rmSync(path.join(dir, file), { recursive: true, force: true });
  writeFileSync(path.join(dir, 'jobs.yaml'), `${JOBS.join('\n')}\n`);
  // A provider that refuses every connection (a port just freed): the batch's context-window requests fail at once, the
  // same way at every build (a server's answers raced the first books: a different set of functions each time).
  const free = createServer();
  await new Promise<void>((done) => free.listen(0, '127.0.0.1', done));
  const { port } = free.address() as { port: number };
  await new Promise((done) => free.close(done));
  const env = { ...process.env, OPENAI_API_KEY: 'sk-training', OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` };
  const run = async (flags: string[], only: string[]): Promise<number | null> => {
    const child = spawn(process.execPath, [...flags, TRAINING, bundle, path.join(dir, 'jobs.yaml'), ...only], {
      cwd: dir,
      stdio: 'ignore',
      env,
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TRAINING_MS);
    const code = await new Promise<number | null>((done) => child.once('close', done));
    clearTimeout(timer);
    return code;
  };
  // The catalog kept first (a user's start reads it from the disk cache: its compiling is not the start's).
  if (log) await run([], ['catalog']);
  return (await run(log ? ['--log-function-events'] : [], [])) === REACHED;
}

/** The batch started in `dir` under V8's log: its main thread's log's lines (empty when it did not run through). */
async function trainingLog(bundle: string, dir: string): Promise<string[]> {
  if (!(await train(bundle, dir, true))) return [];
  // One log per thread (V8's isolate-…-v8.log): the main thread's is the one that loaded the entry.
  const logs = readdirSync(dir)
    .filter((f) => f.endsWith('-v8.log'))
    .map((f) => readFileSync(path.join(dir, f), 'latin1'));
  return (logs.find((text) => text.includes('/main.js,')) ?? '').split('\n');
}

/** The spans (start, end) of the functions V8 compiled in each of the bundle's chunks, by chunk file name. */
function compiledSpans(lines: readonly string[], bundle: string): Map<string, Array<[number, number]>> {
  const scripts = new Map<string, string>();
  const spans = new Map<string, Array<[number, number]>>();
  const folder = `${bundle}${path.sep}`;
  for (const line of lines) {
    const field = line.split(',');
    if (field[0] === 'script-details' && field[2]?.startsWith('file://')) {
      const file = new URL(field[2]).pathname;
      if (file.startsWith(folder)) scripts.set(field[1]!, file.slice(folder.length));
    } else if (field[0] === 'function' && field[1] === 'interpreter' && field[3] !== '0') {
      const chunk = scripts.get(field[2]!);
      if (chunk) (spans.get(chunk) ?? spans.set(chunk, []).get(chunk)!).push([Number(field[3]), Number(field[4])]);
    }
  }
  return spans;
}

/** Where the parameters at `at` end (after their closing parenthesis), or -1. */
function paramsEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/** The edits that put the function at `start`..`end` of `text` in parentheses, or none where that could change it. */
function editsFor(text: string, start: number, end: number, declarations: boolean): Edit[] {
  const before = text.slice(Math.max(0, start - 200), start);
  const wrap = (from: number): Edit[] =>
    /\(\s*$/.test(text.slice(Math.max(0, from - 4), from)) && text[end] === ')'
      ? []
      : [
          { start: from, end: from, text: '(', late: false },
          { start: end, end, text: ')', late: true },
        ];
  const fn = /(async\s+)?function\s*(\*?)\s*([\w$]*)\s*$/.exec(before);
  if (fn) {
    const from = start - (before.length - fn.index);
    const lineHead = before.slice(0, fn.index).split('\n').pop()!;
    if (lineHead.trim() === '') {
      const name = fn[3]!;
      const usedBefore = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text.slice(0, from));
      if (!declarations || lineHead !== '' || !name || usedBefore) return [];
      const head = `var ${name} = (${fn[1] ?? ''}function${fn[2]}`;
      return [
        { start: from, end: start, text: head, late: false },
        { start: end, end, text: ');', late: true },
      ];
    }
    return /export\s+(default\s+)?$/.test(lineHead) ? [] : wrap(from);
  }
  const arrow =
    text[start] === '('
      ? /^\s*=>/.test(text.slice(paramsEnd(text, start)))
      : /^[\w$]+\s*=>/.test(text.slice(start, end));
  if (arrow) {
    const async = /async\s+$/.exec(before);
    return wrap(async ? start - (before.length - async.index) : start);
  }
  const lineHead = before.split('\n').pop()!;
  const above = text.slice(Math.max(0, start - lineHead.length - 300), start - lineHead.length);
  if (/^\s*"[^"\n]+"$/.test(lineHead) && /__(?:commonJS|esm)\(\{\s*$/.test(above))
    return [
      { start, end: start, text: ': (function', late: false },
      { start: end, end, text: ')', late: true },
    ];
  return [];
}

/** `text` with `edits` made (none overlap but at their ends). */
function applied(text: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => b.start - a.start || Number(b.late) - Number(a.late));
  let out = text;
  for (const edit of sorted) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Whether `text` still parses as an ES module (esbuild reads it). */
function parses(text: string): boolean {
  try {
    transformSync(text, { loader: 'js', format: 'esm', logLevel: 'silent' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the chunks in `bundle` import one another (statically) without a cycle: each chunk then runs after every
 * chunk it imports has run whole, so a top-level function made a `var` is set before another chunk can call it.
 */
function acyclic(bundle: string): boolean {
  const imports = new Map<string, string[]>();
  for (const file of readdirSync(bundle).filter((f) => f.endsWith('.js'))) {
    const text = readFileSync(path.join(bundle, file), 'utf8');
    imports.set(
      file,
      [...text.matchAll(/(?:from|import) "\.\/([\w.-]+\.js)"/g)].map((m) => m[1]!),
    );
  }
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string): boolean => {
    if (state.get(file) === 'open') return false;
    if (state.get(file) === 'done') return true;
    state.set(file, 'open');
    const ok = (imports.get(file) ?? []).every(visit);
    state.set(file, 'done');
    return ok;
  };
  return [...imports.keys()].every(visit);
}

/** Why a bundle's start could not be shaped: the build fails saying so. */
export class ShapeStartError extends Error {
  override name = 'ShapeStartError';
}

/**
 * Shapes the bundle in `bundle` (a folder of esbuild's chunks) so that the functions a batch's start runs are compiled
 * with their chunks; returns how many functions were put in parentheses.
 * @throws ShapeStartError when the start could not be traced or shaped (none made eager), naming why.
 */
export async function shapeStart(bundle: string): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-shape-start-'));
  try {
    let shaped = 0;
    const declarations = acyclic(bundle);
    const original = new Map<string, string>();
    const log = await trainingLog(bundle, dir);
    if (!log.length)
      throw new ShapeStartError(
        'the training batch (scripts/start-training.mjs) did not reach its first chat request (another build of ' +
          `this folder at the same time, a start that fails, or one slower than ${TRAINING_MS / 1000} s)`,
      );
    const compiled = compiledSpans(log, bundle);
    if (!compiled.size)
      throw new ShapeStartError("V8's function log of the training batch names no function of the bundle's chunks");
    for (const [chunk, spans] of compiled) {
      const file = path.join(bundle, chunk);
      const text = readFileSync(file, 'utf8');
      const edits = spans.flatMap(([start, end]) => editsFor(text, start, end, declarations));
      const out = applied(text, edits);
      if (!edits.length || !parses(out)) continue;
      original.set(file, text);
      writeFileSync(file, out);
      shaped += edits.length / 2;
    }
    // The shaped start run again: a declaration made a `var` is set only when its line runs, so a chunk whose top
    // level reached it earlier through a function declared below would now fail as it loads. Each chunk changed was
    // loaded by the start: unless it runs through as before, the bundle goes back to esbuild's text.
    if (original.size && !(await train(bundle, dir, false))) {
      for (const [file, text] of original) writeFileSync(file, text);
      throw new ShapeStartError(
        `the shaped start (${shaped} functions in ${original.size} chunks) did not reach its first chat request`,
      );
    }
    if (!shaped)
      throw new ShapeStartError(
        `none of the ${[...compiled.values()].flat().length} functions the training compiled could be made eager`,
      );
    return shaped;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The start of the bundle built in `bundle` shaped (shapeStart), said as the build's line says it. A bundle built
 * outside the checkout (a test's folder) cannot start there (its packages are the checkout's node_modules): it is not
 * shaped, and the line says so. A start that could not be shaped ends the build in CI naming why (its bundle would be
 * ~20 ms slower to every batch's first call); elsewhere the build warns and keeps esbuild's text.
 */
export async function shapeBuiltStart(bundle: string, isInCheckout: boolean): Promise<string> {
  if (!isInCheckout) return "a batch's start not shaped: built outside the checkout, where it cannot start";
  try {
    return `${await shapeStart(bundle)} functions of a batch's start made eager`;
  } catch (error) {
    if (!(error instanceof ShapeStartError)) throw error;
    // CI fails the build (a bundle slower to every first call must not land unnoticed); an install (`npm ci` runs this
    // build) goes on with the bundle as esbuild wrote it, saying why: a slower start, not a missing command.
    if (process.env.CI === 'true') {
      process.stderr.write(`karya: CLI bundle not built: none of a batch's start made eager: ${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(
      `karya: warning: none of a batch's start made eager (the CLI works, its start is slower): ${error.message}\n`,
    );
    return "a batch's start not shaped (see the warning above)";
  }
}
