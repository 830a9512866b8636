// Read generators/, generators/_shared.yaml and templates/ from disk and build the catalog.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCatalog, type Catalog, type Sources } from '../catalog.js';

/** The repository root (where generators/ and templates/ live). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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

export function readSources(opts: { generatorsDir?: string; templatesDir?: string } = {}): Sources {
  const gdir = path.resolve(opts.generatorsDir ?? path.join(ROOT, 'generators'));
  const tdir = path.resolve(opts.templatesDir ?? path.join(ROOT, 'templates'));
  const generators: Record<string, string> = {};
  for (const file of readdirSync(gdir).filter((f) => /\.ya?ml$/.test(f) && !f.startsWith('_'))) {
    generators[display(path.join(gdir, file))] = readFileSync(path.join(gdir, file), 'utf8');
  }
  const sharedPath = path.join(gdir, '_shared.yaml');
  const sharedFile = existsSync(sharedPath) ? sharedPath : path.join(ROOT, 'generators', '_shared.yaml');
  const templates: Record<string, string> = {};
  for (const file of listFiles(tdir, '.hbs')) {
    templates[path.relative(tdir, file).split(path.sep).join('/').replace(/\.hbs$/, '')] = readFileSync(file, 'utf8');
  }
  return {
    generators,
    shared: { file: display(sharedFile), text: readFileSync(sharedFile, 'utf8') },
    templates,
    templateFile: (name) => display(path.join(tdir, `${name}.hbs`)),
  };
}

let cached: Catalog | undefined;

/** Load the repository's generators (cached per process). Throws SpecError on any invalid file. */
export function loadCatalog(opts: { generatorsDir?: string; templatesDir?: string; fresh?: boolean } = {}): Catalog {
  const isDefault = !opts.generatorsDir && !opts.templatesDir;
  if (isDefault && cached && !opts.fresh) return cached;
  const catalog = buildCatalog(readSources(opts));
  if (isDefault) cached = catalog;
  return catalog;
}
