// One storage face: only the store (server/store) and the migrations speak to a database. No other file
// imports `pg` or writes SQL (a `sql` template, a Kysely query builder, a statement in a string): the queue,
// the routes and the CLI call the store's repositories (server/store/ports.ts, the queue's
// server/store/postgres/batches.ts and queue-tables.ts). Tests, and the benchmarks that compare table layouts
// (bench/progress.bench.ts, bench/all-history.ts), measure the database itself and may reach it directly.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStateStore } from '../../server/index.js';

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
  [
    'a statement in a string',
    // One pattern: a quote, then one of three groups of statements, each a regex of its own for the line's length.
    new RegExp(
      /['"`]\s*/.source +
        `(?:${/SELECT\s+\S|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|LISTEN\s|NOTIFY\s/.source}` +
        `|${/ALTER\s+(?:TABLE|SCHEMA)|CREATE\s+(?:TABLE|INDEX)|DROP\s+(?:TABLE|SCHEMA)/.source}` +
        `|${/BEGIN['"`]|COMMIT['"`]|ROLLBACK['"`]/.source})`,
    ),
  ],
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
    const samples = [
      "import pg from 'pg';",
      'await sql`SELECT 1`.execute(db);',
      "db.selectFrom('users')",
      "pool.query('SELECT count(*) FROM x')",
      'client.query(`LISTEN ${channel}`)',
    ];
    for (const sample of samples)
      expect(
        DATABASE_WORDS.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    expect(
      DATABASE_WORDS.some(([, pattern]) => pattern.test("label: 'Select a generator'")),
      'plain text',
    ).toBe(false);
  });
});

/**
 * The old faces of the CLI's state file: its own ways to read books, series and fingerprints beside the repositories.
 */
const STATE_ALIASES: ReadonlyArray<readonly [string, RegExp]> = [
  ['a saved book read past the repositories', /(?<!repos\.books)\.load\(\s*(?:CLI_USER|'cli')\s*,/],
  ["an owner's books past the repositories", /(?<!repos)\.books\(\s*(?:CLI_USER|'cli'|owner)\s*\)/],
  [
    "an owner's series or fingerprints past the repositories",
    /(?<!repos)\.(?:series|fingerprints)\(\s*(?:CLI_USER|'cli')\s*\)/,
  ],
  ['a SQLite file opened by hand', /\bopen(?:Sqlite|Database)\(/],
];

describe('the command line has no storage face of its own', () => {
  it(
    'no file in cli/ reads the state file past the server ' + 'repositories (StateFile.repos) or opens SQLite itself',
    () => {
      const files = sourceFiles('cli');
      expect(files.length).toBeGreaterThan(20);
      const found = files.flatMap((file) => {
        const text = readFileSync(path.join(ROOT, file), 'utf8');
        return STATE_ALIASES.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file}: ${what}`);
      });
      expect(found, 'use stateFile.repos (books, series, fingerprints): the server repositories').toEqual([]);
    },
  );

  it('the check finds what it looks for, and lets the repositories through', () => {
    const samples = [
      'await stateFile.load(CLI_USER, key)',
      "file.books('cli').list()",
      'state.series(CLI_USER).find(name)',
      'stateFile.fingerprints(CLI_USER)',
      'openSqlite(file, set)',
    ];
    for (const sample of samples)
      expect(
        STATE_ALIASES.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    const allowed = [
      'await stateFile.repos.books.load({ userId: CLI_USER, key })',
      'stateFile.repos.series(CLI_USER).find(name)',
      'stateFile.repos.fingerprints(CLI_USER)',
      'store.load(key)',
    ];
    for (const sample of allowed)
      expect(
        STATE_ALIASES.some(([, pattern]) => pattern.test(sample)),
        sample,
      ).toBe(false);
  });

  it(
    'every command opens its books through cli/state.ts (the ' +
      'state file, or Postgres when KARYA_DATABASE_URL is set)',
    () => {
      // (A queued batch reads its series and near-duplicates through the repositories of the server's store it opened.)
      const openers = sourceFiles('cli').filter((file) =>
        /\bopenStateStore\(/.test(readFileSync(path.join(ROOT, file), 'utf8')),
      );
      expect(openers).toEqual(['cli/state.ts']);
    },
  );

  it(
    "the state file offers the server's repositories, the " + "engine's saving port and close: nothing of its own",
    async () => {
      const state = await openStateStore({ file: ':memory:' });
      try {
        expect(Object.keys(state).sort()).toEqual(['close', 'progress', 'repos']);
        expect(Object.keys(state.repos).sort()).toEqual(['books', 'fingerprints', 'series']);
      } finally {
        await state.close();
      }
    },
  );
});

/** Every .ts file under server/store (the store's own code). */
const storeFiles = (): string[] => sourceFiles('server/store').filter((file) => file.endsWith('.ts'));

describe('the store reads as it runs', () => {
  it(
    'no generator function in server/store: a use case is a plain ' +
      'async function over a Conn (server/store/queries/conn.ts)',
    () => {
      const files = storeFiles();
      expect(files.length).toBeGreaterThan(30);
      const found = files.filter((file) => /\bfunction\s*\*/.test(readFileSync(path.join(ROOT, file), 'utf8')));
      expect(found, 'write the use case as an async function taking a Conn').toEqual([]);
    },
  );

  it("a book's step is written in one place (queries/step.ts), which both databases call", () => {
    const writers = storeFiles().filter((file) =>
      /INSERT\s+INTO\s+book_parts|insertInto\(\s*'book_parts'\s*\)/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(writers).toEqual(['server/store/queries/step.ts']);
  });
});
