// Read generators/, generators/_shared.yaml and templates/ from disk and build the catalog.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildCatalog, catalogFromSpecLoader, type Catalog, type Sources } from '../catalog.js';
import { precompileStrings, precompileTemplates, type PrecompiledTemplates } from '../compile/prompt.js';
import type { ResolvedSpec } from '../spec/types.js';
import { ensureLanguages, hasLanguageSource, langs, languageTable, onLanguagesLoaded } from '../languages/index.js';
import { generatorTextsKey } from '../generator-texts.js';
import { keptCache } from './kept-cache.js';
import { catalogFileCodec, lazyRecord, type KeptCatalog } from './catalog-file.js';
import { filesStamp, keepStamp, stampedKey, type FilesStamp } from './files-stamp.js';
import { builtCodeHash, RESOLVING_CODE_DIR, ROOT } from './root.js';

// Where the code and the checkout are (root.ts), as callers have always found them here.
export { bundleCodeHash, packageVersion, RESOLVING_CODE_DIR, ROOT } from './root.js';

function listFiles(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(ext))
    .map((d) => path.join(d.parentPath, d.name));
}

/** Display a path relative to the working directory when it is inside it. */
function display(p: string): string {
  const rel = path.relative(process.cwd(), p);
  return rel && !rel.startsWith('..') ? rel.split(path.sep).join('/') : p;
}

/** Where the sources are read from: the generator files, the shared file and the templates' files. */
function sourceFiles(opts: { generatorsDir?: string; templatesDir?: string }) {
  const gdir = path.resolve(opts.generatorsDir ?? path.join(ROOT, 'generators'));
  const tdir = path.resolve(opts.templatesDir ?? path.join(ROOT, 'templates'));
  const generators = readdirSync(gdir)
    .filter((f) => /\.ya?ml$/.test(f) && !f.startsWith('_'))
    .map((f) => path.join(gdir, f));
  const sharedPath = path.join(gdir, '_shared.yaml');
  const shared = existsSync(sharedPath) ? sharedPath : path.join(ROOT, 'generators', '_shared.yaml');
  return { tdir, generators, shared, templates: listFiles(tdir, '.hbs') };
}

type SourceFiles = ReturnType<typeof sourceFiles>;

/** A template's name (`partials/x`) from its file under the templates' folder. */
const templateName = (tdir: string, file: string) =>
  path
    .relative(tdir, file)
    .split(path.sep)
    .join('/')
    .replace(/\.hbs$/, '');

/** The templates' texts by name (`partials/x`), and the file name of a template for messages. */
function templatesOf({ tdir, templates: files }: SourceFiles) {
  const templates: Record<string, string> = {};
  for (const file of files) templates[templateName(tdir, file)] = readFileSync(file, 'utf8');
  return { templates, templateFile: (name: string) => display(path.join(tdir, `${name}.hbs`)) };
}

/**
 * The templates by name, each file's text read at its first reading (then kept): a catalog kept with every template
 * compiled ahead (a cache hit) renders from that code and reads none of them.
 */
const templatesReadWhenAsked = ({ tdir, templates: files }: SourceFiles): Record<string, string> =>
  lazyRecord(
    files.map((file) => [templateName(tdir, file), file] as const),
    ([, file]) => readFileSync(file, 'utf8'),
  );

export function readSources(opts: { generatorsDir?: string; templatesDir?: string } = {}): Sources {
  const files = sourceFiles(opts);
  const generators: Record<string, string> = {};
  for (const file of files.generators) generators[display(file)] = readFileSync(file, 'utf8');
  return {
    generators,
    shared: { file: display(files.shared), text: readFileSync(files.shared, 'utf8') },
    ...templatesOf(files),
  };
}

let cached: Catalog | undefined;
// The catalog is resolved with the language table (the language field's options, each generator's texts in each
// language): a table read again (another source set: a KARYA_LANGUAGES folder, a test's fourth language) resolves
// it again.
onLanguagesLoaded(() => void (cached = undefined), { eachLanguage: true });

/** The code files under `dir` (.ts and .js), as sorted `/`-separated paths relative to it. */
export function codeFiles(dir: string): string[] {
  return [...listFiles(dir, '.ts'), ...listFiles(dir, '.js')]
    .map((f) => path.relative(dir, f).split(path.sep).join('/'))
    .sort();
}

/** The disk cache's key: the year (for currentYear defaults), every file of the resolving code and the sources. */
export function cacheKey(sources: Sources, codeDir: string = RESOLVING_CODE_DIR): string {
  const hash = createHash('sha256');
  // The form of what is kept (catalog-file.ts): a cache of another form is never read as this one.
  hash.update(`specs, templates and strings each read when asked; year ${new Date().getFullYear()}\n`);
  // The bundle (dist/cli) names its code by the hash its build wrote; source files are hashed one by one.
  const built = builtCodeHash(codeDir);
  if (built) hash.update(`bundle ${built}\n`);
  else
    for (const file of codeFiles(codeDir)) hash.update(`${file}\n${readFileSync(path.join(codeDir, file), 'utf8')}\n`);
  hash.update(
    JSON.stringify([
      sources.shared.file,
      sources.shared.text,
      Object.entries(sources.generators).sort(),
      Object.entries(sources.templates).sort(),
    ]),
  );
  hash.update(tableKey());
  return hash.digest('hex');
}

/**
 * What of the language table is in the key: it shapes a resolved spec (the language field's options, which texts are
 * kept): a table with another language (a draft let in, a KARYA_LANGUAGES folder) is another catalog.
 */
function tableKey(): string {
  const table = langs().map((code) => [
    code,
    languageTable(code).languageNames,
    languageTable(code).raw.grammar ?? languageTable(code).files.grammar,
  ]);
  return JSON.stringify([table, generatorTextsKey()]);
}

/**
 * The sources' stamp: every file the key above reads (the generators, the shared file, the templates and, unbuilt, the
 * code) by its name as shown, size, times and inode, with the year, the bundle's hash and the table's part.
 */
export function sourcesStamp(
  opts: { generatorsDir?: string; templatesDir?: string } = {},
  codeDir: string = RESOLVING_CODE_DIR,
): FilesStamp {
  return stampOf(sourceFiles(opts), codeDir);
}

function stampOf(files: SourceFiles, codeDir: string = RESOLVING_CODE_DIR): FilesStamp {
  const built = builtCodeHash(codeDir);
  const code = built ? [] : codeFiles(codeDir).map((f) => path.join(codeDir, f));
  const head = `catalog sources; year ${new Date().getFullYear()}; bundle ${built ?? 'none'}; ${tableKey()}`;
  return filesStamp(head, [...files.generators, files.shared, ...files.templates, ...code], display);
}

/** The file's form for a built catalog: each generator with its prompts' strings compiled ahead. */
function keptOf(key: string, catalog: Catalog, sources: Sources): KeptCatalog {
  const specs = new Map(catalog.specs.map((spec) => [spec.id, spec]));
  return {
    key,
    templates: precompileTemplates(sources.templates),
    ids: [...specs.keys()],
    generator(id) {
      const spec = specs.get(id);
      return spec && { spec, strings: precompileStrings(stringsIn(spec.prompts)) };
    },
  };
}

/**
 * A catalog over a kept one (engine/node/catalog-file.ts): a generator read and parsed when it is first asked for, its
 * prompts' strings compiled ahead handed to the renderer then (before any of them can be rendered: they are read from
 * its spec); the templates' and strings' code read as the renderer first asks for each.
 */
function catalogOfKept(kept: KeptCatalog, sources: Pick<Sources, 'templates'>): Catalog {
  // The kept strings' record is this catalog's own (a new one at each reading): a generator's are added to it.
  const strings = kept.templates.strings ?? {};
  const load = (id: string): ResolvedSpec | undefined => {
    const generator = kept.generator(id);
    if (!generator) return undefined;
    for (const [text, code] of Object.entries(generator.strings))
      Object.defineProperty(strings, text, { value: code, enumerable: true, configurable: true, writable: true });
    return generator.spec;
  };
  return catalogFromSpecLoader(kept.ids, load, sources.templates, { ...kept.templates, strings });
}

/**
 * The disk cache, the most recently used few kept. File names in the catalog (for messages) depend on the working
 * directory (relative inside the checkout, absolute outside it), so commands run from different folders have
 * different keys.
 */
const diskCache = keptCache<KeptCatalog>(path.join(ROOT, '.karya', 'cache'), 'catalog', 4, catalogFileCodec);

/** Every string in a generator's prompts (its brief and formats, in each language): what renderString may be given. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/**
 * Load the repository's generators (cached per process). Throws SpecError on any invalid file.
 * With `useDiskCache`, a catalog resolved earlier from byte-identical sources (and engine code) is read
 * back from .karya/cache instead of parsing every YAML file again, its templates compiled ahead with it. With
 * `useDiskCache: 'read'` (`karya validate`) one kept there is read back, and one built is not written: only a build
 * that passed every check is ever written, so a kept one under the same key is what checking the same files, table
 * and code again would give; a file being checked after an edit has a new key, which validate then builds and checks
 * anew without paying for its templates' compiling ahead or pushing a command's catalog out of the cache.
 */
export function loadCatalog(
  opts: { generatorsDir?: string; templatesDir?: string; fresh?: boolean; useDiskCache?: boolean | 'read' } = {},
): Catalog {
  const isDefault = !opts.generatorsDir && !opts.templatesDir;
  // A table set anew since the catalog was kept is read now: its reading drops the kept catalog (onLanguagesLoaded).
  if (hasLanguageSource()) ensureLanguages();
  if (isDefault && cached && !opts.fresh) return cached;
  // Sources as they were when last read: their key from their stamp, their generators' texts left unread.
  const files = isDefault && opts.useDiskCache ? sourceFiles({}) : undefined;
  const stamp = files && stampOf(files);
  const stamped = stamp && stampedKey(ROOT, stamp);
  const kept = stamped && diskCache.read(stamped);
  if (kept) return (cached = catalogOfKept(kept, { templates: templatesReadWhenAsked(files) }));
  const at = Date.now();
  const sources = readSources(opts);
  let catalog: Catalog | undefined;
  if (stamp) {
    const key = cacheKey(sources);
    const read = diskCache.read(key);
    if (read) catalog = catalogOfKept(read, sources);
    else if (opts.useDiskCache === 'read') catalog = buildCatalog(sources);
    else {
      catalog = buildCatalog(sources);
      diskCache.write(keptOf(key, catalog, sources));
    }
    // Only a key whose catalog is kept: a build `validate` did not write is checked again next time.
    if (read || opts.useDiskCache !== 'read') keepStamp(ROOT, stamp, key, at);
  } else catalog = buildCatalog(sources);
  if (isDefault) cached = catalog;
  return catalog;
}
