// With KARYA_DATABASE_URL set and no --state, every command keeps its books where the server keeps its own
// (and where `karya batch` and `karya batch --queue` keep theirs): a book imported there is listed, exported and
// rewritten there (its replaced text kept as a version), and no state file is made. --state still names a file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { tempDir } from '../temp.js';

const BOOK = [
  '# Harbour Lights',
  '',
  '## Prologue',
  '',
  'The lamps were lit before the boats came in.',
  '',
  '## Chapter 1',
  '',
  'Aisha opened the shop at dawn and swept the step.',
  '',
  '## Chapter 2',
  '',
  'Daniel came back on the evening ferry with one bag.',
  '',
  '## Epilogue',
  '',
  'A year later the shop still stood by the pier.',
].join('\n');

let cluster: PostgresCluster | undefined;
afterAll(() => cluster?.stop());

describe('the command line on Postgres (KARYA_DATABASE_URL)', () => {
  it.skipIf(postgresUnavailable())(
    'imports, lists, exports and rewrites a book in the database, and makes no state file',
    async () => {
      cluster = await startPostgres();
      const env = { KARYA_DATABASE_URL: await cluster.createDatabase(), KARYA_LOG_LEVEL: 'warn' };
      const cwd = tempDir('karya-pg-state-');
      writeFileSync(path.join(cwd, 'book.md'), BOOK);
      const karya = (args: string[]) => runKaryaInProcess(args, { cwd, env });

      const imported = await karya(['import', 'book.md', '--generator', 'romance', '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const { book } = JSON.parse(imported.stdout) as { book: { id: number; title: string } };
      expect(book.title).toBe('Harbour Lights');

      const listed = await karya(['books', '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(
        (JSON.parse(listed.stdout) as { books: Array<{ id: number; title: string; chapters: unknown }> }).books,
      ).toEqual([
        expect.objectContaining({ id: book.id, title: 'Harbour Lights', chapters: { written: 2, total: 2 } }),
      ]);

      const exported = await karya(['export', '--book', String(book.id), '--format', 'md', '--out', 'harbour.md']);
      expect(exported.code, exported.stderr).toBe(0);
      expect(readFileSync(path.join(cwd, 'harbour.md'), 'utf8')).toContain(
        'Daniel came back on the evening ferry with one bag.',
      );

      const rewritten = await karya([
        'rewrite',
        '--book',
        String(book.id),
        '--part',
        'chapter:1',
        '--note',
        'more rain',
      ]);
      expect(rewritten.code, rewritten.stderr).toBe(0);
      expect(rewritten.stderr).toMatch(/is kept as a version in postgres:\/\//);
      const db = new pg.Client({ connectionString: env.KARYA_DATABASE_URL });
      await db.connect();
      try {
        const versions = await db.query<{ text: string }>(
          'SELECT v.text FROM part_versions v JOIN books b ON b.id = v.book_id WHERE b.owner = $1',
          ['cli'],
        );
        expect(versions.rows.map((r) => r.text)).toEqual([expect.stringContaining('Aisha opened the shop at dawn')]);
      } finally {
        await db.end();
      }
      expect(existsSync(path.join(cwd, '.karya', 'state.sqlite'))).toBe(false);

      // --state names a file: its books, not the database's.
      const inFile = await karya(['books', '--json', '--state', 'own.sqlite']);
      expect(JSON.parse(inFile.stdout)).toEqual({ books: [] });
    },
    120_000,
  );
});
