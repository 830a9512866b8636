// One storage face: only the store (server/store) and the migrations speak to a database. No other file
// imports `pg` or writes SQL (a `sql` template, a Kysely query builder, a statement in a string): the queue,
// the routes and the CLI call the store's repositories (server/store/ports.ts, the queue's
// server/store/postgres/batches.ts and queue-tables.ts). Tests, and the benchmarks that compare table layouts
// (bench/progress.bench.ts, bench/all.bench.ts), measure the database itself and may reach it directly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FOLDERS = ['engine', 'server', 'cli', 'studio/src', 'scripts'];
const ALLOWED = ['server/store/', 'migrations/'];

/** What speaking to a database looks like in a file, each with its name for the failure message. */
const DATABASE_WORDS: ReadonlyArray<readonly [string, RegExp]> = [
  ['imports pg', /(?:from\s+|import\(\s*|require\(\s*)['"]pg['"]/],
  ['imports better-sqlite3', /(?:from\s+|import\(\s*|require\(\s*)['"]better-sqlite3['"]/],
  ['a sql template', /\bsql(?:<[^>]*>)?`/],
  ['a query builder', /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|executeQuery)\(/],
  ['a compiled query', /\bCompiledQuery\b/],
  ['a statement in a string', /['"`]\s*(?:SELECT\s+\S|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|LISTEN\s|NOTIFY\s|ALTER\s+(?:TABLE|SCHEMA)|CREATE\s+(?:TABLE|INDEX)|DROP\s+(?:TABLE|SCHEMA)|BEGIN['"`]|COMMIT['"`]|ROLLBACK['"`])/],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name) && !e.parentPath.includes('node_modules'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

describe('one storage face', () => {
  it('no file outside server/store and migrations/ imports pg or writes SQL', () => {
    const files = FOLDERS.flatMap(sourceFiles).filter((file) => !ALLOWED.some((folder) => file.startsWith(folder)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return DATABASE_WORDS.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`);
    });
    expect(found, 'call a repository of server/store instead').toEqual([]);
  });

  it('the check finds what it looks for', () => {
    const samples = ["import pg from 'pg';", 'await sql`SELECT 1`.execute(db);', "db.selectFrom('users')", "pool.query('SELECT count(*) FROM x')", "client.query(`LISTEN ${channel}`)"];
    for (const sample of samples) expect(DATABASE_WORDS.some(([, pattern]) => pattern.test(sample)), sample).toBe(true);
    expect(DATABASE_WORDS.some(([, pattern]) => pattern.test("label: 'Select a generator'")), 'plain text').toBe(false);
  });
});
