// No source file is over 350 lines: a file that grows past it is split along a seam it already has
// (the way engine/node/print/book.ts keeps its front matter in book-front.ts). The benchmarks count (bench/eval.ts
// keeps its tables in eval-tables.ts); tests and generated data are not source and are not counted.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_FOLDERS = ['engine', 'server', 'cli', 'studio/src', 'migrations', 'scripts', 'bench'];
const MAX_LINES = 350;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

describe('file size', () => {
  it(`no source file is over ${MAX_LINES} lines`, () => {
    const files = SOURCE_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file} ${f.lines}`);
    expect(long, `split these below ${MAX_LINES} lines`).toEqual([]);
  });
});
