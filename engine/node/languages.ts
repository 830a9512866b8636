// The language table read from disk: languages/<code>.yaml and its catalogue words in languages/<code>/*.yaml,
// at the repository's root, and from every folder named in KARYA_LANGUAGES (a path list: a language a maintainer
// is trying out, a test's fixture). Set as the table's source when this module loads, read on first use.
// Parsing the table's YAML (about a hundred files, 350 KB) was most of a command's start, so a folder's files
// parsed once are kept in .karya/cache as JSON under the hash of their names and texts: a start reads the texts,
// hashes them and reads the JSON back; any edit is another key, parsed (and its errors reported) anew. A start that
// finds the files as they were (names, sizes, times) when their texts were last hashed skips reading them (stamps).
// The sections the bundle's code parsed for every language of those texts without an error are kept too (checks):
// a start of the same bundle on the same texts parses them at first use (engine/languages/table.ts SectionChecks).
// A file read back from the cache is decoded at its first read (language-cache.ts): a batch reads about half of them.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  ensureLanguages,
  onLanguagesLoaded,
  setLanguageSource,
  LanguageWordsError,
  type LanguageSource,
  type SectionChecks,
} from '../languages/index.js';
import { yamlData } from '../yaml.js';
import { keptCache } from './kept-cache.js';
import { lazyFilesCodec, type ParsedFiles } from './language-cache.js';
import { bundleCodeHash, ROOT } from './root.js';
import { handedLanguages } from './worker-thread.js';
// Part of the cache's key (a parse is the library's); bundled, it costs no file read at start.
import yamlPackage from 'yaml/package.json' with { type: 'json' };

function parsed(text: string, file: string): unknown {
  const { data, errors } = yamlData(text);
  // Said before any language's words are read (the table is what is broken): the place, and the parser's own words.
  const first = errors[0];
  if (!first) return data;
  const at = [first.line, first.column]
    .filter((n) => n !== undefined)
    .map((n) => `:${n}`)
    .join('');
  const place = { ...(first.line ? { line: first.line } : {}), ...(first.column ? { column: first.column } : {}) };
  const params = { language: file, catalogue: 'languages', key: '*', ...place };
  throw new LanguageWordsError(params, `${file}${at}: ${first.message}`);
}

const yamlFile = (n: string): boolean => /\.ya?ml$/.test(n);
const yamlFilesIn = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter(yamlFile).sort() : []);

/**
 * A folder's table files and, for each, its catalogue words and generator texts: paths relative to the folder,
 * `/`-separated.
 */
function folderFiles(dir: string): { tables: string[]; words: Map<string, string[]> } {
  const tables = readdirSync(dir)
    .filter((f) => /^[^_.][^/]*\.ya?ml$/.test(f))
    .sort();
  const words = new Map<string, string[]>();
  for (const f of tables) {
    const base = f.replace(/\.ya?ml$/, '');
    // A language may word the generators from its folder (generators/<id>.yaml: engine/generator-texts.ts).
    words.set(f, [
      ...yamlFilesIn(path.join(dir, base)).map((w) => `${base}/${w}`),
      ...yamlFilesIn(path.join(dir, base, 'generators')).map((g) => `${base}/generators/${g}`),
    ]);
  }
  return { tables, words };
}

/**
 * `name` of `into` as the value `read` gives at its first read: a words file decoded only if something reads it. The
 * getter stays (made a plain property at its first read, each of a language's ~120 files copied its object's shape).
 */
function defineOnFirstRead(into: Record<string, unknown>, name: string, read: () => unknown): void {
  let value: unknown;
  let isRead = false;
  Object.defineProperty(into, name, {
    enumerable: true,
    configurable: true,
    get() {
      if (!isRead) {
        value = read() ?? {};
        isRead = true;
      }
      return value;
    },
  });
}

/** Each table file of a folder, with the catalogue words in the folder of the same name. */
export function readLanguageFolder(dir: string): LanguageSource[] {
  if (!existsSync(dir)) return [];
  const { tables, words } = folderFiles(dir);
  const { files: data, key } = parsedFiles(dir, [...tables, ...[...words.values()].flat()]);
  return tables.map((f) => {
    const own: Record<string, Record<string, unknown>> = {};
    for (const rel of words.get(f)!)
      defineOnFirstRead(own, rel.slice(rel.indexOf('/') + 1).replace(/\.ya?ml$/, ''), data.get(rel) ?? (() => ({})));
    const file = path.join(dir, f);
    const source = { file: path.relative(process.cwd(), file) || file, data: data.get(f)?.(), words: own };
    if (key) textsOf.set(source, `${key}\0${f}`);
    return source;
  });
}

/** The key of the texts a source was parsed from (its folder's, and its table file's name), when they were kept. */
const textsOf = new WeakMap<LanguageSource, string>();

/** Kept beside the newest: a test's fixture folder, a language being tried out, the table before an edit. */
const cacheDir = path.join(ROOT, '.karya', 'cache');
const cache = keptCache(cacheDir, 'languages', 8, lazyFilesCodec);
/**
 * A folder's files as they were when their texts were last hashed (`texts`: that key of the cache above, `at`: when):
 * reading and hashing the texts (2 MB, ~10 ms) at every start only told that nothing changed.
 */
const stamps = keptCache<{ key: string; texts: string; at: number }>(cacheDir, 'language-stamps', 8);
/**
 * A stamp is trusted only for files older than it by this much: two writes within a step of the file system's clock
 * can leave a file the same size and time with other words (git's "racily clean" files); those are read and hashed.
 */
const SETTLED_MS = 2000;

/** What else decides a parse than the texts: the YAML library's version and how engine/yaml.ts reads. */
const PARSER = `yaml ${yamlPackage.version}; core schema, unique keys, aliases bounded`;

/** The key of the files' stamp (the folder, and each file's name, size, times and inode) and their newest change. */
function stampKey(dir: string, rels: readonly string[]): { key: string; newest: number } {
  // Joined by hand and hashed once: path.join's normalising and a hash update for each of ~360 files were two thirds
  // of this stamp's time. The names are relative and '/'-separated (folderFiles), which every platform's calls accept.
  const base = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
  let stamped = `${PARSER}\n${dir}\n`;
  let newest = 0;
  for (const rel of rels) {
    const { size, mtimeMs, ctimeMs, ino } = statSync(`${base}${rel}`);
    stamped += `${rel}\0${size}\0${mtimeMs}\0${ctimeMs}\0${ino}\0`;
    newest = Math.max(newest, mtimeMs);
  }
  return { key: createHash('sha256').update(stamped).digest('hex'), newest };
}

/**
 * The folder's files parsed, and their texts' key when they are kept: read back from the cache when their names and
 * texts were parsed before.
 */
function parsedFiles(dir: string, rels: readonly string[]): { files: ParsedFiles; key?: string } {
  const stamp = stampKey(dir, rels);
  const stamped = stamps.read(stamp.key);
  if (stamped && stamp.newest < stamped.at - SETTLED_MS) {
    const cached = cache.read(stamped.texts);
    if (cached) return { files: cached.files, key: stamped.texts };
  }
  const texts = rels.map((rel) => readFileSync(path.join(dir, rel), 'utf8'));
  const hash = createHash('sha256').update(`${PARSER}\n`);
  rels.forEach((rel, i) => hash.update(`${rel}\0${texts[i]!.length}\0${texts[i]}\0`));
  const key = hash.digest('hex');
  const at = Date.now();
  const cached = cache.read(key);
  if (cached) {
    stamps.write({ key: stamp.key, texts: key, at });
    return { files: cached.files, key };
  }
  const values = rels.map((rel, i): [string, unknown] => [rel, parsed(texts[i]!, path.join(dir, rel))]);
  const files: ParsedFiles = new Map(values.map(([rel, value]) => [rel, () => value]));
  if (!values.every(([, value]) => jsonKeeps(value))) return { files };
  cache.write({ key, files });
  stamps.write({ key: stamp.key, texts: key, at });
  return { files, key };
}

/**
 * The sections parsed whole (and checks passed), by the key of the texts, the bundle and the Node they were read by.
 */
const checked = keptCache<{ key: string; sections: string[] }>(cacheDir, 'language-checks', 8);

/**
 * What the running bundle parsed before from these sources' texts on this Node (SectionChecks): nothing when the code
 * runs from its sources (a parse may change with any engine file) or a source's texts were not kept.
 */
export function sectionChecks(sources: readonly LanguageSource[]): SectionChecks | undefined {
  const code = bundleCodeHash();
  const texts = sources.map((source) => textsOf.get(source));
  if (!code || texts.some((t) => t === undefined)) return undefined;
  // Node's version and its ICU's too: a check may ask Intl (a currency's code, a locale's tag).
  const runtime = `node ${process.version}; icu ${process.versions.icu ?? 'none'}`;
  const key = createHash('sha256')
    .update(`section checks; bundle ${code}; ${runtime}\n${texts.join('\n')}`)
    .digest('hex');
  const sections = new Set(checked.read(key)?.sections);
  let isWriting = false;
  return {
    has: (name) => sections.has(name),
    add(names) {
      const before = sections.size;
      for (const name of names) sections.add(name);
      if (sections.size === before || isWriting) return;
      // Written once for what a start's modules add as they load (each catalogue its own), not once a catalogue.
      isWriting = true;
      queueMicrotask(() => {
        isWriting = false;
        checked.write({ key, sections: [...sections].sort() });
      });
    },
  };
}

/** True when JSON gives the value back as it is (YAML's .inf and .nan do not survive it). */
function jsonKeeps(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(jsonKeeps);
  if (value && typeof value === 'object') return Object.values(value).every(jsonKeeps);
  return true;
}

/** The folders the table is read from: the repository's languages/, then KARYA_LANGUAGES's. */
export function languageFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  const extra = (env.KARYA_LANGUAGES ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((d) => path.resolve(d));
  return [path.join(ROOT, 'languages'), ...extra];
}

/**
 * Every table file of those folders; a code given twice is refused (a fixture may not silently replace Malay).
 * A table marked `draft: true` (a language still being worded) is left out unless KARYA_DRAFT_LANGUAGES=1: a
 * maintainer tries it that way, and no writer is offered it before its words are whole.
 */
export function readLanguages(
  folders: readonly string[] = languageFolders(),
  env: NodeJS.ProcessEnv = process.env,
): LanguageSource[] {
  const drafts = env.KARYA_DRAFT_LANGUAGES === '1';
  const all = folders
    .flatMap(readLanguageFolder)
    .filter((src) => drafts || (src.data as { draft?: unknown } | undefined)?.draft !== true);
  const seen = new Map<string, string>();
  for (const src of all) {
    const code = String((src.data as { code?: unknown } | undefined)?.code ?? '');
    const before = seen.get(code);
    if (before)
      throw new LanguageWordsError(
        { language: code, catalogue: 'languages', key: 'code' },
        `${src.file}: language "${code}" is already given by ${before}`,
      );
    seen.set(code, src.file);
  }
  return all;
}

/** In a thread whose pool handed it the table (worker-pool.ts withLanguages): that table, not the files again. */
const handed = handedLanguages();
/** What the table was last read from, whoever set its source (a test's fixture folder too). */
let lastRead: readonly LanguageSource[] | undefined;
onLanguagesLoaded((sources) => void (lastRead = sources));

/**
 * What this process's table was read from (read now if it has not been): a worker thread is handed it rather than
 * reading the files again.
 */
export function tableSources(): readonly LanguageSource[] {
  ensureLanguages();
  return lastRead ?? readLanguages();
}

setLanguageSource(() => handed ?? readLanguages(), { checks: sectionChecks });
