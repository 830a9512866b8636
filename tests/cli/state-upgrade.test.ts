// A state file made by the previous release (tests/fixtures/state/b433b33.sqlite, written by the code of
// commit b433b33) opens with today's `karya`: its migrations run once, and it keeps every book (listed with
// the same ids, titles, words and chapters, and exported by id).
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'state', 'b433b33.sqlite');

/** What that release's `karya books --json` listed (its updatedAt aside). */
const BOOKS_THEN = [
  {
    id: 11,
    generator: 'romance',
    title: 'Kisah Permulaan Kontemporari',
    words: 7649,
    chapters: { written: 3, total: 3 },
    lang: 'ms',
    finished: true,
    current: true,
  },
  {
    id: 6,
    generator: 'romance',
    title: 'A Tale of Internal Beginnings',
    words: 6124,
    chapters: { written: 2, total: 2 },
    lang: 'en',
    finished: true,
    current: true,
  },
  {
    id: 1,
    generator: 'romance',
    title: 'A Tale of Internal Beginnings',
    words: 6124,
    chapters: { written: 2, total: 2 },
    lang: 'en',
    finished: true,
    current: false,
  },
];

const migrationsOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT name FROM karya_state_migration ORDER BY name').all() as Array<{ name: string }>).map(
      (r) => r.name,
    );
  } finally {
    db.close();
  }
};

describe('a state file of the previous release', () => {
  it('opens, is migrated once, and keeps its books', async () => {
    const cwd = tempDir('karya-state-upgrade-');
    const state = path.join(cwd, 'state.sqlite');
    copyFileSync(FIXTURE, state);
    expect(migrationsOf(state).at(-1)).toBe('0013_fingerprints');

    const listed = await runKaryaInProcess(['books', '--json', '--state', state], { cwd });
    expect(listed.code, listed.stderr).toBe(0);
    const books = (JSON.parse(listed.stdout) as { books: Array<Record<string, unknown>> }).books.map(
      ({ updatedAt: _, ...book }) => book,
    );
    expect(books).toEqual(BOOKS_THEN);
    const migrated = migrationsOf(state);
    expect(migrated).toContain('0014_releases');

    // Opened again: nothing more to run, and the same books.
    const again = await runKaryaInProcess(['books', '--json', '--state', state], { cwd });
    expect(JSON.parse(again.stdout)).toEqual(JSON.parse(listed.stdout));
    expect(migrationsOf(state)).toEqual(migrated);

    // The kept book's text, as that release saved it.
    const exported = await runKaryaInProcess(
      ['export', '--book', '1', '--format', 'md', '--out', 'kept.md', '--state', state],
      { cwd },
    );
    expect(exported.code, exported.stderr).toBe(0);
    const text = readFileSync(path.join(cwd, 'kept.md'), 'utf8');
    expect(text).toContain('A Tale of Internal Beginnings');
    expect(text.split(/\s+/).length).toBeGreaterThan(6000);
  });
});
