// The language table for the browser: `virtual:karya-languages` is languages/<code>.yaml and languages/<code>/*.yaml
// (plus KARYA_LANGUAGES's folders), read by the engine's Node reader at build time and written into the bundle
// as JSON, so the studio sets the same table its server reads (studio/src/languageTable.ts) with no YAML parser.
// Whether draft languages and KARYA_LANGUAGES's folders were in the build is written beside it (studio-build.mjs
// rebuilds when that changes). The table is read whole first, by the loader a server's start uses: a section or a
// word missing or malformed stops the build naming the file and the key. What of it the bundle carries is derived from
// the code (READS below): each words file goes beside the code that reads it, so a page's words load with the page,
// /signin carries only what it reads, and a file only the server and the CLI read is in no chunk (the engine's table
// reads them there: wordsBesideCode).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Plugin } from 'vite';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
// The engine's pure door defines every section a reader of the table checks (the studio's own included:
// engine/studio-language.ts), so the build reads the table with the loader the server's start and `karya validate` use.
import { ensureLanguages, setLanguageSource, type LanguageSource } from '../../engine/index.js';
import { languageMark } from './studio-build.mjs';

const ID = 'virtual:karya-languages';
/**
 * Of a section the bundle reads in part, the keys it reads: of `translation`, the languages each is translated from
 * (My Books offers an edition only in a language the book's can be made into: engine editionLanguages).
 */
const BROWSER_KEYS: Readonly<Record<string, readonly string[]>> = { translation: ['from'] };
const onlyKeys = (section: Readonly<Record<string, unknown>>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(section).filter(([key]) => keys.includes(key)));

/**
 * What the bundle reads of the table, derived from its code, never listed by hand: each words file (a section, a
 * catalogue, a rule registry's words) is read through the one accessor that names it in code, `defineSection('name',
 * …)`, `catalogue('name', …)`, `studioCatalogue('name', …)` or `defineRegistry({ name: 'name', … })`, and its words go
 * beside that code (every language's): in the chunk of a module the bundle keeps, so a section only the server and
 * the CLI read (the prompts' wording, the offline provider's demo, the CLI's messages) is in no chunk, and one a page
 * reads loads with the page. A name read in code that no language of the table has stops the build, naming the file.
 * (A build's code may have turned its quotes to double; a registry's name is its file's with dashes for spaces.)
 */
const READS = new RegExp([
  /\b(?:studioCatalogue|catalogue|defineSection)\(\s*["'`]([\w-]+)["'`]/.source,
  /\bdefineRegistry\(\s*\{\s*name:\s*["'`]([\w -]+)["'`]/.source,
].join('|'), 'g');
const SCANNED = ['engine', path.join('studio', 'src')];
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Comments, which name accessors in examples (`@example defineSection('guard', …)`) the code does not call. */
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<![:\\'"`])\/\/.*$/gm;

/** The words files a module's code reads through the table's accessors (READS), its comments aside. */
export function namesRead(code: string): Set<string> {
  return new Set([...code.replace(COMMENTS, '').matchAll(READS)].map((m) => m[1] ?? m[2]!.replace(/\s+/g, '-')));
}

/** The names the engine's and the studio's code read (wherever it is bundled): their words travel with that code. */
function namesInCode(): Set<string> {
  const names = new Set<string>();
  for (const dir of SCANNED) {
    for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      for (const name of namesRead(readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))) names.add(name);
    }
  }
  return names;
}

/** A words file of a language as the bundle carries it (a section's table-file form included; BROWSER_KEYS applied). */
export function browserWords(src: LanguageSource, name: string): unknown {
  const value = src.words[name] ?? (src.data as Record<string, unknown>)[name];
  const keys = BROWSER_KEYS[name];
  return keys && value && typeof value === 'object' ? onlyKeys(value as Record<string, unknown>, keys) : value;
}

/** The names of `code`'s reads no language of the table has: a typo, or a file the table lacks. */
export const namesLacking = (code: string, sources: readonly LanguageSource[]): string[] =>
  [...namesRead(code)].filter((name) => !sources.some((src) => browserWords(src, name) !== undefined));

/** The statement, put first in a module that reads words files, that sets their words (every language's) beside it. */
function besideCode(code: string, sources: readonly LanguageSource[]): string {
  return [...namesRead(code)].map((name) => {
    const words = Object.fromEntries(sources.flatMap((src) => {
      const value = browserWords(src, name);
      return value === undefined ? [] : [[String((src.data as { code?: unknown }).code), value]];
    }));
    return `(globalThis[Symbol.for('karya.languages.besideCode')] ??= {})[${JSON.stringify(name)}] = ${JSON.stringify(words)};\n`;
  }).join('');
}

/**
 * A language as the browser's table needs it: its table file's own keys (its code, order, names, script…), of the
 * languages it names only the table's (the others name what a model answered in, which the server says). Its words
 * files, and a section written in the table file, are not here: each goes beside the code that reads it (besideCode).
 */
export function forBrowser(src: LanguageSource, codes: ReadonlySet<string>, read: ReadonlySet<string>): LanguageSource {
  const own = ([key]: [string, unknown]) => !read.has(key) && !Object.hasOwn(src.words, key);
  const data = Object.fromEntries(Object.entries(src.data as Record<string, unknown>).filter(own));
  const names = data.languageNames as Record<string, unknown> | undefined;
  if (names) data.languageNames = Object.fromEntries(Object.entries(names).filter(([code]) => codes.has(code)));
  return { file: src.file, data, words: {} };
}
const RESOLVED = `\0${ID}`;
/** The file in dist/ that says whether draft languages are in the bundle ("1") or not ("0"), and KARYA_LANGUAGES's folders (languageMark). */
export const DRAFTS_MARK = '.karya-drafts';

export function languageTablePlugin(): Plugin {
  let outDir = '';
  let read: { sources: readonly LanguageSource[]; names: Set<string> } | undefined;
  const table = () => (read ??= { sources: readLanguages(), names: namesInCode() });
  return {
    name: 'karya-language-table',
    configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)),
    // The studio's own catalogues are read whole too (check-studio-words.ts loads every module that registers one, in
    // a process of its own): a language lacking a studio text stops the build, not a writer's page.
    buildStart() {
      read = undefined;
      if (this.meta.watchMode) return;
      const script = fileURLToPath(new URL('./check-studio-words.ts', import.meta.url));
      const checked = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', env: process.env });
      if (checked.status !== 0) this.error(checked.stderr.trim() || `the studio's words could not be read (${script})`);
    },
    resolveId: (id) => (id === ID ? RESOLVED : null),
    transform(code, id) {
      if (id.startsWith('\0') || !/\.tsx?$/.test(id)) return null;
      const names = namesRead(code);
      if (!names.size) return null;
      for (const dir of languageFolders()) this.addWatchFile(dir);
      const { sources } = table();
      const lacking = namesLacking(code, sources);
      const named = `"${lacking.join('", "')}"`;
      const why = `which no language of the table has (languages/<code>/${lacking[0]}.yaml)`;
      if (lacking.length) this.error(`${path.relative(ROOT, id)} reads the language words ${named}, ${why}`);
      return { code: besideCode(code, sources) + code, map: null };
    },
    load(id) {
      if (id !== RESOLVED) return null;
      // A table edited while `vite` serves is read again on the next load.
      for (const dir of languageFolders()) this.addWatchFile(dir);
      read = undefined;
      const { sources, names } = table();
      // Read whole as a start reads it: a missing or malformed section or word stops the build, naming the file and key.
      setLanguageSource(() => sources);
      ensureLanguages();
      const codes = new Set(sources.map((src) => String((src.data as { code?: unknown }).code)));
      return `export default ${JSON.stringify(sources.map((src) => forBrowser(src, codes, names)))};`;
    },
    // Not after a build that failed (nothing was written: the failure is what it says).
    closeBundle: { order: 'pre', handler: () => void (existsSync(outDir) && writeFileSync(path.join(outDir, DRAFTS_MARK), languageMark())) },
  };
}
