// `npm run bench:studio`: builds the studio and prints the gzip size of the JavaScript a browser loads
// for /signin and for a generator page (entry chunk plus the route's lazy chunks and everything they
// import statically, from Vite's manifest). Goal: /signin ≤ 150 KB gzip.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const STUDIO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'studio');
/**
 * The /signin JavaScript's budget, gzip. 180 since the studio carries the language table: every language's words that
 * the bundle's sections read, checked whole when the page loads (what only the server reads is left out by
 * studio/scripts/language-table.ts). A message catalogue's words, every language's, travel in the chunk of the module
 * that registers it (157 KB with three languages, English's and Malay's words read from languages/ like Indonesian's).
 */
export const SIGNIN_BUDGET_KB = 180;
/**
 * What each language the table holds beyond its three adds to that budget: its words travel with every page too (a
 * fourth language copied from Indonesian's files took /signin from 157 to 205 KB gzip, scripts/trial-additions.sh).
 * A stopgap, not a goal: a page that fetched only its own language's words would not grow with the table.
 */
export const SIGNIN_KB_PER_LANGUAGE = 50;
/** The /signin budget for a table of `languages` languages. */
export const signinBudgetKB = (languages: number): number =>
  SIGNIN_BUDGET_KB + SIGNIN_KB_PER_LANGUAGE * Math.max(0, languages - 3);

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The routes measured and the lazy modules each needs besides the entry. */
export const ROUTES: ReadonlyArray<{ name: string; lazy: string[] }> = [
  { name: '/signin', lazy: ['src/pages/SignIn.tsx'] },
  { name: 'generator page (/romance)', lazy: ['src/components/Shell.tsx', 'src/generator/GeneratorRoute.tsx'] },
  { name: 'dashboard (/)', lazy: ['src/components/Shell.tsx', 'src/pages/Dashboard.tsx'] },
  { name: '/admin', lazy: ['src/components/Shell.tsx', 'src/pages/Admin.tsx'] },
];

function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`studio manifest has no chunk for ${key}`);
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

export interface RouteSize {
  name: string;
  files: number;
  rawKB: number;
  gzipKB: number;
}

/** JS bytes (raw and gzip) per route of a built studio. */
export function routeSizes(distDir: string = path.join(STUDIO_DIR, 'dist')): RouteSize[] {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build the studio first (npm run build:studio)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('studio manifest has no entry chunk');
  return ROUTES.map((route) => {
    const files = closure(manifest, [entry, ...route.lazy]);
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      const bytes = readFileSync(path.join(distDir, f));
      raw += bytes.length;
      gzip += gzipSync(bytes, { level: 9 }).length;
    }
    return { name: route.name, files: files.size, rawKB: raw / 1024, gzipKB: gzip / 1024 };
  });
}

/** Build the studio with Vite (quietly). */
export async function buildStudio(): Promise<void> {
  const { build } = await import('vite');
  // A NODE_ENV of test or development would give React's development build.
  process.env.NODE_ENV = 'production';
  await build({ configFile: path.join(STUDIO_DIR, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const started = performance.now();
  await buildStudio();
  const seconds = (performance.now() - started) / 1000;
  console.log(`studio build: ${seconds.toFixed(1)} s`);
  console.log('JavaScript needed per route (entry + lazy route chunks + their static imports):');
  for (const r of routeSizes()) {
    console.log(
      `  ${r.name.padEnd(28)} ${r.gzipKB.toFixed(1).padStart(7)} ` +
        `KB gzip  (${r.rawKB.toFixed(1)} KB raw, ${r.files} files)`,
    );
  }
  const signin = routeSizes().find((r) => r.name === '/signin')!;
  console.log(
    `goal: /signin ≤ ${SIGNIN_BUDGET_KB} KB ` +
      `gzip: ${signin.gzipKB <= SIGNIN_BUDGET_KB ? 'met' : 'NOT met'} (${signin.gzipKB.toFixed(1)} KB)`,
  );
}
