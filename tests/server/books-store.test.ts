// Saved books on SQLite (server/store/sqlite/books.ts): a step appends its own part and rewrites only the
// small header row; saved progress from before this layout is carried over part by part.

import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { BookSession, parseSettings } from '../../engine/index.js';
import { createOfflineProvider } from '../../engine/providers/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { migrations } from '../../migrations/index.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { Store } from '../../server/store/sqlite/store.js';
import { bookStore, loadBook } from '../../server/store/sqlite/books.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: true });
const tmp = tempDir('karya-books-');

describe('saved books', () => {
  it('each step adds one part row and leaves the parts before it untouched', async () => {
    const db = await openDatabase(path.join(tmp, 'append.sqlite'));
    try {
      const store = new Store(db.db, db.sqlite);
      const spec = catalog.get('romance')!;
      const session = await BookSession.open({
        spec,
        renderer: catalog.renderer,
        provider: createOfflineProvider(),
        store: bookStore(store, 'u1'),
        key: 'romance',
        settings: parseSettings(spec, {}),
        totalChapters: 3,
        onFinished: 'keep',
      });
      const snapshots: Array<Array<{ position: number; step: string; text: string; created_at: string }>> = [];
      while (session.next()) {
        await session.advance();
        snapshots.push(
          db.sqlite.prepare('SELECT position, step, text, created_at FROM book_parts ORDER BY position').all() as never,
        );
      }
      expect(snapshots.map((rows) => rows.length)).toEqual([1, 2, 3, 4, 5, 6]);
      for (let i = 1; i < snapshots.length; i++) expect(snapshots[i]!.slice(0, i)).toEqual(snapshots[i - 1]);
      expect(snapshots.at(-1)!.map((r) => [r.position, r.step])).toEqual([
        [-1, 'outline'],
        [0, 'introduction'],
        [1, 'chapter:1'],
        [2, 'chapter:2'],
        [3, 'chapter:3'],
        [4, 'conclusion:4'],
      ]);
      const saved = loadBook(store, 'u1', 'romance')!;
      expect(saved.isFinished).toBe(true);
      expect(saved.state.content).toEqual(session.state.content);
      expect(saved.state.outline).toBe(session.state.outline);
      expect(saved.state.characterDetails).toBe(session.state.characterDetails);
      expect(loadBook(store, 'u2', 'romance')).toBeNull();
    } finally {
      await db.close();
    }
  });

  it('progress saved in the old one-row layout is carried over, outline and parts in order', async () => {
    const file = path.join(tmp, 'old.sqlite');
    const sqlite = new SQLite(file);
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(
      '0004_history_config_deployments',
    );
    expect(error).toBeUndefined();
    await old
      .insertInto('book_progress')
      .values({
        user_id: 'u1',
        progress_key: 'romance',
        book_type: 'romance',
        generator_id: 'romance',
        lang: 'ms',
        current_chapter: 2,
        total_chapters: 7,
        content: JSON.stringify(['Pengenalan lama', 'Bab satu lama']),
        settings: JSON.stringify({ language: 'ms', numberOfChapters: 7 }),
        outline: 'Rangka lama',
        character_details: '- Aisyah',
      })
      .execute();
    await old.destroy();

    const db = await openDatabase(file);
    try {
      const saved = loadBook(new Store(db.db, db.sqlite), 'u1', 'romance')!;
      expect(saved.state).toEqual({
        generatorId: 'romance',
        settings: { language: 'ms', numberOfChapters: 7 },
        lang: 'ms',
        totalChapters: 7,
        outline: 'Rangka lama',
        content: ['Pengenalan lama', 'Bab satu lama'],
        currentChapter: 2,
        characterDetails: '- Aisyah',
        isLocked: true,
      });
      const tables = (
        db.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>
      ).map((t) => t.name);
      expect(tables).not.toContain('book_progress');
    } finally {
      await db.close();
    }
  });
});
