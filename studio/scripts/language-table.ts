// The language table for the browser: `virtual:karya-languages` is languages/<code>.yaml and languages/<code>/*.yaml
// (plus KARYA_LANGUAGES's folders), read by the engine's Node reader at build time and written into the bundle
// as JSON, so the studio sets the same table its server reads (studio/src/languageTable.ts) with no YAML parser.
// Whether draft languages and KARYA_LANGUAGES's folders were in the build is written beside it (studio-build.mjs
// rebuilds when that changes). The table is read whole first, by the loader a server's start uses: a section or a
// word missing or malformed stops the build naming the file and the key. A message catalogue's words (every
// language's) go into the chunk of the module that registers it (`catalogue('name', …)`, `studioCatalogue('name', …)`):
// a page's words load with the page, and /signin carries only what it reads (the engine's table reads them there:
// wordsBesideCode).
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
 * What of a language only the server and the CLI read, left out of the bundle (a third of the /signin JavaScript
 * otherwise): the prompts' wording, the offline provider's demo, the guard's sample sentences (tests read them),
 * and the CLI's and the server's own messages: no module of the bundle defines those sections (every section the
 * bundle defines must be here; a catalogue's words go with the module that registers it, wherever that is bundled).
 */
const SERVER_ONLY = /^(?:prompts|samples|offline-.+|cli-.+|server-.+|errors-config|import-headings|source-status|export|export-public-domain|answers|answer-checks|answer-notes|voice-guidance|token-samples)$/;
/**
 * Of a section the bundle reads in part, the keys it reads: of `translation`, the languages each is translated from
 * (My Books offers an edition only in a language the book's can be made into: engine editionLanguages).
 */
const BROWSER_KEYS: Readonly<Record<string, readonly string[]>> = { translation: ['from'] };
const onlyKeys = (section: Readonly<Record<string, unknown>>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(section).filter(([key]) => keys.includes(key)));

/** A catalogue's registration in a module's code, its name captured (a build's code may have turned its quotes to double). */
const REGISTERS = /\b(?:studioCatalogue|catalogue)\(\s*["'`]([\w-]+)["'`]/g;
const SCANNED = ['engine', path.join('studio', 'src')];
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The names of the catalogues the engine and the studio register: their words travel with the module that registers them. */
function catalogueNames(): Set<string> {
  const names = new Set<string>();
  for (const dir of SCANNED) {
    for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
      for (const m of readFileSync(path.join(entry.parentPath, entry.name), 'utf8').matchAll(REGISTERS)) names.add(m[1]!);
    }
  }
  return names;
}

/** The statement, put first in a module that registers catalogues, that sets their words (every language's) beside it. */
function besideCode(code: string, sources: readonly LanguageSource[], catalogues: ReadonlySet<string>): string {
  const names = new Set([...code.matchAll(REGISTERS)].map((m) => m[1]!).filter((name) => catalogues.has(name)));
  return [...names].map((name) => {
    const words = Object.fromEntries(sources.flatMap((src) => (src.words[name] ? [[String((src.data as { code?: unknown }).code), src.words[name]]] : [])));
    return `(globalThis[Symbol.for('karya.languages.besideCode')] ??= {})[${JSON.stringify(name)}] = ${JSON.stringify(words)};\n`;
  }).join('');
}

/**
 * A language as the browser needs it: its table and the words of what the bundle reads, but the catalogues' (beside
 * the code that registers them); of the languages it names, only the table's (the others name what a model answered
 * in, which the server says).
 */
export function forBrowser(src: LanguageSource, codes: ReadonlySet<string>, catalogues: ReadonlySet<string>): LanguageSource {
  const data = Object.fromEntries(Object.entries(src.data as Record<string, unknown>).filter(([key]) => !SERVER_ONLY.test(key)));
  const names = data.languageNames as Record<string, unknown> | undefined;
  if (names) data.languageNames = Object.fromEntries(Object.entries(names).filter(([code]) => codes.has(code)));
  const words = Object.fromEntries(Object.entries(src.words).filter(([name]) => !SERVER_ONLY.test(name) && !catalogues.has(name))
    .map(([name, value]) => [name, BROWSER_KEYS[name] ? onlyKeys(value, BROWSER_KEYS[name]) : value]));
  return { file: src.file, data, words };
}
const RESOLVED = `\0${ID}`;
/** The file in dist/ that says whether draft languages are in the bundle ("1") or not ("0"), and KARYA_LANGUAGES's folders (languageMark). */
export const DRAFTS_MARK = '.karya-drafts';

export function languageTablePlugin(): Plugin {
  let outDir = '';
  let read: { sources: readonly LanguageSource[]; catalogues: Set<string> } | undefined;
  const table = () => (read ??= { sources: readLanguages(), catalogues: catalogueNames() });
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
      if (id.startsWith('\0') || !/\.tsx?$/.test(id) || !REGISTERS.test(code)) return null;
      REGISTERS.lastIndex = 0;
      for (const dir of languageFolders()) this.addWatchFile(dir);
      const { sources, catalogues } = table();
      const set = besideCode(code, sources, catalogues);
      return set ? { code: set + code, map: null } : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      // A table edited while `vite` serves is read again on the next load.
      for (const dir of languageFolders()) this.addWatchFile(dir);
      read = undefined;
      const { sources, catalogues } = table();
      // Read whole as a start reads it: a missing or malformed section or word stops the build, naming the file and key.
      setLanguageSource(() => sources);
      ensureLanguages();
      const codes = new Set(sources.map((src) => String((src.data as { code?: unknown }).code)));
      return `export default ${JSON.stringify(sources.map((src) => forBrowser(src, codes, catalogues)))};`;
    },
    // Not after a build that failed (nothing was written: the failure is what it says).
    closeBundle: { order: 'pre', handler: () => void (existsSync(outDir) && writeFileSync(path.join(outDir, DRAFTS_MARK), languageMark())) },
  };
}
